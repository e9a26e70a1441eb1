// Recovery, last step (spec 000 §2 /reset/password?hash=…): the new password twice with the strength
// meter; it must match, meet the policy and differ from the old one (the server says so on the field).
// The result page follows: success with 'Авторизоваться', failure (an expired link) with 'Продолжить'.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordsConfirmResetParams, RpcCode } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { isRpcError } from '../../../lib/api/rpc-error';
import {
  fieldErrorsOf,
  hasErrors,
  schemaErrors,
  serverFieldErrors,
  type FieldErrors,
} from '../../../lib/forms';
import { usePageTitle } from '../../../components/page-header/use-page-title';
import { FormAlert, SubmitButton } from '../components/auth-field';
import { AuthResult } from '../components/auth-result';
import { NewPasswordFields } from '../components/new-password-fields';
import { authErrorMessage, reasonOf } from '../model/form-errors';
import { RESET_PASSWORD_PATH, RESET_PATH } from '../model/reset-state';
import { authText } from '../locale';
import '../auth.css';

type Result = 'success' | 'failure';
const resultPath = (result: Result) => `${RESET_PASSWORD_PATH}?result=${result}`;

/** A link that is no good any more: used, expired or malformed. */
const isDeadLink = (error: unknown) =>
  reasonOf(error) === 'registration.invalidToken' ||
  (isRpcError(error) &&
    error.code === RpcCode.InvalidParams &&
    !fieldErrorsOf(error).some((f) => f.field !== 'hash'));

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const result = params.get('result');
  const hash = params.get('hash');
  if (result === 'success') return <ResetSuccess />;
  if (hash && result !== 'failure') return <NewPasswordForm key={hash} hash={hash} />;
  return <ResetFailure />;
}

function ResetSuccess() {
  const text = authText.resetResult;
  usePageTitle(text.successTitle);
  return (
    <AuthResult
      kind="success"
      title={text.successTitle}
      actions={
        <Link className="primary-button" to="/login">
          {text.authorize}
        </Link>
      }
    >
      <p>{text.successText}</p>
    </AuthResult>
  );
}

function ResetFailure() {
  const text = authText.resetResult;
  usePageTitle(text.failureTitle);
  return (
    <AuthResult
      kind="error"
      title={text.failureTitle}
      actions={
        <Link className="primary-button" to={RESET_PATH}>
          {text.proceed}
        </Link>
      }
    >
      <p>{text.failureText}</p>
    </AuthResult>
  );
}

function NewPasswordForm({ hash }: { hash: string }) {
  const text = authText.resetPassword;
  const navigate = useNavigate();
  const [checking, setChecking] = useState(true);
  const [values, setValues] = useState({ password: '', passwordRepeat: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  usePageTitle(text.title);

  // An expired link goes to the failure page before anyone types a password for nothing.
  useEffect(() => {
    let live = true;
    api
      .call('v1.passwords.check-reset-token', { hash })
      .then(() => live && setChecking(false))
      .catch((error: unknown) => {
        if (!live) return;
        if (isDeadLink(error)) void navigate(resultPath('failure'), { replace: true });
        else setChecking(false);
      });
    return () => {
      live = false;
    };
  }, [hash, navigate]);

  function change(key: keyof typeof values, value: string) {
    const next = { ...values, [key]: value };
    setValues(next);
    setErrors(
      submitted
        ? schemaErrors(PasswordsConfirmResetParams, { hash, ...next })
        : { ...errors, [key]: undefined },
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    setFormError(null);
    const invalid = schemaErrors(PasswordsConfirmResetParams, { hash, ...values });
    setErrors(invalid);
    if (hasErrors(invalid)) {
      document
        .querySelector<HTMLElement>(`[name="${invalid.password ? 'password' : 'passwordRepeat'}"]`)
        ?.focus();
      return;
    }
    setPending(true);
    try {
      await api.call('v1.passwords.confirm-reset', { hash, ...values });
      await navigate(resultPath('success'), { replace: true });
    } catch (error) {
      if (isDeadLink(error)) {
        await navigate(resultPath('failure'), { replace: true });
        return;
      }
      const fields = serverFieldErrors(error);
      if (fields.password || fields.passwordRepeat) setErrors(fields);
      else setFormError(authErrorMessage(error));
    } finally {
      setPending(false);
    }
  }

  if (checking) {
    return (
      <div className="auth-checking" role="status">
        <span className="primary-button__spinner" aria-hidden />
        {text.checking}
      </div>
    );
  }
  return (
    <div className="reset-password">
      <h1 className="auth-title">{text.title}</h1>
      <p className="auth-subtitle">{text.subtitle}</p>
      <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={pending}>
        <NewPasswordFields
          values={values}
          errors={errors}
          onChange={change}
          pending={pending}
          labels={{ password: text.password, passwordRepeat: text.passwordRepeat }}
        />
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <SubmitButton pending={pending}>{text.submit}</SubmitButton>
      </form>
      <p className="login__register">
        <Link to="/login">{authText.backToLogin}</Link>
      </p>
    </div>
  );
}
