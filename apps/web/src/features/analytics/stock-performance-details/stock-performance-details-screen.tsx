// Stock performance details (/analytics/stock-performance/details): every SKU at every warehouse with its days
// of stock, fewest days first, filtered to 7 days or less or more than 7 (spec 001 §9 threshold), in the URL.
import { Button, Segmented } from 'antd';
import { Link } from 'react-router';
import { DaysBucket, FBO_LIMITS } from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { positiveInt, useListUrl } from '../../../lib/list-url';
import { useAnalytics } from '../api/analytics-queries';
import { StockTable } from '../components/stock-table';
import { analyticsText } from '../locale';
import '../analytics.css';

const text = analyticsText.stockPerformanceDetails;
type Bucket = 'all' | (typeof DaysBucket.options)[number];
const read = (p: URLSearchParams) => {
  const b = DaysBucket.safeParse(p.get('daysBucket'));
  const daysBucket: Bucket = b.success ? b.data : 'all';
  return {
    daysBucket,
    page: positiveInt(p.get('page'), 1, 10_000),
    pageSize: positiveInt(p.get('pageSize'), FBO_LIMITS.pageSize.default, FBO_LIMITS.pageSize.max),
  };
};
const DEFAULTS = { daysBucket: 'all', page: '1', pageSize: String(FBO_LIMITS.pageSize.default) };

export function StockPerformanceDetailsScreen({ partnerId }: { partnerId: number }) {
  const { state, update } = useListUrl<ReturnType<typeof read>, 'daysBucket' | 'page' | 'pageSize'>(
    read,
    DEFAULTS,
  );
  const rows = useAnalytics(partnerId, 'v1.analytics.recommended-shipment.get', {
    ...(state.daysBucket === 'all' ? {} : { daysBucket: state.daysBucket }),
    sort: 'days_of_stock',
    page: state.page,
    pageSize: state.pageSize,
  });
  return (
    <div className="analytics-screen">
      <PageHeader
        title={text.title}
        actions={
          <Link to="/analytics/stock-performance">
            <Button>{text.back}</Button>
          </Link>
        }
      />
      <Segmented<Bucket>
        aria-label={text.filter}
        value={state.daysBucket}
        options={[
          { value: 'all', label: text.all },
          { value: 'less_or_equal_7_days', label: text.lowOnly },
          { value: 'greater_7_days', label: text.highOnly },
        ]}
        onChange={(daysBucket) => update({ daysBucket })}
      />
      <StockTable query={rows} page={state.page} pageSize={state.pageSize} onChange={(c) => update(c)} />
    </div>
  );
}
