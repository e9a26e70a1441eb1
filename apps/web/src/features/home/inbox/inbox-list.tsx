// The action inbox's items (or its empty state), drawn once the reply is there: loaded apart from the home
// page (List, Badge, Tag, Empty are not needed before the data arrives).
import { Alert, Badge, Empty, List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { InboxItem } from '@moda/contracts';
import { fill } from '@moda/contracts/messages';
import type { Result } from '../../../lib/api/rpc-client';
import { homeText } from '../locale';
import { deadlineText } from './deadline';

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

export function InboxList({ data, now }: { data: Result<'v1.inbox.list'>; now: Date }) {
  return (
    <>
      {data.incomplete ? <Alert type="warning" showIcon title={text.incomplete} /> : null}
      {data.items.length > 0 ? (
        <List
          dataSource={data.items}
          renderItem={(item) => <InboxRow key={item.kind} item={item} now={now} />}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.empty} />
      )}
    </>
  );
}
