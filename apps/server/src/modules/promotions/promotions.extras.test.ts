// The rest of issue 21 through the API: cost and floor prices by file (the template with the current prices,
// rows checked by the contract's rule, nothing half-saved, the error file, another partner's SKU unknown, the
// 10 MB boundary), spec 001 §7's products total, added, added total and added report with tenant isolation,
// and the promotions' webhook events landing in the outbox.
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COST_PRICE_COLUMNS as C } from '@moda/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { issueServiceCredential } from '../../auth/service-credentials';
import { emitRegistrationEnding } from './promotions.events';

// 15 March 2026, 15:00 in Moscow.
const clock = new Date('2026-03-15T12:00:00Z');
let t: TestApp;
let seller: string; // 10001, consignment
let fbs: string; // 10002, crossdocking
let platform: string;
let ids: string[];
let skus: string[];
let otherSku: string; // 10004's product

const BOUNDARY = '----cost-boundary';
function upload(content: Buffer, opts: { partnerId?: number; token?: string } = {}) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\nproduct_cost_prices\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="partner_code"\r\n\r\n${opts.partnerId ?? 10001}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="costs.xlsx"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  return t.app.inject({
    method: 'POST',
    url: '/rest/api/v1/files',
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      authorization: `Bearer ${opts.token ?? seller}`,
    },
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
  });
}
async function checked(content: Buffer) {
  const res = await upload(content);
  expect(res.statusCode, res.body).toBeLessThan(300);
  const id = res.json<{ id: string }>().id;
  for (let i = 0; i < 100; i++) {
    await t.runtime.jobs.drain(['promotions.cost-file'], 30_000).catch(() => undefined);
    const r = await t.rpc('v1.files.get', { partnerId: 10001, fileImportId: id }, seller);
    if (r.result.status === 'ok' || r.result.status === 'fail') return r.result;
  }
  throw new Error('file never checked');
}
async function sheet(rows: (string | number | null)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Себестоимость');
  ws.addRow([C.sellerSku, C.modaSku, C.title, C.costPrice, C.floorPrice]);
  for (const r of rows) ws.addRow(r.map((v) => v ?? undefined));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const costs = async () =>
  t.sql<{ id: string; cost_price: string | null; floor_price: string | null }>(
    `select product_id::text as id, cost_price::text, floor_price::text from product_cost_prices
      where partner_id = 10001 order by product_id`,
  );

beforeAll(async () => {
  t = await createTestApp({ workers: true, now: () => clock });
  await t.sql('truncate promotions, promotion_products, promotion_files, product_cost_prices');
  await t.sql('delete from webhook_events');
  seller = (await t.login('seller')).accessToken;
  fbs = (await t.login('fbs')).accessToken;
  platform = (await issueServiceCredential(t.runtime.db, 'Promo')).token;
  const rows = await t.sql<{ id: string; seller_sku: string }>(
    `select id::text, seller_sku from products where partner_id = 10001 and not archived order by id limit 4`,
  );
  ids = rows.map((r) => r.id);
  skus = rows.map((r) => r.seller_sku);
  await t.sql(
    `update products set price = 1000, sale_price = null, category = 'clothes' where partner_id = 10001 and id = any($1::bigint[])`,
    [ids],
  );
  otherSku = (
    await t.sql<{ seller_sku: string }>(
      `select seller_sku from products where partner_id = 10004 and seller_sku <> all($1::text[]) limit 1`,
      [skus],
    )
  )[0]!.seller_sku;
}, 60_000);
afterAll(() => t?.close());

describe('cost and floor prices by file', () => {
  it('the demo’s seller has a saved cost price file as the latest', async () => {
    const r = await t.rpc(
      'v1.imports.list',
      { partnerId: 10001, type: 'product_cost_prices', page: 1, pageSize: 1 },
      seller,
    );
    expect(r.result.items).toEqual([expect.objectContaining({ status: 'ok', result: 'ok', rowsTotal: 24 })]);
  });

  it('gives a template with the current prices that comes back saving every row, an empty cell clearing', async () => {
    const set = await t.rpc(
      'v1.promotions.cost-prices.set',
      { partnerId: 10001, items: [{ id: ids[0], costPrice: 300, floorPrice: 500 }] },
      seller,
    );
    expect(set.error).toBeUndefined();
    const res = await t.app.inject({
      method: 'GET',
      url: '/rest/api/v1/promotions/cost-prices/template?partnerId=10001',
      headers: { authorization: `Bearer ${seller}` },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([
      undefined,
      C.sellerSku,
      C.modaSku,
      C.title,
      C.costPrice,
      C.floorPrice,
    ]);
    const bySku = new Map<string, ExcelJS.Row>();
    ws.eachRow((r, n) => void (n > 1 && bySku.set(r.getCell(1).text, r)));
    const [total] = await t.sql<{ n: number }>(
      `select count(*)::int as n from products where partner_id = 10001`,
    );
    expect(bySku.size).toBe(total!.n);
    expect(bySku.has(otherSku)).toBe(false);
    expect([bySku.get(skus[0]!)!.getCell(4).value, bySku.get(skus[0]!)!.getCell(5).value]).toEqual([
      300, 500,
    ]);
    // The seller edits the template: a new product's prices, the first one's cost cleared.
    bySku.get(skus[0]!)!.getCell(4).value = null;
    bySku.get(skus[1]!)!.getCell(4).value = '1 250,50';
    bySku.get(skus[1]!)!.getCell(5).value = 1300;
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const rec = await checked(file);
    expect(rec).toMatchObject({ status: 'ok', result: 'ok', rowsTotal: total!.n });
    const saved = new Map((await costs()).map((r) => [r.id, [r.cost_price, r.floor_price]]));
    expect(saved.get(ids[0]!)).toEqual([null, '500.00']);
    expect(saved.get(ids[1]!)).toEqual(['1250.50', '1300.00']);
  }, 30_000);

  it('refuses a file with any bad row by the contract’s rule: nothing saved, every row’s message in the error file', async () => {
    await t.sql('delete from product_cost_prices');
    const rec = await checked(
      await sheet([
        [skus[0]!, null, null, 100, 200], // good, but the file is refused as a whole
        [skus[1]!, null, null, 'сто', 200],
        [skus[2]!, null, null, 500, 400], // floor under cost
        [skus[3]!, null, null, -1, 1000000000.01],
        ['NO-SUCH-SKU', null, null, 1, 2],
        [otherSku, null, null, 1, 2], // another partner's product: unknown alike
        [skus[0]!, null, null, 1, 2],
        [null, null, null, 1.005, null],
      ]),
    );
    expect(rec).toMatchObject({ status: 'fail', result: 'error', hasFileResult: true });
    expect(rec.errorMessage).toBe(
      'Строка 3, столбец «Себестоимость, ₽»: Введите число, например 1250 или 1250,50',
    );
    expect(await costs()).toEqual([]);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/files/${rec.id}/result/download?partnerId=10001`,
      headers: { authorization: `Bearer ${seller}` },
    });
    expect(csv.statusCode).toBe(200);
    const body = csv.body;
    for (const line of [
      'Введите число, например 1250 или 1250,50',
      'Минимальная цена не может быть ниже себестоимости',
      'Значение не заполнено',
      'Артикул продавца повторяется в файле',
    ])
      expect(body).toContain(line);
    // Negative and over the bound: the contract's own messages on their columns.
    const lines = body.split(/\r?\n/);
    expect(lines).toContain('5,"Себестоимость, ₽",Значение должно быть не меньше 0');
    expect(lines).toContain('5,"Минимальная цена, ₽",Значение должно быть не больше 1000000000');
    expect(lines).toContain('9,"Себестоимость, ₽",Не больше двух знаков после запятой');
    const unknown = lines.filter((l) => l.includes('Товар с таким артикулом продавца не найден'));
    expect(unknown.map((l) => l.split(',')[0])).toEqual(['6', '7']);
  }, 30_000);

  it('takes a file of exactly 10 MB and refuses 10 MB + 1 byte', async () => {
    const MB10 = 10 * 1024 * 1024;
    const base = await sheet([[skus[2]!, null, null, 100, 150]]);
    const pad = async (n: number) => {
      const zip = await JSZip.loadAsync(base);
      zip.file('xl/media/pad.bin', randomBytes(n), { compression: 'STORE' });
      return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    };
    let file = await pad(MB10 - base.length);
    file = await pad(MB10 - base.length - (file.length - MB10));
    expect(file.length).toBe(MB10);
    expect((await checked(file)).status).toBe('ok');
    const big = await upload(Buffer.alloc(MB10 + 1, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.data.errors[0].field).toBe('file');
  }, 60_000);

  it('is the seller’s to upload: another partner’s code is refused as a missing partner', async () => {
    const res = await upload(await sheet([[skus[0]!, null, null, 1, 2]]), { partnerId: 10004 });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const tpl = await t.app.inject({
      method: 'GET',
      url: '/rest/api/v1/promotions/cost-prices/template?partnerId=10004',
      headers: { authorization: `Bearer ${seller}` },
    });
    expect(tpl.statusCode).toBe(res.statusCode);
  });
});

describe('products in a promotion: total, added, added total, added report', () => {
  it('counts, lists and reports the partner’s products in it; another model’s promotion answers as a missing one', async () => {
    const a = await t.rpc(
      'v1.platform.promotions.announce',
      {
        name: 'Весна',
        type: 'onsite',
        format: 'manual',
        discountPercent: 20,
        categories: ['clothes'],
        gender: null,
        businessModels: ['consignment'],
        registrationStart: '2026-03-10',
        registrationEnd: '2026-03-20',
        startDate: '2026-03-25',
        endDate: '2026-04-05',
      },
      platform,
    );
    const id = a.result.id as string;
    await t.rpc('v1.platform.promotions.move', { promotionId: id, action: 'open' }, platform);
    await t.sql('delete from product_cost_prices');
    const add = await t.rpc(
      'v1.promotions.products.add',
      { partnerId: 10001, promotionId: id, productIds: [ids[0], ids[1]] },
      seller,
    );
    expect(add.error).toBeUndefined();
    const call = (m: string, p: Record<string, unknown> = {}, token = seller, partnerId = 10001) =>
      t.rpc(`v1.promotions.products.${m}`, { partnerId, promotionId: id, ...p }, token);

    const [{ n }] = (await t.sql<{ n: number }>(
      `select count(*)::int as n from products where partner_id = 10001 and not archived`,
    )) as [{ n: number }];
    expect((await call('total')).result).toEqual({ total: n, added: 2, candidates: n - 2 });
    const added = await call('added', { pageSize: 1 });
    expect(added.result.total).toBe(2);
    expect(added.result.items.map((r: { id: string; promoPrice: number }) => [r.id, r.promoPrice])).toEqual([
      [expect.any(String), 800],
    ]);
    expect((await call('added.total')).result).toEqual({ total: 2, soldQuantity: 0, salesSum: 0 });

    const report = await call('added.report');
    expect(report.result).toMatchObject({ type: 'promotion_products', status: 'PROCESSING' });
    await t.runtime.jobs.drain(['export.run'], 30_000);
    const file = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/exports/${report.result.id}/download`,
      headers: { authorization: `Bearer ${seller}` },
    });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(2).getCell(1).value).toBe('Весна');
    expect([ws.getRow(2).getCell(2).value, ws.getRow(3).getCell(2).value].sort()).toEqual(
      [skus[0], skus[1]].sort(),
    );

    // 10002 (crossdocking) may not see it: every method answers as for an id that does not exist.
    for (const m of ['total', 'added', 'added.total', 'added.report']) {
      const hidden = await call(m, {}, fbs, 10002);
      const missing = await call(m, { promotionId: '999999' }, fbs, 10002);
      expect(hidden.error?.code).toBeDefined();
      expect(hidden.error).toEqual(missing.error);
    }
  }, 30_000);
});

