// The emailed link's landing (/registration?hash=…): the link is checked, the password asked for, and
// v1.user.registration.complete confirms the address and logs in; the tokens are stored as a login
// stores them and the guard takes the new seller home.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { fill, RpcCode, userRegistrationComplete } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { isRpcError } from '../../../lib/api/rpc-error';
import { schemaErrors } from '../../../lib/forms';
import { session } from '../../../lib/session/session';
import { cookieTokenStore } from '../../../lib/session/token-storage';
import { usage } from '../../../lib/usage/usage';
import { PasswordInput } from '../../../components/password-input/password-input';
import { usePageTitle } from '../../../components/page-header/use-page-title';
import { AuthField, FormAlert, SubmitButton } from '../components/auth-field';
import { AuthResult } from '../components/auth-result';
import { authErrorMessage, reasonOf } from '../model/form-errors';
import { authText } from '../locale';
import { REGISTRATION_PATH, registrationScreen, type SentState } from './registration-screens';

type LinkState =
  | { kind: 'checking' }
  | { kind: 'valid'; email: string }
  | { kind: 'expired' }
  | { kind: 'confirmed' }
  | { kind: 'failed'; message: string };

/** What a refusal of the link means for the screen. */
function linkStateOf(error: unknown): LinkState {
  const reason = reasonOf(error);
  if (reason === 'registration.userAlreadyConfirmed') return { kind: 'confirmed' };
  // A malformed hash fails the schema (-32602): for the user it is a broken link like an old one.
  if (reason === 'registration.invalidToken' || (isRpcError(error) && error.code === RpcCode.InvalidParams))
    return { kind: 'expired' };
  return { kind: 'failed', message: authErrorMessage(error) };
}

const isWrongPassword = (error: unknown) =>
  isRpcError(error) && (error.data?.error === 'invalid_grant' || error.data?.reason === 'auth.invalidGrant');

export function RegistrationConfirm({ hash }: { hash: string }) {
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  useEffect(() => {
    let live = true;
    api
      .call('v1.registration.check-confirmation-token', { hash })
      .then((r) => live && setLink({ kind: 'valid', email: r.email }))
      .catch((e: unknown) => live && setLink(linkStateOf(e)));
    return () => {
      live = false;
    };
  }, [hash]);

  switch (link.kind) {
    case 'checking':
      return <Checking />;
    case 'valid':
      return <ConfirmForm hash={hash} email={link.email} onLinkDead={setLink} />;
    case 'expired':
      return <LinkExpired />;
    case 'confirmed':
      return <AlreadyConfirmed />;
    case 'failed':
      return (
        <AuthResult
          kind="error"
          title={authText.confirm.title}
          actions={
            <Link className="secondary-button" to={REGISTRATION_PATH}>
              {authText.linkExpired.again}
            </Link>
          }
        >
          <p>{link.message}</p>
        </AuthResult>
      );
  }
}

function Checking() {
  usePageTitle(authText.confirm.title);
  return (
    <div className="auth-checking" role="status">
      <span className="primary-button__spinner" aria-hidden />
      {authText.confirm.checking}
    </div>
  );
}

function LinkExpired() {
  const text = authText.linkExpired;
  usePageTitle(text.title);
  return (
    <AuthResult
      kind="error"
      title={text.title}
      actions={
        <Link className="primary-button" to={REGISTRATION_PATH}>
          {text.again}
        </Link>
      }
    >
      <p>{text.text}</p>
    </AuthResult>
  );
}

function AlreadyConfirmed() {
  const text = authText.alreadyConfirmed;
  usePageTitle(text.title);
  return (
    <AuthResult
      kind="success"
      title={text.title}
      actions={
        <Link className="primary-button" to="/login">
          {text.login}
        </Link>
      }
    >
      <p>{text.text}</p>
    </AuthResult>
  );
}

function ConfirmForm({
  hash,
  email,
  onLinkDead,
}: {
  hash: string;
  email: string;
  onLinkDead: (state: LinkState) => void;
}) {
  const text = authText.confirm;
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  // A wrong password uses the link up (the server's rule): only a new letter helps then.
  const [linkUsed, setLinkUsed] = useState(false);
  const [pending, setPending] = useState(false);
  usePageTitle(text.title);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || linkUsed) return;
    const invalid = schemaErrors(userRegistrationComplete.params, { username: email, password, hash });
    if (invalid.password) {
      setFieldError(invalid.password);
      return;
    }
    setPending(true);
    setFormError(null);
    try {
      const tokens = await api.call('v1.user.registration.complete', { username: email, password, hash });
      cookieTokenStore.set(tokens);
      usage.track('login', 'registration');
      // The same as a login: a fresh dictionary makes the session ready and the guard leads home.
      await session.resetDictionaries();
    } catch (error) {
      if (isWrongPassword(error)) {
        setLinkUsed(true);
        setFormError(text.wrongPassword);
      } else {
        const state = linkStateOf(error);
        if (state.kind === 'failed') setFormError(state.message);
        else onLinkDead(state);
      }
    } finally {
      setPending(false);
    }
  }

  async function sendNew() {
    setPending(true);
    try {
      const sent = await api.call('v1.registration.resend-email', { email });
      const state: SentState = { email, resendAt: Date.now() + sent.resendAfterSec * 1000 };
      await navigate(registrationScreen('sent'), { state });
    } catch (error) {
      setFormError(authErrorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="registration-confirm">
      <h1 className="auth-title">{text.title}</h1>
      <p className="auth-subtitle">{fill(text.text, { email })}</p>
      <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={pending}>
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <AuthField label={text.password} error={fieldError}>
          {(control) => (
            <PasswordInput
              {...control}
              name="password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setFieldError(undefined);
              }}
              autoComplete="current-password"
              readOnly={pending || linkUsed}
            />
          )}
        </AuthField>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        {linkUsed ? (
          <button type="button" className="primary-button" disabled={pending} onClick={() => void sendNew()}>
            {text.sendNew}
          </button>
        ) : (
          <SubmitButton pending={pending}>{text.submit}</SubmitButton>
        )}
      </form>
    </div>
  );
}
