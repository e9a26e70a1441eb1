// Sales dynamics (spec 001 §7 "sales dynamics (plain, brands, categories)", §9 grouping): revenue, orders,
// items and buyouts per day, week or month, plain or split by the largest brands or categories, as a chart
// and as the same numbers in a table, with a CSV of that table.
import { useMemo } from 'react';
import { Button, Card, Flex, Segmented, Select, Table, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { SalesPoint, SalesSeries } from '@moda/contracts';
import { formatRub } from '../../../lib/money';
import { useAnalytics } from '../api/analytics-queries';
import { Chart } from '../components/chart';
import type { ChartOption } from '../components/echarts';
import { Loaded } from '../components/screen-state';
import { bucketLabel, formatCount } from '../model/format';
import { downloadCsv, toCsv } from '../model/csv';
import type { Grouping } from '../model/period';
import { analyticsText } from '../locale';

const text = analyticsText.salesDynamics;
const common = analyticsText.common;

export type Split = 'plain' | 'brands' | 'categories';
export type Metric = 'revenue' | 'orders' | 'items' | 'boughtItems' | 'boughtRevenue';
export const METRICS: Metric[] = ['revenue', 'orders', 'items', 'boughtItems', 'boughtRevenue'];
const isMoney = (m: Metric) => m === 'revenue' || m === 'boughtRevenue';
const show = (m: Metric, v: number) => (isMoney(m) ? formatRub(v) : formatCount(v));

function plainOption(points: SalesPoint[], metric: Metric, grouping: Grouping): ChartOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => show(metric, Number(v)) },
    grid: { left: 16, right: 16, top: 24, bottom: 16, containLabel: true },
    xAxis: { type: 'category', data: points.map((p) => bucketLabel(p, grouping)) },
    yAxis: {
      type: 'value',
      name: common[metric],
      axisLabel: { formatter: (v: number) => show(metric, v) },
    },
    series: [
      {
        name: common[metric],
        type: grouping === 'days' ? 'line' : 'bar',
        smooth: true,
        data: points.map((p) => p[metric]),
      },
    ],
  };
}

function splitOption(series: SalesSeries[], metric: Metric, grouping: Grouping): ChartOption {
  const first = series[0]?.points ?? [];
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => show(metric, Number(v)) },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 16, right: 16, top: 24, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: first.map((p) => bucketLabel(p, grouping)) },
    yAxis: {
      type: 'value',
      name: common[metric],
      axisLabel: { formatter: (v: number) => show(metric, v) },
    },
    series: series.map((s) => ({
      name: s.name,
      type: 'bar',
      stack: 'total',
      emphasis: { focus: 'series' },
      data: s.points.map((p) => p[metric]),
    })),
  };
}

interface Row extends SalesPoint {
  key: string;
  series?: string;
}

