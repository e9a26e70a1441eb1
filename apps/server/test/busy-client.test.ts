// A transaction holds one connection: a statement handed to it while it runs another is queued by pg 8 with a
// DeprecationWarning and refused by pg 9. Mutating calls that read several things at once must read them one
// after another there; this drives the calls that do and fails on any statement given to a busy client.
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ean13 } from '../src/modules/catalogue/catalogue.demo';
import { createTestApp, type TestApp } from './helpers';

type ClientInternals = { _activeQuery?: unknown; _queryQueue?: unknown[] };
const busy: string[] = [];
const query = pg.Client.prototype.query;

let t: TestApp;
let seller: string;
beforeAll(async () => {
  t = await createTestApp();
  seller = (await t.login('seller')).accessToken;
  pg.Client.prototype.query = function (this: pg.Client & ClientInternals, ...args: unknown[]) {
    if (this._activeQuery || this._queryQueue?.length) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | null)?.text;
      busy.push(String(text).slice(0, 120));
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
});
beforeEach(() => {
  busy.length = 0;
});
afterAll(async () => {
  pg.Client.prototype.query = query;
  await t.close();
});

describe('no statement is given to a busy connection', () => {
  it('changing prices (one and in bulk) reads the product, its prices, promotions and the partner in turn', async () => {
    const [product] = await t.sql<{ id: string; price: string }>(
      `select id::text, price::text from products
        where partner_id = 10001 and status = 'online' and not archived order by id limit 1`,
    );
    const price = Math.round(Number(product!.price) / 10) * 10 + 10;
    const one = await t.rpc(
      'v1.nomenclatures.update-price',
      { partnerId: 10001, item: { id: product!.id, price } },
      seller,
    );
    expect(one.result?.status).toBe('applied');
    const bulk = await t.rpc(
      'v1.nomenclatures.set-prices',
      { partnerId: 10001, items: [{ id: product!.id, price: price + 10 }] },
      seller,
    );
    expect(bulk.result?.failed).toBe(0);
    expect(busy).toEqual([]);
  });

  it('collecting an order answers its card (items, acts and packs) from the same transaction', async () => {
    const [order] = await t.sql<{ order_nr: string }>(
      `select order_nr from orders where partner_id = 10001 and status = 'new' order by id limit 1`,
    );
    const res = await t.rpc('v1.orders.collect', { partnerId: 10001, orderNr: order!.order_nr }, seller);
    expect(res.result?.status).toBe('awaiting_shipment');
    expect(busy).toEqual([]);
  });

  it('storing a card reads the seller’s brands and profile in turn', async () => {
    const res = await t.rpc(
      'v1.nomenclatures.store',
      {
        partnerId: 10001,
        card: {
          category: 'accessories',
          sellerParentSku: 'BUSY-1',
          title: 'Ремень кожаный',
          brand: 'Nord Wind',
          gender: 'unisex',
          country: 'RU',
          erpCategory: { level1: 'Аксессуары', level2: 'Ремни' },
          composition: [{ material: 'кожа', percent: 100 }],
          sizeScale: 'ONE_SIZE',
          sizes: [{ size: 'ONE', sellerSku: 'BUSY-1', barcode: ean13('200088800001'), dataMatrix: false }],
          price: 2490,
          attributes: { color_family: 'чёрный' },
          legal: {
            tnVed: '4202221000',
            producer: 'ООО «Северный ветер»',
            producerAddress: 'г. Москва, ул. Тверская, 1',
            isResale: false,
            eac: true,
          },
        },
      },
      seller,
    );
    expect(res.result?.status).toBe('moderation_pending');
    expect(busy).toEqual([]);
  });
});
