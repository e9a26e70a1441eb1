// Products (spec 000 §2 nomenclatures): the /nomenclatures/add/excel screen. Its area's issue builds it; until then the work-in-progress
// page stands in, inside the route's layout.
import { WorkInProgress } from '../../../components/work-in-progress/work-in-progress';
import { LayoutAside } from '../../../components/layout-slots/layout-slots';
import { HelpCard } from '../../../components/help-card/help-card';
import { nomenclaturesText } from '../locale';

export function ProductAddExcelPage() {
  return (
    <>
      <WorkInProgress title={nomenclaturesText.addExcel.title} />
      <LayoutAside>
        <HelpCard />
      </LayoutAside>
    </>
  );
}
