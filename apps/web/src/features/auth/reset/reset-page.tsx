// Auth (spec 000 §2): the /reset (email or login, then a confirmation screen) screen. The registration and recovery issue builds it;
// until then the work-in-progress page stands in, inside the auth layout.
import { AuthInProgress } from '../components/auth-in-progress';
import { authText } from '../locale';

export function ResetPage() {
  return <AuthInProgress title={authText.reset.title} />;
}
