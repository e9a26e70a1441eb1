// The price table (spec 000 §2 /nomenclatures/prices, spec 001 §5 "Prices and discounts"): the partner's
// products with one country's price, sale price, period, discount, price index and approval state,
// filtered, sorted and paged on the server like the products list, all state in the URL. One product is
// edited in its row, a selection in one bulk change; reviewers approve or reject held changes.
import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Segmented,
  Select,
  Space,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { CheckOutlined, CloseOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import {
  NOMENCLATURE_LIMITS,
  PRICE_FILES,
  correctionFailedMessage,
  fill,
  type PriceListRow,
  type Role,
} from '@moda/contracts';
import { mayCall } from '../../../lib/api/may-call';
import { isRpcError } from '../../../lib/api/rpc-error';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { downloadRestFile, useDecidePrices, usePriceList } from '../api/price-queries';
import { ListTable } from '../../../components/list-table/list-table';
import { CatalogueFilters, isCatalogueFiltered } from '../product-list/catalogue-filters';
import { BulkPriceDialog, type BulkOutcome } from './bulk-price-dialog';
import { ApprovalCell, PriceIndexCell, Thumb } from './price-cells';
import { formatDay, formatMoney } from './price-format';
import { PriceHistoryDrawer } from './price-history-drawer';
import { PriceRowEditor } from './price-row-editor';
import { pricesText as text } from './locale';
import { usePricesUrl } from './use-prices-url';
import { useRowEditor } from './use-row-editor';

const COLUMN_SORT: Record<string, string> = {
  title: 'title',
  price: 'base_price',
  salePrice: 'red_price',
  priceIndex: 'pi_value',
};

export function PricesScreen({ partnerId, roles }: { partnerId: number; roles: readonly Role[] }) {
  const { message, notification } = App.useApp();
  const { state, update } = usePricesUrl();
  const params = {
    country: state.country,
    approval: state.approval,
    brand: state.brand,
    category: state.category,
    search: state.search.trim() || undefined,
    sort: state.sort,
    page: state.page,
    pageSize: state.pageSize,
  };
  const list = usePriceList(partnerId, params);
  const decide = useDecidePrices(partnerId);
  const editor = useRowEditor(partnerId);
  const { readOnly } = useReadOnly();
  const canEdit = mayCall('v1.nomenclatures.update-price', roles) && !readOnly;
  const canDecide = mayCall('v1.nomenclatures.prices-approve', roles);

  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  /** Selected products with their rows, kept across pages. */
  const [selected, setSelected] = useState<Map<string, PriceListRow>>(new Map());
  const [bulkOpen, setBulkOpen] = useState(false);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const autoConverted = Boolean(list.data?.autoConversion) && state.country !== 'RU';

  const clearSelection = () => setSelected(new Map());
  const notifyError = (title: string) => (error: unknown) =>
    notification.error({ title, description: isRpcError(error) ? error.apiMessage : undefined });

  const download = (url: string, name: string) =>
    downloadRestFile(url, name).catch(notifyError(text.downloadFailed));

  /** Why this row's price cannot be changed now, or null. */
  const blockedReason = (row: PriceListRow): string | null => {
    if (readOnly) return text.blocked.readOnly;
    if (autoConverted) return text.blocked.autoConverted;
    if (row.approval?.status === 'pending') return text.blocked.pending;
    const active = row.promotions.find((p) => p.state === 'active');
    if (active) return fill(text.blocked.activePromotion, { name: active.name });
    return null;
  };

  const onDecide = (changeIds: string[], decision: 'approved' | 'rejected') =>
    decide.mutate(
      { changeIds, decision },
      {
        onSuccess: () => {
          void message.success(decision === 'approved' ? text.results.approved : text.results.rejected);
          clearSelection();
        },
        onError: notifyError(text.results.decideFailed),
      },
    );

  const onBulkDone = (result: BulkOutcome) => {
    setBulkOpen(false);
    if (result.saved > 0) void message.success(fill(text.bulk.saved, { count: result.saved }));
    if (result.pending > 0) void message.info(fill(text.bulk.pending, { count: result.pending }));
    setOutcome(result.failed.length > 0 ? result : null);
    // The refused products stay selected for another try.
    setSelected((prev) => new Map([...prev].filter(([id]) => result.failed.some((f) => f.id === id))));
  };

  const sortedColumn = Object.entries(COLUMN_SORT).find(([, f]) => state.sort.replace(/^-/, '') === f)?.[0];
  const sortOrder = state.sort.startsWith('-') ? ('descend' as const) : ('ascend' as const);
  const sortOf = (key: string) => ({
    sorter: true,
    sortOrder: sortedColumn === key ? sortOrder : null,
  });
  const editingId = editor.editing?.row.id;
  const money = (v: number | null) => <span className="prices__nowrap">{formatMoney(v, state.country)}</span>;

  const columns: TableColumnsType<PriceListRow> = [
    {
      key: 'title',
      title: text.columns.title,
      ...sortOf('title'),
      render: (_, row) => (
        <Flex gap={12} align="flex-start" className="prices__product">
          <Thumb row={row} />
          <Flex vertical gap={2} className="prices__title">
            <span>{row.title}</span>
            <Typography.Text type="secondary" className="prices__note">
              {row.brand}
            </Typography.Text>
            <span className="prices__note prices__nowrap">
              {fill(text.sellerSku, { sku: row.sellerSku })}
            </span>
            <Typography.Text type="secondary" className="prices__note prices__nowrap">
              {fill(text.modaSku, { sku: row.modaSku })}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'price',
      title: text.columns.price,
      align: 'right',
      ...sortOf('price'),
      render: (_, row) => (
        <Flex vertical align="flex-end" gap={2}>
          {money(row.price)}
          {row.approval?.status === 'pending' ? (
            <Typography.Text type="warning" className="prices__note prices__nowrap">
              → {formatMoney(row.approval.newPrice, row.country)}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'salePrice',
      title: text.columns.salePrice,
      align: 'right',
      ...sortOf('salePrice'),
      render: (_, row) => money(row.salePrice),
    },
    {
      key: 'discount',
      title: text.columns.discount,
      align: 'right',
      render: (_, row) =>
        row.discount === null ? '—' : fill(text.discountValue, { discount: row.discount }),
    },
    {
      key: 'period',
      title: text.columns.period,
      render: (_, row) =>
        row.saleStartDate && row.saleEndDate ? (
          <span className="prices__nowrap">
            {fill(text.periodValue, { from: formatDay(row.saleStartDate), to: formatDay(row.saleEndDate) })}
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'priceIndex',
      title: text.columns.priceIndex,
      ...sortOf('priceIndex'),
      render: (_, row) => <PriceIndexCell piValue={row.piValue} />,
    },
    // The price check and the actions stay at the right edge on a narrow screen: they are what is acted on.
    {
      key: 'approval',
      title: text.columns.approval,
      fixed: 'right',
      render: (_, row) => <ApprovalCell row={row} />,
    },
    {
      key: 'actions',
      title: text.columns.actions,
      fixed: 'right',
      render: (_, row) => {
        const blocked = blockedReason(row);
        return (
          <Space size={0} wrap className="prices__actions">
            {mayCall('v1.nomenclatures.update-price', roles) ? (
              <Tooltip title={blocked ?? text.actions.edit}>
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  disabled={Boolean(blocked) || Boolean(editingId)}
                  aria-label={fill(text.actions.editLabel, { sku: row.sellerSku })}
                  onClick={() => editor.start(row)}
                />
              </Tooltip>
            ) : null}
            <Tooltip title={text.actions.history}>
              <Button
                type="text"
                icon={<HistoryOutlined />}
                aria-label={fill(text.actions.historyLabel, { sku: row.sellerSku })}
                onClick={() => update({ history: row.id })}
              />
            </Tooltip>
            {canDecide && row.approval?.status === 'pending' ? (
              <>
                <Button
                  type="link"
                  size="small"
                  aria-label={fill(text.actions.approveLabel, { sku: row.sellerSku })}
                  loading={decide.isPending}
                  onClick={() => onDecide([row.approval!.changeId], 'approved')}
                >
                  {text.actions.approve}
                </Button>
                <Button
                  type="link"
                  danger
                  size="small"
                  aria-label={fill(text.actions.rejectLabel, { sku: row.sellerSku })}
                  loading={decide.isPending}
                  onClick={() => onDecide([row.approval!.changeId], 'rejected')}
                >
                  {text.actions.reject}
                </Button>
              </>
            ) : null}
          </Space>
        );
      },
    },
  ];

  const filtered = isCatalogueFiltered(state);
  const countries = list.data?.countries ?? ['RU'];
  const selectedRows = [...selected.values()];
  const pendingSelected = selectedRows.filter((r) => r.approval?.status === 'pending');
  const pendingCount = list.data?.pendingCount;

  return (
    <div className="prices">
      <CatalogueFilters partnerId={partnerId} state={state} update={update}>
        {countries.length > 1 ? (
          <Select
            className="product-list__select prices__country"
            aria-label={text.filters.country}
            value={state.country}
            onChange={(country: string) => {
              editor.cancel();
              clearSelection();
              update({ country });
            }}
            options={countries.map((c) => ({ value: c, label: text.countries[c] }))}
          />
        ) : null}
      </CatalogueFilters>

      <Segmented
        className="prices__approval-filter"
        aria-label={text.filters.approval}
        value={state.approval}
        onChange={(approval) => {
          clearSelection();
          update({ approval: String(approval) });
        }}
        options={[
          { value: 'all', label: text.filters.all },
          {
            value: 'pending',
            label: pendingCount ? `${text.filters.pending} (${pendingCount})` : text.filters.pending,
          },
        ]}
      />

      {autoConverted ? (
        <Alert className="prices__notice" type="info" showIcon title={text.autoConversion} />
      ) : null}

      {outcome ? (
        <Alert
          className="prices__notice"
          type="warning"
          showIcon
          closable={{ 'aria-label': text.bulk.close }}
          onClose={() => setOutcome(null)}
          title={outcome.message ?? correctionFailedMessage(outcome.failed.length)}
          description={
            <Flex vertical gap={8} align="flex-start">
              <ul className="prices__failure-list">
                {outcome.failed.map((f) => (
                  <li key={f.id}>
                    {fill(text.bulk.failedItem, { sku: f.sku, messages: f.messages.join('; ') })}
                  </li>
                ))}
              </ul>
              {outcome.reportId ? (
                <Button
                  size="small"
                  onClick={() =>
                    void download(
                      PRICE_FILES.validationReport(partnerId, outcome.reportId!),
                      'prices-validation-report.xlsx',
                    )
                  }
                >
                  {text.bulk.report}
                </Button>
              ) : null}
            </Flex>
          }
        />
      ) : null}

      {selected.size > 0 ? (
        <Flex className="prices__bulk" gap={8} align="center" wrap role="toolbar">
          <span>{fill(text.bulk.selected, { count: selected.size })}</span>
          {mayCall('v1.nomenclatures.set-prices', roles) ? (
            <Tooltip
              title={readOnly ? text.blocked.readOnly : autoConverted ? text.blocked.autoConverted : null}
            >
              <Button
                type="primary"
                icon={<EditOutlined />}
                disabled={!canEdit || autoConverted}
                onClick={() => setBulkOpen(true)}
              >
                {text.bulk.edit}
              </Button>
            </Tooltip>
          ) : null}
          {canDecide && pendingSelected.length > 0 ? (
            <>
              <Button
                icon={<CheckOutlined />}
                loading={decide.isPending}
                onClick={() =>
                  onDecide(
                    pendingSelected.map((r) => r.approval!.changeId),
                    'approved',
                  )
                }
              >
                {text.bulk.approve}
              </Button>
              <Button
                danger
                icon={<CloseOutlined />}
                loading={decide.isPending}
                onClick={() =>
                  onDecide(
                    pendingSelected.map((r) => r.approval!.changeId),
                    'rejected',
                  )
                }
              >
                {text.bulk.reject}
              </Button>
            </>
          ) : null}
          <Button type="link" onClick={clearSelection}>
            {text.bulk.clear}
          </Button>
        </Flex>
      ) : null}

      <ListTable<PriceListRow>
        className="prices__table"
        rowKey="id"
        rowLabel={(row) => fill(text.selectRow, { sku: row.sellerSku })}
        columns={columns}
        query={list}
        rows={rows}
        errorTitle={text.error}
        empty={
          <Empty
            description={
              state.approval === 'pending' ? text.emptyPending : filtered ? text.emptyFiltered : text.empty
            }
          />
        }
        page={state.page}
        pageSize={state.pageSize}
        maxPageSize={NOMENCLATURE_LIMITS.pageSize.max}
        totalText={(total) => fill(text.total, { total })}
        sortFields={COLUMN_SORT}
        onListChange={update}
        rowClassName={(row) => (row.id === editingId ? 'prices__row--editing' : '')}
        expandable={{
          showExpandColumn: false,
          expandedRowKeys: editingId ? [editingId] : [],
          // Ant Design keeps a collapsed row's content rendered: only the row being edited has an editor.
          expandedRowRender: (row) =>
            row.id === editingId ? <PriceRowEditor partnerId={partnerId} row={row} editor={editor} /> : null,
          expandedRowClassName: () => 'prices__row--editing',
        }}
        rowSelection={{
          selectedRowKeys: [...selected.keys()],
          preserveSelectedRowKeys: true,
          onChange: (keys) =>
            setSelected((prev) => {
              const byId = new Map(rows.map((r) => [r.id, r]));
              return new Map(
                keys.map(String).flatMap((id) => {
                  const row = byId.get(id) ?? prev.get(id);
                  return row ? [[id, row] as const] : [];
                }),
              );
            }),
        }}
      />

      {bulkOpen ? (
        <BulkPriceDialog
          partnerId={partnerId}
          country={state.country}
          rows={selectedRows}
          onClose={() => setBulkOpen(false)}
          onDone={onBulkDone}
        />
      ) : null}

      {state.history ? (
        <PriceHistoryDrawer
          partnerId={partnerId}
          productId={state.history}
          sku={rows.find((r) => r.id === state.history)?.sellerSku}
          canDecide={canDecide}
          onClose={() => update({ history: undefined })}
        />
      ) : null}
    </div>
  );
}
