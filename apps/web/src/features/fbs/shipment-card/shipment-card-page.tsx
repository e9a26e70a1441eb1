// FBS shipments (spec 000 §2): the /fbs/shipments/{id} route. It hands the current partner and the shipment's
// id to the card; another partner or shipment starts the card afresh.
import { useParams } from 'react-router';
import { useCurrentPartner } from '../../../lib/session/session';
import { ShipmentCardScreen } from './shipment-card-screen';
import '../fbs.css';

export function FbsShipmentPage() {
  const { id = '' } = useParams();
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <ShipmentCardScreen key={`${partner.partnerId}:${id}`} partnerId={partner.partnerId} id={id} />;
}
