// Analytics: aggregates kept by triggers as orders and storefront events arrive, read by the board (period
// against the previous one, income and expenses), sales dynamics by days / weeks across a year boundary /
// months of different lengths, split by brand and category, the funnel by device, ABC; Moscow day boundaries;
// the storefront's platform calls and their refusals; the rebuild; gating and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { issueServiceCredential } from '../../auth/service-credentials';
import { periodPlan } from './analytics.queries';

// 15 March 2026, 15:00 in Moscow.
const NOW = new Date('2026-03-15T12:00:00Z');
const P = 10001;

let t: TestApp;
let seller: string;
let platform: string;
/** p0 clothes, p1 footwear (or another category), p2 a third product. */
let p: { sku: string; id: string; category: string; brand: string }[];
const nrs: Record<string, string> = {};

const order = async (name: string, createdAt: string, items: [number, number][]) => {
  const r = await t.rpc(
    'v1.platform.orders.create',
    {
      partnerId: P,
      createdAt,
      cutOffAt: '2026-03-20T12:00:00Z',
      delivery: { address: 'Москва, ул. Тверская, д. 7', method: 'Курьер', serviceLevel: 'Стандарт' },
      paymentMethod: 'Prepaid',
      items: items.map(([i, paidPrice]) => ({ sellerSku: p[i]!.sku, paidPrice })),
    },
    platform,
  );
  expect(r.error).toBeUndefined();
  nrs[name] = r.result.orderNr;
};
const move = async (name: string, ...actions: string[]) => {
  for (const action of actions) {
    const r = await t.rpc('v1.platform.orders.move', { orderNr: nrs[name], action }, platform);
    expect(r.error).toBeUndefined();
  }
};
const call = (method: string, params: Record<string, unknown> = {}, token = seller) =>
  t.rpc(`v1.analytics.${method}`, { partnerId: P, ...params }, token);
const ok = async (method: string, params: Record<string, unknown> = {}, token = seller) => {
  const r = await call(method, params, token);
  expect(r.error).toBeUndefined();
  return r.result;
};
const week = { dateFrom: '2026-03-08', dateTo: '2026-03-14' };

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  await t.sql('truncate storefront_events, analytics_order_devices');
  await t.sql('truncate orders, order_items, order_packs, order_events, discrepancy_acts');
  seller = (await t.login('seller')).accessToken;
  platform = (await issueServiceCredential(t.runtime.db, 'Storefront')).token;
  const pick = async (cond: string) =>
    (
      await t.sql<{ sku: string; id: string; category: string; brand: string }>(
        `select seller_sku as sku, id::text as id, category, brand from products
          where partner_id = ${P} and price is not null and not archived and ${cond} order by id limit 1`,
      )
    )[0]!;
  const p0 = await pick(`category = 'clothes'`);
  const p1 = await pick(`category <> 'clothes'`);
  const p2 = await pick(
    `category = 'clothes' and id <> ${p0.id} and brand <> '${p0.brand.replace(/'/g, "''")}'`,
  );
  p = [p0, p1, p2];
  // The week 8–14 March (Moscow) and the week before it.
  await order('A', '2026-03-09T20:59:59Z', [
    [0, 1000],
    [1, 500],
  ]); // 09.03 23:59:59 in Moscow
  await order('B', '2026-03-09T21:00:00Z', [[0, 1000]]); // 10.03 00:00:00 in Moscow
  await order('C', '2026-03-14T10:00:00Z', [
    [2, 300],
    [2, 300],
  ]);
  await order('D', '2026-03-02T10:00:00Z', [[0, 700]]);
  await order('OUT', '2026-03-14T21:00:00Z', [[0, 9999]]); // 15.03 in Moscow: outside the week
  await move('A', 'confirm', 'collect', 'ship', 'dispatch', 'deliver');
  await move('B', 'reject');
  await move('C', 'collect', 'ship', 'dispatch', 'deliver', 'return');
  // Across the new year, and months of 31, 28 and 31 days.
  await order('E', '2025-12-31T10:00:00Z', [[1, 100]]);
  await order('F', '2026-01-04T20:59:59Z', [[1, 200]]); // Sunday 04.01 in Moscow
  await order('G', '2026-01-04T21:00:00Z', [[1, 400]]); // Monday 05.01 in Moscow
  await order('H', '2026-02-28T20:59:59Z', [[0, 50]]); // 28.02
  await order('I', '2026-02-28T21:00:00Z', [[0, 70]]); // 01.03
});

