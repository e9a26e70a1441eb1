// A new password and its repeat, with the strength meter: the same pair in registration and password reset.
import { PasswordInput } from '../../../components/password-input/password-input';
import { AuthField } from './auth-field';
import { PasswordStrength } from './password-strength';

interface NewPasswordFieldsProps {
  values: { password: string; passwordRepeat: string };
  errors: { password?: string | undefined; passwordRepeat?: string | undefined };
  onChange: (key: 'password' | 'passwordRepeat', value: string) => void;
  pending: boolean;
  /** «Пароль» at registration, «Новый пароль» at reset. */
  labels: { password: string; passwordRepeat: string };
}

export function NewPasswordFields({
  values,
  errors,
  onChange,
  pending,
  labels: text,
}: NewPasswordFieldsProps) {
  return (
    <>
      <AuthField
        label={text.password}
        error={errors.password}
        hint={(id) => <PasswordStrength password={values.password} id={id} error={errors.password} />}
      >
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            value={values.password}
            onChange={(e) => onChange('password', e.target.value)}
            autoComplete="new-password"
            readOnly={pending}
          />
        )}
      </AuthField>
      <AuthField label={text.passwordRepeat} error={errors.passwordRepeat}>
        {(control) => (
          <PasswordInput
            {...control}
            name="passwordRepeat"
            value={values.passwordRepeat}
            onChange={(e) => onChange('passwordRepeat', e.target.value)}
            autoComplete="new-password"
            readOnly={pending}
          />
        )}
      </AuthField>
    </>
  );
}
