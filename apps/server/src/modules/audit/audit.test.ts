// The audit log through the API (issue 28): a price's and a stock's values before and after, the address,
// filters by person, the stored area, object and Moscow days with their bad inputs, the capped total, paging
// by cursor (records of one instant, forth and back, a bad cursor), staff reading any partner and a seller
// only their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_AREAS, AUDIT_CURSOR_MESSAGE, auditAreaOf, auditMethodsOf, moscowDay } from '@moda/contracts';
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
      `insert into audit_log (partner_id, method, area, object_id, at)
       select $1, 'v1.orders.collect', 'orders', 'cap-test', now() - (g || ' seconds')::interval from generate_series(1, 1005) g`,
      [PARTNER],
    );
    const capped = (await list({ objectId: 'cap-test', pageSize: 5 })).result;
    expect(capped).toMatchObject({ total: 1_000, totalCapped: true, prevCursor: null });
    expect(capped.items).toHaveLength(5);
    expect(capped.nextCursor).toEqual(expect.any(String));
  });

  it('filters by the area stored with each record', async () => {
    // One record of each area, each stored with its method's area as the dispatcher writes it, and one whose
    // stored area differs from its method's: the filter reads the column, not the method.
    const methods = ACCESS_AREAS.map(
      (area) => [area, auditMethodsOf(area)[0] ?? `v1.bench-${area}.x`] as const,
    );
    await t.sql(
      `insert into audit_log (partner_id, method, area, object_id)
       select $1, m, a, 'area-test' from unnest($2::text[], $3::text[]) x(m, a)`,
      [PARTNER, [...methods.map(([, m]) => m), 'v1.orders.collect'], [...methods.map(([a]) => a), 'prices']],
    );
    for (const [area, method] of methods) {
      const { items } = (await list({ area, objectId: 'area-test' })).result;
      expect(items.map((i: { method: string }) => i.method).sort(), area).toEqual(
        (area === 'prices' ? [method, 'v1.orders.collect'] : [method]).sort(),
      );
    }
    // Records the dispatcher wrote carry their method's area.
    const written = await t.sql<{ method: string; area: string | null }>(
      `select distinct method, area from audit_log where partner_id = $1 and object_id = $2`,
      [PARTNER, productId],
    );
    expect(written.length).toBeGreaterThan(0);
    for (const r of written) expect(r.area, r.method).toBe(auditAreaOf(r.method));
  });

  it('pages by cursor: every record once across pages of equal times, forth and back', async () => {
    // 23 records over 3 instants a microsecond apart (a Date would not tell them apart), ids interleaved.
    await t.sql(
      `insert into audit_log (partner_id, method, area, object_id, at)
       select $1, 'v1.orders.collect', 'orders', 'cursor-test',
              '2026-03-01T10:00:00.123456Z'::timestamptz + (g % 3) * interval '1 microsecond'
         from generate_series(1, 23) g`,
      [PARTNER],
    );
    const all = await t.sql<{ id: string }>(
      `select id::text from audit_log where object_id = 'cursor-test' order by at desc, id desc`,
    );
    const pages: string[][] = [];
    const cursors: (string | undefined)[] = [undefined];
    for (let cursor: string | undefined; ;) {
      const r = (await list({ objectId: 'cursor-test', pageSize: 5, ...(cursor ? { cursor } : {}) })).result;
      expect(r.total).toBe(23);
      pages.push(r.items.map((i: { id: string }) => i.id));
      if (!r.nextCursor) break;
      cursor = r.nextCursor;
      cursors.push(cursor);
    }
    expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);
    expect(pages.flat()).toEqual(all.map((r) => r.id));
    // Back from the last page: each previous page is the one shown before it, the first without a prevCursor.
    let back = (await list({ objectId: 'cursor-test', pageSize: 5, cursor: cursors[4] })).result;
    for (let i = 3; i >= 0; i--) {
      back = (await list({ objectId: 'cursor-test', pageSize: 5, cursor: back.prevCursor })).result;
      expect(back.items.map((x: { id: string }) => x.id)).toEqual(pages[i]);
    }
    expect(back.prevCursor).toBeNull();
  });

  it('refuses a bad cursor on its field', async () => {
    for (const cursor of ['', 'x1.2', 'a1.', 'a123.99999999999999999999', 'a1.9223372036854775808']) {
      expect((await list({ cursor })).error?.data?.errors, cursor).toEqual([
        { field: 'cursor', message: AUDIT_CURSOR_MESSAGE },
      ]);
    }
  });

  it('shows staff any partner’s log and a seller only their own', async () => {
    const support = (await t.login('support@moda.test')).accessToken;
    expect(
      (await list({ area: 'prices', objectId: productId, pageSize: 1 }, support)).result.items[0].method,
    ).toBe('v1.nomenclatures.update-price');
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
