// FBO supplies, returns and stock (spec 000 §2): the /fbo/returns screen. Its area's issue builds it; until then the work-in-progress
// page stands in, inside the route's layout.
import { WorkInProgress } from '../../../components/work-in-progress/work-in-progress';
import { fboText } from '../locale';

export function FboReturnListPage() {
  return <WorkInProgress title={fboText.returns.title} />;
}
