// FBS shipments and returns (spec 000 §2): the /fbs/shipments/{id} screen. Its area's issue builds it; until then the work-in-progress
// page stands in, inside the route's layout.
import { useParams } from 'react-router';
import { fill } from '@moda/contracts';
import { WorkInProgress } from '../../../components/work-in-progress/work-in-progress';
import { fbsText } from '../locale';

export function FbsShipmentPage() {
  const { id } = useParams();
  return <WorkInProgress title={fill(fbsText.shipmentCard.title, { id: id ?? '' })} />;
}
