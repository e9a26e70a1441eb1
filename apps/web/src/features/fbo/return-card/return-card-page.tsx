// FBO returns (spec 000 §2): the /fbo/returns/{id} route. It hands the current partner and the return's id to
// the screen.
import { useParams } from 'react-router';
import { useCurrentPartner } from '../../../lib/session/session';
import { ReturnCardScreen } from './return-card-screen';
import '../fbo.css';

export function FboReturnPage() {
  const partner = useCurrentPartner();
  const { id } = useParams();
  if (!partner || !id) return null;
  return <ReturnCardScreen key={`${partner.partnerId}:${id}`} partnerId={partner.partnerId} id={id} />;
}
