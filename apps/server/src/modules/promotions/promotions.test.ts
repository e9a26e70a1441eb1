// Promotions through the API as clients call them: every state of PROMOTION_MACHINE through v1.platform.*
// only, the seller's reading and filters, who sees which promotion, the 12:00 Moscow cut-off (the minute
// before and after, on a fixed clock), the floor price, prices blocked by a real active promotion, promotion
// files (the 10 MB boundary, the outdated template, rows refused with nothing saved), and tenant isolation.
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROMOTION_MACHINE, PROMOTION_TEMPLATE_VERSION, type PromotionAction } from '@moda/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { issueServiceCredential } from '../../auth/service-credentials';

// 15 March 2026, 15:00 in Moscow; registration of the test promotions ends on 20 March at 12:00 Moscow.
const START = new Date('2026-03-15T12:00:00Z');
let clock = START;
const LAST_DAY = '2026-03-20';
const BEFORE_CUTOFF = new Date('2026-03-20T08:59:00Z'); // 11:59 Moscow
const AT_CUTOFF = new Date('2026-03-20T09:00:00Z'); // 12:00 Moscow

let t: TestApp;
let seller: string; // 10001, consignment
let fbs: string; // 10002, crossdocking
let multi: string; // 10004 consignment, 10005 FBS
let platform: string;
/** 10001's products, priced 1000 ₽, clothes. */
let ids: string[];
let skus: string[];
let otherId: string; // 10004's product

const plat = (method: string, params: unknown) => t.rpc(`v1.platform.promotions.${method}`, params, platform);
const rpc = (method: string, params: Record<string, unknown>, token = seller) =>
  t.rpc(`v1.promotions.${method}`, { partnerId: 10001, ...params }, token);

async function announce(over: Record<string, unknown> = {}): Promise<string> {
  const r = await plat('announce', {
    name: 'Весенняя распродажа',
    type: 'onsite',
    format: 'manual',
    discountPercent: 20,
    categories: ['clothes'],
    gender: null,
    businessModels: ['consignment'],
    registrationStart: '2026-03-10',
    registrationEnd: LAST_DAY,
    startDate: '2026-03-25',
    endDate: '2026-04-05',
    ...over,
  });
  expect(r.error, JSON.stringify(r.error)).toBeUndefined();
  return r.result.id as string;
}
const move = (promotionId: string, action: PromotionAction) => plat('move', { promotionId, action });
async function openOne(over: Record<string, unknown> = {}) {
  const id = await announce(over);
  expect((await move(id, 'open')).result.state).toBe('open');
  return id;
}
const inPromotion = async (promotionId: string, partnerId = 10001) =>
  (
    await t.sql<{ product_id: string }>(
      `select product_id::text from promotion_products where promotion_id = $1 and partner_id = $2 order by product_id`,
      [promotionId, partnerId],
    )
  ).map((r) => r.product_id);

// ---- files ----
const BOUNDARY = '----promotions-boundary';
async function sheet(rows: (string | number)[][], version: string | number = PROMOTION_TEMPLATE_VERSION) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Товары в акции');
  ws.addRow(['Версия шаблона', version, 'Акция', 'x']);
  ws.addRow(['Артикул продавца', 'Артикул Moda']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
async function upload(
  promotionId: string,
  content: Buffer,
  opts: { action?: string; token?: string; partnerId?: number; name?: string } = {},
) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="partner_code"\r\n\r\n${opts.partnerId ?? 10001}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="action"\r\n\r\n${opts.action ?? 'add'}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${opts.name ?? 'promo.xlsx'}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  return t.app.inject({
    method: 'POST',
    url: `/rest/api/v1/promotions/${promotionId}/files`,
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      authorization: `Bearer ${opts.token ?? seller}`,
    },
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
  });
}
/** Upload and wait for the job: the file's record as the list shows it. */
async function imported(promotionId: string, content: Buffer, opts: Parameters<typeof upload>[2] = {}) {
  const res = await upload(promotionId, content, opts);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: string }>().id;
  for (let i = 0; i < 100; i++) {
    await t.runtime.jobs.drain(['promotions.file'], 30_000).catch(() => undefined);
    const list = await rpc('files.list', {}, opts.token ?? seller);
    const rec = (list.result.items as { id: string; status: string }[]).find((f) => f.id === id);
    if (rec && rec.status !== 'new') return rec as Record<string, unknown> & { id: string; status: string };
  }
  throw new Error('file never checked');
}

