// Stock at the marketplace's warehouses and the shipment forecast (spec 000 §2 /fbo/stocks, spec 001 §7
// analytics forecast, §9: 7-day sales, a 28-day horizon, the 7-day threshold): per SKU and warehouse on hand,
// reserved, in transit, 7-day sales, days of stock and the recommended shipment; the same by brand and by
// category; the forecast file; goods that cannot be sold for want of marking flagged; and the chosen rows
// turned into a draft supply. The view, filters, sort and page live in the URL.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  Select,
  Segmented,
  Statistic,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { DownloadOutlined, FileAddOutlined, WarningOutlined } from '@ant-design/icons';
import { BASE_WAREHOUSES, Category, DaysBucket, FBO_LIMITS, fill, type FboStockRow } from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { ListTable } from '../../../components/list-table/list-table';
import { ListSearch } from '../../../components/list-search/list-search';
import { api } from '../../../lib/api/client';
import { isRpcError } from '../../../lib/api/rpc-error';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { useSearchInput } from '../../../lib/use-debounced-value';
import { useStock, useStockGroups } from '../api/fbo-queries';
import { downloadForecast } from '../api/fbo-rest';
import { formatCount, warehouseName } from '../model/supply-look';
import { fboText } from '../locale';
import { DraftDialog } from './draft-dialog';
import { stockFilter, useStocksUrl, VIEWS, type View } from './use-stocks-url';

const t = fboText.stocks;
const DAYS_LABELS: Record<(typeof DaysBucket.options)[number], string> = t.daysBuckets;
const COLUMN_SORT: Record<string, string> = {
  sellerSku: 'seller_sku',
  onHand: 'on_hand',
  inTransit: 'in_transit',
  sales7: 'sales7',
  daysOfStock: 'days_of_stock',
  recommended: 'recommended',
};
const rowKey = (r: FboStockRow) => `${r.sellerSku}@${r.warehouseCode}`;

