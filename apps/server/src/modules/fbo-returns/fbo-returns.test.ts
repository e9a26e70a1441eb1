// FBO returns through the API as clients call it: the rules of spec 001 §5 and the errors of §8 at their
// boundaries by form and by file (nothing half-saved), the stock on hand (two returns racing for the last
// units), every transition of FBO_RETURN_MACHINE allowed and refused, the warehouse's side to shipping with
// the stock going down, and tenancy of every method and file.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FBO_RETURN_MACHINE, type FboReturnAction } from '@moda/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { issueServiceCredential } from '../../auth/service-credentials';

// 15 March 2026, 15:00 in Moscow.
const NOW = new Date('2026-03-15T12:00:00Z');
let t: TestApp;
let seller: string; // 10001, consignment
let multi: string; // 10004 (consignment) and 10005
let fbs: string; // 10002, crossdocking
let platform: string;
/** 10001's SKUs without orders: 0..2 stocked at Bykovo (10, 5, 2), 3 jewellery stocked (4), 4 never sent. */
let sku: string[];
let skuB: string;

const BOUNDARY = '----fbo-returns-boundary';
async function sheet(
  rows: (string | number | null)[][],
  header = ['Артикул продавца', 'Количество', 'Дата возврата'],
) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Возврат');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
async function checked(
  content: Buffer,
  opts: { token?: string; partnerId?: number; warehouse?: string } = {},
) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\nfbo_return\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="partner_code"\r\n\r\n${opts.partnerId ?? 10001}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="warehouse_code"\r\n\r\n${opts.warehouse ?? 'Bykovo'}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="return.xlsx"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/rest/api/v1/files',
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      authorization: `Bearer ${opts.token ?? seller}`,
    },
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  const id = res.json<{ id: string }>().id;
  for (let i = 0; i < 300; i++) {
    const r = await t.rpc(
      'v1.files.get',
      { partnerId: opts.partnerId ?? 10001, fileImportId: id },
      opts.token ?? seller,
    );
    if (r.result.status === 'ok' || r.result.status === 'fail') return r.result;
    await t.runtime.jobs.drain(['fbo-returns.file'], 30_000).catch(() => undefined);
  }
  throw new Error('file never checked');
}
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

const rpc = (method: string, params: Record<string, unknown>, token = seller) =>
  t.rpc(`v1.supplier-fulfilment-returns.${method}`, { partnerId: 10001, ...params }, token);
const plat = (method: string, params: Record<string, unknown>) =>
  t.rpc(`v1.platform.supplier-fulfilment-returns.${method}`, params, platform);
const count = async () => (await t.sql<{ n: number }>(`select count(*)::int as n from fbo_returns`))[0]!.n;
const setStatus = (id: string, status: string) =>
  t.sql(`update fbo_returns set status = $2, cancel_requested_at = null where id = $1`, [id, status]);
const statusOf = async (id: string) =>
  (await t.sql<{ status: string }>(`select status from fbo_returns where id = $1`, [id]))[0]!.status;
async function available(s: string, warehouseCode = 'Bykovo') {
  const r = await rpc('stock', { warehouseCode });
  return (
    (r.result.items as { sellerSku: string; available: number }[]).find((i) => i.sellerSku === s)
      ?.available ?? 0
  );
}
async function newReturn(items = [{ sellerSku: sku[0], quantity: 1 }]) {
  const r = await rpc('create', { warehouseCode: 'Bykovo', items });
  expect(r.error).toBeUndefined();
  return r.result as { id: string; status: string; returnId: string };
}
/** Cancels every open return: the stock they hold is free for the next test. */
const release = () =>
  t.sql(`update fbo_returns set status = 'cancelled' where status not in ('ok', 'cancelled')`);

