// Promotions (spec 000 §2): the /promotions route. It hands the current partner to the screen; switching
// partners starts the screen afresh.
import { useCurrentPartner } from '../../../lib/session/session';
import { PromotionListScreen } from './promotion-list-screen';
import '../promotions.css';

export function PromotionListPage() {
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <PromotionListScreen key={partner.partnerId} partnerId={partner.partnerId} />;
}
