// Password recovery (spec 000 §2 /reset): the email or login, then the confirmation screen. An unknown
// account is told so on the field (spec 001 §8 "Recovery: user not found").
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { passwordsSendResetEmail } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { schemaErrors, serverFieldErrors } from '../../../lib/forms';
import { usePageTitle } from '../../../components/page-header/use-page-title';
import { AuthField, FormAlert, SubmitButton } from '../components/auth-field';
import { authErrorMessage } from '../model/form-errors';
import { authText } from '../locale';
import { RESET_CONFIRM_PATH, resetStateOf, type ResetState } from '../model/reset-state';
import '../auth.css';

export function ResetPage() {
  const text = authText.reset;
  const navigate = useNavigate();
  const { state } = useLocation() as { state: unknown };
  const [username, setUsername] = useState(() => resetStateOf(state)?.username ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  usePageTitle(text.title);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const invalid = schemaErrors(passwordsSendResetEmail.params, { username });
    setFieldError(invalid.username);
    if (invalid.username) return;
    setPending(true);
    try {
      const sent = await api.call('v1.passwords.send-reset-email', { username: username.trim() });
      const next: ResetState = { username: username.trim(), email: sent.email };
      await navigate(RESET_CONFIRM_PATH, { state: next });
    } catch (error) {
      const field = serverFieldErrors(error).username;
      if (field) setFieldError(field);
      else setFormError(authErrorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="reset">
      <h1 className="auth-title">{text.title}</h1>
      <p className="auth-subtitle">{text.subtitle}</p>
      <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={pending}>
        <AuthField label={text.username} error={fieldError}>
          {(control) => (
            <input
              {...control}
              className="text-input"
              name="username"
              type="text"
              value={username}
              onChange={(e) => {
                setUsername(e.target.value);
                setFieldError(undefined);
              }}
              autoComplete="username"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={text.usernamePlaceholder}
              readOnly={pending}
            />
          )}
        </AuthField>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <SubmitButton pending={pending}>{text.submit}</SubmitButton>
      </form>
      <p className="login__register">
        <Link to="/login">{authText.backToLogin}</Link>
      </p>
    </div>
  );
}
