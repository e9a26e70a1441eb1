// FBS returns (spec 000 §2): the /fbs/returns/{id} route. It hands the current partner and the box's id to
// the card; another partner or box starts the card afresh.
import { useParams } from 'react-router';
import { useCurrentPartner } from '../../../lib/session/session';
import { ReturnCardScreen } from './return-card-screen';
import '../fbs.css';

export function FbsReturnPage() {
  const { id = '' } = useParams();
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <ReturnCardScreen key={`${partner.partnerId}:${id}`} partnerId={partner.partnerId} id={id} />;
}
