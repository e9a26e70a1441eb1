// The orders list (spec 000 §2–§4 Order, spec 001 §5, §9): tabs all / overdue / with discrepancy acts with
// counts, filters (statuses with counts, country, search, created and delivery days), sorting, server
// paging, row selection for one labels PDF, and the export of what the filters show. All state in the URL.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  App,
  Button,
  Empty,
  Flex,
  Select,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PrinterOutlined, WarningOutlined } from '@ant-design/icons';
import {
  Country,
  fill,
  LabelSize,
  ORDER_LIMITS,
  OrderListTab,
  OrderStatus,
  type OrderRow,
} from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { DateRangeFilter } from '../../../components/date-range-filter/date-range-filter';
import { ExportButton } from '../../../components/file-tasks/export-button';
import { isRpcError } from '../../../lib/api/rpc-error';
import { formatDateTime } from '../../../lib/dates';
import { formatRub } from '../../../lib/money';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { useSearchInput } from '../../../lib/use-debounced-value';
import { useOrderCounts, useOrderList } from '../api/order-queries';
import { printBatchLabels, type LabelSizeValue } from '../api/order-rest';
import { filterParams } from '../model/order-filter';
import { COLUMN_SORT, STATUS_COLOR } from '../model/order-look';
import { ordersText, statusNames } from '../locale';
import { useOrderListUrl } from './use-order-list-url';
import { ListTable } from '../../../components/list-table/list-table';
import { ListSearch } from '../../../components/list-search/list-search';
import '../orders.css';

const text = ordersText.list;

export interface OrderListScreenProps {
  partnerId: number;
  /** For tests: the moment the screen treats as now (it decides "today" of the date filters). */
  now?: Date;
}