beforeAll(async () => {
  t = await createTestApp({ workers: true, now: () => clock });
  await t.sql('truncate promotions, promotion_products, promotion_files, product_cost_prices');
  seller = (await t.login('seller')).accessToken;
  fbs = (await t.login('fbs')).accessToken;
  multi = (await t.login('multi')).accessToken;
  platform = (await issueServiceCredential(t.runtime.db, 'Promo')).token;
  const rows = await t.sql<{ id: string; seller_sku: string }>(
    `select id::text, seller_sku from products where partner_id = 10001 and not archived order by id limit 5`,
  );
  ids = rows.map((r) => r.id);
  skus = rows.map((r) => r.seller_sku);
  await t.sql(
    `update products set price = 1000, sale_price = null, category = 'clothes' where partner_id = 10001 and id = any($1::bigint[])`,
    [ids],
  );
  await t.sql(`delete from price_changes where partner_id = 10001`);
  await t.sql(`delete from product_prices where partner_id = 10001 and product_id = any($1::bigint[])`, [
    ids,
  ]);
  otherId = (
    await t.sql<{ id: string }>(
      `select id::text from products where partner_id = 10004 and not archived limit 1`,
    )
  )[0]!.id;
}, 60_000);
afterAll(() => t?.close());
// Floor prices of one test never reach the next.
beforeEach(() => t.sql('delete from product_cost_prices'));

describe('the marketplace moves promotions', () => {
  it('walks every transition in order, refuses each from a wrong state, and only with a service credential', async () => {
    const id = await announce();
    const order: PromotionAction[] = ['open', 'closeRegistration', 'start', 'end', 'finish'];
    clock = AT_CUTOFF;
    try {
      for (const action of order) {
        const state = (await t.sql<{ state: string }>(`select state from promotions where id = $1`, [id]))[0]!
          .state;
        // Every other action is refused from this state.
        for (const other of order.filter(
          (a) => !(PROMOTION_MACHINE.transitions[a].from as readonly string[]).includes(state),
        ))
          expect((await move(id, other)).error?.data?.reason).toBe('promotion.cannotMove');
        expect((await move(id, action)).result).toEqual({
          id,
          state: PROMOTION_MACHINE.transitions[action].to,
        });
      }
    } finally {
      clock = START;
    }
    expect(
      (await t.rpc('v1.platform.promotions.move', { promotionId: id, action: 'open' }, seller)).error?.code,
    ).toBe(50403);
    expect((await move('999999', 'open')).error?.data?.reason).toBe('promotion.notFound');
    // Registration opens on its first day, not before.
    const early = await announce({ registrationStart: '2026-03-16' });
    expect((await move(early, 'open')).error?.data?.reason).toBe('promotion.registrationNotStarted');
  });

  it('refuses an announcement whose dates run backwards or whose discount is out of range, on the field', async () => {
    const r = await plat('announce', {
      name: 'Ошибочная',
      type: 'coupon',
      format: 'manual',
      discountPercent: 81,
      categories: [],
      gender: null,
      businessModels: ['consignment'],
      registrationStart: '2026-03-10',
      registrationEnd: '2026-03-26',
      startDate: '2026-03-25',
      endDate: '2026-03-20',
    });
    const fields = (r.error?.data?.errors ?? []).map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['discountPercent', 'startDate', 'endDate']));
    expect((await t.sql(`select 1 from promotions where name = 'Ошибочная'`)).length).toBe(0);
  });

  it('may not close registration before 12:00 Moscow on its last day: refused at 11:59, done at 12:00', async () => {
    const id = await openOne();
    clock = BEFORE_CUTOFF;
    try {
      const early = await move(id, 'closeRegistration');
      expect(early.error?.data?.reason).toBe('promotion.registrationNotOver');
      expect(early.error?.message).toBe(
        'Регистрация заканчивается в 12:00 по Москве 20.03.2026: закрыть её раньше нельзя',
      );
      clock = AT_CUTOFF;
      expect((await move(id, 'closeRegistration')).result.state).toBe('planed');
    } finally {
      clock = START;
    }
  });
});