beforeAll(async () => {
  t = await createTestApp({ workers: true, now: () => NOW });
  await t.sql(
    'truncate fbo_returns, fbo_return_items, fbo_return_events, fbo_return_files, fbo_return_checked_files, fbo_stock_moves, fbo_supply_items',
  );
  seller = (await t.login('seller')).accessToken;
  multi = (await t.login('multi')).accessToken;
  fbs = (await t.login('fbs')).accessToken;
  platform = (await issueServiceCredential(t.runtime.db, 'WMS')).token;
  const free = async (p: number) =>
    (
      await t.sql<{ seller_sku: string }>(
        `select seller_sku from products p where partner_id = $1 and not archived
            and not exists (select 1 from order_items o where o.partner_id = p.partner_id and o.seller_sku = p.seller_sku)
          order by id limit 5`,
        [p],
      )
    ).map((r) => r.seller_sku);
  sku = await free(10001);
  skuB = (await free(10004))[0]!;
  await t.sql(`update products set erp_level1 = 'Аксессуары', erp_level2 = 'Сумки' where partner_id = 10001`);
  await t.sql(
    `update products set erp_level1 = 'Украшения', erp_level2 = 'Серьги' where partner_id = 10001 and seller_sku = $1`,
    [sku[3]],
  );
  const put = (p: number, s: string, q: number, w = 'Bykovo') =>
    t.sql(
      `insert into fbo_stock_moves (partner_id, seller_sku, warehouse_code, quantity, kind, ref, at)
       values ($1, $2, $3, $4, 'supply', 'test', '2026-03-01T00:00:00Z')`,
      [p, s, w, q],
    );
  await put(10001, sku[0]!, 10);
  await put(10001, sku[1]!, 5);
  await put(10001, sku[2]!, 2);
  await put(10001, sku[3]!, 4);
  await put(10001, sku[0]!, 7, 'Sofino');
  await put(10004, skuB, 3);
}, 60_000);
afterAll(() => t.close());

