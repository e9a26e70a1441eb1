// Products (spec 000 §2 nomenclatures): the /nomenclatures route. It hands the current partner to the
// screen; switching partners starts the screen afresh.
import { useCurrentPartner } from '../../../lib/session/session';
import { ProductListScreen } from './product-list-screen';

export function ProductListPage() {
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <ProductListScreen key={partner.partnerId} partnerId={partner.partnerId} />;
}
