// Products (spec 000 §2 nomenclatures): the /nomenclatures/add/manually screen. Its area's issue builds it; until then the work-in-progress
// page stands in, inside the route's layout.
import { WorkInProgress } from '../../../components/work-in-progress/work-in-progress';
import { LayoutSideBar } from '../../../components/layout-slots/layout-slots';
import { CreationSteps } from '../components/creation-steps';
import { nomenclaturesText } from '../locale';

export function ProductAddManuallyPage() {
  return (
    <>
      <WorkInProgress title={nomenclaturesText.addManually.title} />
      <LayoutSideBar>
        <CreationSteps />
      </LayoutSideBar>
    </>
  );
}
