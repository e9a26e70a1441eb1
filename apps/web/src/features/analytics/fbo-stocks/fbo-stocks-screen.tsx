// FBO stocks (/analytics/fbo-stocks): the partner's stock at the marketplace's warehouses with the recommended
// shipment the FBO area computes (spec 001 §7 "recommended shipment forecast (get, brands, categories, file)",
// §9: 7-day sales, 28-day horizon), by category as a chart, by brand as a table, per SKU below, and its file.
import { useMemo } from 'react';
import { Alert, Button, Card, Flex, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { FBO_LIMITS } from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { downloadFile } from '../../../lib/api/transfer';
import { isRpcError } from '../../../lib/api/rpc-error';
import { positiveInt, useListUrl } from '../../../lib/list-url';
import { useAnalytics } from '../api/analytics-queries';
import { Chart } from '../components/chart';
import type { ChartOption } from '../components/echarts';
import { Loaded } from '../components/screen-state';
import { StockTable } from '../components/stock-table';
import { formatCount } from '../model/format';
import { analyticsText } from '../locale';
import '../analytics.css';

const text = analyticsText.fboStocks;
type Group = { name: string; onHand: number; inTransit: number; sales7: number; recommended: number };

const read = (p: URLSearchParams) => ({
  page: positiveInt(p.get('page'), 1, 10_000),
  pageSize: positiveInt(p.get('pageSize'), FBO_LIMITS.pageSize.default, FBO_LIMITS.pageSize.max),
});
const DEFAULTS = { page: '1', pageSize: String(FBO_LIMITS.pageSize.default) };

/** Whether a failed FBO call means the partner has no FBO at all (an FBS or dropshipping seller). */
export const notFbo = (error: unknown) => isRpcError(error) && error.code === 50403;

export function FboStocksScreen({ partnerId }: { partnerId: number }) {
  const { state, update } = useListUrl<ReturnType<typeof read>, 'page' | 'pageSize'>(read, DEFAULTS);
  const rows = useAnalytics(partnerId, 'v1.analytics.recommended-shipment.get', {
    page: state.page,
    pageSize: state.pageSize,
  });
  const categories = useAnalytics(partnerId, 'v1.analytics.recommended-shipment.categories', {});
  const brands = useAnalytics(partnerId, 'v1.analytics.recommended-shipment.brands', {});
  const option = useMemo<ChartOption | null>(() => {
    const items = categories.data?.items ?? [];
    if (!items.length) return null;
    return {
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: unknown) => `${formatCount(Number(v))} ${analyticsText.common.piecesUnit}`,
      },
      legend: { bottom: 0 },
      grid: { left: 16, right: 16, top: 24, bottom: 40, containLabel: true },
      xAxis: { type: 'category', data: items.map((c) => analyticsText.categories[c.name] ?? c.name) },
      yAxis: {
        type: 'value',
        name: analyticsText.common.piecesUnit,
        axisLabel: { formatter: (v: number) => formatCount(v) },
      },
      series: [
        { name: text.onHand, type: 'bar', data: items.map((c) => c.onHand) },
        { name: text.inTransit, type: 'bar', data: items.map((c) => c.inTransit) },
        { name: text.recommended, type: 'bar', data: items.map((c) => c.recommended) },
      ],
    };
  }, [categories.data]);

  if (rows.isError && notFbo(rows.error))
    return (
      <div className="analytics-screen">
        <PageHeader title={text.title} />
        <Alert type="info" showIcon message={text.notFbo} />
      </div>
    );

  return (
    <div className="analytics-screen">
      <PageHeader
        title={text.title}
        actions={
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              void downloadFile(`/api/v1/stock-report/download?partnerId=${partnerId}`, 'forecast.xlsx')
            }
          >
            {text.file}
          </Button>
        }
      />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {text.hint}
      </Typography.Paragraph>
      <Flex gap={16} wrap align="stretch">
        <Card title={text.byCategory} style={{ flex: '2 1 520px', minWidth: 0 }}>
          <Loaded query={categories} empty={!option}>
            {option ? <Chart option={option} label={text.chartLabel} height={300} /> : null}
          </Loaded>
        </Card>
        <Card title={text.byBrand} style={{ flex: '1 1 360px' }}>
          <Loaded query={brands} empty={!brands.data?.items.length}>
            <Table<Group>
              size="small"
              rowKey="name"
              pagination={false}
              dataSource={brands.data?.items ?? []}
              columns={[
                { key: 'name', title: text.name, dataIndex: 'name' },
                {
                  key: 'onHand',
                  title: text.onHand,
                  align: 'right',
                  render: (_, r) => formatCount(r.onHand),
                },
                {
                  key: 'sales7',
                  title: text.sales7,
                  align: 'right',
                  render: (_, r) => formatCount(r.sales7),
                },
                {
                  key: 'recommended',
                  title: text.recommended,
                  align: 'right',
                  render: (_, r) => formatCount(r.recommended),
                },
              ]}
            />
          </Loaded>
        </Card>
      </Flex>
      <StockTable query={rows} page={state.page} pageSize={state.pageSize} onChange={(c) => update(c)} />
    </div>
  );
}
