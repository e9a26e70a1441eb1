// FBO supplies (spec 000 §2–§4 FBO supply): the list with filters by status, warehouse, planned and created
// days, search by number or SKU, sorting and paging, the export of what the filters show, and «Новая
// поставка». Everything — the open dialog too — lives in the URL.
import { Link } from 'react-router';
import { App, Button, Empty, Flex, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { BASE_WAREHOUSES, FBO_LIMITS, FboSupplyStatus, fill, type FboSupplyRow } from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { DateRangeFilter } from '../../../components/date-range-filter/date-range-filter';
import { ExportButton } from '../../../components/file-tasks/export-button';
import { ListTable } from '../../../components/list-table/list-table';
import { ListSearch } from '../../../components/list-search/list-search';
import { isRpcError } from '../../../lib/api/rpc-error';
import { formatDate } from '../../../lib/dates';
import { formatRub } from '../../../lib/money';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { useSearchInput } from '../../../lib/use-debounced-value';
import { useSupplies } from '../api/fbo-queries';
import { downloadUploadedFile } from '../api/fbo-rest';
import { COLUMN_SORT, formatDay, STATUS_COLOR, statusName, warehouseName } from '../model/supply-look';
import { fboText } from '../locale';
import { NewSupplyDialog } from './new-supply-dialog';
import { filterParams, useSupplyListUrl } from './use-shipment-list-url';

const t = fboText.shipments;

export function ShipmentListScreen({ partnerId }: { partnerId: number }) {
  const { notification } = App.useApp();
  const { state, update } = useSupplyListUrl();
  const { readOnly } = useReadOnly();
  const filter = filterParams(state);
  const list = useSupplies(partnerId, {
    ...filter,
    sort: state.sort,
    page: state.page,
    pageSize: state.pageSize,
  });
  const [searchInput, setSearchInput] = useSearchInput(state.search, (search) => update({ search }, true));

  const sortField = state.sort.replace(/^-/, '');
  const sortedColumn = Object.entries(COLUMN_SORT).find(([, f]) => f === sortField)?.[0];
  const sortable = (key: string) => ({
    sorter: true,
    sortOrder:
      sortedColumn === key ? (state.sort.startsWith('-') ? ('descend' as const) : ('ascend' as const)) : null,
  });

  const download = (row: FboSupplyRow) =>
    void downloadUploadedFile(row.fileId!, row.fileName ?? 'supply.xlsx').catch((error: unknown) =>
      notification.error({
        title: t.fileFailed,
        description: isRpcError(error) ? error.apiMessage : undefined,
      }),
    );

  const columns: TableColumnsType<FboSupplyRow> = [
    {
      key: 'number',
      title: t.columns.number,
      ...sortable('number'),
      render: (_: unknown, row) => (
        <Link to={`/fbo/shipments/${row.id}`} className="fbo__nowrap">
          {row.number}
        </Link>
      ),
    },
    {
      key: 'plannedDate',
      dataIndex: 'plannedDate',
      title: t.columns.plannedDate,
      ...sortable('plannedDate'),
      render: (d: string | null) =>
        d ? (
          <span className="fbo__nowrap">{formatDay(d)}</span>
        ) : (
          <Typography.Text type="secondary">{t.noSlot}</Typography.Text>
        ),
    },
    { key: 'warehouse', dataIndex: 'warehouseCode', title: t.columns.warehouse, render: warehouseName },
    {
      key: 'itemsQuantity',
      dataIndex: 'itemsQuantity',
      title: t.columns.items,
      align: 'right',
      ...sortable('itemsQuantity'),
    },
    {
      key: 'priceSum',
      dataIndex: 'priceSum',
      title: t.columns.priceSum,
      align: 'right',
      ...sortable('priceSum'),
      render: (v: number) => <span className="fbo__nowrap">{formatRub(v)}</span>,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t.columns.status,
      ...sortable('status'),
      render: (s: FboSupplyRow['status']) => <Tag color={STATUS_COLOR[s]}>{statusName(s)}</Tag>,
    },
    {
      key: 'file',
      title: t.columns.file,
      render: (_: unknown, row) =>
        row.fileId ? (
          <Button type="link" size="small" className="fbo__file" onClick={() => download(row)}>
            {row.fileName}
          </Button>
        ) : (
          '—'
        ),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t.columns.createdAt,
      ...sortable('createdAt'),
      render: (v: string) => formatDate(v),
    },
  ];

  const filtered = Object.keys(filter).length > 0;
  const reset = () => {
    setSearchInput('');
    update({
      status: undefined,
      warehouse: undefined,
      search: undefined,
      plannedFrom: undefined,
      plannedTo: undefined,
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
              types={['fulfilment_shipment']}
              label={t.export}
              filter={filter}
            />
            {readOnly ? null : (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => update({ action: 'new' })}>
                {t.newSupply}
              </Button>
            )}
          </Flex>
        }
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
          options={FboSupplyStatus.options.map((s) => ({ value: s, label: statusName(s) }))}
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
          label={t.filters.planned}
          value={state.planned}
          onChange={(r) => update({ plannedFrom: r.since, plannedTo: r.until })}
        />
        <DateRangeFilter
          label={t.filters.created}
          value={state.created}
          onChange={(r) => update({ createdFrom: r.since, createdTo: r.until })}
        />
        {filtered ? <Button onClick={reset}>{t.filters.reset}</Button> : null}
      </Flex>
      <ListTable<FboSupplyRow>
        rowKey="id"
        columns={columns}
        query={list}
        rows={list.data?.items ?? []}
        errorTitle={t.error}
        empty={
          filtered ? (
            <Empty description={t.emptyFiltered} />
          ) : (
            <Empty description={t.empty}>
              <Typography.Text type="secondary">{t.emptyHint}</Typography.Text>
            </Empty>
          )
        }
        page={state.page}
        pageSize={state.pageSize}
        maxPageSize={FBO_LIMITS.pageSize.max}
        totalText={(total) => fill(t.total, { total })}
        sortFields={COLUMN_SORT}
        onListChange={update}
      />
      {readOnly ? null : (
        <NewSupplyDialog
          partnerId={partnerId}
          open={state.action === 'new'}
          onClose={() => update({ action: undefined })}
        />
      )}
    </div>
  );
}
