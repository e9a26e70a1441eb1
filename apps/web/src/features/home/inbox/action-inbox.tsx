// The home page's action inbox (issue 28): what needs the seller now, each item with its count, its deadline
// and one click to the place — read from v1.inbox.list, which asks every area at once.
import { Alert, Badge, Card, Empty, List, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fill, type InboxItem } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { homeText } from '../locale';
import { homeKeys } from '../recent-changes/home-keys';
import { deadlineText } from './deadline';
import './action-inbox.css';

const text = homeText.inbox;

function InboxRow({ item, now }: { item: InboxItem; now: Date }) {
  return (
    <List.Item className="inbox-item">
      <Link to={item.link} className="inbox-item__link" data-kind={item.kind}>
        <Badge
          count={item.count}
          overflowCount={9999}
          showZero={false}
          className="inbox-item__count"
          color={item.overdue ? 'red' : 'orange'}
        />
        <span className="inbox-item__text">
          <span className="inbox-item__title">{text.kinds[item.kind]}</span>
          {item.limit ? (
            <Typography.Text type="secondary" className="inbox-item__note">
              {fill(text.strikes, { used: item.limit.used, max: item.limit.max })}
            </Typography.Text>
          ) : null}
        </span>
        <span className="inbox-item__deadline">
          {item.overdue ? <Tag color="red">{text.overdue}</Tag> : null}
          {item.deadline ? (
            <Typography.Text type={item.overdue ? 'danger' : undefined}>
              {deadlineText(item.deadline, item.overdue, now)}
            </Typography.Text>
          ) : null}
        </span>
      </Link>
    </List.Item>
  );
}

export function ActionInbox({ partnerId, now }: { partnerId: number; now?: Date | undefined }) {
  const query = useQuery({
    queryKey: homeKeys.inbox(partnerId),
    queryFn: () => api.call('v1.inbox.list', { partnerId }),
  });
  const at = now ?? new Date();
  return (
    <Card
      title={<h2 className="card-title">{text.title}</h2>}
      className="action-inbox"
      loading={query.isPending}
      data-testid="action-inbox"
    >
      {query.isError ? (
        <Typography.Text type="danger">{text.error}</Typography.Text>
      ) : query.data && query.data.items.length > 0 ? (
        <>
          {query.data.incomplete ? <Alert type="warning" showIcon title={text.incomplete} /> : null}
          <List
            dataSource={query.data.items}
            renderItem={(item) => <InboxRow key={item.kind} item={item} now={at} />}
          />
        </>
      ) : (
        <>
          {query.data?.incomplete ? <Alert type="warning" showIcon title={text.incomplete} /> : null}
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.empty} />
        </>
      )}
    </Card>
  );
}
