// Products (spec 000 §2 nomenclatures): the /nomenclatures/add/manually screen, the creation stepper. A
// card saved with 'Save and duplicate' on the edit page arrives here as the next card's draft.
import { useLocation } from 'react-router';
import { useCurrentPartner } from '../../../lib/session/session';
import { emptyDraft, type CardDraft } from '../model/card-draft';
import { ProductForm } from '../product-form/product-form';
import { nomenclaturesText } from '../locale';

export function ProductAddManuallyPage() {
  const partner = useCurrentPartner();
  const location = useLocation();
  const duplicate = (location.state as { duplicate?: CardDraft } | null)?.duplicate;
  if (!partner) return null;
  return (
    <ProductForm
      key={partner.partnerId}
      partnerId={partner.partnerId}
      mode="create"
      title={nomenclaturesText.addManually.title}
      initial={duplicate ?? emptyDraft()}
    />
  );
}
