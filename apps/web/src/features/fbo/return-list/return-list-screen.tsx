// FBO returns (spec 000 §2–§4 FBO return): the list with status tabs, filters by status, warehouse and
// created days, search by number or SKU, sorting and paging, the supplier_return export of what the filters
// show, and «Новый возврат». Everything — the open dialog too — lives in the URL.
import { Link } from 'react-router';
import { Button, Empty, Flex, Select, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  BASE_WAREHOUSES,
  FBO_RETURN_LIMITS,
  FboReturnStatus,
  fill,
  type FboReturnRow,
} from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { DateRangeFilter } from '../../../components/date-range-filter/date-range-filter';
import { ExportButton } from '../../../components/file-tasks/export-button';
import { ListTable } from '../../../components/list-table/list-table';
import { ListSearch } from '../../../components/list-search/list-search';
import { formatDate } from '../../../lib/dates';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { useSearchInput } from '../../../lib/use-debounced-value';
import { formatCount, formatDay, warehouseName } from '../model/supply-look';
import { useReturns } from '../returns/returns-api';
import {
  RETURN_COLUMN_SORT,
  RETURN_STATUS_COLOR,
  RETURN_TABS,
  formatSlot,
  returnStatusName,
  type ReturnTab,
} from '../returns/return-look';
import { fboReturnsText } from '../returns/locale';
import { NewReturnDialog } from './new-return-dialog';
import { filterParams, useReturnListUrl } from './use-return-list-url';

const t = fboReturnsText.list;

export function ReturnListScreen({ partnerId }: { partnerId: number }) {
  const { state, update } = useReturnListUrl();
  const { readOnly } = useReadOnly();
  const filter = filterParams(state);
  const list = useReturns(partnerId, {
    ...filter,
    sort: state.sort,
    page: state.page,
    pageSize: state.pageSize,
  });
  const [searchInput, setSearchInput] = useSearchInput(state.search, (search) => update({ search }, true));

  const sortField = state.sort.replace(/^-/, '');
  const sortedColumn = Object.entries(RETURN_COLUMN_SORT).find(([, f]) => f === sortField)?.[0];
  const sortable = (key: string) => ({
    sorter: true,
    sortOrder:
      sortedColumn === key ? (state.sort.startsWith('-') ? ('descend' as const) : ('ascend' as const)) : null,
  });

  const columns: TableColumnsType<FboReturnRow> = [
    {
      key: 'returnId',
      title: t.columns.returnId,
      fixed: 'left',
      ...sortable('returnId'),
      render: (_: unknown, row) => (
        <Link to={`/fbo/returns/${row.id}`} className="fbo__nowrap">
          {row.returnId}
        </Link>
      ),
    },
    { key: 'warehouse', dataIndex: 'warehouseCode', title: t.columns.warehouse, render: warehouseName },
    {
      key: 'returnAt',
      dataIndex: 'returnAt',
      title: t.columns.returnAt,
      ...sortable('returnAt'),
      render: (d: string | null) => (d ? <span className="fbo__nowrap">{formatDay(d)}</span> : '—'),
    },
    {
      key: 'slot',
      dataIndex: 'slot',
      title: t.columns.slot,
      render: (s: FboReturnRow['slot']) =>
        s ? (
          <span className="fbo__nowrap">{formatSlot(s)}</span>
        ) : (
          <Typography.Text type="secondary">{t.noSlot}</Typography.Text>
        ),
    },
    {
      key: 'quantity',
      dataIndex: 'quantity',
      title: t.columns.quantity,
      align: 'right',
      ...sortable('quantity'),
      render: (v: number) => formatCount(v),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t.columns.createdAt,
      ...sortable('createdAt'),
      render: (v: string) => formatDate(v),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t.columns.status,
      fixed: 'right',
      ...sortable('status'),
      render: (s: FboReturnRow['status']) => <Tag color={RETURN_STATUS_COLOR[s]}>{returnStatusName(s)}</Tag>,
    },
  ];

  const filtered =
    state.status.length + state.warehouse.length > 0 ||
    Boolean(state.search || state.created.since || state.created.until);
  const reset = () => {
    setSearchInput('');
    update({
      status: undefined,
      warehouse: undefined,
      search: undefined,
      createdFrom: undefined,
      createdTo: undefined,
    });
  };

  return (
    <div className="fbo">
      <PageHeader
        title={t.title}
        actions={
          <Flex gap={8}>
            <ExportButton
              partnerId={partnerId}
              types={['supplier_return']}
              label={t.export}
              filter={filter}
            />
            {readOnly ? null : (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => update({ action: 'new' })}>
                {t.newReturn}
              </Button>
            )}
          </Flex>
        }
      />
      <Tabs
        activeKey={state.tab}
        onChange={(tab) => update({ tab, status: undefined })}
        items={(Object.keys(RETURN_TABS) as ReturnTab[]).map((k) => ({ key: k, label: t.tabs[k] }))}
      />
      <Flex className="fbo__filters" gap={8} wrap>
        <ListSearch
          className="fbo__search"
          label={t.filters.search}
          placeholder={t.filters.searchPlaceholder}
          input={searchInput}
          setInput={setSearchInput}
          commit={(search) => update({ search })}
        />
        <Select
          mode="multiple"
          className="fbo__select"
          aria-label={t.filters.status}
          placeholder={t.filters.allStatuses}
          allowClear
          maxTagCount="responsive"
          value={state.status}
          onChange={(status: string[]) => update({ status })}
          options={(state.tab === 'all' ? FboReturnStatus.options : RETURN_TABS[state.tab]).map((s) => ({
            value: s,
            label: returnStatusName(s),
          }))}
          optionFilterProp="label"
          virtual={false}
        />
        <Select
          mode="multiple"
          className="fbo__select"
          aria-label={t.filters.warehouse}
          placeholder={t.filters.allWarehouses}
          allowClear
          maxTagCount="responsive"
          value={state.warehouse}
          onChange={(warehouse: string[]) => update({ warehouse })}
          options={BASE_WAREHOUSES.map((w) => ({ value: w, label: warehouseName(w) }))}
        />
        <DateRangeFilter
          label={t.filters.created}
          value={state.created}
          onChange={(r) => update({ createdFrom: r.since, createdTo: r.until })}
        />
        {filtered ? <Button onClick={reset}>{t.filters.reset}</Button> : null}
      </Flex>
      <ListTable<FboReturnRow>
        rowKey="id"
        columns={columns}
        query={list}
        rows={list.data?.items ?? []}
        errorTitle={t.error}
        empty={
          filtered || state.tab !== 'all' ? (
            <Empty description={t.emptyFiltered} />
          ) : (
            <Empty description={t.empty}>
              <Typography.Text type="secondary">{t.emptyHint}</Typography.Text>
            </Empty>
          )
        }
        page={state.page}
        pageSize={state.pageSize}
        maxPageSize={FBO_RETURN_LIMITS.pageSize.max}
        totalText={(total) => fill(t.total, { total })}
        sortFields={RETURN_COLUMN_SORT}
        onListChange={update}
      />
      {readOnly ? null : (
        <NewReturnDialog
          partnerId={partnerId}
          open={state.action === 'new'}
          onClose={() => update({ action: undefined })}
        />
      )}
    </div>
  );
}
