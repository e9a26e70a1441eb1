// Stock performance through the UI with the RPC client mocked: the turnover and sell-through from the groups, the
// SKUs with a week of stock or less, and the SKUs out of stock while they sell and the stale ones, summed.
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { api } from '../../../lib/api/client';
import { FakeChart, PARTNER_ID, renderRoutes, serve } from '../analytics-test-utils';
import { StockPerformanceScreen } from './stock-performance-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../components/chart', () => ({ Chart: FakeChart }));
const call = vi.mocked(api.call) as unknown as Mock;
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

const group = (name: string, onHand: number, sales7: number, outOfStock: number, stale: number) => ({
  name,
  onHand,
  inTransit: 0,
  sales7,
  recommended: 0,
  outOfStock,
  stale,
});

afterEach(() => call.mockReset());

describe('stock performance', () => {
  it('sums the out-of-stock and stale SKUs of every category beside the turnover', async () => {
    serve(call, {
      'v1.analytics.recommended-shipment.categories': () => ({
        items: [group('clothes', 60, 10, 2, 5), group('footwear', 10, 10, 1, 0)],
      }),
      'v1.analytics.recommended-shipment.get': (p) => ({
        items: [],
        total: p.daysBucket ? 3 : 40,
        totals: { onHand: 70, inTransit: 0, recommended: 0, lacksMarking: 0 },
      }),
    });
    renderRoutes(
      [{ path: '/analytics/stock-performance', element: <StockPerformanceScreen partnerId={PARTNER_ID} /> }],
      '/analytics/stock-performance',
    );
    const cards = await screen.findByTestId('stock-performance');
    const card = (title: string) => within(cards).getByText(title).closest('.ant-card') as HTMLElement;
    // 70 on hand at 20 a week: 25 days.
    expect(within(card('Оборачиваемость, дней')).getByText('25')).toBeTruthy();
    expect(within(card('Закончились, но продаются')).getByText('3 SKU')).toBeTruthy();
    expect(within(card('Без продаж за 30 дней')).getByText('5 SKU')).toBeTruthy();
    expect(await within(card('Запаса на 7 дней и меньше')).findByText('3 SKU')).toBeTruthy();
  });
});
