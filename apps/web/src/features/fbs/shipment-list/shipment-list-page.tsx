// FBS shipments (spec 000 §2): the /fbs/shipments route. It hands the current partner to the screen;
// switching partners starts the screen afresh.
import { useCurrentPartner } from '../../../lib/session/session';
import { ShipmentListScreen } from './shipment-list-screen';
import '../fbs.css';

export function FbsShipmentListPage() {
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <ShipmentListScreen key={partner.partnerId} partnerId={partner.partnerId} />;
}