afterAll(async () => {
  await t?.close();
});

describe('board', () => {
  it('sums the period against the previous one of equal length, by Moscow days', async () => {
    const s = await ok('revenue-summary.get', week);
    expect(s).toMatchObject({
      revenue: 3100, // 1000 + 500 + 1000 + 2 × 300; OUT is 15.03 in Moscow
      items: 5,
      orders: 3,
      diffRevenue: 302.6, // (3100 − 770) / 770: D (700) and I (70, 01.03 in Moscow) before
      diffItems: 150, // (5 − 2) / 2
      prcRansom: 40, // bought 2 of 5 decided (2 bought, 2 returned, 1 cancelled)
      startDate: '2026-03-08',
      endDate: '2026-03-14',
      daysCount: 7,
      previous: { revenue: 770, items: 2, startDate: '2026-03-01', endDate: '2026-03-07' },
    });
    expect(s.reviewsCnt).toBeTypeOf('number');
    expect(s.questionsCnt).toBeTypeOf('number');
  });

  it('agrees with the same orders of the orders list', async () => {
    const list = await t.rpc(
      'v1.orders.list',
      { partnerId: P, pageSize: 100, createdAt: { from: '20260308000000', to: '20260314235959' } },
      seller,
    );
    let revenue = 0;
    let items = 0;
    for (const o of list.result.items as { orderNr: string }[]) {
      const card = await t.rpc('v1.orders.get', { partnerId: P, orderNr: o.orderNr }, seller);
      for (const it of card.result.items as { paidPrice: number }[]) {
        revenue += it.paidPrice;
        items += 1;
      }
    }
    const s = await ok('revenue-summary.get', week);
    expect({ revenue: s.revenue, items: s.items }).toEqual({ revenue, items });
  });

  it('draws the chart per day with the previous period bucket by bucket', async () => {
    const r = await ok('main-chart.get', { ...week, grouping: 'days' });
    expect(r.points).toHaveLength(7);
    expect(r.points.map((x: { revenue: number }) => x.revenue)).toEqual([0, 1500, 1000, 0, 0, 0, 600]);
    expect(r.previous[1]).toMatchObject({ from: '2026-03-02', to: '2026-03-02', revenue: 700, items: 1 });
  });

  it('counts income and expenses by the fee model of the category and business model', async () => {
    const r = await ok('income-and-expenses.total', week);
    const rate: Record<string, number> = {
      clothes: 0.25,
      footwear: 0.23,
      accessories: 0.22,
      beauty: 0.18,
      home: 0.2,
      toys: 0.17,
      food: 0.12,
    };
    // Bought: A's two items (1000 clothes + 500 of p1's category); returned: C's two items.
    const commission = Math.round((1000 * rate.clothes! + 500 * rate[p[1]!.category]!) * 100) / 100;
    expect(r).toEqual({
      sales: 1500,
      commission,
      logistics: 90 * 4, // consignment: per unit delivered, returned ones too
      storage: 15 * 2,
      returns: 60 * 2,
      payouts: Math.round((1500 - commission - 360 - 30 - 120) * 100) / 100,
      boughtItems: 2,
      returnedItems: 2,
    });
  });

  it('says when the data was last updated', async () => {
    const r = await ok('data.updated-on');
    expect(r.updatedOn).not.toBeNull();
  });
});

