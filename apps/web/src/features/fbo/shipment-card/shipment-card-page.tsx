// FBO supplies (spec 000 §2): the /fbo/shipments/{id} route. It hands the current partner and the supply's
// id to the card; another partner or supply starts the card afresh.
import { useParams } from 'react-router';
import { useCurrentPartner } from '../../../lib/session/session';
import { ShipmentCardScreen } from './shipment-card-screen';
import '../fbo.css';

export function FboShipmentPage() {
  const { id = '' } = useParams();
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <ShipmentCardScreen key={`${partner.partnerId}:${id}`} partnerId={partner.partnerId} id={id} />;
}
