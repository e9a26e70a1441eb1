// The analytics board (spec 000 §2, §3 Revenue summary): revenue, items, buyout share, reviews and questions of
// a period against the previous one of equal length, the revenue chart of both periods, income and expenses by
// the marketplace's fees, and when the data was last updated. Period and grouping live in the URL.
import { useMemo } from 'react';
import { Alert, Card, Flex, Statistic, Table, Typography } from 'antd';
import { fill, type IncomeAndExpenses, type RevenueSummary, type SalesPoint } from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { formatDate } from '../../../lib/dates';
import { formatRub } from '../../../lib/money';
import { useAnalytics } from '../api/analytics-queries';
import { Chart } from '../components/chart';
import type { ChartOption } from '../components/echarts';
import { PeriodBar } from '../components/period-bar';
import { Loaded } from '../components/screen-state';
import { UpdatedOn } from '../components/updated-on';
import { bucketLabel, formatChange, formatCount, formatPct } from '../model/format';
import type { Grouping } from '../model/period';
import { useAnalyticsUrl } from '../model/use-analytics-url';
import { analyticsText } from '../locale';
import '../analytics.css';

const text = analyticsText.board;
const common = analyticsText.common;
const readNothing = () => ({});

function Change({ value }: { value: number | null }) {
  if (value === null) return <Typography.Text type="secondary">{text.noPrevious}</Typography.Text>;
  return (
    <Typography.Text className={value >= 0 ? 'analytics-up' : 'analytics-down'}>
      {formatChange(value)} {text.vsPrevious}
    </Typography.Text>
  );
}

function SummaryCards({ s }: { s: RevenueSummary }) {
  return (
    <>
      <Typography.Text type="secondary">
        {fill(text.periodDays, {
          from: formatDate(s.startDate),
          to: formatDate(s.endDate),
          days: fill(common.days, { n: s.daysCount }),
        })}
        {' · '}
        {fill(text.previous, { from: formatDate(s.previous.startDate), to: formatDate(s.previous.endDate) })}
      </Typography.Text>
      <div className="analytics-cards" data-testid="summary">
        <Card>
          <Statistic title={text.revenue} value={formatRub(s.revenue)} />
          <Change value={s.diffRevenue} />
        </Card>
        <Card>
          <Statistic title={text.items} value={formatCount(s.items)} />
          <Change value={s.diffItems} />
        </Card>
        <Card>
          <Statistic title={text.ransom} value={formatPct(s.prcRansom)} />
        </Card>
        <Card>
          <Statistic
            title={text.reviews}
            value={s.reviewsCnt === null ? text.notAvailable : formatCount(s.reviewsCnt)}
          />
        </Card>
        <Card>
          <Statistic
            title={text.questions}
            value={s.questionsCnt === null ? text.notAvailable : formatCount(s.questionsCnt)}
          />
        </Card>
      </div>
    </>
  );
}

export function chartOption(points: SalesPoint[], previous: SalesPoint[], grouping: Grouping): ChartOption {
  return {
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => formatRub(Number(v)),
    },
    legend: { data: [text.current, text.previousSeries], bottom: 0 },
    grid: { left: 16, right: 16, top: 24, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: points.map((p) => bucketLabel(p, grouping)), name: '' },
    yAxis: {
      type: 'value',
      name: common.revenue,
      axisLabel: { formatter: (v: number) => formatRub(v) },
    },
    series: [
      {
        name: text.current,
        type: 'line',
        smooth: true,
        areaStyle: { opacity: 0.12 },
        data: points.map((p) => p.revenue),
      },
      {
        name: text.previousSeries,
        type: 'line',
        smooth: true,
        lineStyle: { type: 'dashed' },
        // The previous period's buckets by position: the same day, week or month count.
        data: points.map((_, i) => previous[i]?.revenue ?? null),
        tooltip: {
          valueFormatter: (v: unknown) => formatRub(Number(v)),
        },
      },
    ],
  };
}

function Income({ data }: { data: IncomeAndExpenses }) {
  const rows = [
    { key: 'sales', name: text.sales, value: data.sales },
    { key: 'commission', name: text.commission, value: -data.commission },
    { key: 'logistics', name: text.logistics, value: -data.logistics },
    { key: 'storage', name: text.storage, value: -data.storage },
    { key: 'returns', name: text.returns, value: -data.returns },
    { key: 'payouts', name: text.payouts, value: data.payouts },
  ];
  return (
    <Table
      className="analytics-money-table"
      size="small"
      pagination={false}
      showHeader={false}
      rowKey="key"
      dataSource={rows}
      columns={[
        {
          key: 'name',
          dataIndex: 'name',
          render: (v: string, r) => (r.key === 'payouts' ? <strong>{v}</strong> : v),
        },
        {
          key: 'value',
          dataIndex: 'value',
          render: (v: number, r) => (r.key === 'payouts' ? <strong>{formatRub(v)}</strong> : formatRub(v)),
        },
      ]}
    />
  );
}

export interface BoardScreenProps {
  partnerId: number;
  /** For tests: the moment the screen treats as now (the default period ends on its Moscow day). */
  now?: Date;
}

export function BoardScreen({ partnerId, now: fixedNow }: BoardScreenProps) {
  const now = fixedNow ?? new Date();
  const { state, update } = useAnalyticsUrl(now, readNothing);
  const period = { dateFrom: state.dateFrom, dateTo: state.dateTo };
  const summary = useAnalytics(partnerId, 'v1.analytics.revenue-summary.get', period);
  const chart = useAnalytics(partnerId, 'v1.analytics.main-chart.get', {
    ...period,
    grouping: state.grouping,
  });
  const income = useAnalytics(partnerId, 'v1.analytics.income-and-expenses.total', period);
  const option = useMemo(
    () => (chart.data ? chartOption(chart.data.points, chart.data.previous, state.grouping) : null),
    [chart.data, state.grouping],
  );
  const noSales = chart.data
    ? [...chart.data.points, ...chart.data.previous].every((p) => p.revenue === 0 && p.items === 0)
    : false;

  return (
    <div className="analytics-screen">
      <PageHeader title={text.title} subtitle={<UpdatedOn partnerId={partnerId} />} />
      <Alert type="info" showIcon message={text.manager} />
      <PeriodBar period={state} onChange={(c) => update(c)} />
      <Loaded query={summary}>{summary.data ? <SummaryCards s={summary.data} /> : null}</Loaded>
      <Flex gap={16} wrap align="stretch">
        <Card title={text.chart} style={{ flex: '2 1 560px', minWidth: 0 }}>
          <Loaded query={chart} empty={noSales}>
            {option ? <Chart option={option} label={text.chartLabel} /> : null}
          </Loaded>
        </Card>
        <Card title={text.income} style={{ flex: '1 1 320px' }}>
          <Loaded query={income}>
            {income.data ? <Income data={income.data} /> : null}
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {text.incomeHint}
            </Typography.Paragraph>
          </Loaded>
        </Card>
      </Flex>
    </div>
  );
}