describe('taking part', () => {
  it('adds at 11:59 Moscow on the last day and refuses at 12:00, by hand and by file', async () => {
    const id = await openOne();
    clock = BEFORE_CUTOFF;
    try {
      const ok = await rpc('products.add', { promotionId: id, productIds: [ids[0]] });
      expect(ok.result).toEqual({ changed: 1, productsCount: 1 });
      clock = AT_CUTOFF;
      const late = await rpc('products.add', { promotionId: id, productIds: [ids[1]] });
      expect(late.error?.message).toBe('Регистрация в акции завершена: добавлять товары нельзя');
      const file = await upload(id, await sheet([[skus[1]!]]));
      expect(file.statusCode).toBe(400);
      expect(file.json().error.message).toBe('Регистрация в акции завершена: добавлять товары нельзя');
      const leave = await rpc('products.delete', { promotionId: id, productIds: [ids[0]] });
      expect(leave.error?.message).toBe(
        'Регистрация в акции завершена: товары остаются в ней до конца акции',
      );
      expect(await inPromotion(id)).toEqual([ids[0]]);
      const card = await rpc('get', { promotionId: id });
      expect(card.result).toMatchObject({
        sellerStatus: 'myActive',
        canAdd: false,
        canRemove: false,
        registrationDeadline: '2026-03-20T09:00:00.000Z',
      });
    } finally {
      clock = START;
    }
  });

  it('refuses adding before registration opens, and removes while it is open', async () => {
    const idle = await announce();
    expect((await rpc('products.add', { promotionId: idle, productIds: [ids[0]] })).error?.data?.reason).toBe(
      'promotion.registrationNotStarted',
    );
    await move(idle, 'open');
    await rpc('products.add', { promotionId: idle, productIds: [ids[0], ids[1]] });
    const removed = await rpc('products.delete', { promotionId: idle, productIds: [ids[1]] });
    expect(removed.result).toEqual({ changed: 1, productsCount: 1 });
    const again = await rpc('products.delete', { promotionId: idle, productIds: [ids[1]] });
    expect(again.error?.data?.errors).toEqual([{ field: 'productIds.0', message: 'Товара нет в акции' }]);
  });

  it('never adds a product below its floor price; refuses the whole call, and shows the margin and the threshold', async () => {
    const id = await openOne({ discountPercent: 40 });
    // 1000 ₽ at 40 % off sells at 600 ₽: a floor of 650 ₽ refuses it; a floor of 600 ₽ takes it.
    const set = await rpc('cost-prices.set', {
      items: [{ id: ids[2], costPrice: 400, floorPrice: 650 }],
    });
    expect(set.result).toEqual({ changed: 1 });
    const refused = await rpc('products.add', { promotionId: id, productIds: [ids[3], ids[2]] });
    expect(refused.error?.data?.errors).toEqual([
      { field: 'productIds.1', message: 'Цена по акции 600 ₽ ниже минимальной цены 650 ₽' },
    ]);
    expect(await inPromotion(id)).toEqual([]);
    const candidates = await rpc('products.list', { promotionId: id, scope: 'candidates', search: skus[2] });
    expect(candidates.result.items[0]).toMatchObject({
      id: ids[2],
      promoPrice: 600,
      priceStatus: 'belowFloor',
      floorPrice: 650,
      costPrice: 400,
      commissionPercent: 25,
      // 600 × (1 − 0.25) − 400 = 50; at 1000 ₽: 350.
      marginAtPromo: 50,
      marginAtCurrent: 350,
      thresholdExceeded: true,
      recommendedPrice: 1090,
    });
    await rpc('cost-prices.set', { items: [{ id: ids[2], costPrice: 400, floorPrice: 600 }] });
    expect((await rpc('products.add', { promotionId: id, productIds: [ids[2]] })).result.changed).toBe(1);
    const cheap = await rpc('cost-prices.set', { items: [{ id: ids[3], costPrice: 500, floorPrice: 400 }] });
    expect(cheap.error?.data?.errors).toEqual([
      { field: 'items.0.floorPrice', message: 'Минимальная цена не может быть ниже себестоимости' },
    ]);
    // In bulk, by brand: every product of the brand gets the floor.
    const brand = (await t.sql<{ brand: string }>(`select brand from products where id = $1`, [ids[4]]))[0]!
      .brand;
    const bulk = await rpc('cost-prices.set-bulk', {
      brand,
      category: null,
      costPrice: null,
      floorPrice: 990,
    });
    expect(bulk.result.changed).toBeGreaterThan(0);
    expect(
      (await rpc('products.add', { promotionId: id, productIds: [ids[4]] })).error?.data?.errors?.[0]
        ?.message,
    ).toBe('Цена по акции 600 ₽ ниже минимальной цены 990 ₽');
    await t.sql('delete from product_cost_prices');
  });

  it('the auto format adds only the products whose floor the promo price respects', async () => {
    await rpc('cost-prices.set', {
      items: [
        { id: ids[0], costPrice: null, floorPrice: 700 },
        { id: ids[1], costPrice: null, floorPrice: 900 },
      ],
    });
    const id = await openOne({ format: 'auto', discountPercent: 25 });
    expect(await inPromotion(id)).toEqual([ids[0]]);
    await t.sql('delete from product_cost_prices');
  });
});

