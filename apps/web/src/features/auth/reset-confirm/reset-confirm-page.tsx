// Auth (spec 000 §2): the /reset/confirm (the e-mail was sent, send again) screen. The registration and recovery issue builds it;
// until then the work-in-progress page stands in, inside the auth layout.
import { AuthInProgress } from '../components/auth-in-progress';
import { authText } from '../locale';

export function ResetConfirmPage() {
  return <AuthInProgress title={authText.resetConfirm.title} />;
}