export function OrderListScreen({ partnerId, now: fixedNow }: OrderListScreenProps) {
  const { notification, message } = App.useApp();
  const now = fixedNow ?? new Date();
  const { state, update } = useOrderListUrl();
  const list = useOrderList(partnerId, state, now);
  const counts = useOrderCounts(partnerId, state, now);

  const [searchInput, setSearchInput] = useSearchInput(state.search, (search) => update({ search }, true));

  // Printing labels issues pack numbers (a change): a read-only cabinet selects no rows.
  const { readOnly } = useReadOnly();
  const [selected, setSelected] = useState<string[]>([]);
  const [labelSize, setLabelSize] = useState<LabelSizeValue>('75x120');
  const [printing, setPrinting] = useState(false);
  const rows = useMemo(() => list.data?.items ?? [], [list.data]);

  const failure = (title: string, error: unknown) =>
    notification.error({ title, description: isRpcError(error) ? error.apiMessage : undefined });

  const printSelected = async () => {
    if (selected.length > ORDER_LIMITS.labelsBatchMax) {
      notification.warning({ title: fill(text.bulk.tooMany, { max: ORDER_LIMITS.labelsBatchMax }) });
      return;
    }
    setPrinting(true);
    try {
      const name = await printBatchLabels(partnerId, selected, labelSize);
      void message.success(fill(text.labelsSaved, { name }));
    } catch (error) {
      failure(text.labelsFailed, error);
    } finally {
      setPrinting(false);
    }
  };

  const sortField = state.sort.replace(/^-/, '');
  const sortedColumn = Object.entries(COLUMN_SORT).find(([, f]) => f === sortField)?.[0];
  const sortOrder = state.sort.startsWith('-') ? ('descend' as const) : ('ascend' as const);
  const sortable = (key: string) => ({
    sorter: true,
    sortOrder: sortedColumn === key ? sortOrder : null,
  });

  const columns: TableColumnsType<OrderRow> = [
    {
      key: 'orderNr',
      dataIndex: 'orderNr',
      title: text.columns.orderNr,
      ...sortable('orderNr'),
      render: (nr: string) => (
        <Link to={`/orders/${encodeURIComponent(nr)}`} className="order-list__nr">
          {nr}
        </Link>
      ),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: text.columns.createdAt,
      ...sortable('createdAt'),
      render: (v: string) => <span className="order-list__nowrap">{formatDateTime(v)}</span>,
    },
    {
      key: 'cutOffAt',
      dataIndex: 'cutOffAt',
      title: text.columns.cutOffAt,
      ...sortable('cutOffAt'),
      render: (v: string, row) =>
        row.isOverdue ? (
          <Tooltip title={text.overdue}>
            <Typography.Text type="danger" strong className="order-list__nowrap order-list__overdue">
              <WarningOutlined aria-label={text.overdue} /> {formatDateTime(v)}
            </Typography.Text>
          </Tooltip>
        ) : (
          <span className="order-list__nowrap">{formatDateTime(v)}</span>
        ),
    },
    {
      key: 'sum',
      dataIndex: 'sum',
      title: text.columns.sum,
      align: 'right',
      ...sortable('sum'),
      render: (v: number) => <span className="order-list__nowrap">{formatRub(v)}</span>,
    },
    { key: 'itemCount', dataIndex: 'itemCount', title: text.columns.itemCount, align: 'right' },
    {
      key: 'status',
      dataIndex: 'status',
      title: text.columns.status,
      ...sortable('status'),
      render: (s: OrderRow['status']) => <Tag color={STATUS_COLOR[s]}>{statusNames[s]}</Tag>,
    },
    {
      key: 'acts',
      dataIndex: 'hasDiscrepancyActs',
      title: text.columns.acts,
      render: (has: boolean) => (has ? <Tag color="red">{text.hasAct}</Tag> : null),
    },
    {
      key: 'tracking',
      dataIndex: 'trackingNumbers',
      title: text.columns.tracking,
      render: (numbers: string[]) =>
        numbers.length ? (
          <Flex vertical gap={2}>
            {numbers.map((n) => (
              <span key={n} className="order-list__mono">
                {n}
              </span>
            ))}
          </Flex>
        ) : (
          '—'
        ),
    },
  ];

  const filtered = Boolean(
    state.status.length ||
    state.country ||
    state.search ||
    state.created.since ||
    state.created.until ||
    state.delivery.since ||
    state.delivery.until,
  );
  const resetFilters = () => {
    setSearchInput('');
    update({
      status: undefined,
      country: undefined,
      search: undefined,
      createdFrom: undefined,
      createdTo: undefined,
      deliveryFrom: undefined,
      deliveryTo: undefined,
    });
  };

  const statusOptions = OrderStatus.options.map((s) => {
    const count = s === 'unspecified' ? undefined : counts.data?.statuses[s];
    return {
      value: s,
      label:
        count === undefined
          ? statusNames[s]
          : fill(text.filters.statusOption, { name: statusNames[s], count }),
    };
  });

  return (
    <div className="order-list">
      <PageHeader
        title={text.title}
        actions={
          <ExportButton
            partnerId={partnerId}
            types={['orders_and_items']}
            label={text.export}
            filter={{ ...filterParams(state, now), tab: state.tab }}
          />
        }
      />

      <Tabs
        className="order-list__tabs"
        aria-label={text.tabsLabel}
        activeKey={state.tab}
        onChange={(tab) => {
          setSelected([]);
          update({ tab });
        }}
        items={OrderListTab.options.map((tab) => ({
          key: tab,
          label: (
            <span className="order-list__tab" data-tab={tab}>
              {text.tabs[tab]}
              <span className="order-list__count">{counts.data?.tabs[tab] ?? '…'}</span>
            </span>
          ),
        }))}
      />

      <Flex className="order-list__filters" gap={8} wrap>
        <ListSearch
          className="order-list__search"
          label={text.filters.search}
          placeholder={text.filters.searchPlaceholder}
          input={searchInput}
          setInput={setSearchInput}
          commit={(search) => update({ search })}
        />
        <Select
          mode="multiple"
          className="order-list__select order-list__status"
          aria-label={text.filters.status}
          placeholder={text.filters.allStatuses}
          allowClear
          maxTagCount="responsive"
          value={state.status}
          onChange={(status: string[]) => update({ status })}
          options={statusOptions}
          optionFilterProp="label"
          // Thirteen options: all rendered, so every status is reachable without scrolling a virtual list.
          virtual={false}
        />
        <Select
          className="order-list__select"
          aria-label={text.filters.country}
          placeholder={text.filters.allCountries}
          allowClear
          value={state.country}
          onChange={(country?: string) => update({ country })}
          options={Country.options.map((c) => ({ value: c, label: ordersText.countries[c] }))}
        />
        <DateRangeFilter
          className="order-list__dates"
          label={text.filters.created}
          value={state.created}
          onChange={(r) => update({ createdFrom: r.since, createdTo: r.until })}
        />
        <DateRangeFilter
          className="order-list__dates"
          label={text.filters.delivery}
          value={state.delivery}
          onChange={(r) => update({ deliveryFrom: r.since, deliveryTo: r.until })}
        />
        {filtered ? <Button onClick={resetFilters}>{text.filters.reset}</Button> : null}
      </Flex>

      {selected.length > 0 && !readOnly ? (
        <Flex className="order-list__bulk" gap={8} align="center" wrap role="toolbar">
          <span>{fill(text.bulk.selected, { count: selected.length })}</span>
          <Select
            className="order-list__label-size"
            aria-label={ordersText.shipmentPreparation.labelSize}
            value={labelSize}
            onChange={(v: LabelSizeValue) => setLabelSize(v)}
            options={LabelSize.options.map((s) => ({
              value: s,
              label: ordersText.shipmentPreparation.labelSizes[s],
            }))}
          />
          <Button
            type="primary"
            icon={<PrinterOutlined />}
            loading={printing}
            onClick={() => void printSelected()}
          >
            {text.bulk.printLabels}
          </Button>
          <Button type="link" onClick={() => setSelected([])}>
            {text.bulk.clear}
          </Button>
        </Flex>
      ) : null}

      <ListTable<OrderRow>
        className="order-list__table"
        rowKey="orderNr"
        rowLabel={(row) => fill(text.selectRow, { nr: row.orderNr })}
        columns={columns}
        query={list}
        rows={rows}
        errorTitle={text.error}
        empty={
          filtered ? (
            <Empty description={text.emptyFiltered} />
          ) : (
            <Empty description={text.empty}>
              <Typography.Text type="secondary">{text.emptyHint}</Typography.Text>
            </Empty>
          )
        }
        page={state.page}
        pageSize={state.pageSize}
        maxPageSize={ORDER_LIMITS.pageSize.max}
        totalText={(total) => fill(text.total, { total })}
        sortFields={COLUMN_SORT}
        onListChange={update}
        rowClassName={(row) => (row.isOverdue ? 'order-list__row--overdue' : '')}
        rowSelection={
          readOnly
            ? undefined
            : {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                preserveSelectedRowKeys: true,
              }
        }
      />
    </div>
  );
}
