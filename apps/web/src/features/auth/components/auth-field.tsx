// A labelled field of the auth forms drawn with native controls (the auth layout loads no component
// library): the control gets its id, its error state and the ids of its hint and error message.
import { useId, type ReactNode } from 'react';

export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface AuthFieldProps {
  label: string;
  error?: string | undefined;
  /** Shown under the control; gets its own id so the control can point at it. */
  hint?: (id: string) => ReactNode;
  children: (control: ControlProps) => ReactNode;
}

export function AuthField({ label, error, hint, children }: AuthFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="auth-field">
      <label className="login__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {error ? (
        <p className="auth-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      {hint ? hint(hintId) : null}
    </div>
  );
}

/** The alert above a form's button: what went wrong with the whole request. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div className="form-alert" role="alert">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden focusable="false">
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        <path d="M12 6.5v7M12 16.5v1" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <span>{children}</span>
    </div>
  );
}

/** The main button of an auth form, with a spinner while the request runs. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button className="primary-button" type="submit" disabled={pending} aria-busy={pending}>
      {pending ? <span className="primary-button__spinner" aria-hidden /> : null}
      {children}
    </button>
  );
}
