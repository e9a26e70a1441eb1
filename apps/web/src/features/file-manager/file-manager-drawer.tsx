// The file manager's drawer and its panel, loaded when the header's button is first pressed (or pointed at):
// the shell draws only the button.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Drawer, Spin } from 'antd';
import type { FileManagerTab } from '../../lib/file-manager-events';
import { fileManagerText as text } from './locale';

const FileManagerPanel = lazy(() =>
  import('./file-manager-panel').then((m) => ({ default: m.FileManagerPanel })),
);

const DRAWER_WIDTH = 760;

function subscribeResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}
/** The drawer is as wide as it can be up to 760 px; never wider than the window. */
const useDrawerWidth = () =>
  useSyncExternalStore(subscribeResize, () => Math.min(DRAWER_WIDTH, window.innerWidth));

export function FileManagerDrawer(props: {
  partnerId: number;
  open: boolean;
  tab: FileManagerTab;
  onTabChange: (tab: FileManagerTab) => void;
  onClose: () => void;
}) {
  const { partnerId, open, tab, onTabChange, onClose } = props;
  const width = useDrawerWidth();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size={width}
      title={text.title}
      rootClassName="file-manager-drawer"
      closable={{ 'aria-label': text.close }}
      destroyOnHidden
    >
      {open ? (
        <Suspense fallback={<Spin />}>
          <FileManagerPanel key={partnerId} partnerId={partnerId} tab={tab} onTabChange={onTabChange} />
        </Suspense>
      ) : null}
    </Drawer>
  );
}
