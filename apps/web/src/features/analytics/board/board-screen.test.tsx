// The board through the UI with the RPC client mocked: the default period (the last 30 Moscow days), the
// summary with changes against the previous period, the chart's two series, income and expenses, the
// grouping and period kept in the URL, and the empty and error states.
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { api } from '../../../lib/api/client';
import {
  callsOf,
  FakeChart,
  PARTNER_ID,
  point,
  renderRoutes,
  rpcError,
  serve,
} from '../analytics-test-utils';
import { BoardScreen } from './board-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../components/chart', () => ({ Chart: FakeChart }));
const call = vi.mocked(api.call) as unknown as Mock;
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

/** 00:30 on 15.03.2026 in Moscow, still the 14th in UTC. */
const NOW = new Date('2026-03-14T21:30:00Z');

const SUMMARY = {
  revenue: 1234567.5,
  diffRevenue: 12.5,
  items: 1500,
  diffItems: -3,
  prcRansom: 61.72,
  reviewsCnt: 56,
  questionsCnt: null,
  orders: 900,
  startDate: '2026-02-14',
  endDate: '2026-03-15',
  daysCount: 30,
  previous: { revenue: 1097393, items: 1546, startDate: '2026-01-15', endDate: '2026-02-13' },
};
const INCOME = {
  sales: 698008,
  commission: 167439.94,
  logistics: 14760,
  storage: 1935,
  returns: 2100,
  payouts: 511773.06,
  boughtItems: 129,
  returnedItems: 35,
};

function handlers(over: Record<string, (p: Record<string, unknown>) => unknown> = {}) {
  return {
    'v1.analytics.revenue-summary.get': () => SUMMARY,
    'v1.analytics.main-chart.get': () => ({
      points: [
        point('2026-03-14', '2026-03-14', { revenue: 1000, items: 2 }),
        point('2026-03-15', '2026-03-15'),
      ],
      previous: [point('2026-03-12', '2026-03-12', { revenue: 700 }), point('2026-03-13', '2026-03-13')],
    }),
    'v1.analytics.income-and-expenses.total': () => INCOME,
    'v1.analytics.data.updated-on': () => ({ updatedOn: '2026-03-14T21:14:00.000Z' }),
    ...over,
  };
}

const open = (path = '/analytics/board') =>
  renderRoutes(
    [{ path: '/analytics/board', element: <BoardScreen partnerId={PARTNER_ID} now={NOW} /> }],
    path,
  );

afterEach(() => call.mockReset());

describe('analytics board', () => {
  it('shows the last 30 Moscow days against the previous period, the chart and income and expenses', async () => {
    serve(call, handlers());
    open();
    const summary = await screen.findByTestId('summary');
    expect(within(summary).getByText('1 234 567,50 ₽')).toBeTruthy();
    expect(within(summary).getByText('+12,5 % к прошлому периоду')).toBeTruthy();
    expect(within(summary).getByText('−3 % к прошлому периоду')).toBeTruthy();
    expect(within(summary).getByText('1 500')).toBeTruthy();
    expect(within(summary).getByText('61,72 %')).toBeTruthy();
    expect(within(summary).getByText('нет данных')).toBeTruthy(); // questions unknown
    expect(screen.getByText(/14\.02\.26 — 15\.03\.26, 30 дн\./)).toBeTruthy();
    expect(callsOf(call, 'v1.analytics.revenue-summary.get')[0]).toEqual({
      partnerId: PARTNER_ID,
      dateFrom: '2026-02-14',
      dateTo: '2026-03-15',
    });
    const series = await screen.findAllByTestId('series');
    expect(series.map((s) => s.textContent)).toEqual(['Этот период: [1000,0]', 'Прошлый период: [700,0]']);
    expect(screen.getByText('−167 439,94 ₽')).toBeTruthy();
    expect(screen.getByText('511 773,06 ₽')).toBeTruthy();
    expect(screen.getByTestId('updated-on').textContent).toMatch(/^Данные обновлены 15\.03\.26/);
  });

  it('keeps the period and grouping in the URL and asks for them', async () => {
    serve(call, handlers());
    const { user, search } = open('/analytics/board?from=2026-01-01&to=2026-01-31');
    await screen.findByTestId('summary');
    await user.click(screen.getByText('По неделям'));
    expect(search().get('grouping')).toBe('weeks');
    await screen.findAllByTestId('series');
    expect(callsOf(call, 'v1.analytics.main-chart.get').at(-1)).toEqual({
      partnerId: PARTNER_ID,
      dateFrom: '2026-01-01',
      dateTo: '2026-01-31',
      grouping: 'weeks',
    });
  });

  it('says when there were no sales and when the numbers could not be loaded', async () => {
    serve(
      call,
      handlers({
        'v1.analytics.main-chart.get': () => ({ points: [point('2026-03-15', '2026-03-15')], previous: [] }),
        'v1.analytics.income-and-expenses.total': () => {
          throw rpcError('v1.analytics.income-and-expenses.total', 'Аналитика не подключена', [], 50403);
        },
      }),
    );
    open();
    expect(await screen.findByText('За выбранный период данных нет')).toBeTruthy();
    expect(await screen.findByText('Не удалось загрузить данные аналитики')).toBeTruthy();
    expect(screen.getByText('Аналитика не подключена')).toBeTruthy();
  });
});
