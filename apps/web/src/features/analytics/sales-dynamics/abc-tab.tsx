// ABC by bought-out revenue or margin, per model or per size (docs/decisions.md "Analytics"): the classes'
// shares as a chart, the ranked rows with their class, and the dead stock — sizes in stock that sold nothing.
import { useMemo } from 'react';
import { Card, Flex, Segmented, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ANALYTICS_LIMITS, fill, type AbcRow } from '@moda/contracts';
import { ListTable } from '../../../components/list-table/list-table';
import { formatRub } from '../../../lib/money';
import { useAnalytics } from '../api/analytics-queries';
import { Chart } from '../components/chart';
import type { ChartOption } from '../components/echarts';
import { Loaded } from '../components/screen-state';
import { formatCount, formatPct } from '../model/format';
import { analyticsText } from '../locale';

const text = analyticsText.abc;
export type AbcMetric = 'revenue' | 'margin';
export type AbcLevel = 'model' | 'size';
export type AbcClassValue = 'A' | 'B' | 'C';
const CLASS_COLOR: Record<AbcClassValue, string> = { A: 'green', B: 'gold', C: 'default' };

export function AbcTab(props: {
  partnerId: number;
  period: { dateFrom: string; dateTo: string };
  metric: AbcMetric;
  level: AbcLevel;
  abcClass: AbcClassValue | undefined;
  page: number;
  pageSize: number;
  onChange: (c: {
    abcMetric?: AbcMetric;
    level?: AbcLevel;
    abcClass?: AbcClassValue | undefined;
    page?: number;
    pageSize?: number;
  }) => void;
}) {
  const { partnerId, period, metric, level, abcClass, page, pageSize } = props;
  const q = useAnalytics(partnerId, 'v1.analytics.abc.get', {
    ...period,
    metric,
    level,
    ...(abcClass ? { abcClass } : {}),
    page,
    pageSize,
  });
  const option = useMemo<ChartOption | null>(
    () =>
      q.data
        ? {
            tooltip: {
              trigger: 'item',
              valueFormatter: (v: unknown) =>
                metric === 'revenue' ? formatRub(Number(v)) : formatRub(Number(v)),
            },
            legend: { bottom: 0 },
            series: [
              {
                type: 'pie',
                radius: ['45%', '70%'],
                label: {
                  formatter: (x: { name: string; percent: number }) =>
                    `${x.name}: ${String(x.percent).replace('.', ',')} %`,
                },
                data: q.data.classes.map((c) => ({ name: c.abcClass, value: Math.max(0, c.value) })),
              },
            ],
          }
        : null,
    [q.data, metric],
  );
  const columns: TableColumnsType<AbcRow> = [
    {
      key: 'abcClass',
      title: analyticsText.abc.classLabel,
      render: (_, r) => <Tag color={CLASS_COLOR[r.abcClass]}>{r.abcClass}</Tag>,
    },
    { key: 'sku', title: text.sku, dataIndex: 'sellerSku' },
    { key: 'title', title: text.title, dataIndex: 'title' },
    { key: 'brand', title: text.brand, dataIndex: 'brand' },
    ...(level === 'size'
      ? [{ key: 'size', title: text.size, render: (_: unknown, r: AbcRow) => r.size ?? '—' }]
      : []),
    { key: 'bought', title: text.bought, align: 'right', render: (_, r) => formatCount(r.boughtItems) },
    { key: 'revenue', title: text.revenue, align: 'right', render: (_, r) => formatRub(r.revenue) },
    { key: 'margin', title: text.margin, align: 'right', render: (_, r) => formatRub(r.margin) },
    { key: 'share', title: text.share, align: 'right', render: (_, r) => formatPct(r.share) },
    {
      key: 'cumulative',
      title: text.cumulative,
      align: 'right',
      render: (_, r) => formatPct(r.cumulativeShare),
    },
    { key: 'stock', title: text.stock, align: 'right', render: (_, r) => formatCount(r.stock) },
  ];
  const deadColumns = columns.filter(
    (c) => !['abcClass', 'share', 'cumulative', 'margin', 'revenue', 'bought'].includes(String(c.key)),
  );
  const nothing = !!q.data && q.data.classes.every((c) => c.count === 0);

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap align="center">
        <Segmented<AbcMetric>
          value={metric}
          options={(['revenue', 'margin'] as const).map((m) => ({ value: m, label: text.metric[m] }))}
          onChange={(m) => props.onChange({ abcMetric: m })}
        />
        <Segmented<AbcLevel>
          value={level}
          options={(['model', 'size'] as const).map((m) => ({ value: m, label: text.level[m] }))}
          onChange={(l) => props.onChange({ level: l })}
        />
        <Select<AbcClassValue | 'all'>
          aria-label={text.classLabel}
          style={{ minWidth: 140 }}
          value={abcClass ?? 'all'}
          options={[
            { value: 'all', label: text.classAll },
            ...(['A', 'B', 'C'] as const).map((c) => ({ value: c, label: c })),
          ]}
          onChange={(c) => props.onChange({ abcClass: c === 'all' ? undefined : c })}
        />
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {text.hint}
      </Typography.Paragraph>
      <Loaded query={q}>
        {q.data ? (
          <Flex gap={16} wrap align="stretch">
            <Card style={{ flex: '1 1 320px' }}>
              {nothing ? (
                <Typography.Text type="secondary">{text.empty}</Typography.Text>
              ) : option ? (
                <Chart option={option} label={text.chartLabel} height={260} />
              ) : null}
            </Card>
            <Card style={{ flex: '1 1 320px' }}>
              <Flex vertical gap={8} data-testid="abc-classes">
                {q.data.classes.map((c) => (
                  <div key={c.abcClass}>
                    <Tag color={CLASS_COLOR[c.abcClass]}>{c.abcClass}</Tag>
                    {fill(text.classCount, {
                      count: formatCount(c.count),
                      value: formatRub(c.value),
                      share: String(c.share).replace('.', ','),
                    })}
                  </div>
                ))}
              </Flex>
            </Card>
          </Flex>
        ) : null}
      </Loaded>
      <ListTable<AbcRow>
        rowKey="sellerSku"
        columns={columns}
        query={{ ...q, data: q.data ? { total: q.data.rowCount } : undefined }}
        rows={q.data?.rows ?? []}
        errorTitle={analyticsText.common.loadError}
        empty={text.empty}
        page={page}
        pageSize={pageSize}
        maxPageSize={ANALYTICS_LIMITS.pageSize.max}
        totalText={(n) => fill(text.rows, { n })}
        onListChange={(c) =>
          props.onChange({
            ...(c.page ? { page: c.page } : {}),
            ...(c.pageSize ? { pageSize: c.pageSize } : {}),
          })
        }
        scroll={{ x: 'max-content' }}
        size="small"
      />
      <Card title={text.dead} size="small">
        {q.data ? (
          q.data.deadStock.count === 0 ? (
            <Typography.Text type="secondary">{text.deadEmpty}</Typography.Text>
          ) : (
            <Flex vertical gap={8}>
              <Typography.Text>
                {fill(text.deadSummary, {
                  count: formatCount(q.data.deadStock.count),
                  units: formatCount(q.data.deadStock.units),
                })}
              </Typography.Text>
              <Table<AbcRow>
                size="small"
                rowKey="sellerSku"
                dataSource={q.data.deadStock.rows}
                columns={deadColumns}
                pagination={{ pageSize: 10, showSizeChanger: false }}
                scroll={{ x: 'max-content' }}
              />
            </Flex>
          )
        ) : null}
      </Card>
    </Flex>
  );
}