export function DynamicsTab(props: {
  partnerId: number;
  period: { dateFrom: string; dateTo: string; grouping: Grouping };
  split: Split;
  metric: Metric;
  onChange: (c: { split?: Split; metric?: Metric }) => void;
}) {
  const { partnerId, period, split, metric } = props;
  const plain = useAnalytics(partnerId, 'v1.analytics.sales-dynamics.get', period, split === 'plain');
  const brands = useAnalytics(partnerId, 'v1.analytics.sales-dynamics.brands', period, split === 'brands');
  const categories = useAnalytics(
    partnerId,
    'v1.analytics.sales-dynamics.categories',
    period,
    split === 'categories',
  );
  const query = split === 'plain' ? plain : split === 'brands' ? brands : categories;
  const series: SalesSeries[] | null =
    split === 'plain' ? null : ((split === 'brands' ? brands.data?.series : categories.data?.series) ?? []);
  const points = plain.data?.points ?? [];

  // Built from the queries' data (stable between renders), not from `points`/`series`, which are new each render.
  const option = useMemo(() => {
    if (split === 'plain') return plainOption(plain.data?.points ?? [], metric, period.grouping);
    const chosen = (split === 'brands' ? brands.data?.series : categories.data?.series) ?? [];
    return splitOption(chosen, metric, period.grouping);
  }, [split, plain.data, brands.data, categories.data, metric, period.grouping]);

  const rows: Row[] = series
    ? series.flatMap((s) => s.points.map((p) => ({ ...p, key: `${s.key ?? ''}|${p.from}`, series: s.name })))
    : points.map((p) => ({ ...p, key: p.from }));
  const empty = series
    ? series.length === 0
    : points.every((p) => p.items === 0 && p.revenue === 0 && p.orders === 0);

  const periodTitle =
    period.grouping === 'days' ? common.date : period.grouping === 'weeks' ? common.week : common.month;
  const columns: TableColumnsType<Row> = [
    ...(series ? [{ key: 'series', title: text.series, dataIndex: 'series' }] : []),
    { key: 'period', title: periodTitle, render: (_: unknown, r: Row) => bucketLabel(r, period.grouping) },
    {
      key: 'revenue',
      title: common.revenue,
      align: 'right',
      render: (_: unknown, r: Row) => formatRub(r.revenue),
    },
    {
      key: 'orders',
      title: common.orders,
      align: 'right',
      render: (_: unknown, r: Row) => formatCount(r.orders),
    },
    {
      key: 'items',
      title: common.items,
      align: 'right',
      render: (_: unknown, r: Row) => formatCount(r.items),
    },
    {
      key: 'boughtItems',
      title: common.boughtItems,
      align: 'right',
      render: (_: unknown, r: Row) => formatCount(r.boughtItems),
    },
    {
      key: 'boughtRevenue',
      title: common.boughtRevenue,
      align: 'right',
      render: (_: unknown, r: Row) => formatRub(r.boughtRevenue),
    },
    {
      key: 'returnedItems',
      title: common.returnedItems,
      align: 'right',
      render: (_: unknown, r: Row) => formatCount(r.returnedItems),
    },
    {
      key: 'cancelledItems',
      title: common.cancelledItems,
      align: 'right',
      render: (_: unknown, r: Row) => formatCount(r.cancelledItems),
    },
  ];

  const exportCsv = () => {
    const header = [
      ...(series ? [text.series] : []),
      periodTitle,
      common.revenue,
      common.orders,
      common.items,
      common.boughtItems,
      common.boughtRevenue,
      common.returnedItems,
      common.cancelledItems,
    ];
    const body = rows.map((r) => [
      ...(series ? [r.series ?? ''] : []),
      bucketLabel(r, period.grouping),
      r.revenue,
      r.orders,
      r.items,
      r.boughtItems,
      r.boughtRevenue,
      r.returnedItems,
      r.cancelledItems,
    ]);
    downloadCsv(`${text.file}_${period.dateFrom}_${period.dateTo}`, toCsv(header, body));
  };

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap align="center" justify="space-between">
        <Flex gap={12} wrap align="center">
          <Segmented<Split>
            aria-label={text.splitLabel}
            value={split}
            options={(['plain', 'brands', 'categories'] as const).map((s) => ({
              value: s,
              label: text.split[s],
            }))}
            onChange={(s) => props.onChange({ split: s })}
          />
          <Select<Metric>
            aria-label={text.metricLabel}
            style={{ minWidth: 200 }}
            value={metric}
            options={METRICS.map((m) => ({ value: m, label: common[m] }))}
            onChange={(m) => props.onChange({ metric: m })}
          />
        </Flex>
        <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={!query.data || empty}>
          {common.csv}
        </Button>
      </Flex>
      <Card>
        <Loaded query={query} empty={empty}>
          <Chart option={option} label={text.chartLabel} height={360} />
        </Loaded>
      </Card>
      {query.data && !empty ? (
        <Table<Row>
          size="small"
          rowKey="key"
          dataSource={rows}
          columns={columns}
          pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
          summary={
            series
              ? undefined
              : () => (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}>
                      <strong>{common.total}</strong>
                    </Table.Summary.Cell>
                    {(
                      [
                        'revenue',
                        'orders',
                        'items',
                        'boughtItems',
                        'boughtRevenue',
                        'returnedItems',
                        'cancelledItems',
                      ] as const
                    ).map((k, i) => (
                      <Table.Summary.Cell key={k} index={i + 1} align="right">
                        <strong>
                          {k === 'revenue' || k === 'boughtRevenue'
                            ? formatRub(rows.reduce((s, r) => s + r[k], 0))
                            : formatCount(rows.reduce((s, r) => s + r[k], 0))}
                        </strong>
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                )
          }
        />
      ) : null}
    </Flex>
  );
}