describe('webhook events of promotions', () => {
  it('announced: one event per partner it is open to; registration ending: once, within the inbox horizon', async () => {
    await t.sql('delete from webhook_events');
    const a = await t.rpc(
      'v1.platform.promotions.announce',
      {
        name: 'Для FBS',
        type: 'coupon',
        format: 'manual',
        discountPercent: 10,
        categories: [],
        gender: null,
        businessModels: ['marketplace_crossdocking'],
        registrationStart: '2026-03-14',
        registrationEnd: '2026-03-17',
        startDate: '2026-03-20',
        endDate: '2026-03-30',
      },
      platform,
    );
    const id = a.result.id as string;
    const fbsPartners = (
      await t.sql<{ id: number }>(
        `select id from partners where business_model = 'marketplace_crossdocking'
           and coalesce(site_section->>'promotions', '') <> 'closed' order by id`,
      )
    ).map((r) => r.id);
    expect(fbsPartners).toContain(10002);
    const events = () =>
      t.sql<{ partner_id: number; type: string; object_id: string; payload: Record<string, unknown> }>(
        `select partner_id, type, object_id, payload from webhook_events where object_id = $1 order by type, partner_id`,
        [id],
      );
    const announced = await events();
    expect(announced.map((e) => e.partner_id)).toEqual(fbsPartners);
    expect(announced[0]).toMatchObject({
      type: 'promotion.announced',
      payload: {
        promotionId: id,
        name: 'Для FBS',
        state: 'idle',
        registrationEndsAt: '2026-03-17T09:00:00.000Z',
      },
    });

    // Registration not open yet: nothing ends. Open, within 3 days of its last day: told once.
    expect(await emitRegistrationEnding(t.runtime.db, clock)).not.toContain(id);
    await t.rpc('v1.platform.promotions.move', { promotionId: id, action: 'open' }, platform);
    expect(await emitRegistrationEnding(t.runtime.db, clock)).toContain(id);
    expect(await emitRegistrationEnding(t.runtime.db, clock)).toEqual([]);
    const ending = (await events()).filter((e) => e.type === 'promotion.registration_ending');
    expect(ending.map((e) => e.partner_id)).toEqual(fbsPartners);
    expect(ending[0]!.payload).toEqual({
      promotionId: id,
      name: 'Для FBS',
      registrationEndsAt: '2026-03-17T09:00:00.000Z',
    });
  });
});