describe('sales dynamics', () => {
  it('groups by weeks Monday to Sunday across the year boundary, cut to the period', async () => {
    const r = await ok('sales-dynamics.get', {
      dateFrom: '2025-12-30',
      dateTo: '2026-01-06',
      grouping: 'weeks',
    });
    expect(r.points).toEqual([
      expect.objectContaining({ from: '2025-12-30', to: '2026-01-04', revenue: 300, items: 2, orders: 2 }),
      expect.objectContaining({ from: '2026-01-05', to: '2026-01-06', revenue: 400, items: 1, orders: 1 }),
    ]);
  });

  it('groups by calendar months of different lengths', async () => {
    const r = await ok('sales-dynamics.get', {
      dateFrom: '2026-01-30',
      dateTo: '2026-03-01',
      grouping: 'months',
    });
    expect(
      r.points.map((x: { from: string; to: string; revenue: number }) => [x.from, x.to, x.revenue]),
    ).toEqual([
      ['2026-01-30', '2026-01-31', 0],
      ['2026-02-01', '2026-02-28', 50],
      ['2026-03-01', '2026-03-01', 70],
    ]);
  });

  it('splits by brands and by categories, the series adding up to the total', async () => {
    const total = await ok('sales-dynamics.get', { ...week, grouping: 'days' });
    for (const method of ['sales-dynamics.brands', 'sales-dynamics.categories']) {
      const r = await ok(method, { ...week, grouping: 'days' });
      const perDay = total.points.map((_: unknown, i: number) =>
        r.series.reduce((s: number, x: { points: { revenue: number }[] }) => s + x.points[i]!.revenue, 0),
      );
      expect(perDay).toEqual(total.points.map((x: { revenue: number }) => x.revenue));
    }
    const cats = await ok('sales-dynamics.categories', { ...week, grouping: 'weeks' });
    expect(cats.series.find((s: { key: string }) => s.key === 'clothes')).toMatchObject({
      name: 'Одежда',
      total: 2600, // 1000 + 1000 + 600
    });
    const brands = await ok('sales-dynamics.brands', { ...week, grouping: 'weeks' });
    expect(brands.series.find((s: { key: string }) => s.key === p[2]!.brand)?.total).toBe(600);
  });

  it('refuses a bad period on its field, in Russian', async () => {
    const bad = async (params: Record<string, unknown>, field: string, message: string) => {
      const r = await call('sales-dynamics.get', params);
      expect(r.error?.code).toBe(-32602);
      expect(r.error?.data?.errors).toContainEqual({ field, message });
    };
    await bad(
      { dateFrom: '2026-03-10', dateTo: '2026-03-09' },
      'dateFrom',
      'Дата начала не может быть позже даты окончания',
    );
    await bad(
      { dateFrom: '2025-03-01', dateTo: '2026-03-02' },
      'dateTo',
      'Период не может быть длиннее 366 дней',
    );
    await bad({ dateFrom: '2026-02-30', dateTo: '2026-03-02' }, 'dateFrom', 'Такой даты нет');
    await bad({ dateFrom: '2026-02-10', dateTo: '2026-02-32' }, 'dateTo', 'Такой даты нет');
    await bad({ dateFrom: '01.03.26', dateTo: '2026-03-02' }, 'dateFrom', 'Дата в формате ГГГГ-ММ-ДД');
    const r = await call('sales-dynamics.get', { ...week, grouping: 'years' });
    expect(r.error?.data?.errors?.[0]?.field).toBe('grouping');
    // A year and a leap day is the longest period.
    expect(
      (await call('sales-dynamics.get', { dateFrom: '2025-03-02', dateTo: '2026-03-02' })).error,
    ).toBeUndefined();
  });
});

