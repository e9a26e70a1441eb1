// Ant Design's App (notification, message, modal with their holders), mounted by ./lazy-app on the first
// call: hands its API over once it has rendered.
import { useEffect } from 'react';
import { App as AntApp } from 'antd';
import type { useAppProps } from 'antd/es/app/context';
import { NOTIFICATION_DURATION_SEC } from '../../lib/constants';

// Constant: a new object each render would give a new API each render (and a host that re-renders on it, a loop).
const NOTIFICATION = { duration: NOTIFICATION_DURATION_SEC, placement: 'topRight' } as const;
const MESSAGE = { duration: NOTIFICATION_DURATION_SEC };

function Capture({ onReady }: { onReady: (api: useAppProps) => void }) {
  const api = AntApp.useApp();
  useEffect(() => onReady(api), [api, onReady]);
  return null;
}

export function FeedbackHost({ onReady }: { onReady: (api: useAppProps) => void }) {
  return (
    <AntApp component={false} notification={NOTIFICATION} message={MESSAGE}>
      <Capture onReady={onReady} />
    </AntApp>
  );
}
