// Products (spec 000 §2 nomenclatures): the /nomenclatures/edit/manually/{id} screen. Its area's issue builds it; until then the work-in-progress
// page stands in, inside the route's layout.
import { useParams } from 'react-router';
import { fill } from '@moda/contracts';
import { WorkInProgress } from '../../../components/work-in-progress/work-in-progress';
import { LayoutSideBar } from '../../../components/layout-slots/layout-slots';
import { CreationSteps } from '../components/creation-steps';
import { nomenclaturesText } from '../locale';

export function ProductEditManuallyPage() {
  const { id } = useParams();
  return (
    <>
      <WorkInProgress title={fill(nomenclaturesText.editManually.title, { id: id ?? '' })} />
      <LayoutSideBar>
        <CreationSteps />
      </LayoutSideBar>
    </>
  );
}