describe('storefront events and the funnel', () => {
  it('counts views, carts and the order’s device into the funnel with conversions', async () => {
    const r = await t.rpc(
      'v1.platform.analytics.events',
      {
        events: [
          {
            partnerId: P,
            type: 'view',
            sellerSku: p[0]!.sku,
            device: 'iphone',
            at: '2026-03-12T10:00:00Z',
            count: 10,
          },
          {
            partnerId: P,
            type: 'cart',
            sellerSku: p[0]!.sku,
            device: 'iphone',
            at: '2026-03-12T10:05:00Z',
            count: 4,
          },
          { partnerId: P, type: 'view', sellerSku: p[1]!.sku, device: 'desktop', at: '2026-03-07T20:59:59Z' },
          { partnerId: P, type: 'checkout', orderNr: nrs.A, device: 'iphone', at: '2026-03-09T20:59:59Z' },
        ],
      },
      platform,
    );
    expect(r.result).toEqual({ accepted: 4 });
    const f = await ok('funnel.get', { ...week, device: 'iphone' });
    expect(f.total).toEqual({
      views: 10,
      carts: 4,
      items: 2,
      boughtItems: 2,
      revenue: 1500,
      cartRate: 40,
      orderRate: 50,
      buyoutRate: 100,
    });
    const row = f.rows.find((x: { key: string }) => x.key === p[0]!.id);
    expect(row).toMatchObject({ sellerSku: p[0]!.sku, views: 10, carts: 4, items: 1, boughtItems: 1 });
    // The rest of the week's orders came with no device; the desktop view fell on 07.03 in Moscow.
    const all = await ok('funnel.get', week);
    expect(all.devices.find((d: { device: string }) => d.device === 'unknown')).toMatchObject({
      items: 3,
      views: 0,
    });
    expect(all.devices.find((d: { device: string }) => d.device === 'desktop')).toMatchObject({ views: 0 });
    expect(all.total).toMatchObject({ views: 10, items: 5 });
    const byCat = await ok('funnel.get', { ...week, groupBy: 'category', sort: '-revenue' });
    expect(byCat.rows[0]).toMatchObject({ key: 'clothes', name: 'Одежда', revenue: 2600 });
  });

  it('a funnel page read again while nothing changed is the same; new events count at once', async () => {
    const first = await ok('funnel.get', { ...week, device: 'iphone' });
    expect(await ok('funnel.get', { ...week, device: 'iphone' })).toEqual(first);
    const r = await t.rpc(
      'v1.platform.analytics.events',
      {
        events: [
          {
            partnerId: P,
            type: 'view',
            sellerSku: p[0]!.sku,
            device: 'iphone',
            at: '2026-03-12T11:00:00Z',
            count: 5,
          },
        ],
      },
      platform,
    );
    expect(r.result).toEqual({ accepted: 1 });
    const after = await ok('funnel.get', { ...week, device: 'iphone' });
    expect(after.total.views).toBe(first.total.views + 5);
    expect(after.rows.find((x: { key: string }) => x.key === p[0]!.id)).toMatchObject({ views: 15 });
  });

  it('refuses unknown products, orders and dates on their fields, and sellers', async () => {
    const send = (events: unknown[], token = platform) =>
      t.rpc('v1.platform.analytics.events', { events }, token);
    const base = {
      partnerId: P,
      type: 'view',
      sellerSku: p[0]!.sku,
      device: 'mobile',
      at: '2026-03-12T10:00:00Z',
    };
    let r = await send([{ ...base, sellerSku: 'NO-SUCH-SKU' }]);
    expect(r.error?.data?.errors).toEqual([
      { field: 'events.0.sellerSku', message: 'Товар с артикулом продавца «NO-SUCH-SKU» не найден' },
    ]);
    r = await send([{ ...base, at: '2026-03-16T12:00:00Z' }]);
    expect(r.error?.data?.errors?.[0]).toEqual({
      field: 'events.0.at',
      message: 'Дата события не может быть в будущем или старше 400 дней',
    });
    r = await send([{ ...base, type: 'checkout', sellerSku: undefined }]);
    expect(r.error?.data?.errors).toContainEqual({
      field: 'events.0.orderNr',
      message: 'Укажите номер заказа',
    });
    r = await send([{ ...base, type: 'checkout', orderNr: 'NOPE-1' }]);
    expect(r.error?.data?.errors?.[0]?.field).toBe('events.0.orderNr');
    // Another partner's product is as unknown as a missing one.
    r = await send([{ ...base, partnerId: 10002 }]);
    expect(r.error?.data?.errors?.[0]?.field).toBe('events.0.sellerSku');
    r = await send([base], seller);
    expect(r.error?.code).toBe(50403);
    const f = await ok('funnel.get', { ...week, device: 'mobile' });
    expect(f.total.views).toBe(0); // nothing half-saved
  });
});

