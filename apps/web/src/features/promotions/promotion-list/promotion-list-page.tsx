// Promotions (spec 000 §2): the /promotions screen. Its area's issue builds it; until then the work-in-progress
// page stands in, inside the route's layout.
import { WorkInProgress } from '../../../components/work-in-progress/work-in-progress';
import { promotionsText } from '../locale';

export function PromotionListPage() {
  return <WorkInProgress title={promotionsText.list.title} />;
}
