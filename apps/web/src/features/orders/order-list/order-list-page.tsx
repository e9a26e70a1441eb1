// Orders (spec 000 §2): the /orders route. It hands the current partner to the screen; switching partners
// starts the screen afresh.
import { useCurrentPartner } from '../../../lib/session/session';
import { OrderListScreen } from './order-list-screen';

export function OrderListPage() {
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <OrderListScreen key={partner.partnerId} partnerId={partner.partnerId} />;
}
