// Orders (spec 000 §2): the /orders screen. Its area's issue builds it; until then the work-in-progress
// page stands in, inside the route's layout.
import { WorkInProgress } from '../../../components/work-in-progress/work-in-progress';
import { ordersText } from '../locale';

export function OrderListPage() {
  return <WorkInProgress title={ordersText.list.title} />;
}
