// Orders (spec 000 §2): the /orders/{id}/shipment-preparation route, with the help card beside it.
import { useParams } from 'react-router';
import { HelpCard } from '../../../components/help-card/help-card';
import { LayoutAside } from '../../../components/layout-slots/layout-slots';
import { useCurrentPartner } from '../../../lib/session/session';
import { ShipmentPreparationScreen } from './shipment-preparation-screen';

export function ShipmentPreparationPage() {
  const { id = '' } = useParams();
  const partner = useCurrentPartner();
  if (!partner) return null;
  return (
    <>
      <ShipmentPreparationScreen
        key={`${partner.partnerId}:${id}`}
        partnerId={partner.partnerId}
        orderNr={id}
      />
      <LayoutAside>
        <HelpCard />
      </LayoutAside>
    </>
  );
}
