// Recovery, step two (spec 000 §2 /reset/confirm, §4 "Password recovery flow"): the letter went to the
// masked address, and it can be sent again.
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { fill } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { usePageTitle } from '../../../components/page-header/use-page-title';
import { AuthResult } from '../components/auth-result';
import { FormAlert } from '../components/auth-field';
import { authErrorMessage } from '../model/form-errors';
import { RESET_PATH, resetStateOf } from '../model/reset-state';
import { authText } from '../locale';
import '../auth.css';

export function ResetConfirmPage() {
  const text = authText.resetConfirm;
  const { state } = useLocation() as { state: unknown };
  const sent = resetStateOf(state);
  const [pending, setPending] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  usePageTitle(text.title);

  async function resend() {
    if (!sent) return;
    setPending(true);
    setNote(null);
    setError(null);
    try {
      await api.call('v1.passwords.send-reset-email', { username: sent.username });
      setNote(text.resent);
    } catch (e) {
      setError(authErrorMessage(e));
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
          {sent ? (
            <button
              type="button"
              className="secondary-button"
              disabled={pending}
              onClick={() => void resend()}
            >
              {text.resend}
            </button>
          ) : null}
          <Link
            className="auth-text-link"
            to={RESET_PATH}
            state={sent ? { username: sent.username } : undefined}
          >
            {text.otherLogin}
          </Link>
        </>
      }
    >
      <p>{sent?.email ? fill(text.text, { email: sent.email }) : text.textNoEmail}</p>
      {sent ? <p className="auth-muted">{text.noMail}</p> : null}
      <p className="auth-muted" aria-live="polite">
        {note ?? ''}
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </AuthResult>
  );
}
