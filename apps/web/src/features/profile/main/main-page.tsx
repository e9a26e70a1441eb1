// Account settings (spec 000 §2 profile): the /profile/main screen. Its area's issue builds it; until then the work-in-progress
// page stands in, inside the route's layout.
import { WorkInProgress } from '../../../components/work-in-progress/work-in-progress';
import { profileText } from '../locale';

export function ProfileMainPage() {
  return <WorkInProgress title={profileText.main.title} />;
}
