// The ui-kit layout (spec 000 §2): a plain wide page for the shared components, without the menu.
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/logo/logo';
import { appText } from '../locale';

export function UiKitLayout() {
  return (
    <div className="layout-ui-kit">
      <header className="layout-ui-kit__header">
        <Link to="/" aria-label={appText.brand.homeLink}>
          <Logo />
        </Link>
        <span className="layout-ui-kit__title">{appText.uiKit.title}</span>
        <Link to="/" className="layout-ui-kit__back">
          {appText.uiKit.back}
        </Link>
      </header>
      <main className="layout-ui-kit__main container" id="main">
        <Outlet />
      </main>
    </div>
  );
}
