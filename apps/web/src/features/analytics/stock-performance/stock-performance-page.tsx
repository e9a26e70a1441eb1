// Analytics (spec 000 §2): the /analytics/stock-performance route. It hands the current partner to the screen.
import { useCurrentPartner } from '../../../lib/session/session';
import { StockPerformanceScreen } from './stock-performance-screen';

export function StockPerformancePage() {
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <StockPerformanceScreen key={partner.partnerId} partnerId={partner.partnerId} />;
}
