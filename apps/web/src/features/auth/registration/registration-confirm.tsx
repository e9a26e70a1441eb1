// The emailed link's landing (/registration?hash=…): the link is checked, the password asked for, and
// v1.user.registration.complete confirms the address and logs in; the tokens are stored as a login
// stores them and the guard takes the new seller home.
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { fill, RpcCode, userRegistrationComplete } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { isRpcError } from '../../../lib/api/rpc-error';
import { schemaErrors, serverFieldErrors } from '../../../lib/forms';
import { session } from '../../../lib/session/session';
import { cookieTokenStore } from '../../../lib/session/token-storage';
import { usage } from '../../../lib/usage/usage';
import { PasswordInput } from '../../../components/password-input/password-input';
import { usePageTitle } from '../../../components/page-header/use-page-title';
import { AuthField, FormAlert, SubmitButton } from '../components/auth-field';
import { AuthResult } from '../components/auth-result';
import { authErrorMessage, reasonOf } from '../model/form-errors';
import { authText } from '../locale';
import { REGISTRATION_PATH } from './registration-screens';

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
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  usePageTitle(text.title);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
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
      // A mistyped password lands on its field; the link stays valid for the next try.
      const onField = serverFieldErrors(error).password;
      if (onField) setFieldError(onField);
      else {
        const state = linkStateOf(error);
        if (state.kind === 'failed') setFormError(state.message);
        else onLinkDead(state);
      }
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
              readOnly={pending}
            />
          )}
        </AuthField>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <SubmitButton pending={pending}>{text.submit}</SubmitButton>
      </form>
    </div>
  );
}