export function StocksScreen({ partnerId }: { partnerId: number }) {
  const { notification, message } = App.useApp();
  const { readOnly } = useReadOnly();
  const { state, update } = useStocksUrl();
  const filter = stockFilter(state);
  const stock = useStock(partnerId, {
    ...filter,
    sort: state.sort,
    page: state.page,
    pageSize: state.pageSize,
  });
  const brands = useStockGroups(partnerId, 'brands', {});
  const groups = useStockGroups(
    partnerId,
    state.view === 'categories' ? 'categories' : 'brands',
    filter,
    state.view !== 'skus',
  );
  const categories = useQuery({
    queryKey: ['catalogue', 'categories'],
    queryFn: () => api.call('v1.catalogue.categories.list', {}),
    staleTime: Infinity,
  });
  const categoryName = useMemo(() => {
    const names = new Map((categories.data?.items ?? []).map((c) => [c.code as string, c.name]));
    return (code: string) => names.get(code) ?? code;
  }, [categories.data]);
  const [searchInput, setSearchInput] = useSearchInput(state.search, (search) => update({ search }, true));
  const [selected, setSelected] = useState<Map<string, FboStockRow>>(new Map());
  const [draft, setDraft] = useState(false);

  const sortField = state.sort.replace(/^-/, '');
  const sortedColumn = Object.entries(COLUMN_SORT).find(([, f]) => f === sortField)?.[0];
  const sortable = (key: string) => ({
    sorter: true,
    sortOrder:
      sortedColumn === key ? (state.sort.startsWith('-') ? ('descend' as const) : ('ascend' as const)) : null,
  });

  const columns: TableColumnsType<FboStockRow> = [
    {
      key: 'sellerSku',
      title: t.columns.sku,
      ...sortable('sellerSku'),
      render: (_: unknown, r) => (
        <Flex vertical>
          <span className="fbo__mono">{r.sellerSku}</span>
          <Typography.Text type="secondary" className="fbo__mono">
            {r.modaSku}
          </Typography.Text>
          {r.lacksMarking ? (
            <Tooltip title={t.lacksMarkingHint}>
              <Tag color="red" icon={<WarningOutlined />}>
                {t.lacksMarking}
              </Tag>
            </Tooltip>
          ) : null}
        </Flex>
      ),
    },
    { key: 'title', dataIndex: 'title', title: t.columns.title },
    { key: 'brand', dataIndex: 'brand', title: t.columns.brand },
    { key: 'warehouse', dataIndex: 'warehouseCode', title: t.columns.warehouse, render: warehouseName },
    { key: 'onHand', dataIndex: 'onHand', title: t.columns.onHand, align: 'right', ...sortable('onHand') },
    { key: 'reserved', dataIndex: 'reserved', title: t.columns.reserved, align: 'right' },
    {
      key: 'inTransit',
      dataIndex: 'inTransit',
      title: t.columns.inTransit,
      align: 'right',
      ...sortable('inTransit'),
    },
    { key: 'sales7', dataIndex: 'sales7', title: t.columns.sales7, align: 'right', ...sortable('sales7') },
    {
      key: 'daysOfStock',
      dataIndex: 'daysOfStock',
      title: t.columns.daysOfStock,
      align: 'right',
      ...sortable('daysOfStock'),
      render: (v: number | null, r) =>
        v === null ? (
          <Typography.Text type="secondary">{t.noSales}</Typography.Text>
        ) : r.daysBucket === 'less_or_equal_7_days' ? (
          <Typography.Text type="danger">{v.toLocaleString('ru-RU')}</Typography.Text>
        ) : (
          v.toLocaleString('ru-RU')
        ),
    },
    {
      key: 'recommended',
      dataIndex: 'recommended',
      title: t.columns.recommended,
      align: 'right',
      ...sortable('recommended'),
      render: (v: number) => (v > 0 ? <Typography.Text strong>{v}</Typography.Text> : v),
    },
    {
      key: 'sync',
      dataIndex: 'syncStatus',
      title: t.columns.sync,
      render: (v: FboStockRow['syncStatus']) => (
        <Tag color={v === 'ok' ? 'success' : 'processing'}>{t.sync[v]}</Tag>
      ),
    },
  ];

  const groupColumns: TableColumnsType<{
    name: string;
    onHand: number;
    inTransit: number;
    sales7: number;
    recommended: number;
  }> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t.columns.name,
      render: (v: string) => (state.view === 'categories' ? categoryName(v) : v),
    },
    { key: 'onHand', dataIndex: 'onHand', title: t.columns.onHand, align: 'right' },
    { key: 'inTransit', dataIndex: 'inTransit', title: t.columns.inTransit, align: 'right' },
    { key: 'sales7', dataIndex: 'sales7', title: t.columns.sales7, align: 'right' },
    { key: 'recommended', dataIndex: 'recommended', title: t.columns.recommended, align: 'right' },
  ];

  const filtered = Object.keys(filter).length > 0;
  const reset = () => {
    setSearchInput('');
    update({
      brand: undefined,
      category: undefined,
      warehouse: undefined,
      days: undefined,
      marking: undefined,
      search: undefined,
    });
  };
  const download = async () => {
    try {
      const name = await downloadForecast(partnerId, {
        brand: state.brand,
        category: state.category,
        warehouseCode: state.warehouse,
        daysBucket: state.days,
        search: state.search || undefined,
      });
      void message.success(fill(t.downloaded, { name }));
    } catch (error) {
      notification.error({
        title: t.downloadFailed,
        description: isRpcError(error) ? error.apiMessage : undefined,
      });
    }
  };
  const totals = stock.data?.totals;

  return (
    <div className="fbo">
      <PageHeader
        title={t.title}
        actions={
          <Button icon={<DownloadOutlined />} onClick={() => void download()}>
            {t.download}
          </Button>
        }
      />
      <Card className="fbo__section fbo__totals">
        <Flex gap={32} wrap>
          <Statistic title={t.summary.onHand} value={formatCount(totals?.onHand)} />
          <Statistic title={t.summary.inTransit} value={formatCount(totals?.inTransit)} />
          <Statistic title={t.summary.recommended} value={formatCount(totals?.recommended)} />
          <Statistic
            title={t.summary.lacksMarking}
            value={formatCount(totals?.lacksMarking)}
            valueStyle={totals?.lacksMarking ? { color: '#cf1322' } : undefined}
          />
        </Flex>
      </Card>
      <Flex className="fbo__filters" gap={8} wrap align="center">
        <Segmented<View>
          value={state.view}
          onChange={(view) => update({ view })}
          options={VIEWS.map((v) => ({ value: v, label: t.views[v] }))}
        />
        <ListSearch
          className="fbo__search"
          label={t.filters.search}
          placeholder={t.filters.search}
          input={searchInput}
          setInput={setSearchInput}
          commit={(search) => update({ search })}
        />
        <Select
          mode="multiple"
          className="fbo__select"
          aria-label={t.filters.brand}
          placeholder={t.filters.allBrands}
          allowClear
          maxTagCount="responsive"
          value={state.brand}
          onChange={(brand: string[]) => update({ brand })}
          options={(brands.data?.items ?? []).map((b) => ({ value: b.name, label: b.name }))}
        />
        <Select
          mode="multiple"
          className="fbo__select"
          aria-label={t.filters.category}
          placeholder={t.filters.allCategories}
          allowClear
          maxTagCount="responsive"
          value={state.category}
          onChange={(category: string[]) => update({ category })}
          options={Category.options.map((c) => ({ value: c, label: categoryName(c) }))}
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
        <Select
          className="fbo__select"
          aria-label={t.filters.days}
          placeholder={t.filters.allDays}
          allowClear
          value={state.days}
          onChange={(days?: string) => update({ days })}
          options={DaysBucket.options.map((d) => ({ value: d, label: DAYS_LABELS[d] }))}
        />
        <Checkbox
          checked={state.marking}
          onChange={(e) => update({ marking: e.target.checked ? '1' : undefined })}
        >
          {t.filters.marking}
        </Checkbox>
        {filtered ? <Button onClick={reset}>{t.filters.reset}</Button> : null}
      </Flex>
      {state.view === 'skus' ? (
        <>
          {selected.size > 0 && !readOnly ? (
            <Flex className="fbo__section" gap={8} align="center" role="toolbar">
              <span>{fill(t.selected, { count: selected.size })}</span>
              <Button type="primary" icon={<FileAddOutlined />} onClick={() => setDraft(true)}>
                {t.draft}
              </Button>
            </Flex>
          ) : null}
          <ListTable<FboStockRow>
            rowKey={rowKey}
            rowLabel={(r) =>
              fill(t.selectRow, { sku: r.sellerSku, warehouse: warehouseName(r.warehouseCode) })
            }
            columns={columns}
            query={stock}
            rows={stock.data?.items ?? []}
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
            rowSelection={
              readOnly
                ? undefined
                : {
                    selectedRowKeys: [...selected.keys()],
                    preserveSelectedRowKeys: true,
                    onChange: (keys, rows) =>
                      setSelected((prev) => {
                        const next = new Map<string, FboStockRow>();
                        for (const k of keys) {
                          const row = rows.find((r) => r && rowKey(r) === k) ?? prev.get(String(k));
                          if (row) next.set(String(k), row);
                        }
                        return next;
                      }),
                  }
            }
          />
        </>
      ) : (
        <Table
          rowKey="name"
          columns={groupColumns}
          dataSource={groups.data?.items ?? []}
          loading={groups.isFetching}
          pagination={false}
          locale={{ emptyText: <Empty description={filtered ? t.emptyFiltered : t.empty} /> }}
        />
      )}
      {draft ? (
        <DraftDialog
          partnerId={partnerId}
          rows={[...selected.values()]}
          onClose={() => {
            setDraft(false);
            setSelected(new Map());
          }}
        />
      ) : null}
    </div>
  );
}
