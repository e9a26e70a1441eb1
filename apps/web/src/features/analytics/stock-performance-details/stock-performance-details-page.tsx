// Analytics (spec 000 §2): the /analytics/stock-performance/details screen. Its area's issue builds it; until then the work-in-progress
// page stands in, inside the route's layout.
import { WorkInProgress } from '../../../components/work-in-progress/work-in-progress';
import { analyticsText } from '../locale';

export function StockPerformanceDetailsPage() {
  return <WorkInProgress title={analyticsText.stockPerformanceDetails.title} />;
}
