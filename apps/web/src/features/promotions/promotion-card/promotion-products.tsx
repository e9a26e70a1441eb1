// The products of a promotion (spec 000 §3 promo product columns): those in it and those that could join,
// with the list's filters and search, what each sells at in the promotion, the margin left after the
// marketplace's commission and the cost, the critical change threshold, the last 28 days' sales, the price
// status, and the floor price the server never goes below. Tab, filters and paging live in the URL.
import { useState } from 'react';
import {
  App,
  Button,
  Empty,
  Flex,
  Form,
  InputNumber,
  Modal,
  Select,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { EditOutlined, FileExcelOutlined, PictureOutlined, WarningOutlined } from '@ant-design/icons';
import {
  Category,
  CostPriceInput,
  PROMOTION_LIMITS,
  PROMOTION_PRICE_STATUS_LABELS,
  fill,
  type PromotionCard,
  type PromotionProductRow,
} from '@moda/contracts';
import { useExportStartedNotice } from '../../../components/file-tasks/use-export-started';
import { ListSearch } from '../../../components/list-search/list-search';
import { ListTable } from '../../../components/list-table/list-table';
import { usePhotoUrl } from '../../../lib/api/photo-url';
import { isRpcError } from '../../../lib/api/rpc-error';
import { positiveInt, useListUrl } from '../../../lib/list-url';
import { formatRub } from '../../../lib/money';
import { useSearchInput } from '../../../lib/use-debounced-value';
import {
  startAddedReport,
  useChangeProducts,
  useProductTotals,
  usePromotionProducts,
  useSetFloor,
} from '../api/promotions-api';
import { CostPriceFile } from '../cost-prices/cost-price-file';
import { promotionsText } from '../locale';

type CategoryCode = keyof typeof promotionsText.categories;
const t = promotionsText.products;
const c = promotionsText.card;

type UrlKey = 'tab' | 'search' | 'brand' | 'category' | 'page' | 'pageSize';
interface State {
  tab: 'in' | 'candidates';
  search: string;
  brand: string;
  category: string;
  page: number;
  pageSize: number;
}
const read = (p: URLSearchParams): State => ({
  tab: p.get('tab') === 'candidates' ? 'candidates' : 'in',
  search: p.get('search') ?? '',
  brand: p.get('brand') ?? '',
  category: Category.safeParse(p.get('category')).success ? p.get('category')! : '',
  page: positiveInt(p.get('page'), 1, 10_000),
  pageSize: positiveInt(p.get('pageSize'), PROMOTION_LIMITS.pageSize.default, PROMOTION_LIMITS.pageSize.max),
});
const DEFAULTS = { tab: 'in', page: '1', pageSize: String(PROMOTION_LIMITS.pageSize.default) };

function Photo({ row }: { row: PromotionProductRow }) {
  const src = usePhotoUrl(row.photo);
  if (!row.photo || !src)
    return (
      <span className="promotions__thumb" role="img" aria-label={t.noPhoto}>
        <PictureOutlined aria-hidden />
      </span>
    );
  return <img className="promotions__thumb" src={src} alt={fill(t.photoOf, { sku: row.sellerSku })} />;
}

function FloorDialog({
  partnerId,
  row,
  onClose,
}: {
  partnerId: number;
  row: PromotionProductRow;
  onClose: () => void;
}) {
  const f = promotionsText.floor;
  const { message } = App.useApp();
  const [form] = Form.useForm<{ costPrice: number | null; floorPrice: number | null }>();
  const save = useSetFloor(partnerId);
  const submit = async () => {
    const values = await form.validateFields();
    const v = { costPrice: values.costPrice ?? null, floorPrice: values.floorPrice ?? null };
    const checked = CostPriceInput.safeParse(v);
    if (!checked.success) {
      form.setFields(
        checked.error.issues.map((i) => ({ name: String(i.path[0]) as 'floorPrice', errors: [i.message] })),
      );
      return;
    }
    save.mutate(
      { id: row.id, ...v },
      {
        onSuccess: () => {
          void message.success(f.saved);
          onClose();
        },
        onError: (err) =>
          form.setFields([{ name: 'floorPrice', errors: [isRpcError(err) ? (err.apiMessage ?? '') : ''] }]),
      },
    );
  };
  return (
    <Modal
      open
      title={f.title}
      okText={f.save}
      cancelText={f.cancel}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
    >
      <Typography.Paragraph type="secondary">{f.hint}</Typography.Paragraph>
      <Typography.Paragraph strong>{`${row.sellerSku} · ${row.title}`}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ costPrice: row.costPrice, floorPrice: row.floorPrice }}
      >
        <Form.Item name="costPrice" label={f.cost}>
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="floorPrice" label={f.floor}>
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function PromotionProducts(props: { partnerId: number; card: PromotionCard; readOnly: boolean }) {
  const { partnerId, card, readOnly } = props;
  const { notification } = App.useApp();
  const { state, update } = useListUrl<State, UrlKey>(read, DEFAULTS);
  const list = usePromotionProducts(partnerId, card.id, {
    scope: state.tab,
    ...(state.search ? { search: state.search } : {}),
    ...(state.brand ? { brand: state.brand } : {}),
    ...(state.category ? { category: state.category as CategoryCode } : {}),
    page: state.page,
    pageSize: state.pageSize,
  });
  const [searchInput, setSearchInput] = useSearchInput(state.search, (search) => update({ search }, true));
  const [selected, setSelected] = useState<string[]>([]);
  const [floorOf, setFloorOf] = useState<PromotionProductRow | null>(null);
  const totals = useProductTotals(partnerId, card.id);
  const started = useExportStartedNotice();
  const [reporting, setReporting] = useState(false);
  const report = () => {
    setReporting(true);
    startAddedReport(partnerId, card.id)
      .then(started)
      .catch((err: unknown) =>
        notification.error({
          title: promotionsText.report.failed,
          description: isRpcError(err) ? err.apiMessage : undefined,
        }),
      )
      .finally(() => setReporting(false));
  };
  const tabLabel = (label: string, count: number | undefined) =>
    count === undefined ? label : fill(c.tabCount, { label, count });
  const add = useChangeProducts(partnerId, card.id, 'add');
  const remove = useChangeProducts(partnerId, card.id, 'delete');
  const candidates = state.tab === 'candidates';
  const canChange = !readOnly && (candidates ? card.canAdd : card.canRemove);

  const change = () => {
    const m = candidates ? add : remove;
    m.mutate(selected, {
      onSuccess: (r) => {
        notification.success({ title: fill(candidates ? c.added : c.removed, { count: r.changed }) });
        setSelected([]);
      },
      onError: (err) =>
        notification.error({
          title: candidates ? c.refused : ((isRpcError(err) ? err.apiMessage : undefined) ?? c.locked),
          description: isRpcError(err)
            ? (err.data?.errors ?? [])
                .map((e) => {
                  const row = list.data?.items.find((x) => x.id === selected[Number(e.field.split('.')[1])]);
                  return `${row?.sellerSku ?? ''}: ${e.message}`;
                })
                .join('; ') || err.apiMessage
            : undefined,
        }),
    });
  };

  const columns: TableColumnsType<PromotionProductRow> = [
    { key: 'photo', title: t.columns.photo, width: 64, render: (_: unknown, r) => <Photo row={r} /> },
    { key: 'title', title: t.columns.title, width: 220, dataIndex: 'title' },
    { key: 'modaSku', title: t.columns.modaSku, dataIndex: 'modaSku' },
    { key: 'sellerSku', title: t.columns.sellerSku, dataIndex: 'sellerSku' },
    { key: 'parentSku', title: t.columns.parentSku, dataIndex: 'parentSku' },
    { key: 'brand', title: t.columns.brand, dataIndex: 'brand' },
    {
      key: 'category',
      title: t.columns.category,
      render: (_: unknown, r) => promotionsText.categories[r.category as CategoryCode] ?? r.category,
    },
    { key: 'price', title: t.columns.price, align: 'right', render: (_: unknown, r) => formatRub(r.price) },
    {
      key: 'salePrice',
      title: t.columns.salePrice,
      align: 'right',
      render: (_: unknown, r) => formatRub(r.salePrice),
    },
    {
      key: 'promoPrice',
      title: t.columns.promoPrice,
      align: 'right',
      render: (_: unknown, r) => (
        <Flex vertical align="end">
          <span className="promotions__nowrap">
            {r.thresholdExceeded ? (
              <Tooltip title={t.thresholdExceeded}>
                <WarningOutlined className="promotions__warn" aria-label={t.thresholdExceeded} />{' '}
              </Tooltip>
            ) : null}
            <strong>{formatRub(r.promoPrice)}</strong>
          </span>
          {r.recommendedPrice !== null && r.priceStatus === 'belowFloor' ? (
            <Typography.Text type="secondary" className="promotions__nowrap">
              {fill(t.recommended, { price: formatRub(r.recommendedPrice) })}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'margin',
      title: t.columns.margin,
      align: 'right',
      render: (_: unknown, r) =>
        r.marginAtPromo === null ? (
          <Typography.Text type="secondary">{t.noCost}</Typography.Text>
        ) : (
          <Flex vertical align="end">
            <Typography.Text
              type={r.marginAtPromo < 0 ? 'danger' : undefined}
              strong
              className="promotions__nowrap"
            >
              {formatRub(r.marginAtPromo)}
            </Typography.Text>
            <Typography.Text type="secondary" className="promotions__nowrap">
              {fill(t.marginHint, { commission: r.commissionPercent, current: formatRub(r.marginAtCurrent) })}
            </Typography.Text>
          </Flex>
        ),
    },
    {
      key: 'sales28',
      title: t.columns.sales28,
      align: 'right',
      render: (_: unknown, r) => (
        <span className="promotions__nowrap">
          {fill(t.sales28, { quantity: r.sales28.quantity, sum: formatRub(r.sales28.sum) })}
        </span>
      ),
    },
    { key: 'stock', title: t.columns.stock, align: 'right', dataIndex: 'stock' },
    { key: 'sold', title: t.columns.sold, align: 'right', dataIndex: 'sold' },
    {
      key: 'floor',
      title: t.columns.floor,
      align: 'right',
      fixed: 'right',
      render: (_: unknown, r) => (
        <Flex gap={4} justify="end" align="center" className="promotions__nowrap">
          {formatRub(r.floorPrice)}
          {readOnly ? null : (
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              aria-label={`${t.editFloor} ${r.sellerSku}`}
              onClick={() => setFloorOf(r)}
            />
          )}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t.columns.status,
      fixed: 'right',
      render: (_: unknown, r) =>
        r.inPromotion ? (
          <Tag color="blue">{t.inPromotion}</Tag>
        ) : (
          <Tag color={r.priceStatus === 'ok' ? 'green' : 'orange'}>
            {PROMOTION_PRICE_STATUS_LABELS[r.priceStatus]}
          </Tag>
        ),
    },
  ];

  return (
    <div>
      <CostPriceFile partnerId={partnerId} readOnly={readOnly} />
      <Tabs
        activeKey={state.tab}
        onChange={(tab) => {
          setSelected([]);
          update({ tab });
        }}
        items={[
          { key: 'in', label: tabLabel(c.tabs.in, totals.data?.added) },
          { key: 'candidates', label: tabLabel(c.tabs.candidates, totals.data?.candidates) },
        ]}
      />
      <Flex className="promotions__filters" gap={8} wrap align="center">
        <ListSearch
          className="promotions__search"
          label={t.search}
          placeholder={t.searchPlaceholder}
          input={searchInput}
          setInput={setSearchInput}
          commit={(search) => update({ search })}
        />
        <Select
          aria-label={t.category}
          placeholder={t.allCategories}
          allowClear
          style={{ width: 200 }}
          value={state.category || undefined}
          onChange={(category?: string) => update({ category })}
          options={Category.options.map((x) => ({ value: x, label: promotionsText.categories[x] }))}
        />
        {canChange ? (
          <Button
            type="primary"
            danger={!candidates}
            disabled={!selected.length}
            loading={add.isPending || remove.isPending}
            onClick={change}
          >
            {candidates ? c.add : c.remove}
            {selected.length ? ` (${selected.length})` : ''}
          </Button>
        ) : !readOnly && !card.canAdd ? (
          <Typography.Text type="secondary">
            {card.state === 'idle' ? c.notStarted : c.locked}
          </Typography.Text>
        ) : null}
        {!candidates && (totals.data?.added ?? 0) > 0 ? (
          <Button icon={<FileExcelOutlined />} loading={reporting} onClick={report}>
            {promotionsText.report.download}
          </Button>
        ) : null}
      </Flex>
      <ListTable<PromotionProductRow>
        rowKey="id"
        columns={columns}
        query={list}
        rows={list.data?.items ?? []}
        errorTitle={t.error}
        empty={<Empty description={candidates ? t.emptyCandidates : t.emptyIn} />}
        page={state.page}
        pageSize={state.pageSize}
        maxPageSize={PROMOTION_LIMITS.pageSize.max}
        totalText={(total) => fill(t.total, { total })}
        onListChange={update}
        scroll={{ x: 'max-content' }}
        rowSelection={
          canChange
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as string[]),
                getCheckboxProps: (r) => ({ disabled: candidates && r.priceStatus !== 'ok' }),
              }
            : undefined
        }
        rowLabel={(r) => fill(t.selectRow, { sku: r.sellerSku })}
      />
      {floorOf ? <FloorDialog partnerId={partnerId} row={floorOf} onClose={() => setFloorOf(null)} /> : null}
    </div>
  );
}
