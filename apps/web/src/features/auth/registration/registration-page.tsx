// Registration (spec 000 §2 /registration): the form, the email confirmation screen with resend, the
// migrated-user and redirect-to-marketplace screens, and the landing of the emailed link (?hash=…).
import { useLocation, useSearchParams } from 'react-router';
import { AccountExists } from './account-exists';
import { MarketplaceRedirect } from './marketplace-redirect';
import { RegistrationConfirm } from './registration-confirm';
import { RegistrationForm } from './registration-form';
import { existsStateOf, sentStateOf } from './registration-screens';
import { RegistrationSent } from './registration-sent';
import '../auth.css';

export function RegistrationPage() {
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: unknown };
  const hash = params.get('hash');
  if (hash) return <RegistrationConfirm key={hash} hash={hash} />;
  switch (params.get('screen')) {
    case 'sent': {
      const sent = sentStateOf(state);
      // Without the history state (a copied address) there is nothing to confirm: the form again.
      return sent ? <RegistrationSent {...sent} /> : <RegistrationForm />;
    }
    case 'exists':
      return <AccountExists email={existsStateOf(state).email} />;
    case 'marketplace':
      return <MarketplaceRedirect />;
    default:
      return <RegistrationForm />;
  }
}