describe('a return by form (spec 001 §5, §8)', () => {
  it('holds its units at once: the stock screen shows them reserved, not on hand', async () => {
    expect(await available(sku[0]!)).toBe(10);
    const r = await newReturn([
      { sellerSku: sku[0]!, quantity: 4 },
      { sellerSku: sku[1]!, quantity: 5 },
    ]);
    expect(r).toMatchObject({ status: 'new', quantity: 9, skuCount: 2, warehouseCode: 'Bykovo' });
    expect(r.returnId).toMatch(/^VZ-10001-\d{6}$/);
    expect(await available(sku[0]!)).toBe(6);
    // The other warehouse's stock is untouched.
    expect(await available(sku[0]!, 'Sofino')).toBe(7);
    const screen = await t.rpc(
      'v1.analytics.recommended-shipment.get',
      { partnerId: 10001, warehouseCode: ['Bykovo'], search: sku[0] },
      seller,
    );
    expect(screen.result.items[0]).toMatchObject({ onHand: 6, reserved: 4 });
    const card = await rpc('get', { id: r.id });
    expect(card.result.items).toEqual(
      [
        expect.objectContaining({
          supplierSku: sku[0],
          quantity: 4,
          reservedQuantity: 0,
          exportedQuantity: 0,
        }),
        expect.objectContaining({ supplierSku: sku[1], quantity: 5, exportedFailQuantity: 0 }),
      ].sort((a, b) => String(a.supplierSku).localeCompare(String(b.supplierSku))),
    );
    expect(card.result.actions).toEqual(['confirm', 'cancel']);
    expect(card.result.history).toEqual([expect.objectContaining({ from: null, to: 'new' })]);
    await release();
    expect(await available(sku[0]!)).toBe(10);
  });

  it('refuses each bad line on its field, with the figure available, and saves nothing', async () => {
    const before = await count();
    const cases: [unknown[], string, string][] = [
      [[], 'items', 'В возврате должен быть хотя бы один товар'],
      [[{ sellerSku: sku[0], quantity: 0 }], 'items.0.quantity', 'Значение должно быть не меньше 1'],
      [[{ sellerSku: sku[0], quantity: 1.5 }], 'items.0.quantity', 'Допускаются только целые числа'],
      [[{ sellerSku: sku[0], quantity: 'много' }], 'items.0.quantity', 'Значение должно быть числом'],
      [[{ sellerSku: '', quantity: 1 }], 'items.0.sellerSku', 'Значение не заполнено'],
      [
        [
          { sellerSku: sku[0], quantity: 1 },
          { sellerSku: sku[0], quantity: 2 },
        ],
        'items.1.sellerSku',
        'Артикул продавца не уникален',
      ],
      [[{ sellerSku: 'NO-SUCH-SKU', quantity: 1 }], 'items.0.sellerSku', 'Артикул продавца не существует'],
      [[{ sellerSku: sku[4], quantity: 1 }], 'items.0.sellerSku', 'Артикул не передан в систему склада'],
      [
        [
          { sellerSku: sku[0], quantity: 1 },
          { sellerSku: sku[3], quantity: 1 },
        ],
        'items.1.sellerSku',
        'Одежду и ювелирные изделия нельзя возвращать вместе',
      ],
      [[{ sellerSku: sku[2], quantity: 3 }], 'items.0.quantity', 'Больше, чем доступно на складе: 2 шт.'],
      // Stocked at Sofino only: none on hand at Chekhov.
      [[{ sellerSku: sku[0], quantity: 1 }], 'items.0.quantity', 'Больше, чем доступно на складе: 0 шт.'],
    ];
    for (const [items, field, message] of cases) {
      const warehouseCode = message.endsWith('0 шт.') ? 'Chekhov' : 'Bykovo';
      const r = await rpc('create', { warehouseCode, items });
      expect(r.error?.data?.errors, JSON.stringify(items)).toContainEqual({ field, message });
    }
    const date = await rpc('create', {
      warehouseCode: 'Bykovo',
      returnAt: '15.03.2026',
      items: [{ sellerSku: sku[0], quantity: 1 }],
    });
    expect(date.error?.data?.errors).toContainEqual({
      field: 'returnAt',
      message: 'Неверный формат даты: ГГГГ-ММ-ДД',
    });
    const past = await rpc('create', {
      warehouseCode: 'Bykovo',
      returnAt: '2026-03-14',
      items: [{ sellerSku: sku[0], quantity: 1 }],
    });
    expect(past.error?.data?.reason).toBe('fboReturn.pastDate');
    expect(await count()).toBe(before);
    // At the boundary: exactly what is available, and jewellery alone, are accepted.
    const all = await newReturn([{ sellerSku: sku[2]!, quantity: 2 }]);
    expect(all.status).toBe('new');
    const jewellery = await newReturn([{ sellerSku: sku[3]!, quantity: 4 }]);
    expect(jewellery.status).toBe('new');
    await release();
  });

  it('two returns racing for the last units: one wins, nothing goes negative', async () => {
    const ask = () => rpc('create', { warehouseCode: 'Bykovo', items: [{ sellerSku: sku[2], quantity: 2 }] });
    const results = await Promise.all([ask(), ask(), ask()]);
    const won = results.filter((r) => !r.error);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.error))
      expect(r.error?.data?.errors).toContainEqual({
        field: 'items.0.quantity',
        message: 'Больше, чем доступно на складе: 0 шт.',
      });
    expect(await available(sku[2]!)).toBe(0);
    const screen = await t.rpc(
      'v1.analytics.recommended-shipment.get',
      { partnerId: 10001, search: sku[2] },
      seller,
    );
    expect(screen.result.items[0]).toMatchObject({ onHand: 0, reserved: 2 });
    await release();
  });
});

