// A password field with a show/hide toggle, built on the native input so that the login and recovery
// pages need no component library. Styled by .text-input and .password-input in app/styles.css.
import { useState, type InputHTMLAttributes } from 'react';
import { componentsText } from '../locale';

const eyePath =
  'M12 5c-5 0-9.3 3.1-11 7 1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z';

export function PasswordInput({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const [visible, setVisible] = useState(false);
  const text = componentsText.passwordInput;
  return (
    <div className="password-input">
      <input
        {...props}
        className={className ? `text-input ${className}` : 'text-input'}
        type={visible ? 'text' : 'password'}
      />
      <button
        type="button"
        className="password-input__toggle"
        aria-label={visible ? text.hide : text.show}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden focusable="false">
          <path d={eyePath} fill="currentColor" />
          {visible ? null : (
            <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
      </button>
    </div>
  );
}
