// Analytics (spec 000 §2): the /analytics/board route. It hands the current partner to the screen; switching
// partners starts the screen afresh.
import { useCurrentPartner } from '../../../lib/session/session';
import { BoardScreen } from './board-screen';

export function AnalyticsBoardPage() {
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <BoardScreen key={partner.partnerId} partnerId={partner.partnerId} />;
}
