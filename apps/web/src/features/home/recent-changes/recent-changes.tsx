// The home page's "latest changes" widget: the partner's audit trail (who changed what, when).
import { Card, Empty, List, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { formatDateTime } from '../../../lib/dates';
import { homeText } from '../locale';
import { homeKeys } from './home-keys';

export const RECENT_CHANGES_LIMIT = 5;

export function RecentChanges({ partnerId }: { partnerId: number }) {
  const text = homeText.changes;
  const query = useQuery({
    queryKey: homeKeys.changes(partnerId),
    queryFn: () => api.call('v1.audit.list', { partnerId, pageSize: RECENT_CHANGES_LIMIT }),
  });
  return (
    <Card
      title={<h2 className="card-title">{text.title}</h2>}
      className="recent-changes"
      loading={query.isPending}
    >
      {query.isError ? (
        <Typography.Text type="danger">{text.error}</Typography.Text>
      ) : query.data && query.data.items.length > 0 ? (
        <List
          size="small"
          dataSource={query.data.items}
          renderItem={(item) => (
            <List.Item key={item.id}>
              <List.Item.Meta
                title={text.methods[item.method] ?? text.otherMethod}
                description={`${formatDateTime(item.at)} · ${item.userEmail ?? text.unknownAuthor}`}
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.empty} />
      )}
    </Card>
  );
}
