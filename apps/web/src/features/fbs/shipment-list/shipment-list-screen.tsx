// FBS shipments (spec 000 §2–§4 FBS shipment): the hand-overs of the seller's warehouse, the one being formed
// first, with filters by status and hand-over days, search by shipment or order number, sorting and paging —
// all in the URL; sellers who plan hand-overs in Excel upload the shipment file from here.
import { Link } from 'react-router';
import { Button, Empty, Flex, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { FBS_LIMITS, FbsShipmentStatus, fill, type FbsShipmentRow } from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { DateRangeFilter } from '../../../components/date-range-filter/date-range-filter';
import { ListTable } from '../../../components/list-table/list-table';
import { ListSearch } from '../../../components/list-search/list-search';
import { formatDateTime } from '../../../lib/dates';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { useSearchInput } from '../../../lib/use-debounced-value';
import { useShipments } from '../api/fbs-queries';
import { COLUMN_SORT, SHIPMENT_COLOR, shipmentStatusName } from '../model/look';
import { fbsText } from '../locale';
import { ShipmentFileDialog } from './shipment-file-dialog';
import { filterParams, useShipmentListUrl } from './use-shipment-list-url';

const t = fbsText.shipments;

export function ShipmentListScreen({ partnerId }: { partnerId: number }) {
  const { state, update } = useShipmentListUrl();
  const { readOnly } = useReadOnly();
  const filter = filterParams(state);
  const list = useShipments(partnerId, {
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

  const columns: TableColumnsType<FbsShipmentRow> = [
    {
      key: 'shipmentId',
      title: t.columns.shipmentId,
      fixed: 'left',
      ...sortable('shipmentId'),
      render: (_: unknown, row) => (
        <Link to={`/fbs/shipments/${row.id}`} className="fbs__nowrap">
          {row.shipmentId}
        </Link>
      ),
    },
    {
      key: 'shippedAt',
      dataIndex: 'shippedAt',
      title: t.columns.shippedAt,
      ...sortable('shippedAt'),
      render: (v: string) => <span className="fbs__nowrap">{formatDateTime(v)}</span>,
    },
    { key: 'pallets', dataIndex: 'pallets', title: t.columns.pallets, align: 'right' },
    { key: 'packs', dataIndex: 'packs', title: t.columns.packs, align: 'right' },
    { key: 'items', dataIndex: 'items', title: t.columns.items, align: 'right', ...sortable('items') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t.columns.status,
      fixed: 'right',
      ...sortable('status'),
      render: (s: FbsShipmentRow['status']) => <Tag color={SHIPMENT_COLOR[s]}>{shipmentStatusName(s)}</Tag>,
    },
  ];

  const filtered = Object.keys(filter).length > 0;
  const reset = () => {
    setSearchInput('');
    update({ status: undefined, search: undefined, shippedFrom: undefined, shippedTo: undefined });
  };

  return (
    <div className="fbs">
      <PageHeader
        title={t.title}
        actions={
          readOnly ? null : (
            <Button icon={<UploadOutlined />} onClick={() => update({ action: 'upload' })}>
              {t.upload}
            </Button>
          )
        }
      />
      <Typography.Text type="secondary" className="fbs__hint">
        {t.hint}
      </Typography.Text>
      <Flex className="fbs__filters" gap={8} wrap>
        <ListSearch
          className="fbs__search"
          label={t.filters.search}
          placeholder={t.filters.searchPlaceholder}
          input={searchInput}
          setInput={setSearchInput}
          commit={(search) => update({ search })}
        />
        <Select
          mode="multiple"
          className="fbs__select"
          aria-label={t.filters.status}
          placeholder={t.filters.allStatuses}
          allowClear
          maxTagCount="responsive"
          value={state.status}
          onChange={(status: string[]) => update({ status })}
          options={FbsShipmentStatus.options.map((s) => ({ value: s, label: shipmentStatusName(s) }))}
          optionFilterProp="label"
          virtual={false}
        />
        <DateRangeFilter
          label={t.filters.shipped}
          value={state.shipped}
          onChange={(r) => update({ shippedFrom: r.since, shippedTo: r.until })}
        />
        {filtered ? <Button onClick={reset}>{t.filters.reset}</Button> : null}
      </Flex>
      <ListTable<FbsShipmentRow>
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
        maxPageSize={FBS_LIMITS.pageSize.max}
        totalText={(total) => fill(t.total, { total })}
        sortFields={COLUMN_SORT}
        onListChange={update}
      />
      {readOnly ? null : (
        <ShipmentFileDialog
          partnerId={partnerId}
          open={state.action === 'upload'}
          onClose={() => update({ action: undefined })}
        />
      )}
    </div>
  );
}