describe('what the seller sees', () => {
  it('reads the states as available, registration ended, my active, my finished, filtered and on the calendar', async () => {
    await t.sql('truncate promotions, promotion_products');
    const available = await openOne({ name: 'Доступная' });
    const ended = await openOne({ name: 'Без меня' });
    const mine = await openOne({ name: 'Моя' });
    const done = await openOne({ name: 'Моя прошедшая', startDate: '2026-03-21', endDate: '2026-03-22' });
    await rpc('products.add', { promotionId: mine, productIds: [ids[0]] });
    await rpc('products.add', { promotionId: done, productIds: [ids[0]] });
    clock = AT_CUTOFF;
    try {
      for (const id of [ended, mine, done]) await move(id, 'closeRegistration');
      await move(mine, 'start');
      await move(done, 'start');
      expect(
        (
          await plat('report-sales', {
            promotionId: done,
            items: [{ partnerId: 10001, productId: ids[0], quantity: 3, sum: 2400 }],
          })
        ).result,
      ).toEqual({ counted: 1 });
      const stranger = await plat('report-sales', {
        promotionId: done,
        items: [{ partnerId: 10001, productId: ids[3], quantity: 1, sum: 800 }],
      });
      expect(stranger.error?.data?.errors).toEqual([
        { field: 'items.0.productId', message: 'Товара нет в акции' },
      ]);
      await move(done, 'end');
      await move(done, 'finish');
      // Reopen-able one stays available only before its deadline: move the clock back for the list.
      clock = BEFORE_CUTOFF;
      const list = await rpc('list', {});
      const statusOf = Object.fromEntries(
        (list.result.items as { id: string; sellerStatus: string }[]).map((r) => [r.id, r.sellerStatus]),
      );
      expect(statusOf).toEqual({
        [available]: 'available',
        [ended]: 'registrationEnded',
        [mine]: 'myActive',
        [done]: 'myFinished',
      });
      expect((await rpc('filter.list', {})).result).toEqual([
        { value: 'all', label: 'Все', count: 4 },
        { value: 'active', label: 'Активные', count: 1 },
        { value: 'finished', label: 'Завершённые', count: 1 },
        { value: 'available', label: 'Доступные', count: 1 },
      ]);
      expect(
        (await rpc('list', { filter: 'finished' })).result.items.map((r: { id: string }) => r.id),
      ).toEqual([done]);
      const card = await rpc('get', { promotionId: done });
      expect(card.result.results).toEqual({ soldQuantity: 3, salesSum: 2400 });
      const rows = await rpc('products.list', { promotionId: done });
      expect(rows.result.items[0]).toMatchObject({ id: ids[0], sold: 3, promoPrice: 800, inPromotion: true });
      const cal = await t.rpc(
        'v2.promotions.list',
        { partnerId: 10001, from: '2026-03', to: '2026-03' },
        seller,
      );
      expect(cal.result.items.map((r: { id: string }) => r.id)).toEqual([done, available, ended, mine]);
      const april = await t.rpc(
        'v2.promotions.list',
        { partnerId: 10001, from: '2026-05', to: '2026-05' },
        seller,
      );
      expect(april.result.items).toEqual([]);
    } finally {
      clock = START;
    }
  });

  it('shows a promotion only to the business models it is open to: another answers as a missing one', async () => {
    const closed = await openOne({ name: 'Только для FBO' });
    const both = await openOne({
      name: 'Для FBS тоже',
      businessModels: ['consignment', 'marketplace_crossdocking'],
    });
    const asFbs = await t.rpc('v1.promotions.list', { partnerId: 10002 }, fbs);
    const names = asFbs.result.items.map((r: { name: string }) => r.name);
    expect(names).toContain('Для FBS тоже');
    expect(names).not.toContain('Только для FBO');
    const hidden = await t.rpc('v1.promotions.get', { partnerId: 10002, promotionId: closed }, fbs);
    const missing = await t.rpc('v1.promotions.get', { partnerId: 10002, promotionId: '999999' }, fbs);
    expect(hidden.error).toEqual(missing.error);
    expect((await t.rpc('v1.promotions.get', { partnerId: 10002, promotionId: both }, fbs)).result.name).toBe(
      'Для FBS тоже',
    );
  });
});

