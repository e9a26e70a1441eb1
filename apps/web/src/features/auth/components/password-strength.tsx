// The password policy hint and the live strength meter (low, good, strong) of the registration and
// reset forms (spec 001 §5). The verdicts come from the contract's passwordStrength and passwordProblem.
import { passwordProblem, passwordStrength } from '@moda/contracts';
import { authText } from '../locale';

const LEVELS = { low: 1, good: 2, strong: 3 } as const;

export function PasswordStrength({
  password,
  id,
  error,
}: {
  password: string;
  id?: string;
  /** The field's error message, shown above: the hint then gives the policy rather than repeat it. */
  error?: string | undefined;
}) {
  const text = authText.password;
  const level = passwordStrength(password);
  const problem = password && !error ? passwordProblem(password) : null;
  return (
    <div className="password-strength" id={id}>
      {password ? (
        <>
          <div
            className={`password-strength__bar password-strength__bar--${level}`}
            role="meter"
            aria-label={text.strengthLabel}
            aria-valuemin={0}
            aria-valuemax={3}
            aria-valuenow={LEVELS[level]}
            aria-valuetext={text.strength[level]}
          >
            {[1, 2, 3].map((i) => (
              <span
                key={i}
                className={
                  i <= LEVELS[level] ? 'password-strength__segment is-on' : 'password-strength__segment'
                }
              />
            ))}
          </div>
          <p className="password-strength__label" aria-live="polite">
            {text.strengthLabel} <strong>{text.strength[level]}</strong>
          </p>
        </>
      ) : null}
      <p className="password-strength__hint">{problem ?? text.policy}</p>
    </div>
  );
}
