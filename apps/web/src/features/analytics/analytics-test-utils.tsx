// Helpers of the analytics screen tests: the chart replaced by its series as text (jsdom has no canvas; the
// option the screen builds is what is under test), and replies as the server sends them.
import type { SalesPoint } from '@moda/contracts';
import type { ChartProps } from './components/chart';
export { callsOf, rpcError, serve } from '../../test/mock-api';
export { choose, renderRoutes } from '../../test/render';

export const PARTNER_ID = 10001;

/** What a mocked chart renders: its label and each series' name and values. */
export function FakeChart({ option, label }: ChartProps) {
  const series = (option as { series?: { name?: string; data?: unknown[] }[] }).series ?? [];
  return (
    <figure role="img" aria-label={label}>
      {series.map((s, i) => (
        <figcaption key={i} data-testid="series">
          {`${s.name ?? ''}: ${JSON.stringify(s.data)}`}
        </figcaption>
      ))}
    </figure>
  );
}

export function point(from: string, to: string, over: Partial<SalesPoint> = {}): SalesPoint {
  return {
    from,
    to,
    revenue: 0,
    orders: 0,
    items: 0,
    boughtItems: 0,
    boughtRevenue: 0,
    returnedItems: 0,
    cancelledItems: 0,
    ...over,
  };
}