describe('prices read real promotions', () => {
  it('an active promotion blocks a price change; a planned one warns and the product leaves it', async () => {
    const planned = await openOne({ name: 'Запланированная' });
    await rpc('products.add', { promotionId: planned, productIds: [ids[1]] });
    const active = await openOne({ name: 'Идёт' });
    await rpc('products.add', { promotionId: active, productIds: [ids[0]] });
    clock = AT_CUTOFF;
    try {
      await move(active, 'closeRegistration');
      await move(active, 'start');
      await move(planned, 'closeRegistration');
      const blocked = await t.rpc(
        'v1.nomenclatures.update-price',
        { partnerId: 10001, item: { id: ids[0], country: 'RU', price: 990 } },
        seller,
      );
      expect(blocked.error?.message).toBe('Товар участвует в активной акции: цену изменить нельзя');
      const warned = await t.rpc(
        'v1.nomenclatures.update-price',
        { partnerId: 10001, item: { id: ids[1], country: 'RU', price: 990 } },
        seller,
      );
      expect(warned.result.warnings).toEqual(['removedFromPlannedPromotion']);
      expect(await inPromotion(planned)).toEqual([]);
      expect(await inPromotion(active)).toEqual([ids[0]]);
    } finally {
      clock = START;
      await t.sql(`update products set price = 1000 where id = $1`, [ids[1]]);
      await t.sql(`delete from price_changes where partner_id = 10001`);
      await t.sql(`delete from product_prices where partner_id = 10001 and product_id = any($1::bigint[])`, [
        ids,
      ]);
    }
  });
});

