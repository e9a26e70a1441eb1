// A product's price history in a drawer (open while ?history={id} is in the address): every change with
// its date, old and new prices, period, review and state, newest first; the history file; and, for
// reviewers, the decision on a change held for review.
import { App, Button, Drawer, Empty, Flex, Result, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { PRICE_FILES, fill, type ResultOf, type Methods, type PriceCountry } from '@moda/contracts';
import { formatDateTime } from '../../../lib/dates';
import { isRpcError } from '../../../lib/api/rpc-error';
import { downloadRestFile, useDecidePrices, usePriceHistory } from '../api/price-queries';
import { pricesText as text } from './locale';
import { formatDay, formatMoney } from './price-format';

type Change = ResultOf<Methods['v1.nomenclatures.price-history']>['items'][number];

const STATE_COLOR = { applied: 'default', pending: 'gold', approved: 'green', rejected: 'red' } as const;

function change(from: number | null, to: number | null, country: PriceCountry) {
  if (from === to) return formatMoney(to, country);
  return fill(text.history.change, { from: formatMoney(from, country), to: formatMoney(to, country) });
}

export function PriceHistoryDrawer({
  partnerId,
  productId,
  sku,
  canDecide,
  onClose,
}: {
  partnerId: number;
  productId: string;
  sku: string | undefined;
  canDecide: boolean;
  onClose: () => void;
}) {
  const { message, notification } = App.useApp();
  const history = usePriceHistory(partnerId, productId);
  const decide = useDecidePrices(partnerId);

  const download = () =>
    downloadRestFile(PRICE_FILES.historyFile(partnerId, productId), `price-history-${productId}.xlsx`).catch(
      (error: unknown) =>
        notification.error({
          title: text.downloadFailed,
          description: isRpcError(error) ? error.apiMessage : undefined,
        }),
    );

  const onDecide = (id: string, decision: 'approved' | 'rejected') =>
    decide.mutate(
      { changeIds: [id], decision },
      {
        onSuccess: () =>
          void message.success(decision === 'approved' ? text.results.approved : text.results.rejected),
        onError: (error) =>
          notification.error({
            title: text.results.decideFailed,
            description: isRpcError(error) ? error.apiMessage : undefined,
          }),
      },
    );

  const columns: TableColumnsType<Change> = [
    {
      key: 'date',
      title: text.history.date,
      render: (_, c) => <span className="prices__nowrap">{formatDateTime(c.createdAt)}</span>,
    },
    { key: 'country', dataIndex: 'country', title: text.history.country },
    {
      key: 'price',
      title: text.history.price,
      render: (_, c) => (
        <span className="prices__nowrap">{change(c.oldPrice, c.newPrice, c.country as PriceCountry)}</span>
      ),
    },
    {
      key: 'salePrice',
      title: text.history.salePrice,
      render: (_, c) => (
        <span className="prices__nowrap">
          {change(c.oldSalePrice, c.newSalePrice, c.country as PriceCountry)}
        </span>
      ),
    },
    {
      key: 'period',
      title: text.history.period,
      render: (_, c) =>
        c.saleStartDate && c.saleEndDate
          ? fill(text.periodValue, { from: formatDay(c.saleStartDate), to: formatDay(c.saleEndDate) })
          : '—',
    },
    {
      key: 'state',
      title: text.history.state,
      render: (_, c) => (
        <Flex vertical gap={4} align="flex-start">
          <Tag color={STATE_COLOR[c.status]}>{text.history.states[c.status]}</Tag>
          {c.reviewType ? <span className="prices__note">{text.reviewTypes[c.reviewType]}</span> : null}
          {c.decidedAt ? (
            <span className="prices__note prices__nowrap">
              {fill(text.history.decided, { date: formatDateTime(c.decidedAt) })}
            </span>
          ) : null}
          {canDecide && c.status === 'pending' ? (
            <Space size={4} wrap>
              <Button
                size="small"
                type="primary"
                loading={decide.isPending}
                onClick={() => onDecide(c.id, 'approved')}
              >
                {text.actions.approve}
              </Button>
              <Button
                size="small"
                danger
                loading={decide.isPending}
                onClick={() => onDecide(c.id, 'rejected')}
              >
                {text.actions.reject}
              </Button>
            </Space>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <Drawer
      open
      size="large"
      title={sku ? fill(text.history.titleOf, { sku }) : text.history.title}
      onClose={onClose}
      closable={{ 'aria-label': text.history.close }}
      extra={
        <Button icon={<DownloadOutlined />} onClick={() => void download()}>
          {text.history.download}
        </Button>
      }
    >
      {history.isError ? (
        <Result
          status="error"
          title={text.history.error}
          subTitle={isRpcError(history.error) ? history.error.apiMessage : undefined}
          extra={<Button onClick={() => void history.refetch()}>{text.retry}</Button>}
        />
      ) : (
        <Table<Change>
          rowKey="id"
          size="small"
          loading={history.isPending}
          columns={columns}
          dataSource={history.data?.items ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: history.isPending ? ' ' : <Empty description={text.history.empty} /> }}
        />
      )}
    </Drawer>
  );
}
