// Auth (spec 000 §2): the /registration (email, password, consent; email confirmation) screen. The registration and recovery issue builds it;
// until then the work-in-progress page stands in, inside the auth layout.
import { AuthInProgress } from '../components/auth-in-progress';
import { authText } from '../locale';

export function RegistrationPage() {
  return <AuthInProgress title={authText.registration.title} />;
}