describe('promotion files', () => {
  it('adds every row of a clean file, and removes by file', async () => {
    const id = await openOne();
    const rec = await imported(id, await sheet([[skus[0]!], [skus[1]!]]), { name: 'акция.xlsx' });
    expect(rec).toMatchObject({
      status: 'ok',
      action: 'add',
      promotionId: id,
      promotionName: 'Весенняя распродажа',
      partnerId: 10001,
      code: null,
      promoFileErrorTxt: null,
    });
    expect(await inPromotion(id)).toEqual([ids[0], ids[1]].sort());
    const out = await imported(id, await sheet([[skus[0]!]]), { action: 'remove' });
    expect(out.status).toBe('ok');
    expect(await inPromotion(id)).toEqual([ids[1]]);
    // A closed notice leaves the list; another partner's file id answers as a missing one.
    expect((await rpc('files.close', { fileId: out.id })).result).toEqual({ ok: true });
    const left = (await rpc('files.list', {})).result.items.map((f: { id: string }) => f.id);
    expect(left).not.toContain(out.id);
    const foreign = await t.rpc('v1.promotions.files.close', { partnerId: 10004, fileId: rec.id }, multi);
    const none = await t.rpc(
      'v1.promotions.files.close',
      { partnerId: 10004, fileId: '00000000-0000-4000-8000-000000000000' },
      multi,
    );
    expect(foreign.error).toEqual(none.error);
    expect((await t.rpc('v1.promotions.files.list', { partnerId: 10004 }, multi)).result.items).toEqual([]);
  });

  it('refuses a file with any bad row: nothing saved, every error in the error file', async () => {
    const id = await openOne({ discountPercent: 50 });
    await rpc('cost-prices.set', { items: [{ id: ids[2], costPrice: null, floorPrice: 700 }] });
    const rec = await imported(
      id,
      await sheet([
        [skus[0]!],
        ['НЕТ-ТАКОГО'],
        [skus[0]!],
        [skus[2]!],
        ['', 'MODA-БЕЗ-АРТИКУЛА'],
        [skus[1]!],
      ]),
    );
    expect(rec).toMatchObject({ status: 'fail', code: 'promotion.rowsRefused', hasErrorFile: true });
    expect(rec.promoFileErrorTxt).toBe(
      'Строка 4, столбец «Артикул продавца»: Товар с таким артикулом продавца не найден',
    );
    expect(await inPromotion(id)).toEqual([]);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/files/${rec.id}/result/download`,
      headers: { authorization: `Bearer ${seller}` },
    });
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/)
      .slice(1);
    expect(lines).toEqual([
      '4,Артикул продавца,Товар с таким артикулом продавца не найден',
      '5,Артикул продавца,Артикул продавца повторяется в файле',
      '6,Артикул продавца,Цена по акции 500 ₽ ниже минимальной цены 700 ₽',
      '7,Артикул продавца,Значение не заполнено',
    ]);
    // Another partner cannot read the error file.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/files/${rec.id}/result/download`,
      headers: { authorization: `Bearer ${multi}` },
    });
    expect(foreign.statusCode).toBe(404);
    await t.sql('delete from product_cost_prices');
  });

  it('refuses a file made from an outdated template with that message', async () => {
    const id = await openOne();
    const rec = await imported(id, await sheet([[skus[0]!]], PROMOTION_TEMPLATE_VERSION - 1));
    expect(rec).toMatchObject({
      status: 'fail',
      code: 'promotion.outdatedTemplate',
      promoFileErrorTxt: 'Файл сделан по устаревшей версии шаблона: скачайте шаблон акции заново',
    });
    expect(await inPromotion(id)).toEqual([]);
  });

  it('gives a template of the current version that comes back as a clean file', async () => {
    const id = await openOne();
    const res = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/promotions/${id}/template?partnerId=10001`,
      headers: { authorization: `Bearer ${seller}` },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(2).value).toBe(PROMOTION_TEMPLATE_VERSION);
    expect(ws.getRow(2).getCell(1).value).toBe('Артикул продавца');
    expect(ws.rowCount).toBeGreaterThan(2);
    const back = await imported(id, Buffer.from(res.rawPayload));
    expect(back.status).toBe('ok');
    expect((await inPromotion(id)).length).toBe(ws.rowCount - 2);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/promotions/${id}/template?partnerId=10002`,
      headers: { authorization: `Bearer ${fbs}` },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('takes a file of exactly 10 MB and refuses 10 MB + 1 byte while it streams', async () => {
    const id = await openOne();
    const MB10 = 10 * 1024 * 1024;
    const base = await sheet([[skus[3]!]]);
    const pad = async (n: number) => {
      const zip = await JSZip.loadAsync(base);
      zip.file('xl/media/pad.bin', randomBytes(n), { compression: 'STORE' });
      return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    };
    let file = await pad(MB10 - base.length);
    file = await pad(MB10 - base.length - (file.length - MB10));
    expect(file.length).toBe(MB10);
    const ok = await imported(id, file);
    expect(ok.status).toBe('ok');
    expect(await inPromotion(id)).toEqual([ids[3]]);
    const big = await upload(id, Buffer.alloc(MB10 + 1, 1));
    expect(big.statusCode).toBe(400);
    expect(big.json().error.data.errors[0]).toEqual({
      field: 'file',
      message: 'Файл слишком большой: максимальный размер — 10 МБ',
    });
  }, 60_000);

  it('refuses another partner’s promotion and products as missing ones', async () => {
    const id = await openOne();
    const foreign = await rpc('products.add', { promotionId: id, productIds: [otherId] });
    expect(foreign.error?.data?.errors).toEqual([{ field: 'productIds.0', message: 'Товар не найден' }]);
    const hidden = await openOne({ businessModels: ['dropshipping'] });
    const asSeller = await rpc('products.list', { promotionId: hidden });
    const missing = await rpc('products.list', { promotionId: '999999' });
    expect(asSeller.error).toEqual(missing.error);
    expect((await upload(hidden, await sheet([[skus[0]!]]))).statusCode).toBe(404);
  });
});
