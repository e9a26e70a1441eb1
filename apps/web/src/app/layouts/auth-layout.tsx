// The auth layout (spec 000 §2): login, registration and recovery in one card, without the menu.
import { Outlet, Link } from 'react-router';
import { Logo } from '../../components/logo/logo';
import { appText } from '../locale';

export function AuthLayout() {
  return (
    <div className="auth-layout">
      <main className="auth-layout__main" id="main">
        <div className="auth-layout__card">
          <Link to="/" className="auth-layout__logo" aria-label={appText.brand.homeLink}>
            <Logo />
          </Link>
          <Outlet />
        </div>
      </main>
      <footer className="auth-layout__footer">{appText.footer}</footer>
    </div>
  );
}