describe('a return from a file', () => {
  it('a clean file becomes a return, once; its file is on the Files tab', async () => {
    const file = await checked(
      await sheet([
        [sku[0]!, 3, '2026-03-20'],
        [sku[1]!, 1, null],
      ]),
    );
    expect(file).toMatchObject({ status: 'ok', rowsTotal: 2 });
    const r = await t.rpc(
      'v1.supplier-return.create-from-file',
      { partnerId: 10001, fileId: file.id },
      seller,
    );
    expect(r.error).toBeUndefined();
    expect(r.result).toMatchObject({ status: 'new', quantity: 4, returnAt: '2026-03-20' });
    expect(r.result.files).toEqual([
      expect.objectContaining({ kind: 'source', warehouseCode: 'Bykovo', count: 4, status: 'new' }),
    ]);
    const dl = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/supplier-fulfilment-returns/${r.result.id}/files/${r.result.files[0].id}?partnerId=10001`,
      headers: { authorization: `Bearer ${seller}` },
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const again = await t.rpc(
      'v1.supplier-return.create-from-file',
      { partnerId: 10001, fileId: file.id },
      seller,
    );
    expect(again.error?.data?.reason).toBe('fboReturn.fileUsed');
    await release();
  }, 30_000);

  it('every error of spec 001 §8 comes back per row, and nothing is kept', async () => {
    const before = await count();
    const file = await checked(
      await sheet([
        ['NO-SUCH-SKU', 1, null],
        [null, 2, null],
        ['Z-1', null, null],
        ['Z-2', 'много', null],
        [sku[1]!, 1, null],
        [sku[1]!, 1, null],
        [sku[2]!, 0, null],
        [sku[4]!, 1, null],
        [sku[3]!, 1, null],
        [sku[0]!, 99, '20.03.2026'],
      ]),
    );
    expect(file).toMatchObject({ status: 'fail', result: 'error', hasFileResult: true });
    expect(await errorsOf(file.id)).toEqual([
      '2,Артикул продавца,Артикул продавца не существует',
      '3,Артикул продавца,Значение не заполнено',
      '4,Количество,Значение не заполнено',
      '5,Количество,Значение должно быть числом',
      '7,Артикул продавца,Артикул продавца не уникален',
      '8,Количество,Значение должно быть не меньше 1',
      '9,Артикул продавца,Артикул не передан в систему склада',
      '10,Артикул продавца,Одежду и ювелирные изделия нельзя возвращать вместе',
      '11,Дата возврата,Неверный формат даты: ГГГГ-ММ-ДД',
    ]);
    const tooMany = await checked(await sheet([[sku[0]!, 11, null]]));
    expect(await errorsOf(tooMany.id)).toEqual(['2,Количество,"Больше, чем доступно на складе: 10 шт."']);
    const empty = await checked(await sheet([]));
    expect(empty.errorMessage).toContain('В возврате должен быть хотя бы один товар');
    const use = await t.rpc(
      'v1.supplier-return.create-from-file',
      { partnerId: 10001, fileId: file.id },
      seller,
    );
    expect(use.error?.data?.reason).toBe('fboReturn.fileNotChecked');
    expect(await count()).toBe(before);
  }, 30_000);

  it('the template names the columns the check reads', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/rest/api/v1/supplier-fulfilment-returns/template',
      headers: { authorization: `Bearer ${seller}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(1).values).toEqual([
      undefined,
      'Артикул продавца',
      'Количество',
      'Дата возврата',
    ]);
  });
});

describe('the state machine (spec 000 §4)', () => {
  it('every seller transition, from every state: allowed where the machine says, refused elsewhere', async () => {
    const r = await newReturn();
    for (const action of ['confirm', 'cancel'] as const) {
      for (const state of FBO_RETURN_MACHINE.states) {
        await setStatus(r.id, state);
        const res = await rpc(action, { id: r.id });
        const allowed = (FBO_RETURN_MACHINE.transitions[action].from as readonly string[]).includes(state);
        if (action === 'cancel' && state === 'exported') {
          // Being picked: a request to the warehouse, the state stays.
          expect(res.result?.cancelRequested, state).toBe(true);
          expect(await statusOf(r.id)).toBe('exported');
        } else if (allowed)
          expect(res.result?.status, `${action} from ${state}`).toBe(
            FBO_RETURN_MACHINE.transitions[action].to,
          );
        else {
          expect(res.error?.data?.reason, `${action} from ${state}`).toBe('fboReturn.cannotMove');
          expect(await statusOf(r.id)).toBe(state);
        }
      }
    }
    await release();
  });

  it('every warehouse move, from every state, and none by a seller', async () => {
    const r = await newReturn();
    const moves = ['export', 'failExport', 'retryExport', 'confirmCancel', 'refuseCancel'] as const;
    for (const action of moves)
      for (const state of FBO_RETURN_MACHINE.states) {
        await setStatus(r.id, state);
        if (action.endsWith('Cancel'))
          await t.sql(`update fbo_returns set cancel_requested_at = now() where id = $1`, [r.id]);
        const res = await plat('move', { id: r.id, action });
        const allowed = (
          FBO_RETURN_MACHINE.transitions[action as FboReturnAction].from as readonly string[]
        ).includes(state);
        if (allowed)
          expect(res.result?.status, `${action} from ${state}`).toBe(
            FBO_RETURN_MACHINE.transitions[action].to,
          );
        else expect(res.error?.data?.reason, `${action} from ${state}`).toBe('fboReturn.cannotMove');
      }
    for (const state of FBO_RETURN_MACHINE.states) {
      await setStatus(r.id, state);
      const res = await plat('reserve', { id: r.id, items: [{ sellerSku: sku[0], reserved: 1 }] });
      if (state === 'confirmed') expect(res.result?.status).toBe('sent');
      else expect(res.error?.data?.reason, `reserve from ${state}`).toBe('fboReturn.cannotMove');
      await setStatus(r.id, state);
      const rej = await plat('reject', { id: r.id, reason: 'Склад закрыт на инвентаризацию' });
      if (state === 'confirmed') expect(rej.result?.status).toBe('errorSending');
      else expect(rej.error?.data?.reason).toBe('fboReturn.cannotMove');
    }
    // A warehouse's answer to a cancel nobody asked for is refused.
    await setStatus(r.id, 'exported');
    expect((await plat('move', { id: r.id, action: 'confirmCancel' })).error?.data?.reason).toBe(
      'fboReturn.noCancelRequest',
    );
    // The warehouse's methods refuse a seller's token.
    for (const m of ['reserve', 'reject', 'offer-slots', 'move', 'pick', 'ship', 'list']) {
      const res = await t.rpc(`v1.platform.supplier-fulfilment-returns.${m}`, { id: r.id }, seller);
      expect(res.error?.code, m).toBe(50403);
    }
    await release();
  });
});

