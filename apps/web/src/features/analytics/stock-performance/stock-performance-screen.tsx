// Stock performance (/analytics/stock-performance): how the FBO stock works, from the FBO area's stock and
// 7-day sales — turnover in days, the share sold in 7 days, SKUs with 7 days of stock or less, SKUs out of stock
// while they sell and stale ones (30 days), and the days of stock per category as a chart; the SKUs themselves
// on the details page.
import { useMemo } from 'react';
import { Alert, Button, Card, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { fill } from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { useAnalytics } from '../api/analytics-queries';
import { Chart } from '../components/chart';
import type { ChartOption } from '../components/echarts';
import { Loaded } from '../components/screen-state';
import { formatCount, formatPct } from '../model/format';
import { analyticsText } from '../locale';
import { notFbo } from '../fbo-stocks/fbo-stocks-screen';
import '../analytics.css';

const text = analyticsText.stockPerformance;

/** Days the stock lasts at the 7-day pace; null without sales. */
const daysOf = (onHand: number, sales7: number) => (sales7 > 0 ? Math.round((onHand / sales7) * 7) : null);

export function StockPerformanceScreen({ partnerId }: { partnerId: number }) {
  const categories = useAnalytics(partnerId, 'v1.analytics.recommended-shipment.categories', {});
  const low = useAnalytics(partnerId, 'v1.analytics.recommended-shipment.get', {
    daysBucket: 'less_or_equal_7_days',
    pageSize: 1,
  });
  const all = useAnalytics(partnerId, 'v1.analytics.recommended-shipment.get', { pageSize: 1 });
  const totals = useMemo(() => {
    const items = categories.data?.items ?? [];
    const onHand = items.reduce((s, c) => s + c.onHand, 0);
    const sales7 = items.reduce((s, c) => s + c.sales7, 0);
    return {
      onHand,
      sales7,
      outOfStock: items.reduce((s, c) => s + c.outOfStock, 0),
      stale: items.reduce((s, c) => s + c.stale, 0),
      turnover: daysOf(onHand, sales7),
      sellThrough: onHand + sales7 > 0 ? (sales7 / (onHand + sales7)) * 100 : null,
    };
  }, [categories.data]);
  const option = useMemo<ChartOption | null>(() => {
    const items = (categories.data?.items ?? []).filter((c) => c.onHand > 0 || c.sales7 > 0);
    if (!items.length) return null;
    return {
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: unknown) =>
          v === null ? '—' : `${formatCount(Number(v))} ${analyticsText.common.daysUnit}`,
      },
      grid: { left: 16, right: 16, top: 24, bottom: 16, containLabel: true },
      xAxis: { type: 'category', data: items.map((c) => analyticsText.categories[c.name] ?? c.name) },
      yAxis: {
        type: 'value',
        name: analyticsText.common.daysAxis,
        axisLabel: { formatter: (v: number) => formatCount(v) },
      },
      series: [{ name: text.turnover, type: 'bar', data: items.map((c) => daysOf(c.onHand, c.sales7)) }],
    };
  }, [categories.data]);

  if (categories.isError && notFbo(categories.error))
    return (
      <div className="analytics-screen">
        <PageHeader title={text.title} />
        <Alert type="info" showIcon message={analyticsText.fboStocks.notFbo} />
      </div>
    );

  return (
    <div className="analytics-screen">
      <PageHeader
        title={text.title}
        actions={
          <Link to="/analytics/stock-performance/details">
            <Button>{text.details}</Button>
          </Link>
        }
      />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {text.hint}
      </Typography.Paragraph>
      <Loaded query={categories} empty={totals.onHand === 0 && totals.sales7 === 0}>
        <div className="analytics-cards" data-testid="stock-performance">
          <Card>
            <Statistic
              title={text.turnover}
              value={totals.turnover === null ? '—' : formatCount(totals.turnover)}
            />
          </Card>
          <Card>
            <Statistic
              title={text.sellThrough}
              value={formatPct(
                totals.sellThrough === null ? null : Math.round(totals.sellThrough * 100) / 100,
              )}
            />
          </Card>
          <Card>
            <Statistic
              title={text.lowStock}
              value={low.data ? fill(text.units, { n: formatCount(low.data.total) }) : '—'}
            />
            {all.data ? (
              <Typography.Text type="secondary">
                {fill(text.units, { n: formatCount(all.data.total) })}
              </Typography.Text>
            ) : null}
          </Card>
          <Card>
            <Statistic
              title={text.outOfStock}
              value={fill(text.units, { n: formatCount(totals.outOfStock) })}
            />
            <Typography.Text type="secondary">{text.outOfStockHint}</Typography.Text>
          </Card>
          <Card>
            <Statistic title={text.stale} value={fill(text.units, { n: formatCount(totals.stale) })} />
            <Typography.Text type="secondary">{text.staleHint}</Typography.Text>
          </Card>
        </div>
        <Card>{option ? <Chart option={option} label={text.chartLabel} height={300} /> : null}</Card>
      </Loaded>
    </div>
  );
}
