// Analytics (spec 000 §2): the /analytics/stock-performance/details route. It hands the current partner to the
// screen.
import { useCurrentPartner } from '../../../lib/session/session';
import { StockPerformanceDetailsScreen } from './stock-performance-details-screen';

export function StockPerformanceDetailsPage() {
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <StockPerformanceDetailsScreen key={partner.partnerId} partnerId={partner.partnerId} />;
}
