// /nomenclatures/edit/manually/{id} composed in the app: the catalogue's card editor, and below it the size fit
// buyers report in reviews (the questions area) for a partner with the feedback section.
import { useParams } from 'react-router';
import { SITE_SECTION_FIELD } from '@moda/contracts';
import { ProductEditManuallyPage } from '../../features/nomenclatures/product-edit-manually/product-edit-manually-page';
import { SizeFitPanel } from '../../features/questions/size-fit/size-fit-panel';
import { useCurrentPartner } from '../../lib/session/session';

export function ProductEditRoute() {
  const { id = '' } = useParams();
  const partner = useCurrentPartner();
  return (
    <>
      <ProductEditManuallyPage />
      {partner?.[SITE_SECTION_FIELD].feedback && /^\d{1,15}$/.test(id) ? (
        <SizeFitPanel key={`${partner.partnerId}:${id}`} partnerId={partner.partnerId} productId={id} />
      ) : null}
    </>
  );
}