describe('the warehouse side to shipping', () => {
  it('confirm, reserve, windows, pick with failures, ship: the stock goes down by what was picked', async () => {
    const r = await newReturn([
      { sellerSku: sku[0]!, quantity: 6 },
      { sellerSku: sku[1]!, quantity: 2 },
    ]);
    expect((await rpc('confirm', { id: r.id })).result.status).toBe('confirmed');
    const over = await plat('reserve', { id: r.id, items: [{ sellerSku: sku[0], reserved: 7 }] });
    expect(over.error?.data?.reason).toBe('fboReturn.overReserve');
    const stranger = await plat('reserve', { id: r.id, items: [{ sellerSku: sku[4], reserved: 1 }] });
    expect(stranger.error?.data?.reason).toBe('fboReturn.unknownItem');
    const reserved = await plat('reserve', {
      id: r.id,
      items: [
        { sellerSku: sku[0], reserved: 5 },
        { sellerSku: sku[1], reserved: 2 },
      ],
    });
    expect(reserved.result.status).toBe('sent');
    // What the warehouse reserved is held now, not what was asked: one unit of sku[0] is free again.
    expect(await available(sku[0]!)).toBe(5);
    let card = (await rpc('get', { id: r.id })).result;
    expect(card.actions).toEqual(['cancel']);
    const slots = [
      { date: '2026-03-15', fromHour: 10, toHour: 12 },
      { date: '2026-03-17', fromHour: 9, toHour: 12 },
      { date: '2026-03-17', fromHour: 14, toHour: 18 },
    ];
    expect((await plat('offer-slots', { id: r.id, slots })).result.status).toBe('sent');
    card = (await rpc('get', { id: r.id })).result;
    // The morning of today (15:00 Moscow) is gone.
    expect(card.slots).toEqual(slots.slice(1));
    expect(card.actions).toEqual(['cancel', 'bookSlot']);
    const notOffered = await rpc('book-slot', { id: r.id, date: '2026-03-17', fromHour: 12 });
    expect(notOffered.error?.data?.errors?.[0]).toMatchObject({
      field: 'date',
      message: expect.stringContaining('не предлагал'),
    });
    const past = await rpc('book-slot', { id: r.id, date: '2026-03-15', fromHour: 10 });
    expect(past.error?.data?.reason).toBe('fboReturn.slotPast');
    const bad = await plat('offer-slots', {
      id: r.id,
      slots: [{ date: '2026-03-18', fromHour: 12, toHour: 12 }],
    });
    expect(bad.error?.data?.errors?.[0]?.field).toBe('slots.0.toHour');
    expect((await plat('move', { id: r.id, action: 'export' })).result.status).toBe('exported');
    // Not picked, no window: not shipped.
    expect((await plat('ship', { id: r.id })).error?.data?.reason).toBe('fboReturn.notPicked');
    const overPick = await plat('pick', { id: r.id, items: [{ sellerSku: sku[0], exported: 5, failed: 1 }] });
    expect(overPick.error?.data?.reason).toBe('fboReturn.overReserve');
    const picked = await plat('pick', {
      id: r.id,
      items: [
        { sellerSku: sku[0], exported: 4, failed: 1 },
        { sellerSku: sku[1], exported: 2, failed: 0 },
      ],
    });
    expect(picked.result.status).toBe('exported');
    expect((await plat('ship', { id: r.id })).error?.data?.reason).toBe('fboReturn.slotRequired');
    const booked = await rpc('book-slot', { id: r.id, date: '2026-03-17', fromHour: 14 });
    expect(booked.result).toMatchObject({
      slot: { date: '2026-03-17', fromHour: 14, toHour: 18 },
      returnAt: '2026-03-17',
    });
    expect((await plat('ship', { id: r.id })).result.status).toBe('ok');
    card = (await rpc('get', { id: r.id })).result;
    expect(card.items.find((i: { supplierSku: string }) => i.supplierSku === sku[0])).toMatchObject({
      quantity: 6,
      reservedQuantity: 5,
      exportedQuantity: 4,
      exportedFailQuantity: 1,
    });
    expect(
      card.files.map((f: { kind: string; count: number; status: string }) => [f.kind, f.count, f.status]),
    ).toEqual([
      ['picking', 6, 'exported'],
      ['shipping', 6, 'ok'],
    ]);
    expect(card.history.map((h: { to: string }) => h.to)).toEqual([
      'new',
      'confirmed',
      'sent',
      'exported',
      'ok',
    ]);
    expect(card.actions).toEqual([]);
    // The stock went down by what was picked and nothing is reserved any more.
    expect(await available(sku[0]!)).toBe(6);
    expect(await available(sku[1]!)).toBe(3);
    const moves = await t.sql<{ q: number }>(
      `select sum(quantity)::int as q from fbo_stock_moves where ref = $1`,
      [r.id],
    );
    expect(moves[0]!.q).toBe(-6);
    for (const f of card.files) {
      const dl = await t.app.inject({
        method: 'GET',
        url: `/rest/api/v1/supplier-fulfilment-returns/${r.id}/files/${f.id}?partnerId=10001`,
        headers: { authorization: `Bearer ${seller}` },
      });
      expect(dl.statusCode).toBe(200);
    }
  });

  it('nothing reserved is outOfStock; nothing picked is exportedFail; a refused cancel is shipped', async () => {
    const a = await newReturn();
    await rpc('confirm', { id: a.id });
    expect(
      (await plat('reserve', { id: a.id, items: [{ sellerSku: sku[0], reserved: 0 }] })).result.status,
    ).toBe('outOfStock');
    const b = await newReturn();
    await rpc('confirm', { id: b.id });
    await plat('reserve', { id: b.id, items: [{ sellerSku: sku[0], reserved: 1 }] });
    await plat('move', { id: b.id, action: 'export' });
    expect(
      (await plat('pick', { id: b.id, items: [{ sellerSku: sku[0], exported: 0, failed: 1 }] })).result
        .status,
    ).toBe('exportedFail');
    expect((await plat('move', { id: b.id, action: 'retryExport' })).result.status).toBe('exported');
    await plat('pick', { id: b.id, items: [{ sellerSku: sku[0], exported: 1, failed: 0 }] });
    const asked = await rpc('cancel', { id: b.id });
    expect(asked.result).toMatchObject({ status: 'exported', cancelRequested: true });
    expect(asked.result.actions).not.toContain('requestCancel');
    expect((await rpc('cancel', { id: b.id })).error?.data?.reason).toBe('fboReturn.cancelRequested');
    expect((await plat('move', { id: b.id, action: 'refuseCancel' })).result.status).toBe('cancelFailed');
    await plat('offer-slots', { id: b.id, slots: [{ date: '2026-03-16', fromHour: 9, toHour: 10 }] });
    await rpc('book-slot', { id: b.id, date: '2026-03-16', fromHour: 9 });
    expect((await plat('ship', { id: b.id })).result.status).toBe('ok');
    const queue = await plat('list', { status: ['ok'] });
    expect(queue.result.items.map((i: { id: string }) => i.id)).toContain(b.id);
  });
});

