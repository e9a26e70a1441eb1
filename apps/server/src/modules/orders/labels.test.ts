// Pack numbers and pack labels over REST: numbering and limits, then the PDFs rendered to PNG with
// poppler's pdftoppm at 300 dpi and their Code 128 barcodes read back with ZXing — the printed bars must
// carry the pack numbers and the order number. Errors of spec 001 §8 "Label" with Russian messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { issueServiceCredential } from '../../auth/service-credentials';
import { readBarcodes } from './labels.read';

let t: TestApp;
let fbs: string;
let seller: string;
let platform: string;
let fbsSkus: string[];
let sellerSku: string;

async function createOrder(partnerId: number, skus: string[], orderNr?: string): Promise<string> {
  const r = await t.rpc(
    'v1.platform.orders.create',
    {
      partnerId,
      ...(orderNr ? { orderNr } : {}),
      cutOffAt: new Date(Date.now() + 86_400_000).toISOString(),
      delivery: { address: 'Казань, ул. Баумана, д. 15, кв. 3', method: 'Курьер', serviceLevel: 'Стандарт' },
      paymentMethod: 'COD',
      items: skus.map((sellerSku) => ({ sellerSku })),
    },
    platform,
  );
  if (r.error) throw new Error(JSON.stringify(r.error));
  return r.result.orderNr;
}

async function packNumbers(
  orderNr: string,
  quantity: string,
  token = fbs,
  form: 'multipart' | 'url' = 'multipart',
) {
  const boundary = '----moda';
  const payload =
    form === 'multipart'
      ? `--${boundary}\r\nContent-Disposition: form-data; name="packQuantity"\r\n\r\n${quantity}\r\n--${boundary}--\r\n`
      : `packQuantity=${encodeURIComponent(quantity)}`;
  const res = await t.app.inject({
    method: 'POST',
    url: `/rest/api/v1/orders/${encodeURIComponent(orderNr)}/pack-numbers?partnerId=${token === seller ? 10001 : 10002}`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type':
        form === 'multipart'
          ? `multipart/form-data; boundary=${boundary}`
          : 'application/x-www-form-urlencoded',
    },
    payload,
  });
  return { status: res.statusCode, json: res.json() };
}

async function getLabel(url: string, token = fbs) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return {
    status: res.statusCode,
    type: res.headers['content-type'],
    body: res.rawPayload,
    json: () => res.json(),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.sql('truncate orders, order_items, order_packs, order_events, discrepancy_acts');
  fbs = (await t.login('fbs')).accessToken;
  seller = (await t.login('seller')).accessToken;
  platform = (await issueServiceCredential(t.runtime.db, 'OMS')).token;
  fbsSkus = (
    await t.sql<{ seller_sku: string }>(
      `select seller_sku from products where partner_id = 10002 and price is not null order by id limit 3`,
    )
  ).map((r) => r.seller_sku);
  sellerSku = (
    await t.sql<{ seller_sku: string }>(
      `select seller_sku from products where partner_id = 10001 and price is not null order by id limit 1`,
    )
  )[0]!.seller_sku;
});
afterAll(() => t.close());

describe('pack numbers', () => {
  it('PACK + partner id + a number, unique, 1 up to the items of the order in all', async () => {
    const nr = await createOrder(10002, fbsSkus);
    const first = await packNumbers(nr, '2');
    expect(first).toEqual({
      status: 201,
      json: { orderNr: nr, packBarcodes: ['PACK10002-000001', 'PACK10002-000002'] },
    });
    const more = await packNumbers(nr, '2', fbs, 'url');
    expect(more.status).toBe(400);
    expect(more.json.error).toMatchObject({
      message: 'Количество грузомест должно быть от 1 до 3',
      data: { reason: 'label.countOutOfRange', errors: [{ field: 'packQuantity' }] },
    });
    expect((await packNumbers(nr, '1', fbs, 'url')).json.packBarcodes).toEqual(['PACK10002-000003']);
    for (const bad of ['0', '-1', 'два', '']) {
      expect((await packNumbers(nr, bad)).json.error.data.reason).toBe('label.countOutOfRange');
    }
    const other = await createOrder(10002, [fbsSkus[0]!]);
    expect((await packNumbers(other, '1')).json.packBarcodes).toEqual(['PACK10002-000004']);
    const [dups] = await t.sql<{ n: number }>(
      'select count(*)::int - count(distinct barcode)::int as n from order_packs',
    );
    expect(dups!.n).toBe(0);
  });

  it("another partner's order is not found; a service credential may not call it", async () => {
    const nr = await createOrder(10001, [sellerSku]);
    const r = await packNumbers(nr, '1');
    expect(r.status).toBe(404);
    expect(r.json.error.message).toBe('Заказ не найден');
    expect((await packNumbers(nr, '1', platform)).status).toBe(403);
  });
});

