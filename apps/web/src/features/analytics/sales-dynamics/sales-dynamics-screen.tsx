// «Статистика продаж» (/analytics/sales-dynamics): the sales dynamics tab and the ABC tab, over one period
// kept in the URL with every choice of the screen (tab, split, metric, ABC metric, level, class, page).
import { Tabs } from 'antd';
import { ANALYTICS_LIMITS } from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { positiveInt } from '../../../lib/list-url';
import { PeriodBar } from '../components/period-bar';
import { UpdatedOn } from '../components/updated-on';
import { useAnalyticsUrl } from '../model/use-analytics-url';
import { analyticsText } from '../locale';
import { AbcTab, type AbcLevel, type AbcMetric } from './abc-tab';
import { DynamicsTab, METRICS, type Metric, type Split } from './dynamics-tab';
import '../analytics.css';

const text = analyticsText.salesDynamics;
type Tab = 'dynamics' | 'abc';
type Key = 'tab' | 'split' | 'metric' | 'abcMetric' | 'level' | 'abcClass' | 'page' | 'pageSize';

const oneOf = <T extends string>(v: string | null, options: readonly T[], fallback: T): T =>
  options.includes(v as T) ? (v as T) : fallback;

function readRest(params: URLSearchParams) {
  const cls = params.get('abcClass');
  return {
    tab: oneOf<Tab>(params.get('tab'), ['dynamics', 'abc'], 'dynamics'),
    split: oneOf<Split>(params.get('split'), ['plain', 'brands', 'categories'], 'plain'),
    metric: oneOf<Metric>(params.get('metric'), METRICS, 'revenue'),
    abcMetric: oneOf<AbcMetric>(params.get('abcMetric'), ['revenue', 'margin'], 'revenue'),
    level: oneOf<AbcLevel>(params.get('level'), ['model', 'size'], 'model'),
    abcClass: (['A', 'B', 'C'] as const).find((c) => c === cls),
    page: positiveInt(params.get('page'), 1, 10_000),
    pageSize: positiveInt(
      params.get('pageSize'),
      ANALYTICS_LIMITS.pageSize.default,
      ANALYTICS_LIMITS.pageSize.max,
    ),
  };
}

const DEFAULTS: Partial<Record<Key, string>> = {
  tab: 'dynamics',
  split: 'plain',
  metric: 'revenue',
  abcMetric: 'revenue',
  level: 'model',
  page: '1',
  pageSize: String(ANALYTICS_LIMITS.pageSize.default),
};

export interface SalesDynamicsScreenProps {
  partnerId: number;
  now?: Date;
}

export function SalesDynamicsScreen({ partnerId, now: fixedNow }: SalesDynamicsScreenProps) {
  const now = fixedNow ?? new Date();
  const { state, update } = useAnalyticsUrl<ReturnType<typeof readRest>, Key>(now, readRest, DEFAULTS);
  const period = { dateFrom: state.dateFrom, dateTo: state.dateTo, grouping: state.grouping };
  return (
    <div className="analytics-screen">
      <PageHeader title={text.title} subtitle={<UpdatedOn partnerId={partnerId} />} />
      <PeriodBar period={state} onChange={(c) => update(c)} withGrouping={state.tab === 'dynamics'} />
      <Tabs
        activeKey={state.tab}
        onChange={(tab) => update({ tab })}
        items={[
          {
            key: 'dynamics',
            label: text.tabs.dynamics,
            children:
              state.tab === 'dynamics' ? (
                <DynamicsTab
                  partnerId={partnerId}
                  period={period}
                  split={state.split}
                  metric={state.metric}
                  onChange={(c) => update(c)}
                />
              ) : null,
          },
          {
            key: 'abc',
            label: text.tabs.abc,
            children:
              state.tab === 'abc' ? (
                <AbcTab
                  partnerId={partnerId}
                  period={{ dateFrom: state.dateFrom, dateTo: state.dateTo }}
                  metric={state.abcMetric}
                  level={state.level}
                  abcClass={state.abcClass}
                  page={state.page}
                  pageSize={state.pageSize}
                  onChange={(c) => update(c)}
                />
              ) : null,
          },
        ]}
      />
    </div>
  );
}
