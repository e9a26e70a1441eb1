// The confirmation screen after registering (spec 000 §2): the letter went to the address, and it can
// be sent again once the wait the server names is over (tooEarlyToRefreshConfirm, spec 001 §8).
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { fill } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { usePageTitle } from '../../../components/page-header/use-page-title';
import { AuthResult } from '../components/auth-result';
import { FormAlert } from '../components/auth-field';
import { useCountdown } from '../components/use-countdown';
import { authErrorMessage, reasonOf, secondsToWait } from '../model/form-errors';
import { authText } from '../locale';
import { REGISTRATION_PATH, registrationScreen, type SentState } from './registration-screens';

export function RegistrationSent({ email, resendAt: initialResendAt }: SentState) {
  const text = authText.registrationSent;
  const navigate = useNavigate();
  const [resendAt, setResendAt] = useState(initialResendAt);
  const [pending, setPending] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const seconds = useCountdown(resendAt);
  usePageTitle(text.title);

  function waitUntil(at: number) {
    setResendAt(at);
    // Kept in the history state too, so a reload does not forget the wait.
    void navigate(registrationScreen('sent'), { replace: true, state: { email, resendAt: at } });
  }

  async function resend() {
    setPending(true);
    setNote(null);
    setError(null);
    try {
      const result = await api.call('v1.registration.resend-email', { email });
      waitUntil(Date.now() + result.resendAfterSec * 1000);
      setNote(text.resent);
    } catch (e) {
      const wait = secondsToWait(e);
      if (wait !== null) waitUntil(Date.now() + wait * 1000);
      else if (reasonOf(e) === 'registration.userAlreadyConfirmed')
        await navigate(registrationScreen('exists'), { state: { email } });
      else setError(authErrorMessage(e));
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthResult
      kind="mail"
      title={text.title}
      actions={
        <>
          <button
            type="button"
            className="secondary-button"
            disabled={pending || seconds > 0}
            onClick={() => void resend()}
          >
            {text.resend}
          </button>
          <Link className="auth-text-link" to={REGISTRATION_PATH}>
            {text.otherEmail}
          </Link>
        </>
      }
    >
      <p>{fill(text.text, { email })}</p>
      <p className="auth-muted">{text.noMail}</p>
      <p className="auth-muted" aria-live="polite">
        {seconds > 0 ? fill(text.resendIn, { seconds }) : (note ?? '')}
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </AuthResult>
  );
}
