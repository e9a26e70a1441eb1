// The FBO stock screen through the API as clients call it: its brand groups (out of stock while it sells, stale
// over 30 days to the minute) and the kept stock rows (marked stale by a source's change, rebuilt on the next
// read or after 15 minutes, by a job for a large partner while the screen shows them «обновляется»).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers';
import { setUpFbo } from './fbo.fixture';

// 15 March 2026, 15:00 in Moscow.
const NOW = new Date('2026-03-15T12:00:00Z');
let clock = NOW;
let t: TestApp;
let seller: string; // 10001, consignment
let platform: string;

beforeAll(async () => {
  ({ t, seller, platform } = await setUpFbo(() => clock));
}, 60_000);
afterAll(() => t.close());

describe('stock performance', () => {
  it('counts SKUs out of stock while they sell and stale ones, over 30 days to the minute', async () => {
    // Four products no order has touched, under a brand of their own so the counts are theirs alone.
    const fresh = await t.sql<{ seller_sku: string }>(
      `select p.seller_sku from products p where p.partner_id = 10001 and not p.archived
          and not exists (select 1 from order_items i where i.partner_id = 10001 and i.seller_sku = p.seller_sku)
          and not exists (select 1 from fbo_stock_moves m where m.partner_id = 10001 and m.seller_sku = p.seller_sku)
        order by p.id limit 4`,
    );
    const [idle, soldOut, lastSoldLongAgo, lastSoldAtEdge] = fresh.map((r) => r.seller_sku);
    await t.sql(
      `update products set brand = 'Проверка остатков' where partner_id = 10001 and seller_sku = any($1)`,
      [fresh.map((r) => r.seller_sku)],
    );
    for (const [sku, q] of [
      [idle, 5],
      [soldOut, 2],
      [lastSoldLongAgo, 3],
      [lastSoldAtEdge, 3],
    ] as const)
      await t.sql(
        `insert into fbo_stock_moves (partner_id, seller_sku, warehouse_code, quantity, kind, ref) values (10001, $1, 'Sofino', $2, 'supply', 'test')`,
        [sku, q],
      );
    const order = async (sku: string | undefined, units: number, minutesAgo: number) => {
      const r = await t.rpc(
        'v1.platform.orders.create',
        {
          partnerId: 10001,
          createdAt: new Date(clock.getTime() - minutesAgo * 60_000).toISOString(),
          cutOffAt: new Date(clock.getTime() + 86_400_000).toISOString(),
          delivery: { address: 'Москва, ул. Тверская, д. 7', method: 'Курьер', serviceLevel: 'Стандарт' },
          paymentMethod: 'Prepaid',
          items: Array.from({ length: units }, () => ({ sellerSku: sku, paidPrice: 1000 })),
        },
        platform,
      );
      expect(r.error).toBeUndefined();
    };
    const DAYS_30 = 30 * 24 * 60;
    await order(soldOut, 2, 10 * 24 * 60); // both units ordered 10 days ago: nothing left, and it sells
    await order(lastSoldLongAgo, 1, DAYS_30 + 1); // a minute before the 30 days: stale
    await order(lastSoldAtEdge, 1, DAYS_30); // exactly 30 days ago: it still sells
    const brands = await t.rpc(
      'v1.analytics.recommended-shipment.brands',
      { partnerId: 10001, brand: ['Проверка остатков'] },
      seller,
    );
    expect(brands.result.items).toEqual([
      expect.objectContaining({ name: 'Проверка остатков', onHand: 9, outOfStock: 1, stale: 2 }),
    ]);
  });
});

describe('kept stock rows', () => {
  const screen = async (search: string) =>
    (
      await t.rpc(
        'v1.analytics.recommended-shipment.get',
        { partnerId: 10001, search, warehouseCode: ['Chekhov'], page: 1, pageSize: 20 },
        seller,
      )
    ).result as { items: { sellerSku: string; onHand: number; syncStatus: string }[]; total: number };
  const state = async () =>
    (
      await t.sql<{ built_at: Date; changed_at: Date | null; rows: number }>(
        `select built_at, changed_at, rows from fbo_stock_state where partner_id = 10001`,
      )
    )[0]!;
  const put = (sku: string, q: number) =>
    t.sql(
      `insert into fbo_stock_moves (partner_id, seller_sku, warehouse_code, quantity, kind, ref)
       values (10001, $1, 'Chekhov', $2, 'supply', 'kept-rows test')`,
      [sku, q],
    );
  let sku = '';

  beforeAll(async () => {
    const [p] = await t.sql<{ seller_sku: string }>(
      `select seller_sku from products where partner_id = 10001 and not archived
          and not exists (select 1 from fbo_stock_moves m where m.partner_id = 10001 and m.seller_sku = products.seller_sku)
        order by id desc limit 1`,
    );
    sku = p!.seller_sku;
  });

  it('a change to a source marks the partner stale in its transaction, and the next read rebuilds', async () => {
    expect((await screen(sku)).items).toEqual([]);
    expect((await state()).changed_at).toBeNull();
    await put(sku, 4);
    expect((await state()).changed_at).not.toBeNull();
    expect((await screen(sku)).items).toEqual([expect.objectContaining({ sellerSku: sku, onHand: 4 })]);
    expect((await state()).changed_at).toBeNull();
    // Nothing changed: the kept rows are read as they are (built_at stays).
    const built = (await state()).built_at;
    await screen(sku);
    expect((await state()).built_at).toEqual(built);
    // A product renamed shows at once too.
    await t.sql(
      `update products set title = 'Переименован для остатков' where partner_id = 10001 and seller_sku = $1`,
      [sku],
    );
    expect((await state()).changed_at).not.toBeNull();
    expect((await screen('Переименован для остатков')).items).toHaveLength(1);
  });

  it('the whole screen’s totals kept at the build equal the rows summed under a filter that keeps them all', async () => {
    const totals = async (params: object) =>
      (
        await t.rpc(
          'v1.analytics.recommended-shipment.get',
          { partnerId: 10001, page: 1, pageSize: 1, ...params },
          seller,
        )
      ).result as { total: number; totals: Record<string, number> };
    const kept = await totals({});
    const summed = await totals({ warehouseCode: ['Bykovo', 'Sofino', 'Chekhov', 'Novokhokhlovskaya'] });
    expect(kept.total).toBeGreaterThan(0);
    expect(kept).toEqual(summed);
  });

  it('rows 15 minutes old are rebuilt: the 7-day sales move with the clock', async () => {
    const built = new Date((await state()).built_at).getTime();
    clock = new Date(clock.getTime() + 15 * 60_000);
    await screen(sku);
    expect(new Date((await state()).built_at).getTime()).toBe(built + 15 * 60_000);
  });

  it('a large partner’s rows are rebuilt by a job while the screen shows them as updating', async () => {
    const real = (await state()).rows;
    // As if the partner had more rows than a call rebuilds in place.
    await t.sql(`update fbo_stock_state set rows = 1000000 where partner_id = 10001`);
    await put(sku, 3);
    const during = await screen(sku);
    expect(during.items).toEqual([
      expect.objectContaining({ sellerSku: sku, onHand: 4, syncStatus: 'waiting_update' }),
    ]);
    await t.runtime.jobs.drain(['fbo.stock-refresh'], 30_000);
    const after = await screen(sku);
    expect(after.items).toEqual([expect.objectContaining({ sellerSku: sku, onHand: 7 })]);
    expect(await state()).toMatchObject({ changed_at: null, rows: real });
  });
});
