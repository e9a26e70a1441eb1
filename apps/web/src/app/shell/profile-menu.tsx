// The profile menu of the header (spec 000 §2): add account, documents, settings, logout. The button is
// drawn with the shell; its drop-down list (antd Dropdown) loads right after, and a click made before that
// opens the list as soon as it is there.
import { lazy, Suspense, useState } from 'react';
import { Button, type MenuProps } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useSession } from '../../lib/session/session';
import { appText } from '../locale';
import { LOGOUT_KEY, PROFILE_MENU, visibleLinks } from '../menu/menu-items';
import { useGuardSession } from '../routing/guard-session';
import { useLogout } from './use-logout';

const ProfileDropdown = lazy(() =>
  import('./profile-dropdown').then((m) => ({ default: m.ProfileDropdown })),
);

/** The button itself (an element, not a component: the drop-down aligns to it through antd Button's ref). */
function profileButton(onClick?: () => void) {
  return (
    <Button
      type="text"
      className="profile-button"
      icon={<UserOutlined />}
      aria-label={appText.menu.profile.title}
      onClick={onClick}
    >
      <span className="profile-button__label">{appText.menu.profile.title}</span>
    </Button>
  );
}

export function ProfileMenu() {
  const state = useSession();
  const guard = useGuardSession();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  if (state.status !== 'ready') return null;
  const items: MenuProps['items'] = [
    { key: 'user', type: 'group', label: <span className="profile-menu__email">{state.user.email}</span> },
    ...visibleLinks(PROFILE_MENU, guard).map((l) => ({
      key: l.key,
      label: <Link to={l.to}>{l.label}</Link>,
    })),
    { type: 'divider' },
    { key: LOGOUT_KEY, label: appText.menu.profile.logout, icon: <LogoutOutlined /> },
  ];
  return (
    <Suspense fallback={profileButton(() => setOpen(true))}>
      <ProfileDropdown
        open={open}
        onOpenChange={setOpen}
        menu={{
          items,
          onClick: ({ key }) => {
            setOpen(false);
            if (key === LOGOUT_KEY) void logout();
          },
        }}
      >
        {profileButton()}
      </ProfileDropdown>
    </Suspense>
  );
}
