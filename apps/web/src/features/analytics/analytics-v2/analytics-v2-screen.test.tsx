// The sales funnel through the UI with the RPC client mocked: the four steps and the conversions, the table
// per device with «Не определено», a device chosen and kept in the URL, the rows per product, and the empty state.
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { AnalyticsDevice, type FunnelCounts } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { callsOf, choose, FakeChart, PARTNER_ID, renderRoutes, serve } from '../analytics-test-utils';
import { AnalyticsV2Screen } from './analytics-v2-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../components/chart', () => ({ Chart: FakeChart }));
const call = vi.mocked(api.call) as unknown as Mock;
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

const NOW = new Date('2026-03-15T09:00:00Z');
const counts = (views: number, carts: number, items: number, boughtItems: number): FunnelCounts => ({
  views,
  carts,
  items,
  boughtItems,
  revenue: items * 1000,
  cartRate: views ? Math.round((carts / views) * 10000) / 100 : null,
  orderRate: carts ? Math.round((items / carts) * 10000) / 100 : null,
  buyoutRate: items ? Math.round((boughtItems / items) * 10000) / 100 : null,
});

const reply = (total: FunnelCounts) => ({
  total,
  devices: AnalyticsDevice.options.map((device) => ({
    device,
    ...(device === 'iphone' ? total : counts(0, 0, 0, 0)),
  })),
  rows: total.views
    ? [
        {
          key: '140',
          name: 'Ботинки кожаные',
          sellerSku: 'NW-65-40',
          brand: 'Calvin Klein',
          size: '40',
          ...total,
        },
      ]
    : [],
  rowCount: total.views ? 1 : 0,
});

afterEach(() => call.mockReset());

const open = (path = '/analyticsv2') =>
  renderRoutes(
    [{ path: '/analyticsv2', element: <AnalyticsV2Screen partnerId={PARTNER_ID} now={NOW} /> }],
    path,
  );

describe('sales funnel', () => {
  it('shows the steps with their conversions, per device and per product', async () => {
    serve(call, {
      'v1.analytics.data.updated-on': () => ({ updatedOn: '2026-03-15T08:00:00.000Z' }),
      'v1.analytics.funnel.get': () => reply(counts(200, 16, 4, 3)),
    });
    const { user, search } = open();
    const rates = await screen.findByTestId('funnel-rates');
    expect(within(rates).getByText('8 %')).toBeTruthy(); // 16 of 200
    expect(within(rates).getByText('25 %')).toBeTruthy(); // 4 of 16
    expect(within(rates).getByText('75 %')).toBeTruthy(); // 3 of 4
    const series = screen.getAllByTestId('series');
    expect(series[0]!.textContent).toContain('"value":200');
    expect(screen.getByText('Не определено')).toBeTruthy();
    expect(screen.getByText('NW-65-40 · Calvin Klein · 40')).toBeTruthy();
    await choose(user, screen.getByRole('combobox', { name: 'Устройство' }), 'iPhone');
    expect(search().get('device')).toBe('iphone');
    await screen.findByTestId('funnel-rates');
    expect(callsOf(call, 'v1.analytics.funnel.get').at(-1)).toMatchObject({
      device: 'iphone',
      groupBy: 'product',
    });
  });

  it('says so when the period has neither views nor orders', async () => {
    serve(call, {
      'v1.analytics.data.updated-on': () => ({ updatedOn: null }),
      'v1.analytics.funnel.get': () => reply(counts(0, 0, 0, 0)),
    });
    open();
    expect(await screen.findByText('За выбранный период данных нет')).toBeTruthy();
    expect(screen.getByText('Данные ещё не поступали')).toBeTruthy();
  });
});
