// FBS shipments and returns (spec 000 §2): the /fbs/shipments screen. Its area's issue builds it; until then the work-in-progress
// page stands in, inside the route's layout.
import { WorkInProgress } from '../../../components/work-in-progress/work-in-progress';
import { fbsText } from '../locale';

export function FbsShipmentListPage() {
  return <WorkInProgress title={fbsText.shipments.title} />;
}
