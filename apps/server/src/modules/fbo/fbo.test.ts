// The seller's FBO supplies through the API as clients call it: the supply file's check (every error of
// spec 001 §8, the 5 MB / 5,000 SKU / 10,000 items limits at their boundaries, nothing half-saved), slots
// (24 hours, 28 days, capacity, waitlist), and tenancy of every method and download. The warehouse's side is
// in fbo-platform.test.ts; the stock screen's own rules are in fbo-stock.test.ts.
import { randomBytes } from 'node:crypto';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers';
import { REFUSAL_MESSAGES } from '../imports';
import { setUpFbo, sheet, type FboFixture } from './fbo.fixture';

// 15 March 2026, 15:00 in Moscow.
const NOW = new Date('2026-03-15T12:00:00Z');
let clock = NOW;
let t: TestApp;
let seller: string; // 10001, consignment
let multi: string; // 10004 (consignment) and 10005
let fbs: string; // 10002, crossdocking
let platform: string;
let skus: string[];
let skusB: string[];
let upload: FboFixture['upload'];
let checked: FboFixture['checked'];
let rpc: FboFixture['rpc'];
let draft: FboFixture['draft'];

async function errorsOf(fileId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/rest/api/v1/files/${fileId}/result/download`,
    headers: { authorization: `Bearer ${seller}` },
  });
  return res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/)
    .slice(1);
}

beforeAll(async () => {
  ({ t, seller, multi, fbs, platform, skus, skusB, upload, checked, rpc, draft } = await setUpFbo(
    () => clock,
  ));
}, 60_000);
afterAll(() => t.close());

describe('the supply file', () => {
  it('a clean file becomes a draft at its warehouse with its slot booked', async () => {
    const file = await checked(
      await sheet([
        [skus[0]!, 4, 'К1'],
        [skus[1]!, 2, 'К1'],
        [skus[0]!, 1, 'К2'],
      ]),
    );
    expect(file.status).toBe('ok');
    const r = await rpc('create', { warehouseCode: 'Bykovo', plannedDate: '2026-03-20', fileId: file.id });
    expect(r.error).toBeUndefined();
    expect(r.result).toMatchObject({
      status: 'draft',
      itemsQuantity: 7,
      skuCount: 2,
      fileName: 'supply.xlsx',
    });
    expect(r.result.boxes.map((b: { box: string; declared: number }) => [b.box, b.declared])).toEqual([
      ['К1', 6],
      ['К2', 1],
    ]);
    // One file, one supply.
    const again = await rpc('create', {
      warehouseCode: 'Bykovo',
      plannedDate: '2026-03-20',
      fileId: file.id,
    });
    expect(again.error?.data?.reason).toBe('fbo.fileUsed');
    // A file uploaded for Bykovo does not go to Sofino.
    const other = await checked(await sheet([[skus[0]!, 1, null]]));
    const wrong = await rpc('create', {
      warehouseCode: 'Sofino',
      plannedDate: '2026-03-20',
      fileId: other.id,
    });
    expect(wrong.error?.data?.errors?.[0]).toMatchObject({
      field: 'warehouseCode',
      message: 'Файл загружен для другого склада',
    });
  }, 60_000);

  it('every error of spec 001 §8 comes back per row, and nothing is kept', async () => {
    const file = await checked(
      await sheet([
        ['NO-SUCH-SKU', 1, null],
        [null, 2, null],
        [skus[0]!, null, null],
        [skus[1]!, 'много', null],
        [skus[2]!, 1, null],
        [skus[2]!, 1, null],
        [skus[3]!, 0, null],
        [skus[4]!, 1.5, null],
      ]),
    );
    expect(file).toMatchObject({ status: 'fail', result: 'error', errorCount: 7, hasFileResult: true });
    expect(file.errorMessage).toBe('Строка 2, столбец «Артикул продавца»: Артикул продавца не существует');
    expect(await errorsOf(file.id)).toEqual([
      '2,Артикул продавца,Артикул продавца не существует',
      '3,Артикул продавца,Значение не заполнено',
      '4,Количество,Значение не заполнено',
      '5,Количество,Значение должно быть числом',
      '7,Артикул продавца,Артикул продавца не уникален',
      '8,Количество,Значение должно быть не меньше 1',
      '9,Количество,Допускаются только целые числа',
    ]);
    const r = await rpc('create', { warehouseCode: 'Bykovo', plannedDate: '2026-03-20', fileId: file.id });
    expect(r.error?.data?.reason).toBe('fbo.fileNotChecked');
    expect(await t.sql(`select 1 from fbo_checked_files where file_id = $1`, [file.id])).toHaveLength(0);
  }, 60_000);

  it('holds 10,000 items and refuses 10,001', async () => {
    const ok = await checked(
      await sheet([
        [skus[0]!, 5000, null],
        [skus[1]!, 5000, null],
      ]),
    );
    expect(ok.status).toBe('ok');
    const over = await checked(
      await sheet([
        [skus[0]!, 5000, null],
        [skus[1]!, 5001, null],
      ]),
    );
    expect(over.errorMessage).toBe(
      'Строка 3, столбец «Количество»: В поставке не больше 10000 единиц товара',
    );
  }, 60_000);

  it('holds 5,000 unique SKU and refuses 5,001', async () => {
    // The partner gets 5,001 products to supply.
    await t.sql(
      `insert into products (partner_id, moda_sku, moda_parent_sku, seller_sku, seller_parent_sku, title, brand,
         category, status, moderation_status, attributes, price)
       select 10001, 'MD8' || lpad(g::text, 10, '0'), 'MDP8' || lpad(g::text, 10, '0'), 'BULK-' || g,
              'BULK-P-' || g, 'Футболка ' || g, 'Северный ветер', 'clothes', 'online', 'approved', '{}'::jsonb, 1000
         from generate_series(1, 5001) g`,
    );
    const rows = (n: number) => Array.from({ length: n }, (_, i) => [`BULK-${i + 1}`, 1, null]);
    const ok = await checked(await sheet(rows(5000)));
    expect(ok).toMatchObject({ status: 'ok', rowsTotal: 5000 });
    const over = await checked(await sheet(rows(5001)));
    expect(over.errorMessage).toBe(
      'Строка 5002, столбец «Артикул продавца»: В поставке не больше 5000 уникальных артикулов',
    );
    // The same limits on a draft made from chosen lines.
    const items = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ sellerSku: `BULK-${i + 1}`, quantity: 1 }));
    const tooMany = await rpc('create-draft', { warehouseCode: 'Sofino', items: items(5001) });
    expect(tooMany.error?.data?.errors?.[0]).toMatchObject({
      field: 'items',
      message: 'В поставке не больше 5000 уникальных артикулов',
    });
    const heavy = await rpc('create-draft', {
      warehouseCode: 'Sofino',
      items: [
        { sellerSku: 'BULK-1', quantity: 5000 },
        { sellerSku: 'BULK-2', quantity: 5001 },
      ],
    });
    expect(heavy.error?.data?.errors?.[0]).toMatchObject({
      message: 'В поставке не больше 10000 единиц товара',
    });
    expect(await t.sql(`select 1 from fbo_supplies where warehouse_code = 'Sofino'`)).toHaveLength(0);
  }, 60_000);

  it('takes a supply file of exactly 5 MB', async () => {
    // A real supply file padded with a stored (uncompressed) part to 5 MB to the byte.
    const MB5 = 5 * 1024 * 1024;
    const base = await sheet([[skus[0]!, 1, null]]);
    const pad = async (n: number) => {
      const zip = await JSZip.loadAsync(base);
      zip.file('xl/media/pad.bin', randomBytes(n), { compression: 'STORE' });
      return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    };
    let file = await pad(MB5 - base.length);
    file = await pad(MB5 - base.length - (file.length - MB5));
    expect(file.length).toBe(MB5);
    const rec = await checked(file);
    expect(rec).toMatchObject({ status: 'ok', size: MB5, rowsTotal: 1 });
  }, 60_000);

  it('passes the product import’s zip guard: a disguised part or an entity declaration is refused with its message', async () => {
    const base = await sheet([[skus[0]!, 1, null]]);
    const disguised = await JSZip.loadAsync(base);
    disguised.file('xl/worksheets/sheet1.xml.bin', Buffer.alloc(1024, 0x20));
    const withEntity = await JSZip.loadAsync(base);
    const xml = await withEntity.file('xl/worksheets/sheet1.xml')!.async('string');
    withEntity.file(
      'xl/worksheets/sheet1.xml',
      xml.replace('?>', '?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>'),
    );
    for (const [zip, message] of [
      [disguised, REFUSAL_MESSAGES.disguisedPart],
      [withEntity, REFUSAL_MESSAGES.entities],
    ] as const) {
      const rec = await checked(await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
      expect(rec).toMatchObject({ status: 'fail', errorMessage: message });
    }
  });

  it('refuses a file over 5 MB while it streams, and one that is not xlsx', async () => {
    const big = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.data.errors[0]).toMatchObject({
      field: 'file',
      message: 'Файл слишком большой: максимальный размер — 5 МБ',
    });
    const text = await upload(Buffer.from('Артикул;Количество\n'));
    expect(text.json().error.data.errors[0].field).toBe('file');
  });
});

describe('slots', () => {
  it('books at least 24 hours ahead and within 28 days', async () => {
    // Slots begin at 09:00 Moscow: 16 March is 18 hours away, 17 March 42 hours.
    const soon = await rpc('create-draft', {
      warehouseCode: 'Chekhov',
      plannedDate: '2026-03-16',
      items: [{ sellerSku: skus[0], quantity: 1 }],
    });
    expect(soon.error?.data?.errors?.[0]).toMatchObject({
      field: 'plannedDate',
      message: 'Слот бронируют, переносят и отменяют не позднее чем за 24 часа до его начала',
    });
    clock = new Date('2026-03-15T06:00:00Z'); // exactly 24 hours before 16 March, 09:00
    const edge = await rpc('create-draft', {
      warehouseCode: 'Chekhov',
      plannedDate: '2026-03-16',
      items: [{ sellerSku: skus[0], quantity: 1 }],
    });
    expect(edge.error).toBeUndefined();
    clock = NOW;
    const far = await rpc('create-draft', {
      warehouseCode: 'Chekhov',
      plannedDate: '2026-04-13',
      items: [{ sellerSku: skus[0], quantity: 1 }],
    });
    expect(far.error?.data?.errors?.[0]).toMatchObject({
      field: 'plannedDate',
      message: 'Склад публикует слоты на 28 дней вперёд: выберите день не позже 12.04.26',
    });
    const last = await rpc('create-draft', {
      warehouseCode: 'Chekhov',
      plannedDate: '2026-04-12',
      items: [{ sellerSku: skus[0], quantity: 1 }],
    });
    expect(last.error).toBeUndefined();
    // The booked slot cannot be moved or cancelled less than 24 hours before it.
    const cancel = await rpc('cancel', { id: edge.result.id });
    expect(cancel.error?.data?.reason).toBe('fbo.slotTooLate');
  });

  it('a full day takes no more; the waitlist books the slot the moment capacity frees', async () => {
    const cap = await t.rpc(
      'v1.platform.fulfilment-warehouses.capacity.set',
      { warehouseCode: 'Novokhokhlovskaya', days: [{ date: '2026-03-25', capacity: 1 }] },
      platform,
    );
    expect(cap.error).toBeUndefined();
    const first = await draft({ warehouseCode: 'Novokhokhlovskaya', plannedDate: '2026-03-25' });
    const full = await rpc('create-draft', {
      warehouseCode: 'Novokhokhlovskaya',
      plannedDate: '2026-03-25',
      items: [{ sellerSku: skus[0], quantity: 1 }],
    });
    expect(full.error?.data?.reason).toBe('fbo.slotFull');
    const slots = await rpc('slots', { warehouseCode: 'Novokhokhlovskaya' });
    expect(slots.result.days.find((d: { date: string }) => d.date === '2026-03-25')).toMatchObject({
      capacity: 1,
      booked: 1,
      bookable: false,
    });
    const second = await draft({ warehouseCode: 'Novokhokhlovskaya', plannedDate: '2026-03-26' });
    const join = await rpc('waitlist.join', {
      id: second.id,
      warehouseCode: 'Novokhokhlovskaya',
      plannedDate: '2026-03-25',
    });
    expect(join.result.waitlist).toEqual({ warehouseCode: 'Novokhokhlovskaya', date: '2026-03-25' });
    const free = await rpc('waitlist.join', {
      id: second.id,
      warehouseCode: 'Novokhokhlovskaya',
      plannedDate: '2026-03-27',
    });
    expect(free.error?.data?.reason).toBe('fbo.slotFree');
    // The first is cancelled: its slot goes to the waiting one by itself.
    expect((await rpc('cancel', { id: first.id })).result.status).toBe('rejected');
    const card = await rpc('get', { id: second.id });
    expect(card.result).toMatchObject({ plannedDate: '2026-03-25', waitlist: null });
  });
});

describe('tenancy and gating', () => {
  it('another partner’s supply answers as a missing one, and stays unchanged', async () => {
    // 10004 has not signed its terms: its supply is made by support acting for it.
    const support = (await t.login('support')).accessToken;
    const r = await t.rpc(
      'v1.fulfilment-shipments.create-draft',
      {
        partnerId: 10004,
        warehouseCode: 'Bykovo',
        plannedDate: '2026-03-20',
        items: [{ sellerSku: skusB[0], quantity: 2 }],
      },
      support,
    );
    expect(r.error).toBeUndefined();
    const id = r.result.id as string;
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [method, extra] of [
      ['get', {}],
      ['items', {}],
      ['submit', {}],
      ['revise', {}],
      ['cancel', {}],
      ['book-slot', { plannedDate: '2026-03-21' }],
      ['change-warehouse', { warehouseCode: 'Sofino', plannedDate: '2026-03-21' }],
      ['set-items', { items: [{ sellerSku: skus[0], quantity: 1 }] }],
      ['waitlist.join', { warehouseCode: 'Sofino', plannedDate: '2026-03-21' }],
      ['waitlist.leave', {}],
      ['dispute', { box: 'A' }],
    ] as const) {
      const theirs = await rpc(method, { id, ...extra });
      const none = await rpc(method, { id: missing, ...extra });
      expect(theirs.error, method).toEqual(none.error);
      expect(theirs.error?.code, method).toBe(50404);
      const asB = await t.rpc(
        `v1.fulfilment-shipments.${method}`,
        { partnerId: 10004, id, ...extra },
        seller,
      );
      // Acting for a partner the seller is not linked to: answered as a partner that does not exist.
      expect(asB.error?.code, method).toBe(50404);
    }
    for (const url of [
      `/rest/api/v1/fulfilment-shipments/${id}/labels?partnerId=10001&count=1`,
      `/rest/api/v1/fulfilment-shipments/${id}/acceptance-report?partnerId=10001`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${seller}` } });
      expect(res.statusCode, url).toBe(404);
    }
    const list = await rpc('list', { search: 'FBO-10004' });
    expect(list.result.total).toBe(0);
    const b = (await t.rpc('v1.fulfilment-shipments.get', { partnerId: 10004, id }, multi)).result;
    expect(b).toMatchObject({
      status: 'draft',
      warehouseCode: 'Bykovo',
      plannedDate: '2026-03-20',
      itemsQuantity: 2,
    });
    // Another partner's checked file is not used either.
    const theirFile = await checked(await sheet([[skusB[0]!, 1, null]]), {
      token: support,
      partnerId: 10004,
    });
    const use = await rpc('create', {
      warehouseCode: 'Bykovo',
      plannedDate: '2026-03-20',
      fileId: theirFile.id,
    });
    expect(use.error?.data?.reason).toBe('fbo.fileNotChecked');
  });

  it('only consignment partners have supplies and stock', async () => {
    for (const method of ['v1.fulfilment-shipments.list', 'v1.analytics.recommended-shipment.get']) {
      const r = await t.rpc(method, { partnerId: 10002 }, fbs);
      expect(r.error?.data?.reason, method).toBe('fbo.notConsignment');
    }
  });
});
