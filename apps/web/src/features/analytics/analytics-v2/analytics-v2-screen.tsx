// The sales funnel (/analyticsv2): product views → additions to cart → ordered units → bought-out units, with
// the conversion at each step, for all devices or one device class (spec 000 §3), per device, and per
// product, brand or category in a paged table. Everything in the URL.
import { useMemo } from 'react';
import { Card, Flex, Segmented, Select, Table, Typography, type TableColumnsType } from 'antd';
import {
  AnalyticsDevice,
  ANALYTICS_LIMITS,
  FunnelGroupBy,
  fill,
  type FunnelCounts,
  type FunnelRow,
} from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { ListTable } from '../../../components/list-table/list-table';
import { positiveInt } from '../../../lib/list-url';
import { formatRub } from '../../../lib/money';
import { useAnalytics } from '../api/analytics-queries';
import { Chart } from '../components/chart';
import type { ChartOption } from '../components/echarts';
import { PeriodBar } from '../components/period-bar';
import { Loaded } from '../components/screen-state';
import { UpdatedOn } from '../components/updated-on';
import { formatCount, formatPct } from '../model/format';
import { useAnalyticsUrl } from '../model/use-analytics-url';
import { analyticsText } from '../locale';
import '../analytics.css';

const text = analyticsText.analyticsV2;
type Device = (typeof AnalyticsDevice.options)[number];
type GroupBy = (typeof FunnelGroupBy.options)[number];
type Key = 'device' | 'groupBy' | 'sort' | 'page' | 'pageSize';
const SORTS = ['views', 'carts', 'items', 'bought_items', 'revenue'];

function readRest(params: URLSearchParams) {
  const device = AnalyticsDevice.safeParse(params.get('device'));
  const groupBy = FunnelGroupBy.safeParse(params.get('groupBy'));
  const sort = params.get('sort') ?? '';
  return {
    device: device.success ? device.data : undefined,
    groupBy: groupBy.success ? groupBy.data : ('product' as GroupBy),
    sort: SORTS.includes(sort.replace(/^-/, '')) ? sort : '-views',
    page: positiveInt(params.get('page'), 1, 10_000),
    pageSize: positiveInt(
      params.get('pageSize'),
      ANALYTICS_LIMITS.pageSize.default,
      ANALYTICS_LIMITS.pageSize.max,
    ),
  };
}
const DEFAULTS: Partial<Record<Key, string>> = {
  groupBy: 'product',
  sort: '-views',
  page: '1',
  pageSize: String(ANALYTICS_LIMITS.pageSize.default),
};

const STEPS = ['views', 'carts', 'items', 'boughtItems'] as const;
/** Column key → the contract's sort field. */
const SORT_OF: Record<string, string> = {
  views: 'views',
  carts: 'carts',
  items: 'items',
  boughtItems: 'bought_items',
  revenue: 'revenue',
};

export function funnelOption(t: FunnelCounts): ChartOption {
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: unknown) => {
        const x = p as { name: string; value: number };
        return `${x.name}: ${formatCount(x.value)}`;
      },
    },
    series: [
      {
        type: 'funnel',
        sort: 'none',
        left: '5%',
        width: '55%',
        minSize: '12%',
        label: {
          position: 'right',
          formatter: (p: { name: string; value: number }) => `${p.name}: ${formatCount(p.value)}`,
        },
        data: STEPS.map((s) => ({ name: text.steps[s], value: t[s] })),
      },
    ],
  };
}

const countColumns = <T extends FunnelCounts>(): TableColumnsType<T> => [
  { key: 'views', title: text.steps.views, align: 'right', render: (_, r) => formatCount(r.views) },
  { key: 'carts', title: text.steps.carts, align: 'right', render: (_, r) => formatCount(r.carts) },
  { key: 'cartRate', title: text.rates.cartRate, align: 'right', render: (_, r) => formatPct(r.cartRate) },
  { key: 'items', title: text.steps.items, align: 'right', render: (_, r) => formatCount(r.items) },
  { key: 'orderRate', title: text.rates.orderRate, align: 'right', render: (_, r) => formatPct(r.orderRate) },
  {
    key: 'boughtItems',
    title: text.steps.boughtItems,
    align: 'right',
    render: (_, r) => formatCount(r.boughtItems),
  },
  {
    key: 'buyoutRate',
    title: text.rates.buyoutRate,
    align: 'right',
    render: (_, r) => formatPct(r.buyoutRate),
  },
  { key: 'revenue', title: text.revenue, align: 'right', render: (_, r) => formatRub(r.revenue) },
];

export interface AnalyticsV2ScreenProps {
  partnerId: number;
  now?: Date;
}

