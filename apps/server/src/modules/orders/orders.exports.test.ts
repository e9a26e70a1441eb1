// The orders_and_items export through the exports framework: the list's filters, one CSV line per item
// (BOM, commas, RFC 4180, formula guard), and the 60,000-order limit named in the refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_LIMITS } from '@moda/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { issueServiceCredential } from '../../auth/service-credentials';
import { overrideExportType } from '../exports/exports.registry';

let t: TestApp;
let seller: string;
let platform: string;
let sku: string;

beforeAll(async () => {
  t = await createTestApp({ workers: true });
  seller = (await t.login('seller')).accessToken;
  platform = (await issueServiceCredential(t.runtime.db, 'OMS')).token;
  const [p] = await t.sql<{ seller_sku: string }>(
    `select seller_sku from products where partner_id = 10001 and price is not null order by id limit 1`,
  );
  sku = p!.seller_sku;
  // A product whose name looks like a formula: the export must neutralise it.
  await t.sql(
    `update products set title = '=HYPERLINK("http://x","Платье, синее")' where partner_id = 10001 and seller_sku = $1`,
    [sku],
  );
}, 60_000);
afterAll(() => t.close());

async function settled(id: string) {
  for (let i = 0; i < 120; i++) {
    const r = await t.rpc('v1.exports.list', { partnerId: 10001, ids: [id] }, seller);
    if (r.result.items[0].status !== 'PROCESSING') return r.result.items[0];
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error('export did not finish');
}

describe('orders_and_items', () => {
  it('exports the filtered orders, one CSV line per item, formula-safe', async () => {
    const r = await t.rpc(
      'v1.platform.orders.create',
      {
        partnerId: 10001,
        orderNr: 'EXP-1',
        cutOffAt: '2026-03-16T12:00:00Z',
        delivery: { address: 'Москва, ул. Тверская, д. 7', method: 'Курьер', serviceLevel: 'Стандарт' },
        paymentMethod: 'Prepaid',
        items: [{ sellerSku: sku }, { sellerSku: sku }],
      },
      platform,
    );
    expect(r.error).toBeUndefined();
    const created = await t.rpc(
      'v1.exports.create',
      { partnerId: 10001, type: 'orders_and_items', filter: { fullSearch: 'exp-1' } },
      seller,
    );
    expect(created.result).toMatchObject({ format: 'csv', status: 'PROCESSING' });
    const done = await settled(created.result.id);
    expect(done.status).toBe('OK');
    expect(done.fileName).toMatch(/^Заказы_и_товары_\d{2}\.\d{2}\.\d{2}\.csv$/);
    const res = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/exports/${created.result.id}/download`,
      headers: { authorization: `Bearer ${seller}` },
    });
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines[0]!.startsWith('Номер заказа,Дата создания,Отгрузить до,Дата доставки,Статус заказа')).toBe(
      true,
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('EXP-1,');
    expect(lines[1]).toContain(',Новый,');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"",""Платье, синее"")"`);
  });

  it('the whole seeded history under no filter matches the items counted in SQL', async () => {
    const [{ n }] = (await t.sql<{ n: number }>(
      `select count(*)::int as n from order_items where partner_id = 10001`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(100);
    const created = await t.rpc(
      'v1.exports.create',
      { partnerId: 10001, type: 'orders_and_items', filter: {} },
      seller,
    );
    expect((await settled(created.result.id)).status).toBe('OK');
    const res = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/exports/${created.result.id}/download`,
      headers: { authorization: `Bearer ${seller}` },
    });
    // Quoted fields may hold line breaks only when a value does; names and addresses here have none.
    expect(res.rawPayload.subarray(3).toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(n + 1);
  });

  it('at most 60 000 orders: above the limit it is refused, naming the limit', async () => {
    expect(EXPORT_LIMITS.orders_and_items).toBe(60_000);
    const [{ n }] = (await t.sql<{ n: number }>(
      `select count(*)::int as n from orders where partner_id = 10001`,
    )) as [{ n: number }];
    const undo = overrideExportType('orders_and_items', { limit: 5 });
    try {
      const r = await t.rpc(
        'v1.exports.create',
        { partnerId: 10001, type: 'orders_and_items', filter: {} },
        seller,
      );
      expect(r.error?.message).toBe(
        `В выгрузке заказов не больше 5 заказов, под фильтры попадает ${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}. Уточните фильтры`,
      );
    } finally {
      undo();
    }
    const bad = await t.rpc(
      'v1.exports.create',
      { partnerId: 10001, type: 'orders_and_items', filter: { createdAt: { from: '20261340000000' } } },
      seller,
    );
    expect(bad.error?.message).toBe('Неверная дата: нужен формат ГГГГММДДччммсс');
  });
});
