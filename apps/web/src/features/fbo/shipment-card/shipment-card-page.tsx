// FBO supplies, returns and stock (spec 000 §2): the /fbo/shipments/{id} screen. Its area's issue builds it; until then the work-in-progress
// page stands in, inside the route's layout.
import { useParams } from 'react-router';
import { fill } from '@moda/contracts';
import { WorkInProgress } from '../../../components/work-in-progress/work-in-progress';
import { fboText } from '../locale';

export function FboShipmentPage() {
  const { id } = useParams();
  return <WorkInProgress title={fill(fboText.shipmentCard.title, { id: id ?? '' })} />;
}
