// Analytics (spec 000 §2): the /analyticsv2 route, the sales funnel. It hands the current partner to the
// screen; switching partners starts the screen afresh.
import { useCurrentPartner } from '../../../lib/session/session';
import { AnalyticsV2Screen } from './analytics-v2-screen';

export function AnalyticsV2Page() {
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <AnalyticsV2Screen key={partner.partnerId} partnerId={partner.partnerId} />;
}
