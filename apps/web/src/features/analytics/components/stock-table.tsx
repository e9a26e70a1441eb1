// The FBO stock rows as the FBO area's forecast answers them (v1.analytics.recommended-shipment.get): SKU,
// warehouse, on hand, in transit, 7-day sales, days of stock and the recommended shipment, server-paged.
import { FBO_LIMITS, FBO_WAREHOUSE_NAMES, fill, type FboStockRow } from '@moda/contracts';
import type { TableColumnsType } from 'antd';
import { ListTable } from '../../../components/list-table/list-table';
import type { Result } from '../../../lib/api/rpc-client';
import { formatCount } from '../model/format';
import { analyticsText } from '../locale';

const text = analyticsText.fboStocks;

const columns: TableColumnsType<FboStockRow> = [
  { key: 'sku', title: text.sku, dataIndex: 'sellerSku' },
  { key: 'title', title: text.title2, dataIndex: 'title' },
  { key: 'warehouse', title: text.warehouse, render: (_, r) => FBO_WAREHOUSE_NAMES[r.warehouseCode] },
  { key: 'onHand', title: text.onHand, align: 'right', render: (_, r) => formatCount(r.onHand) },
  { key: 'inTransit', title: text.inTransit, align: 'right', render: (_, r) => formatCount(r.inTransit) },
  { key: 'sales7', title: text.sales7, align: 'right', render: (_, r) => formatCount(r.sales7) },
  {
    key: 'daysOfStock',
    title: text.daysOfStock,
    align: 'right',
    render: (_, r) => (r.daysOfStock === null ? '—' : formatCount(r.daysOfStock)),
  },
  {
    key: 'recommended',
    title: text.recommended,
    align: 'right',
    render: (_, r) => formatCount(r.recommended),
  },
];

export function StockTable(props: {
  query: {
    data?: Result<'v1.analytics.recommended-shipment.get'> | undefined;
    error: unknown;
    isError: boolean;
    isFetching: boolean;
    isPending: boolean;
    refetch: () => unknown;
  };
  page: number;
  pageSize: number;
  onChange: (c: { page?: number; pageSize?: number }) => void;
}) {
  const { query } = props;
  return (
    <ListTable<FboStockRow>
      rowKey={(r) => `${r.sellerSku}|${r.warehouseCode}`}
      columns={columns}
      query={query}
      rows={query.data?.items ?? []}
      errorTitle={analyticsText.common.loadError}
      empty={text.empty}
      page={props.page}
      pageSize={props.pageSize}
      maxPageSize={FBO_LIMITS.pageSize.max}
      totalText={(n) => fill(text.rows, { n })}
      onListChange={(c) =>
        props.onChange({
          ...(c.page ? { page: c.page } : {}),
          ...(c.pageSize ? { pageSize: c.pageSize } : {}),
        })
      }
      scroll={{ x: 'max-content' }}
      size="small"
    />
  );
}
