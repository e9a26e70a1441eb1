// Analytics (spec 000 §2): the /analytics/fbo-stocks route. It hands the current partner to the screen.
import { useCurrentPartner } from '../../../lib/session/session';
import { FboStocksScreen } from './fbo-stocks-screen';

export function AnalyticsFboStocksPage() {
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <FboStocksScreen key={partner.partnerId} partnerId={partner.partnerId} />;
}