describe('tenancy and access', () => {
  it('another partner’s return and files answer as missing, and stay unchanged', async () => {
    // 10004 is read-only in the demo (terms not signed): its return is written as the warehouse's data.
    const [theirs] = await t.sql<{ id: string; return_id: string }>(
      `insert into fbo_returns (partner_id, return_id, warehouse_code, status, sku_count, quantity, search_text)
       values (10004, 'VZ-10004-000001', 'Bykovo', 'new', 1, 1, 'vz-10004-000001') returning id::text as id, return_id`,
    );
    await t.sql(
      `insert into fbo_return_items (partner_id, return_uuid, seller_sku, moda_sku, title, quantity)
       values (10004, $1, $2, 'M', 'T', 1)`,
      [theirs!.id, skuB],
    );
    const id = theirs!.id;
    for (const [m, extra] of [
      ['get', {}],
      ['confirm', {}],
      ['cancel', {}],
      ['book-slot', { date: '2026-03-17', fromHour: 9 }],
    ] as const) {
      const r = await rpc(m, { id, ...extra });
      expect(r.error?.data?.reason, m).toBe('fboReturn.notFound');
    }
    const own = await t.rpc('v1.supplier-fulfilment-returns.get', { partnerId: 10004, id }, multi);
    expect(own.result?.status).toBe('new');
    // Their SKU is not ours: unknown in our catalogue.
    const sk = await rpc('create', { warehouseCode: 'Bykovo', items: [{ sellerSku: skuB, quantity: 1 }] });
    expect(sk.error?.data?.errors?.[0]?.message).toBe('Артикул продавца не существует');
    const list = await rpc('list', { search: theirs!.return_id });
    expect(list.result.total).toBe(0);
    const asThem = await rpc('list', { partnerId: 10004 });
    expect(asThem.error?.code).toBe(50404);
    const dl = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/supplier-fulfilment-returns/${id}/files/00000000-0000-4000-8000-000000000000?partnerId=10001`,
      headers: { authorization: `Bearer ${seller}` },
    });
    expect(dl.statusCode).toBe(404);
    expect(await statusOf(id)).toBe('new');
  });

  it('only consignment partners have returns', async () => {
    const params: Record<string, Record<string, unknown>> = {
      list: { partnerId: 10002 },
      stock: { partnerId: 10002, warehouseCode: 'Bykovo' },
      create: { partnerId: 10002, warehouseCode: 'Bykovo', items: [{ sellerSku: 'X', quantity: 1 }] },
    };
    for (const method of Object.keys(params)) {
      const r = await t.rpc(`v1.supplier-fulfilment-returns.${method}`, params[method], fbs);
      expect(r.error?.data?.reason, method).toBe('fboReturn.notConsignment');
    }
  });

  it('lists, searches, filters and sorts', async () => {
    const all = await rpc('list', { pageSize: 100 });
    expect(all.result.total).toBeGreaterThan(3);
    const ok = await rpc('list', { status: ['ok'] });
    expect(ok.result.items.every((i: { status: string }) => i.status === 'ok')).toBe(true);
    const bySku = await rpc('list', { search: sku[1]!.toUpperCase() });
    expect(bySku.result.total).toBeGreaterThan(0);
    const sorted = await rpc('list', { sort: 'return_id', pageSize: 100 });
    const ids = sorted.result.items.map((i: { returnId: string }) => i.returnId);
    expect(ids).toEqual([...ids].sort());
    const badSort = await rpc('list', { sort: 'secret' });
    expect(badSort.error?.data?.errors?.[0]).toMatchObject({
      field: 'sort',
      message: 'Недопустимая сортировка',
    });
  });
});
