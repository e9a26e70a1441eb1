// The profile layout (spec 000 §2): account sections in a navigation column beside the page; on
// narrow screens the sections become a scrolling row above it.
import { Grid, Menu } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';
import { canOpen } from '../routing/guard';
import { useGuardSession } from '../routing/guard-session';
import { appText } from '../locale';
import { ShellFrame } from './shell-frame';

const SECTIONS = [
  { key: '/profile/main', label: appText.profileNav.main },
  { key: '/profile/brands', label: appText.profileNav.brands },
  { key: '/profile/offers', label: appText.profileNav.offers },
  { key: '/profile/settings', label: appText.profileNav.settings },
  { key: '/profile/team', label: appText.profileNav.team },
  { key: '/profile/audit', label: appText.profileNav.audit },
  { key: '/profile/api', label: appText.profileNav.api },
  { key: '/profile/webhooks', label: appText.profileNav.webhooks },
  { key: '/profile/help', label: appText.profileNav.help },
] as const;

export function ProfileLayout() {
  const guard = useGuardSession();
  const { pathname } = useLocation();
  const wide = Grid.useBreakpoint().md ?? true;
  const items = SECTIONS.filter((s) => canOpen(s.key, guard)).map((s) => ({
    key: s.key,
    label: <Link to={s.key}>{s.label}</Link>,
  }));
  return (
    <ShellFrame className="layout-profile">
      <div className="container layout-profile__grid">
        <nav className="layout-profile__nav" aria-label={appText.profileNav.ariaLabel}>
          <Menu mode={wide ? 'inline' : 'horizontal'} items={items} selectedKeys={[pathname]} />
        </nav>
        <div className="layout-profile__page">
          <Outlet />
        </div>
      </div>
    </ShellFrame>
  );
}
