// The registration form (spec 000 §2, spec 001 §5): email, password with the strength meter, its repeat
// and the consent, checked with the contract's schema; server refusals land on their fields.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { RegistrationInitiateParams } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { hasErrors, schemaErrors, serverFieldErrors, type FieldErrors } from '../../../lib/forms';
import { usage } from '../../../lib/usage/usage';
import { usePageTitle } from '../../../components/page-header/use-page-title';
import { AuthField, FormAlert, SubmitButton } from '../components/auth-field';
import { NewPasswordFields } from '../components/new-password-fields';
import { authErrorMessage, reasonOf } from '../model/form-errors';
import { authText } from '../locale';
import { registrationScreen, type SentState } from './registration-screens';

const FIELD_ORDER = ['email', 'password', 'passwordRepeat', 'consent'] as const;

/** Account exists (confirmed or migrated from the old cabinet): the migrated-user screen. */
const EXISTS_REASONS = ['registration.unableToRegisterWithThisEmail', 'registration.userAlreadyConfirmed'];

export function RegistrationForm() {
  const text = authText.registration;
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: '', password: '', passwordRepeat: '', consent: false });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  usePageTitle(text.title);

  function change<K extends keyof typeof values>(key: K, value: (typeof values)[K]) {
    const next = { ...values, [key]: value };
    setValues(next);
    // After the first attempt the messages follow the typing; before it nobody is scolded mid-word.
    setErrors(submitted ? schemaErrors(RegistrationInitiateParams, next) : { ...errors, [key]: undefined });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    setFormError(null);
    const invalid = schemaErrors(RegistrationInitiateParams, values);
    setErrors(invalid);
    if (hasErrors(invalid)) {
      const first = FIELD_ORDER.find((f) => invalid[f]);
      if (first) document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      usage.track('validation_error', 'registration', { fields: FIELD_ORDER.filter((f) => invalid[f]) });
      return;
    }
    setPending(true);
    try {
      const sent = await api.call('v1.registration.initiate', values);
      const state: SentState = { email: sent.email, resendAt: Date.now() + sent.resendAfterSec * 1000 };
      await navigate(registrationScreen('sent'), { state });
    } catch (error) {
      const reason = reasonOf(error);
      if (reason && EXISTS_REASONS.includes(reason)) {
        await navigate(registrationScreen('exists'), { state: { email: values.email.trim().toLowerCase() } });
        return;
      }
      const fields = serverFieldErrors(error);
      if (hasErrors(fields)) setErrors(fields);
      else setFormError(authErrorMessage(error));
      usage.track('validation_error', 'registration', { reason: reason ?? null });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="registration">
      <h1 className="auth-title">{text.title}</h1>
      <p className="auth-subtitle">{text.subtitle}</p>
      <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={pending}>
        <AuthField label={text.email} error={errors.email}>
          {(control) => (
            <input
              {...control}
              className="text-input"
              name="email"
              type="email"
              value={values.email}
              onChange={(e) => change('email', e.target.value)}
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={text.emailPlaceholder}
              readOnly={pending}
            />
          )}
        </AuthField>
        <NewPasswordFields
          values={values}
          errors={errors}
          onChange={change}
          pending={pending}
          labels={{ password: text.password, passwordRepeat: text.passwordRepeat }}
        />
        <div className="auth-field">
          <label className="auth-checkbox">
            <input
              type="checkbox"
              name="consent"
              checked={values.consent}
              onChange={(e) => change('consent', e.target.checked)}
              disabled={pending}
              aria-invalid={Boolean(errors.consent)}
              aria-describedby={errors.consent ? 'registration-consent-error' : undefined}
            />
            <span>{text.consent}</span>
          </label>
          {errors.consent ? (
            <p className="auth-field__error" id="registration-consent-error">
              {errors.consent}
            </p>
          ) : null}
        </div>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <SubmitButton pending={pending}>{text.submit}</SubmitButton>
      </form>
      <p className="login__register">
        {text.haveAccount} <Link to="/login">{text.login}</Link>
      </p>
      <p className="auth-footnote">
        {text.buyer} <Link to={registrationScreen('marketplace')}>{text.buyerLink}</Link>
      </p>
    </div>
  );
}
