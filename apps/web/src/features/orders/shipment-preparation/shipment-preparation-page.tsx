// Orders (spec 000 §2): the /orders/{id}/shipment-preparation screen. Its area's issue builds it; until then the work-in-progress
// page stands in, inside the route's layout.
import { useParams } from 'react-router';
import { fill } from '@moda/contracts';
import { WorkInProgress } from '../../../components/work-in-progress/work-in-progress';
import { LayoutAside } from '../../../components/layout-slots/layout-slots';
import { HelpCard } from '../../../components/help-card/help-card';
import { ordersText } from '../locale';

export function ShipmentPreparationPage() {
  const { id } = useParams();
  return (
    <>
      <WorkInProgress title={fill(ordersText.shipmentPreparation.title, { id: id ?? '' })} />
      <LayoutAside>
        <HelpCard />
      </LayoutAside>
    </>
  );
}
