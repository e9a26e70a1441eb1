// Auth (spec 000 §2): the /reset/password (new password twice, then success or failure) screen. The registration and recovery issue builds it;
// until then the work-in-progress page stands in, inside the auth layout.
import { AuthInProgress } from '../components/auth-in-progress';
import { authText } from '../locale';

export function ResetPasswordPage() {
  return <AuthInProgress title={authText.resetPassword.title} />;
}
