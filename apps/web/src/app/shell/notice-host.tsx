// Shows the notices of lib/notices with Ant Design's notification and message (closing after 10 s), through
// the same App host the shell loads on first use (components/feedback). Loaded only when the first notice is
// raised.
import { useEffect, useState } from 'react';
import type { useAppProps } from 'antd/es/app/context';
import { FeedbackHost } from '../../components/feedback/feedback-host';
import { AntdProvider } from '../../components/theme/antd-provider';
import { notices } from '../../lib/notices';

export function NoticeHost() {
  const [api, setApi] = useState<useAppProps | null>(null);
  useEffect(() => {
    if (!api) return undefined;
    const { notification, message } = api;
    return notices.subscribe((n) => {
      if (n.brief) void message.open({ type: n.kind, content: n.title, key: n.key });
      else notification.open({ type: n.kind, title: n.title, description: n.description, key: n.key });
    });
  }, [api]);
  return (
    <AntdProvider>
      <FeedbackHost onReady={setApi} />
    </AntdProvider>
  );
}
