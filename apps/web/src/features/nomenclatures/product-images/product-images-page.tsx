// Products (spec 000 §2 nomenclatures): the /nomenclatures/images route; the screen gets the current partner.
import { useCurrentPartner } from '../../../lib/session/session';
import { ProductImagesScreen } from './product-images-screen';

export function ProductImagesPage() {
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <ProductImagesScreen key={partner.partnerId} partnerId={partner.partnerId} />;
}
