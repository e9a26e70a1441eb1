// Promotions (spec 000 §2): the /promotions/{id} screen. Its area's issue builds it; until then the work-in-progress
// page stands in, inside the route's layout.
import { useParams } from 'react-router';
import { fill } from '@moda/contracts';
import { WorkInProgress } from '../../../components/work-in-progress/work-in-progress';
import { promotionsText } from '../locale';

export function PromotionPage() {
  const { id } = useParams();
  return <WorkInProgress title={fill(promotionsText.card.title, { id: id ?? '' })} />;
}
