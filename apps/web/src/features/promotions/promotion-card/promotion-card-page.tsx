// Promotions (spec 000 §2): the /promotions/{id} route. It hands the current partner and the id to the screen;
// switching partners starts the screen afresh.
import { useParams } from 'react-router';
import { useCurrentPartner } from '../../../lib/session/session';
import { PromotionCardScreen } from './promotion-card-screen';
import '../promotions.css';

export function PromotionPage() {
  const { id = '' } = useParams();
  const partner = useCurrentPartner();
  if (!partner) return null;
  return (
    <PromotionCardScreen key={`${partner.partnerId}:${id}`} partnerId={partner.partnerId} promotionId={id} />
  );
}