describe('labels', () => {
  let nr: string;
  beforeAll(async () => {
    nr = await createOrder(10002, fbsSkus.slice(0, 2));
    await packNumbers(nr, '2');
  });
  const packs = () =>
    t.sql<{ barcode: string }>(
      `select p.barcode from order_packs p join orders o on o.id = p.order_id where o.order_nr = $1 order by number`,
      [nr],
    );

  it('v1: one pack, 75x120 mm, with the pack and order barcodes readable', async () => {
    const [p1] = await packs();
    const r = await getLabel(
      `/rest/api/v1/reports/label/stream?partnerId=10002&orderNr=${nr}&packBarcode=${p1!.barcode}&paymentMethod=COD&multiPacks=false&size=75x120`,
    );
    expect(r.status).toBe(200);
    expect(r.type).toBe('application/pdf');
    const pages = await readBarcodes(r.body);
    expect(pages).toHaveLength(1);
    // 75 x 120 mm at 300 dpi.
    expect(pages[0]!.width).toBeCloseTo(886, -1);
    expect(pages[0]!.height).toBeCloseTo(1417, -1);
    expect([...pages[0]!.codes].sort()).toEqual([p1!.barcode, nr].sort());
  });

  it('v1 multiPacks: a page per pack of the order; 100x80 mm', async () => {
    const all = (await packs()).map((p) => p.barcode);
    const r = await getLabel(
      `/rest/api/v1/reports/label/stream?partnerId=10002&orderNr=${nr}&packBarcode=${all[0]}&multiPacks=true&size=100x80`,
    );
    const pages = await readBarcodes(r.body);
    expect(pages.map((p) => [...p.codes].filter((c) => c.startsWith('PACK'))).flat()).toEqual(all);
    expect(pages[0]!.width).toBeCloseTo(1181, -1);
    expect(pages.every((p) => p.codes.has(nr))).toBe(true);
  });

  it('v2: the given pack', async () => {
    const [, p2] = await packs();
    const r = await getLabel(
      `/rest/api/v2/reports/label/stream?partnerId=10002&orderNr=${nr}&packBarcode=${p2!.barcode}`,
    );
    const pages = await readBarcodes(r.body);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.codes.has(p2!.barcode)).toBe(true);
  });

  it('a pack of another order: barcode does not match order', async () => {
    const other = await createOrder(10002, [fbsSkus[0]!]);
    const res = await packNumbers(other, '1');
    const r = await getLabel(
      `/rest/api/v1/reports/label/stream?partnerId=10002&orderNr=${nr}&packBarcode=${res.json.packBarcodes[0]}`,
    );
    expect(r.status).toBe(400);
    expect(r.json().error).toMatchObject({
      message: 'Штрихкод грузоместа не соответствует заказу',
      data: { reason: 'label.barcodeMismatch', errors: [{ field: 'packBarcode' }] },
    });
    const bad = await getLabel(`/rest/api/v1/reports/label/stream?partnerId=10002&orderNr=${nr}&size=10x10`);
    expect(bad.status).toBe(400);
  });

  it('a partner without a base warehouse: base warehouse not set', async () => {
    const own = await createOrder(10001, [sellerSku]);
    const r = await getLabel(`/rest/api/v1/reports/label/stream?partnerId=10001&orderNr=${own}`, seller);
    expect(r.status).toBe(400);
    expect(r.json().error.data.reason).toBe('label.baseWarehouseNotSet');
    expect(r.json().error.message).toContain('Не задан базовый склад');
  });

  it('a label that cannot be drawn: pack label generation failed', async () => {
    const odd = await createOrder(10002, [fbsSkus[0]!]);
    await packNumbers(odd, '1');
    // A damaged pack record (an empty number) cannot become a barcode.
    await t.sql(
      `update order_packs set barcode = '' where order_id = (select id from orders where order_nr = $1)`,
      [odd],
    );
    const r = await getLabel(`/rest/api/v1/reports/label/stream?partnerId=10002&orderNr=${odd}`);
    expect(r.status).toBe(500);
    expect(r.json().error).toMatchObject({
      message: 'Не удалось сформировать этикетку грузоместа',
      data: { reason: 'label.generationFailed' },
    });
  });

  it('batch: many orders in one PDF; an order without packs gets its first', async () => {
    const fresh = await createOrder(10002, [fbsSkus[1]!]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/api/v1/reports/label/batch',
      headers: { authorization: `Bearer ${fbs}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ partnerId: 10002, orderNrs: [nr, fresh], size: '100x80' }),
    });
    expect(res.statusCode).toBe(200);
    const pages = await readBarcodes(res.rawPayload);
    expect(pages).toHaveLength(3);
    const freshPack = (
      await t.sql<{ barcode: string }>(
        `select p.barcode from order_packs p join orders o on o.id = p.order_id where o.order_nr = $1`,
        [fresh],
      )
    )[0]!.barcode;
    expect(pages[2]!.codes).toEqual(new Set([freshPack, fresh]));
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/rest/api/v1/reports/label/batch',
      headers: { authorization: `Bearer ${fbs}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ partnerId: 10002, orderNrs: Array.from({ length: 201 }, (_, i) => `N${i}`) }),
    });
    expect(tooMany.json().error.message).toBe('Можно напечатать этикетки не более чем 200 заказов за раз');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/rest/api/v1/reports/label/batch',
      headers: { authorization: `Bearer ${fbs}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ partnerId: 10002, orderNrs: [nr, 'NO-SUCH'] }),
    });
    expect(unknown.json().error).toMatchObject({ message: 'Заказ не найден', data: { orderNr: 'NO-SUCH' } });
  });
});
