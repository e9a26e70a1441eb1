// The shell's way into the file manager: a header button and the drawer it opens (./file-manager-drawer,
// loaded on first use). Any feature opens it through lib/file-manager-events (the "export started" notice
// does), so none imports this one.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'antd';
import { FolderOpenOutlined } from '@ant-design/icons';
import { fileManagerEvents, type FileManagerTab } from '../../lib/file-manager-events';
import { fileManagerText as text } from './locale';
import './file-manager.css';

const loadDrawer = () => import('./file-manager-drawer');
const FileManagerDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.FileManagerDrawer })));

export function FileManagerEntry({ partnerId }: { partnerId: number }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing still plays the drawer's motion.
  const [used, setUsed] = useState(false);
  const [tab, setTab] = useState<FileManagerTab>('export');
  const show = () => {
    setUsed(true);
    setOpen(true);
  };
  useEffect(
    () =>
      fileManagerEvents.onOpen((next) => {
        setTab(next);
        setUsed(true);
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
        onClick={show}
        onPointerEnter={() => void loadDrawer()}
      >
        <span className="file-manager-button__label">{text.button}</span>
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <FileManagerDrawer
            partnerId={partnerId}
            open={open}
            tab={tab}
            onTabChange={setTab}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
