// The profile menu of the header (spec 000 §2): add account, documents, settings, logout.
import { Button, Dropdown, type MenuProps } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useSession } from '../../lib/session/session';
import { appText } from '../locale';
import { LOGOUT_KEY, PROFILE_MENU, visibleLinks } from '../menu/menu-items';
import { useGuardSession } from '../routing/guard-session';
import { useLogout } from './use-logout';

export function ProfileMenu() {
  const state = useSession();
  const guard = useGuardSession();
  const logout = useLogout();
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
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items, onClick: ({ key }) => (key === LOGOUT_KEY ? void logout() : undefined) }}
    >
      <Button
        type="text"
        className="profile-button"
        icon={<UserOutlined />}
        aria-label={appText.menu.profile.title}
      >
        <span className="profile-button__label">{appText.menu.profile.title}</span>
      </Button>
    </Dropdown>
  );
}
