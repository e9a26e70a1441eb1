// A result screen of the auth flows (email sent, success, failure, a notice): an icon, the heading, the
// explanation and the way on.
import type { ReactNode } from 'react';

type Kind = 'mail' | 'success' | 'error' | 'info';

const ICONS: Record<Kind, ReactNode> = {
  mail: (
    <path
      d="M3 6.5A1.5 1.5 0 0 1 4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5v-11zm1.8.3 7.2 5.6 7.2-5.6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinejoin="round"
    />
  ),
  success: (
    <>
      <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path
        d="m7.5 12.3 3 3 6-6.3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </>
  ),
  error: (
    <>
      <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="m8.5 8.5 7 7m0-7-7 7" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M12 10.5v6M12 7.5v.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </>
  ),
};

export interface AuthResultProps {
  kind: Kind;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

export function AuthResult({ kind, title, children, actions }: AuthResultProps) {
  return (
    <section className={`auth-result auth-result--${kind}`}>
      <svg
        className="auth-result__icon"
        viewBox="0 0 24 24"
        width="48"
        height="48"
        aria-hidden
        focusable="false"
      >
        {ICONS[kind]}
      </svg>
      <h1 className="auth-title">{title}</h1>
      {children ? <div className="auth-result__text">{children}</div> : null}
      {actions ? <div className="auth-result__actions">{actions}</div> : null}
    </section>
  );
}