export function AnalyticsV2Screen({ partnerId, now: fixedNow }: AnalyticsV2ScreenProps) {
  const now = fixedNow ?? new Date();
  const { state, update } = useAnalyticsUrl<ReturnType<typeof readRest>, Key>(now, readRest, DEFAULTS);
  const q = useAnalytics(partnerId, 'v1.analytics.funnel.get', {
    dateFrom: state.dateFrom,
    dateTo: state.dateTo,
    groupBy: state.groupBy,
    ...(state.device ? { device: state.device } : {}),
    sort: state.sort,
    page: state.page,
    pageSize: state.pageSize,
  });
  const option = useMemo(() => (q.data ? funnelOption(q.data.total) : null), [q.data]);
  const empty = !!q.data && q.data.total.views === 0 && q.data.total.items === 0;
  const rowColumns: TableColumnsType<FunnelRow> = [
    {
      key: 'name',
      title: text.name,
      render: (_, r) =>
        state.groupBy === 'product' ? (
          <Flex vertical>
            <span>{r.name}</span>
            <Typography.Text type="secondary">
              {[r.sellerSku, r.brand, r.size].filter(Boolean).join(' · ')}
            </Typography.Text>
          </Flex>
        ) : (
          r.name
        ),
    },
    ...countColumns<FunnelRow>().map((c): TableColumnsType<FunnelRow>[number] => {
      const field = SORT_OF[String(c.key)];
      if (!field) return c;
      const order = state.sort === field ? 'ascend' : state.sort === `-${field}` ? 'descend' : null;
      return { ...c, sorter: true, sortOrder: order, sortDirections: ['descend', 'ascend'] };
    }),
  ];

  return (
    <div className="analytics-screen">
      <PageHeader title={text.title} subtitle={<UpdatedOn partnerId={partnerId} />} />
      <PeriodBar period={state} onChange={(c) => update(c)} withGrouping={false}>
        <Select<Device | 'all'>
          aria-label={text.device}
          style={{ minWidth: 220 }}
          value={state.device ?? 'all'}
          options={[
            { value: 'all', label: text.allDevices },
            ...AnalyticsDevice.options.map((d) => ({ value: d, label: text.devices[d] })),
          ]}
          onChange={(d) => update({ device: d === 'all' ? undefined : d })}
        />
      </PeriodBar>
      <Loaded query={q} empty={empty}>
        {q.data ? (
          <Flex gap={16} wrap align="stretch">
            <Card style={{ flex: '1 1 420px', minWidth: 0 }}>
              {option ? <Chart option={option} label={text.chartLabel} height={300} /> : null}
            </Card>
            <Card style={{ flex: '1 1 320px' }}>
              <Flex vertical gap={8} data-testid="funnel-rates">
                {STEPS.map((s) => (
                  <Flex key={s} justify="space-between">
                    <span>{text.steps[s]}</span>
                    <strong>{formatCount(q.data.total[s])}</strong>
                  </Flex>
                ))}
                {(['cartRate', 'orderRate', 'buyoutRate'] as const).map((r) => (
                  <Flex key={r} justify="space-between">
                    <span>{text.rates[r]}</span>
                    <strong>{formatPct(q.data.total[r])}</strong>
                  </Flex>
                ))}
                <Flex justify="space-between">
                  <span>{text.revenue}</span>
                  <strong>{formatRub(q.data.total.revenue)}</strong>
                </Flex>
              </Flex>
            </Card>
          </Flex>
        ) : null}
      </Loaded>
      {q.data && !empty ? (
        <Card title={text.byDevice} size="small">
          <Table
            size="small"
            rowKey="device"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={q.data.devices.filter((d) => !state.device || d.device === state.device)}
            columns={[
              {
                key: 'device',
                title: text.device,
                render: (_, r: FunnelCounts & { device: Device }) => text.devices[r.device],
              },
              ...countColumns<FunnelCounts & { device: Device }>(),
            ]}
          />
          <Typography.Text type="secondary">{text.unknownHint}</Typography.Text>
        </Card>
      ) : null}
      <Segmented<GroupBy>
        aria-label={text.groupByLabel}
        value={state.groupBy}
        options={FunnelGroupBy.options.map((g) => ({ value: g, label: text.groupBy[g] }))}
        onChange={(g) => update({ groupBy: g })}
      />
      <ListTable<FunnelRow>
        rowKey="key"
        columns={rowColumns}
        query={{ ...q, data: q.data ? { total: q.data.rowCount } : undefined }}
        rows={q.data?.rows ?? []}
        errorTitle={analyticsText.common.loadError}
        empty={text.empty}
        page={state.page}
        pageSize={state.pageSize}
        maxPageSize={ANALYTICS_LIMITS.pageSize.max}
        totalText={(n) => fill(text.rows, { n })}
        sortFields={SORT_OF}
        onListChange={(c) =>
          update({
            ...('sort' in c ? { sort: c.sort ?? '-views' } : {}),
            ...(c.page ? { page: c.page } : {}),
            ...(c.pageSize ? { pageSize: c.pageSize } : {}),
          })
        }
        scroll={{ x: 'max-content' }}
        size="small"
      />
    </div>
  );
}
