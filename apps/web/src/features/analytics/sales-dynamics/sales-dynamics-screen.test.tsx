// Sales statistics through the UI with the RPC client mocked: the plain dynamics as a chart and a table with
// its totals, the split by brands (one stacked series per brand), the metric and grouping in the URL, the
// CSV of the table, and the ABC tab with its classes and dead stock.
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { api } from '../../../lib/api/client';
import { callsOf, choose, FakeChart, PARTNER_ID, point, renderRoutes, serve } from '../analytics-test-utils';
import { downloadCsv } from '../model/csv';
import type * as CsvModule from '../model/csv';
import { SalesDynamicsScreen } from './sales-dynamics-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../components/chart', () => ({ Chart: FakeChart }));
vi.mock('../model/csv', async (original) => ({
  ...(await original<typeof CsvModule>()),
  downloadCsv: vi.fn(),
}));
const call = vi.mocked(api.call) as unknown as Mock;
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

const NOW = new Date('2026-03-15T09:00:00Z');
const WEEKS = [
  point('2025-12-30', '2026-01-04', {
    revenue: 300,
    orders: 2,
    items: 2,
    boughtItems: 1,
    boughtRevenue: 100,
  }),
  point('2026-01-05', '2026-01-06', { revenue: 400, orders: 1, items: 1 }),
];
const abcRow = (sku: string, over: Record<string, unknown> = {}) => ({
  sellerSku: sku,
  title: 'Платье миди',
  brand: 'Nord Wind',
  size: '44',
  boughtItems: 3,
  revenue: 9000,
  margin: 5000,
  share: 90,
  cumulativeShare: 90,
  abcClass: 'A' as const,
  stock: 4,
  ...over,
});

const handlers = {
  'v1.analytics.data.updated-on': () => ({ updatedOn: null }),
  'v1.analytics.sales-dynamics.get': () => ({ points: WEEKS }),
  'v1.analytics.sales-dynamics.brands': () => ({
    series: [
      {
        key: 'Nord Wind',
        name: 'Nord Wind',
        total: 500,
        points: [
          point('2025-12-30', '2026-01-04', { revenue: 200 }),
          point('2026-01-05', '2026-01-06', { revenue: 300 }),
        ],
      },
      {
        key: null,
        name: 'Другие',
        total: 200,
        points: [
          point('2025-12-30', '2026-01-04', { revenue: 100 }),
          point('2026-01-05', '2026-01-06', { revenue: 100 }),
        ],
      },
    ],
  }),
  'v1.analytics.abc.get': () => ({
    classes: [
      { abcClass: 'A' as const, count: 1, value: 9000, share: 90 },
      { abcClass: 'B' as const, count: 0, value: 0, share: 0 },
      { abcClass: 'C' as const, count: 1, value: 1000, share: 10 },
    ],
    rows: [
      abcRow('NW-1-44'),
      abcRow('NW-2-46', { abcClass: 'C', revenue: 1000, share: 10, cumulativeShare: 100 }),
    ],
    rowCount: 2,
    deadStock: {
      count: 1,
      units: 7,
      rows: [
        abcRow('NW-9-48', {
          boughtItems: 0,
          revenue: 0,
          margin: 0,
          share: 0,
          cumulativeShare: 0,
          abcClass: 'C',
          stock: 7,
        }),
      ],
    },
  }),
};

const open = (path: string) =>
  renderRoutes(
    [
      {
        path: '/analytics/sales-dynamics',
        element: <SalesDynamicsScreen partnerId={PARTNER_ID} now={NOW} />,
      },
    ],
    path,
  );

afterEach(() => call.mockReset());

describe('sales statistics', () => {
  it('draws weeks across the new year with the same numbers in the table and a CSV of it', async () => {
    serve(call, handlers);
    const { user } = open('/analytics/sales-dynamics?from=2025-12-30&to=2026-01-06&grouping=weeks');
    const series = await screen.findAllByTestId('series');
    expect(series.map((s) => s.textContent)).toEqual(['Выручка: [300,400]']);
    const table = screen.getByRole('table');
    expect(within(table).getByText('30.12.25 — 04.01.26')).toBeTruthy();
    expect(within(table).getByText('05.01.26 — 06.01.26')).toBeTruthy();
    expect(within(table).getByText('700 ₽')).toBeTruthy(); // the total row
    expect(callsOf(call, 'v1.analytics.sales-dynamics.get')[0]).toEqual({
      partnerId: PARTNER_ID,
      dateFrom: '2025-12-30',
      dateTo: '2026-01-06',
      grouping: 'weeks',
    });
    await user.click(screen.getByRole('button', { name: /Скачать CSV/ }));
    const [name, csv] = vi.mocked(downloadCsv).mock.calls[0]!;
    expect(name).toBe('dinamika-prodazh_2025-12-30_2026-01-06');
    expect(csv.split('\r\n')[1]).toBe('30.12.25 — 04.01.26,300,2,2,1,100,0,0');
  });

  it('splits by brands as stacked series, keeping the split and metric in the URL', async () => {
    serve(call, handlers);
    const { user, search } = open('/analytics/sales-dynamics?from=2025-12-30&to=2026-01-06&grouping=weeks');
    await screen.findAllByTestId('series');
    await user.click(screen.getByText('По брендам'));
    expect(search().get('split')).toBe('brands');
    await choose(user, screen.getByRole('combobox', { name: 'Показатель' }), 'Выручка');
    const series = await screen.findAllByTestId('series');
    expect(series.map((s) => s.textContent)).toEqual(['Nord Wind: [200,300]', 'Другие: [100,100]']);
    expect(screen.getAllByText('Nord Wind').length).toBeGreaterThan(0);
  });

  it('shows ABC classes, ranked rows and the dead stock', async () => {
    serve(call, handlers);
    open('/analytics/sales-dynamics?tab=abc&level=size&from=2026-03-01&to=2026-03-14');
    const classes = await screen.findByTestId('abc-classes');
    expect(classes.textContent).toMatch(/A1 поз\. · 9\s000\s₽ · 90 %/);
    expect(await screen.findByText('NW-1-44')).toBeTruthy();
    expect(screen.getByText(/^1 поз\., 7 шт\. на остатке$/)).toBeTruthy();
    expect(screen.getByText('NW-9-48')).toBeTruthy();
    expect(callsOf(call, 'v1.analytics.abc.get')[0]).toEqual({
      partnerId: PARTNER_ID,
      dateFrom: '2026-03-01',
      dateTo: '2026-03-14',
      metric: 'revenue',
      level: 'size',
      page: 1,
      pageSize: 20,
    });
  });
});
