// Shows the notices of lib/notices with Ant Design's notification and message (closing after 10 s).
// Loaded only when the first notice is raised.
import { useEffect } from 'react';
import { App as AntApp } from 'antd';
import { AntdProvider } from '../../components/theme/antd-provider';
import { NOTIFICATION_DURATION_SEC } from '../../lib/constants';
import { notices } from '../../lib/notices';

function Listener() {
  const { notification, message } = AntApp.useApp();
  useEffect(
    () =>
      notices.subscribe((n) => {
        if (n.brief) void message.open({ type: n.kind, content: n.title, key: n.key });
        else notification.open({ type: n.kind, title: n.title, description: n.description, key: n.key });
      }),
    [notification, message],
  );
  return null;
}

export function NoticeHost() {
  return (
    <AntdProvider>
      <AntApp
        component={false}
        notification={{ duration: NOTIFICATION_DURATION_SEC, placement: 'topRight' }}
        message={{ duration: NOTIFICATION_DURATION_SEC }}
      >
        <Listener />
      </AntApp>
    </AntdProvider>
  );
}