describe('ABC', () => {
  it('classes sizes by bought-out revenue and by margin, with dead stock', async () => {
    const r = await ok('abc.get', { ...week, level: 'size' });
    const row = (sku: string) => r.rows.find((x: { sellerSku: string }) => x.sellerSku === sku);
    expect(row(p[0]!.sku)).toMatchObject({ revenue: 1000, boughtItems: 1, share: 66.67, abcClass: 'A' });
    expect(row(p[1]!.sku)).toMatchObject({ revenue: 500, share: 33.33, abcClass: 'A' });
    expect(row(p[2]!.sku)).toMatchObject({ revenue: 0, abcClass: 'C', margin: -(90 * 2 + 60 * 2) });
    expect(r.classes[0]).toMatchObject({ abcClass: 'A', count: 2, value: 1500, share: 100 });
    expect(r.deadStock.count).toBeGreaterThan(0);
    expect(
      r.deadStock.rows.every(
        (x: { boughtItems: number; stock: number }) => x.boughtItems === 0 && x.stock > 0,
      ),
    ).toBe(true);
    const m = await ok('abc.get', { ...week, level: 'size', metric: 'margin', abcClass: 'C' });
    expect(m.rows.map((x: { sellerSku: string }) => x.sellerSku)).toContain(p[2]!.sku);
  });
});

describe('roll-ups', () => {
  it('reads whole months, a part month of at most half by its days, a larger one as the month less the rest', () => {
    expect(periodPlan('2026-01-01', '2026-03-31')).toEqual({
      months: ['2026-01-01', '2026-02-01', '2026-03-01'],
      plus: [],
      minus: [],
    });
    expect(periodPlan('2025-12-15', '2026-03-15')).toEqual({
      months: ['2025-12-01', '2026-01-01', '2026-02-01'],
      plus: [['2026-03-01', '2026-03-15']],
      minus: [['2025-12-01', '2025-12-14']],
    });
    expect(periodPlan('2024-02-01', '2024-02-29')).toEqual({ months: ['2024-02-01'], plus: [], minus: [] });
    expect(periodPlan('2026-02-01', '2026-02-27')).toEqual({
      months: ['2026-02-01'],
      plus: [],
      minus: [['2026-02-28', '2026-02-28']],
    });
    expect(periodPlan('2026-03-02', '2026-03-14')).toEqual({
      months: [],
      plus: [['2026-03-02', '2026-03-14']],
      minus: [],
    });
    // The last 365 days: 5 days of the first month, the last month less its 5 days still to come.
    const year = periodPlan('2025-11-26', '2026-11-25');
    expect(year.months).toHaveLength(12);
    expect(year.plus).toEqual([['2025-11-26', '2025-11-30']]);
    expect(year.minus).toEqual([['2026-11-26', '2026-11-30']]);
  });

  it('equal the days they sum, after orders were placed, moved and given a device, and events came', async () => {
    const cols = `orders, ordered_qty, ordered_sum, bought_qty, bought_sum, returned_qty, returned_sum,
      cancelled_qty, cancelled_sum, views, carts`;
    const sums = cols
      .split(',')
      .map((c) => `sum(${c.trim()})::text as ${c.trim()}`)
      .join(', ');
    const fromDays = await t.sql(
      `select dim, to_char(date_trunc('month', day), 'YYYY-MM-DD') as month, key, ${sums} from analytics_daily
        where partner_id = ${P} group by 1, 2, 3 order by 1, 2, 3`,
    );
    const kept = await t.sql(
      `select dim, to_char(month, 'YYYY-MM-DD') as month, key, ${sums} from analytics_monthly
        where partner_id = ${P} group by 1, 2, 3 order by 1, 2, 3`,
    );
    expect(fromDays.length).toBeGreaterThan(10);
    expect(kept).toEqual(fromDays);
    const overDevices = await t.sql(
      `select dim, day::text as day, key, ${sums} from analytics_daily
        where partner_id = ${P} group by 1, 2, 3 order by 1, 2, 3`,
    );
    const keptDays = await t.sql(
      `select dim, day::text as day, key, ${sums} from analytics_days
        where partner_id = ${P} group by 1, 2, 3 order by 1, 2, 3`,
    );
    expect(keptDays).toEqual(overDevices);
  });

  it('reads a period through the roll-ups as the days alone add it up', async () => {
    for (const [dateFrom, dateTo] of [
      ['2026-01-20', '2026-03-15'],
      ['2025-03-16', '2026-03-15'],
      ['2026-02-01', '2026-02-28'],
      ['2026-03-03', '2026-03-31'],
      ['2026-03-01', '2026-03-09'],
    ] as const) {
      const days = await t.sql<{ key: string; views: number; items: number; revenue: number }>(
        `select key, sum(views)::int as views, sum(ordered_qty)::int as items, sum(ordered_sum)::float8 as revenue
           from analytics_daily where partner_id = ${P} and dim = 'product'
            and day between '${dateFrom}' and '${dateTo}'
          group by key having sum(orders) <> 0 or sum(ordered_qty) <> 0 or sum(bought_qty) <> 0
            or sum(returned_qty) <> 0 or sum(cancelled_qty) <> 0 or sum(views) <> 0 or sum(carts) <> 0
          order by key`,
      );
      const f = await ok('funnel.get', { dateFrom, dateTo, pageSize: 100 });
      const read = f.rows
        .map((r: { key: string; views: number; items: number; revenue: number }) => ({
          key: r.key,
          views: r.views,
          items: r.items,
          revenue: r.revenue,
        }))
        .sort((a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : 1));
      expect(days.length).toBeGreaterThan(0);
      expect(read).toEqual(days);
      expect(f.rowCount).toBe(days.length);
    }
  });
});

