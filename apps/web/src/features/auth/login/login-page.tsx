// The login screen (spec 000 §2): email or login, password, forgot-password and register links, and
// the login errors of spec 001 §8. After a login the guard takes the user where they were going.
// Native controls keep the login route light (no component library): two fields need no more.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isRpcError } from '../../../lib/api/rpc-error';
import { session } from '../../../lib/session/session';
import { usage } from '../../../lib/usage/usage';
import { usePageTitle } from '../../../components/page-header/use-page-title';
import { PasswordInput } from '../../../components/password-input/password-input';
import { authText } from '../locale';
import { loginErrorMessage, validateLogin } from './login-errors';

export function LoginPage() {
  const text = authText.login;
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  usePageTitle(text.title);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const invalid = validateLogin(username, password);
    if (invalid) {
      setError(authText.loginErrors[invalid]);
      usage.track('validation_error', 'login', { error: invalid });
      return;
    }
    setPending(true);
    setError(null);
    try {
      await session.login(username.trim(), password);
      usage.track('login', 'login');
    } catch (e) {
      setError(loginErrorMessage(e));
      const clientError = isRpcError(e) && e.status !== undefined && e.status >= 400 && e.status < 500;
      usage.track(clientError ? 'validation_error' : 'system_error', 'login', {
        error: isRpcError(e) ? (e.data?.error ?? e.code ?? null) : 'network',
      });
    } finally {
      setPending(false);
    }
  }

  const errorId = `${id}-error`;
  return (
    <div className="login">
      <h1 className="auth-title">{text.title}</h1>
      <p className="auth-subtitle">{text.subtitle}</p>
      <form className="login__form" onSubmit={(e) => void submit(e)} noValidate aria-busy={pending}>
        <div className="login__field">
          <label className="login__label" htmlFor={`${id}-username`}>
            {text.username}
          </label>
          <input
            className="text-input"
            id={`${id}-username`}
            name="username"
            type="text"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={text.usernamePlaceholder}
            readOnly={pending}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="login__field login__field--password">
          <label className="login__label" htmlFor={`${id}-password`}>
            {text.password}
          </label>
          <PasswordInput
            id={`${id}-password`}
            name="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            readOnly={pending}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="login__forgot">
          <Link to="/reset">{text.forgot}</Link>
        </div>
        {error ? (
          <div className="form-alert" role="alert" id={errorId}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden focusable="false">
              <circle cx="12" cy="12" r="11" fill="currentColor" />
              <path d="M12 6.5v7M12 16.5v1" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
            <span>{error}</span>
          </div>
        ) : null}
        <button className="primary-button" type="submit" disabled={pending}>
          {pending ? <span className="primary-button__spinner" aria-hidden /> : null}
          {text.submit}
        </button>
      </form>
      <p className="login__register">
        {text.noAccount} <Link to="/registration">{text.register}</Link>
      </p>
    </div>
  );
}
