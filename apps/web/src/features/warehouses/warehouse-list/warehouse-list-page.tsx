// Warehouses (spec 000 §2): the /warehouses screen. Its area's issue builds it; until then the work-in-progress
// page stands in, inside the route's layout.
import { WorkInProgress } from '../../../components/work-in-progress/work-in-progress';
import { warehousesText } from '../locale';

export function WarehouseListPage() {
  return <WorkInProgress title={warehousesText.list.title} />;
}