describe('rebuild', () => {
  it('recomputes the same numbers from the orders and events', async () => {
    const before = await ok('funnel.get', { dateFrom: '2025-12-01', dateTo: '2026-03-15', pageSize: 100 });
    const dyn = await ok('sales-dynamics.get', {
      dateFrom: '2025-12-01',
      dateTo: '2026-03-15',
      grouping: 'weeks',
    });
    await t.sql(`update analytics_daily set ordered_sum = 0 where partner_id = ${P}`);
    const r = await t.rpc('v1.platform.analytics.rebuild', { partnerId: P }, platform);
    expect(r.result.partners).toBe(1);
    expect(await ok('funnel.get', { dateFrom: '2025-12-01', dateTo: '2026-03-15', pageSize: 100 })).toEqual(
      before,
    );
    expect(
      await ok('sales-dynamics.get', { dateFrom: '2025-12-01', dateTo: '2026-03-15', grouping: 'weeks' }),
    ).toEqual(dyn);
    expect((await t.rpc('v1.platform.analytics.rebuild', { partnerId: 99_999 }, platform)).error?.code).toBe(
      50404,
    );
  });
});

describe('gating and tenancy', () => {
  it('needs the analyticsEnabled experiment and refuses new sellers', async () => {
    const dropship = (await t.login('dropship')).accessToken; // 10003, no analyticsEnabled
    const r = await t.rpc('v1.analytics.revenue-summary.get', { partnerId: 10003, ...week }, dropship);
    expect(r.error).toMatchObject({
      code: 50403,
      message: 'Аналитика не подключена для этого магазина: обратитесь к персональному менеджеру',
    });
    const newseller = (await t.login('newseller')).accessToken;
    const n = await t.rpc('v1.analytics.revenue-summary.get', { partnerId: 10006, ...week }, newseller);
    expect(n.error?.code).toBe(50403);
  });

  it('answers another partner’s id exactly as a missing one', async () => {
    for (const method of ['revenue-summary.get', 'sales-dynamics.get', 'funnel.get', 'abc.get']) {
      const other = await call(method, { ...week, partnerId: 10002 });
      const missing = await call(method, { ...week, partnerId: 99_999 });
      expect(other.error).toBeDefined();
      expect({ ...other, id: null }).toEqual({ ...missing, id: null });
    }
  });
});
