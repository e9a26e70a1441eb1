// FBO returns (spec 000 §2): the /fbo/returns route. It hands the current partner to the screen; switching
// partners starts the screen afresh.
import { useCurrentPartner } from '../../../lib/session/session';
import { ReturnListScreen } from './return-list-screen';
import '../fbo.css';
import '../returns/returns.css';

export function FboReturnListPage() {
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <ReturnListScreen key={partner.partnerId} partnerId={partner.partnerId} />;
}
