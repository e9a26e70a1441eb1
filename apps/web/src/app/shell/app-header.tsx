// The header of every logged-in layout: logo, top menu, partner switcher and profile menu; below
// 992 px the menu and the switcher move into a drawer behind a burger button.
import { lazy, Suspense, useState } from 'react';
import { Button, Layout } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { Logo } from '../../components/logo/logo';
import { FileManagerEntry } from '../../features/file-manager/file-manager-entry';
import { useSession } from '../../lib/session/session';
import { appText } from '../locale';
import { PartnerSwitcher } from './partner-switcher';
import { ProfileMenu } from './profile-menu';
import { TopMenu } from './top-menu';

const loadDrawer = () => import('./app-drawer');
const AppDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.AppDrawer })));

export function AppHeader() {
  const state = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer is built the first time it opens and kept, so it closes with its animation.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const authed = state.status === 'ready';
  return (
    <Layout.Header className="app-header">
      <a className="skip-link" href="#main">
        {appText.skipToContent}
      </a>
      <Link to="/" className="app-header__logo" aria-label={appText.brand.homeLink}>
        <Logo />
      </Link>
      {authed ? (
        <>
          <nav className="app-header__nav" aria-label={appText.menu.ariaLabel}>
            <TopMenu mode="horizontal" />
          </nav>
          <div className="app-header__partner">
            <PartnerSwitcher />
          </div>
          {state.partner ? <FileManagerEntry partnerId={state.partner.partnerId} /> : null}
          <ProfileMenu />
          <Button
            className="app-header__burger"
            type="text"
            icon={<MenuOutlined />}
            aria-label={appText.menu.open}
            aria-expanded={drawerOpen}
            onPointerEnter={() => void loadDrawer()}
            onFocus={() => void loadDrawer()}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
          />
          {drawerUsed ? (
            <Suspense fallback={null}>
              <AppDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
            </Suspense>
          ) : null}
        </>
      ) : (
        <div className="app-header__guest">
          <Link to="/login">{appText.login}</Link>
        </div>
      )}
    </Layout.Header>
  );
}
