// The latest changes' rows (or the empty state), drawn once the audit reply is there: loaded apart from the
// home page, with the date formatting they need.
import { Empty, List } from 'antd';
import type { Result } from '../../../lib/api/rpc-client';
import { formatDateTime } from '../../../lib/dates';
import { homeText } from '../locale';

const text = homeText.changes;

export function ChangesList({ items }: { items: Result<'v1.audit.list'>['items'] }) {
  return items.length > 0 ? (
    <List
      size="small"
      dataSource={items}
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
  );
}
