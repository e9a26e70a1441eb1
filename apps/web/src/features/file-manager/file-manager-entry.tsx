// The shell's way into the file manager: a header button and the drawer it opens. Any feature opens it
// through lib/file-manager-events (the "export started" notice does), so none imports this one.
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Button, Drawer, Spin } from 'antd';
import { FolderOpenOutlined } from '@ant-design/icons';
import { fileManagerEvents, type FileManagerTab } from '../../lib/file-manager-events';
import { fileManagerText as text } from './locale';
import './file-manager.css';

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

export function FileManagerEntry({ partnerId }: { partnerId: number }) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<FileManagerTab>('export');
  const width = useDrawerWidth();
  useEffect(
    () =>
      fileManagerEvents.onOpen((next) => {
        setTab(next);
        setOpen(true);
      }),
    [],
  );
  return (
    <>
      <Button
        type="text"
        className="file-manager-button"
        icon={<FolderOpenOutlined />}
        aria-label={text.buttonLabel}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <span className="file-manager-button__label">{text.button}</span>
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        placement="right"
        size={width}
        title={text.title}
        rootClassName="file-manager-drawer"
        closable={{ 'aria-label': text.close }}
        destroyOnHidden
      >
        {open ? (
          <Suspense fallback={<Spin />}>
            <FileManagerPanel key={partnerId} partnerId={partnerId} tab={tab} onTabChange={setTab} />
          </Suspense>
        ) : null}
      </Drawer>
    </>
  );
}
