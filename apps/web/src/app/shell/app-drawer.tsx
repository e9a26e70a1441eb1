// The header's drawer below 992 px (./app-header): the partner switcher and the menu, inline. Loaded when the
// burger is first pressed (or pointed at), not with the shell.
import { Drawer } from 'antd';
import { appText } from '../locale';
import { PartnerSwitcher } from './partner-switcher';
import { TopMenu } from './top-menu';

export function AppDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size={320}
      title={appText.menu.ariaLabel}
      className="app-drawer"
      closable={{ 'aria-label': appText.menu.close }}
    >
      <div className="app-drawer__partner">
        <span className="app-drawer__caption">{appText.partner.label}</span>
        <PartnerSwitcher block />
      </div>
      <TopMenu mode="inline" onNavigate={onClose} />
    </Drawer>
  );
}
