// The profile menu's drop-down list (./profile-menu): antd Dropdown loads apart from the shell, the button
// it opens is drawn at once.
import type { ReactElement } from 'react';
import { Dropdown, type MenuProps } from 'antd';

export interface ProfileDropdownProps {
  menu: MenuProps;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactElement;
}

export function ProfileDropdown({ menu, open, onOpenChange, children }: ProfileDropdownProps) {
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={menu}
      open={open}
      onOpenChange={(next) => onOpenChange(next)}
    >
      {children}
    </Dropdown>
  );
}
