// Orders (spec 000 §2): the /orders/{id} route, where id is the order number. It hands the current partner
// and the number to the card; another partner or order starts the card afresh.
import { useParams } from 'react-router';
import { useCurrentPartner } from '../../../lib/session/session';
import { OrderCardScreen } from './order-card-screen';

export function OrderPage() {
  const { id = '' } = useParams();
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <OrderCardScreen key={`${partner.partnerId}:${id}`} partnerId={partner.partnerId} orderNr={id} />;
}
