// The products list (spec 000 §2, §4 Product): status tabs with counts, brand/category/search filters,
// sorting, server paging, and the row actions — show or hide (one or many, answered per product), stock,
// edit, photos and hiding the moderator's note. All list state lives in the URL.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  InputNumber,
  Space,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import {
  CheckOutlined,
  EditOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  PictureOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { fill, NOMENCLATURE_LIMITS, ProductListTab, SKU_FIELD, type ProductRow } from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { ExportButton } from '../../../components/file-tasks/export-button';
import { isRpcError } from '../../../lib/api/rpc-error';
import {
  useCategories,
  useHideModeration,
  useProductCounts,
  useProductList,
  useUpdateActivation,
  useUpdateStock,
} from '../api/product-list-queries';
import { useCatalogueReadOnly, WhyDisabled } from '../components/read-only';
import { formatRub } from '../model/format';
import { nomenclaturesText } from '../locale';
import { useProductListUrl } from './use-product-list-url';
import { CatalogueFilters, isCatalogueFiltered } from './catalogue-filters';
import { ListTable } from '../../../components/list-table/list-table';
import '../nomenclatures.css';

const text = nomenclaturesText.list;
/** The products list's exports (spec 000 §3): full attributes, reduced attributes, prices. */
const PRODUCT_EXPORTS = [
  'nomenclatures_with_full_attributes',
  'nomenclatures_with_reduced_attributes',
  'nomenclature_sell_values',
] as const;

/** Which table column sorts by which server field. */
const COLUMN_SORT: Record<string, string> = {
  title: 'title',
  sellerSku: 'sku',
  price: 'base_price',
  salePrice: 'red_price',
};

const STATUS_COLOR: Record<ProductRow['status'], string> = {
  online: 'green',
  inactive: 'default',
  out_of_stock: 'orange',
  moderation_pending: 'blue',
  need_action: 'red',
  photoshoot_pending: 'purple',
};

const canHide = (row: ProductRow) => row.status === 'online' || row.status === 'out_of_stock';

export interface Failure {
  id: string;
  sku: string;
  message: string;
}

export function ProductListScreen({ partnerId }: { partnerId: number }) {
  const { message, notification } = App.useApp();
  const { state, update } = useProductListUrl();
  const list = useProductList(partnerId, state);
  const categories = useCategories();
  const counts = useProductCounts(partnerId, state);
  const activation = useUpdateActivation(partnerId);
  const hideNote = useHideModeration(partnerId);
  // Until the terms are signed nothing here changes products: no showing, hiding, stock or notes, no rows
  // to select for them, no adding; the list, its filters, exports and the cards stay open to read.
  const { readOnly, reason } = useCatalogueReadOnly();

  const [selected, setSelected] = useState<string[]>([]);
  const [failures, setFailures] = useState<{ failed: Failure[]; total: number } | null>(null);
  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  const skuOf = useMemo(() => new Map(rows.map((r) => [r.id, r.sellerSku])), [rows]);

  const notifyError = (error: unknown) =>
    notification.error({
      title: text.failedAction,
      description: isRpcError(error) ? error.apiMessage : undefined,
    });

  const setActive = (ids: string[], active: boolean) => {
    activation.mutate(
      { ids, active },
      {
        onSuccess: ({ items }) => {
          const ok = items.filter((i) => i.ok);
          const failed = items
            .filter((i) => !i.ok)
            .map((i) => ({ id: i.id, sku: skuOf.get(i.id) ?? i.id, message: i.error?.message ?? '' }));
          if (ok.length > 0)
            void message.success(
              fill(active ? text.results.shown : text.results.hidden, { count: ok.length }),
            );
          setFailures(failed.length > 0 ? { failed, total: items.length } : null);
          setSelected(failed.map((f) => f.id));
        },
        onError: notifyError,
      },
    );
  };

  const sortedColumn = Object.entries(COLUMN_SORT).find(([, f]) => state.sort.replace(/^-/, '') === f)?.[0];
  const sortOrder = state.sort.startsWith('-') ? ('descend' as const) : ('ascend' as const);

  const columns: TableColumnsType<ProductRow> = [
    {
      key: 'title',
      dataIndex: 'title',
      title: text.columns.title,
      sorter: true,
      sortOrder: sortedColumn === 'title' ? sortOrder : null,
      width: 220,
      render: (title: string, row) => (
        <Flex vertical gap={2}>
          <span className="product-list__title">{title}</span>
          <Typography.Text type="secondary" className="product-list__category">
            {categories.data?.items.find((c) => c.code === row.category)?.name ?? row.category}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'sellerSku',
      dataIndex: 'sellerSku',
      title: text.columns.sellerSku,
      sorter: true,
      sortOrder: sortedColumn === 'sellerSku' ? sortOrder : null,
    },
    { key: 'modaSku', dataIndex: SKU_FIELD, title: text.columns.modaSku },
    {
      key: 'barcode',
      dataIndex: 'barcode',
      title: text.columns.barcode,
      render: (v: string | null) => v ?? '—',
    },
    { key: 'brand', dataIndex: 'brand', title: text.columns.brand },
    {
      key: 'price',
      dataIndex: 'price',
      title: text.columns.price,
      sorter: true,
      sortOrder: sortedColumn === 'price' ? sortOrder : null,
      align: 'right',
      render: (v: number | null) => <span className="product-list__money">{formatRub(v)}</span>,
    },
    {
      key: 'salePrice',
      dataIndex: 'salePrice',
      title: text.columns.salePrice,
      sorter: true,
      sortOrder: sortedColumn === 'salePrice' ? sortOrder : null,
      align: 'right',
      render: (v: number | null) => <span className="product-list__money">{formatRub(v)}</span>,
    },
    {
      key: 'quantity',
      dataIndex: 'quantity',
      title: text.columns.quantity,
      render: (_: number, row) => (
        <StockCell key={`${row.id}:${row.quantity}`} partnerId={partnerId} row={row} reason={reason} />
      ),
    },
    // Status, the moderator's note and the actions stay at the right edge while the other columns scroll:
    // they are what a seller acts on.
    {
      key: 'status',
      dataIndex: 'status',
      title: text.columns.status,
      fixed: 'right',
      render: (status: ProductRow['status'], row) =>
        row.archived ? (
          <Tag>{text.status.archived}</Tag>
        ) : (
          <Tag color={STATUS_COLOR[status]}>{text.status[status]}</Tag>
        ),
    },
    {
      key: 'moderation',
      dataIndex: 'moderationReason',
      title: text.columns.moderation,
      fixed: 'right',
      width: 200,
      render: (reason: string | null, row) =>
        reason ? (
          <Flex vertical gap={4} align="flex-start">
            <Typography.Text type="danger">{reason}</Typography.Text>
            <WhyDisabled reason={reason}>
              <Button
                size="small"
                type="link"
                className="product-list__link-button"
                aria-label={text.actions.hideNoteLabel}
                disabled={readOnly}
                loading={hideNote.isPending && hideNote.variables?.[0] === row.id}
                onClick={() =>
                  hideNote.mutate([row.id], {
                    onSuccess: () => void message.success(text.results.noteHidden),
                    onError: notifyError,
                  })
                }
              >
                {text.actions.hideNote}
              </Button>
            </WhyDisabled>
          </Flex>
        ) : null,
    },
    {
      key: 'actions',
      title: text.columns.actions,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space
          size={0}
          orientation="vertical"
          align="start"
          className="product-list__actions"
          aria-label={fill(text.actions.more, { sku: row.sellerSku })}
        >
          <WhyDisabled reason={reason}>
            {canHide(row) ? (
              <Button
                type="text"
                size="small"
                icon={<EyeInvisibleOutlined />}
                disabled={readOnly}
                onClick={() => setActive([row.id], false)}
              >
                {text.actions.hide}
              </Button>
            ) : (
              <Button
                type="text"
                size="small"
                icon={<EyeOutlined />}
                disabled={readOnly}
                onClick={() => setActive([row.id], true)}
              >
                {text.actions.show}
              </Button>
            )}
          </WhyDisabled>
          <Link to={`/nomenclatures/edit/manually/${row.id}`} className="product-list__action-link">
            <EditOutlined /> {text.actions.edit}
          </Link>
          <Link
            to={`/nomenclatures/images?parent=${encodeURIComponent(row.sellerParentSku)}`}
            className="product-list__action-link"
          >
            <PictureOutlined /> {text.actions.photos}
          </Link>
        </Space>
      ),
    },
  ];

  const filtered = isCatalogueFiltered(state);

  return (
    <div className="product-list">
      <PageHeader
        title={text.title}
        actions={
          <>
            <ExportButton
              partnerId={partnerId}
              types={PRODUCT_EXPORTS}
              filter={{
                tab: state.tab,
                brand: state.brand,
                category: state.category,
                search: state.search.trim() || undefined,
              }}
            />
            <Link to="/nomenclatures/images">
              <Button icon={<PictureOutlined />}>{text.images}</Button>
            </Link>
            {readOnly ? (
              <WhyDisabled reason={reason}>
                <Button type="primary" icon={<PlusOutlined />} disabled>
                  {text.add}
                </Button>
              </WhyDisabled>
            ) : (
              <Link to="/nomenclatures/add">
                <Button type="primary" icon={<PlusOutlined />}>
                  {text.add}
                </Button>
              </Link>
            )}
          </>
        }
      />

      <Tabs
        className="product-list__tabs"
        aria-label={text.tabsLabel}
        activeKey={state.tab}
        onChange={(tab) => {
          setSelected([]);
          setFailures(null);
          update({ tab });
        }}
        items={ProductListTab.options.map((tab) => ({
          key: tab,
          label: (
            <span className="product-list__tab" data-tab={tab}>
              {text.tabs[tab]}
              <span className="product-list__count">{counts.data?.[tab] ?? '…'}</span>
            </span>
          ),
        }))}
      />

      <CatalogueFilters partnerId={partnerId} state={state} update={update} />

      {failures ? (
        <Alert
          className="product-list__failures"
          type="warning"
          showIcon
          closable={{ 'aria-label': text.results.close }}
          onClose={() => setFailures(null)}
          title={fill(text.results.failedTitle, { count: failures.failed.length, total: failures.total })}
          description={
            <ul className="product-list__failure-list">
              {failures.failed.map((f) => (
                <li key={f.id}>{fill(text.results.failedItem, { sku: f.sku, message: f.message })}</li>
              ))}
            </ul>
          }
        />
      ) : null}

      {selected.length > 0 ? (
        <Flex className="product-list__bulk" gap={8} align="center" wrap role="toolbar">
          <span>{fill(text.bulk.selected, { count: selected.length })}</span>
          <Button
            icon={<EyeOutlined />}
            loading={activation.isPending}
            onClick={() => setActive(selected, true)}
          >
            {text.bulk.show}
          </Button>
          <Button
            icon={<EyeInvisibleOutlined />}
            loading={activation.isPending}
            onClick={() => setActive(selected, false)}
          >
            {text.bulk.hide}
          </Button>
          <Button type="link" onClick={() => setSelected([])}>
            {text.bulk.clear}
          </Button>
        </Flex>
      ) : null}

      <ListTable<ProductRow>
        className="product-list__table"
        rowKey="id"
        rowLabel={(row) => fill(text.selectRow, { sku: row.sellerSku })}
        columns={columns}
        query={list}
        rows={rows}
        errorTitle={text.error}
        empty={<Empty description={filtered ? text.emptyFiltered : text.empty} />}
        page={state.page}
        pageSize={state.pageSize}
        maxPageSize={NOMENCLATURE_LIMITS.pageSize.max}
        totalText={(total) => fill(text.total, { total })}
        sortFields={COLUMN_SORT}
        onListChange={update}
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

/** Stock edited in place: saved on Enter or with the button that appears once the value changes. */
function StockCell({
  partnerId,
  row,
  reason,
}: {
  partnerId: number;
  row: ProductRow;
  /** Why the stock cannot be changed now (the read-only cabinet). */
  reason: string | undefined;
}) {
  const { message, notification } = App.useApp();
  const stock = useUpdateStock(partnerId);
  const [value, setValue] = useState<number | null>(row.quantity);
  const changed = value !== null && value !== row.quantity;
  const save = () => {
    if (!changed || value === null) return;
    stock.mutate(
      { id: row.id, quantity: value },
      {
        onSuccess: ({ items }) => {
          const failed = items.find((i) => !i.ok);
          if (failed) notification.error({ title: text.failedAction, description: failed.error?.message });
          else void message.success(text.results.stockSaved);
        },
        onError: (error) =>
          notification.error({
            title: text.failedAction,
            description: isRpcError(error) ? (error.fieldErrors[0]?.message ?? error.apiMessage) : undefined,
          }),
      },
    );
  };
  return (
    <WhyDisabled reason={reason}>
      <Space.Compact className="product-list__stock">
        <InputNumber
          size="small"
          min={0}
          max={NOMENCLATURE_LIMITS.quantity.max}
          precision={0}
          value={value}
          aria-label={fill(text.actions.stockLabel, { sku: row.sellerSku })}
          onChange={(v) => setValue(typeof v === 'number' ? v : null)}
          onPressEnter={save}
          disabled={row.archived || reason !== undefined}
        />
        {changed ? (
          <Button
            size="small"
            type="primary"
            icon={<CheckOutlined />}
            aria-label={text.actions.saveStock}
            loading={stock.isPending}
            onClick={save}
          />
        ) : null}
      </Space.Compact>
    </WhyDisabled>
  );
}
