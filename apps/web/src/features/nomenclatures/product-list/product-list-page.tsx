// Products (spec 000 §2 nomenclatures): the /nomenclatures screen. Its area's issue builds it; until then the work-in-progress
// page stands in, inside the route's layout.
import { WorkInProgress } from '../../../components/work-in-progress/work-in-progress';
import { nomenclaturesText } from '../locale';

export function ProductListPage() {
  return <WorkInProgress title={nomenclaturesText.list.title} />;
}
