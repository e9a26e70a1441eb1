// FBS returns (spec 000 §2): the /fbs/returns route. It hands the current partner to the screen;
// switching partners starts the screen afresh.
import { useCurrentPartner } from '../../../lib/session/session';
import { ReturnListScreen } from './return-list-screen';
import '../fbs.css';

export function FbsReturnListPage() {
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <ReturnListScreen key={partner.partnerId} partnerId={partner.partnerId} />;
}
