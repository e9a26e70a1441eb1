// The audit log through the API (issue 28): a price's and a stock's values before and after, the address,
// filters by person, area, object and Moscow days with their bad inputs, the capped total, staff reading any
// partner and a seller only their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moscowDay } from '@moda/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';

const PARTNER = 10002;
let t: TestApp;
let fbs: string;
let productId: string;
let oldPrice: number;

beforeAll(async () => {
  t = await createTestApp();
  fbs = (await t.login('fbs@moda.test')).accessToken;
  const [p] = await t.sql<{ id: string; price: string }>(
    `select id::text, price::text from products
      where partner_id = $1 and not archived and price is not null order by id limit 1`,
    [PARTNER],
  );
  productId = p!.id;
  oldPrice = Number(p!.price);
});
afterAll(() => t.close());

const list = (params: Record<string, unknown>, token = fbs) =>
  t.rpc('v1.audit.list', { partnerId: PARTNER, ...params }, token);

describe('audit log', () => {
  it('records a price change with the price before and after, who and from where', async () => {
    const newPrice = Math.round((oldPrice * 0.95) / 10) * 10;
    const r = await t.rpc(
      'v1.nomenclatures.update-price',
      { partnerId: PARTNER, item: { id: productId, price: newPrice }, confirmCritical: true },
      fbs,
      { ip: '203.0.113.7' },
    );
    expect(r.error).toBeUndefined();
    const { items } = (await list({ area: 'prices', pageSize: 1 })).result;
    expect(items[0]).toMatchObject({
      method: 'v1.nomenclatures.update-price',
      userEmail: 'fbs@moda.test',
      objectId: productId,
      ip: '203.0.113.7',
    });
    expect(items[0].changes).toContainEqual({
      objectId: productId,
      field: 'price:RU',
      before: oldPrice,
      after: newPrice,
    });
  });

  it('records a stock change before and after, and filters by object, person, area and days', async () => {
    const [before] = await t.sql<{ quantity: number }>(`select quantity from products where id = $1`, [
      productId,
    ]);
    const r = await t.rpc(
      'v1.nomenclatures.update-stock',
      { partnerId: PARTNER, items: [{ id: productId, quantity: before!.quantity + 3 }] },
      fbs,
    );
    expect(r.error).toBeUndefined();
    const byObject = (await list({ objectId: productId })).result;
    expect(byObject.items.map((i: { method: string }) => i.method).slice(0, 2)).toEqual([
      'v1.nomenclatures.update-stock',
      'v1.nomenclatures.update-price',
    ]);
    expect(byObject.items[0].changes).toEqual([
      { objectId: productId, field: 'quantity', before: before!.quantity, after: before!.quantity + 3 },
    ]);
    // The catalogue area holds the stock, not the price.
    const catalogue = (await list({ area: 'catalogue', objectId: productId })).result;
    expect(catalogue.items.map((i: { method: string }) => i.method)).toEqual([
      'v1.nomenclatures.update-stock',
    ]);
    expect((await list({ user: 'FBS@moda.test', objectId: productId })).result.total).toBe(2);
    expect((await list({ user: 'manager@moda.test', objectId: productId })).result.total).toBe(0);
    expect((await list({ user: 'nobody@moda.test' })).result).toMatchObject({ total: 0, items: [] });
    const today = moscowDay(new Date());
    expect((await list({ objectId: productId, dateFrom: today, dateTo: today })).result.total).toBe(2);
    expect((await list({ objectId: productId, dateFrom: moscowDay(new Date(), 1) })).result.total).toBe(0);
    expect((await list({ objectId: productId, dateTo: moscowDay(new Date(), -1) })).result.total).toBe(0);
  });

  it('refuses bad filters on their fields', async () => {
    const reversed = await list({ dateFrom: '2026-05-02', dateTo: '2026-05-01' });
    expect(reversed.error?.data?.errors).toEqual([
      { field: 'dateTo', message: 'Дата окончания раньше даты начала' },
    ]);
    const bad = await list({ dateFrom: '02.05.2026' });
    expect(bad.error?.data?.errors?.[0]).toEqual({
      field: 'dateFrom',
      message: 'Укажите дату в формате ГГГГ-ММ-ДД',
    });
    expect((await list({ dateFrom: '2026-02-30' })).error?.data?.errors?.[0]?.field).toBe('dateFrom');
    expect((await list({ area: 'everything' })).error?.data?.errors?.[0]?.field).toBe('area');
  });

  it('counts the total up to the cap', async () => {
    await t.sql(
      `insert into audit_log (partner_id, method, object_id, at)
       select $1, 'v1.orders.collect', 'cap-test', now() - (g || ' seconds')::interval from generate_series(1, 10005) g`,
      [PARTNER],
    );
    const capped = (await list({ objectId: 'cap-test', pageSize: 5 })).result;
    expect(capped).toMatchObject({ total: 10_000, totalCapped: true });
    expect(capped.items).toHaveLength(5);
    const last = (await list({ objectId: 'cap-test', page: 500, pageSize: 20 })).result;
    expect(last.items).toHaveLength(20);
  });

  it('shows staff any partner’s log and a seller only their own', async () => {
    const support = (await t.login('support@moda.test')).accessToken;
    expect((await list({ area: 'prices', pageSize: 1 }, support)).result.items[0].objectId).toBe(productId);
    expect((await t.rpc('v1.audit.list', { partnerId: 10005 }, fbs)).error?.data?.reason).toBe(
      'partner.notFound',
    );
    expect((await t.rpc('v1.audit.list', { partnerId: 99_999 }, fbs)).error?.data?.reason).toBe(
      'partner.notFound',
    );
  });

  it('exports the log with the screen’s filters', async () => {
    const ok = await t.rpc(
      'v1.exports.create',
      { partnerId: PARTNER, type: 'audit_log', filter: { area: 'prices' } },
      fbs,
    );
    expect(ok.result).toMatchObject({ type: 'audit_log', format: 'csv' });
    const bad = await t.rpc(
      'v1.exports.create',
      { partnerId: PARTNER, type: 'audit_log', filter: { dateFrom: 'yesterday' } },
      fbs,
    );
    expect(bad.error?.data?.errors?.[0]?.field).toBe('filter.dateFrom');
  });
});
