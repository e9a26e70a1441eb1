// FBS API tests on a fixed clock: collected orders grouped by the warehouse's schedule, every shipment
// transition allowed and refused (seller and platform), the act and pallet labels read back as barcodes,
// return boxes filled, closed, loaded and shipped back to stock, tabs and counts, and another partner's ids.
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { nextHandover } from '@moda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { issueServiceCredential } from '../../auth/service-credentials';
import { readBarcodes } from '../orders/labels.read';

const MSK = 3 * 3600_000;
/** A Moscow wall-clock time as an instant. */
const msk = (iso: string) => new Date(new Date(`${iso}Z`).getTime() - MSK);

// The demo warehouse of 10002: orders accepted Mon–Fri until 14:00, dropped off Mon–Fri at 18:00.
const DEMO = {
  orderAcceptance: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], time: '14:00' },
  handover: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], time: '18:00' },
  nonWorkingDays: [] as string[],
};

describe('nextHandover (the warehouse schedule)', () => {
  // 2026-12-01 is a Tuesday.
  it('takes an order collected before the acceptance time to the same day’s hand-over', () => {
    expect(nextHandover(DEMO, msk('2026-12-01T14:00:00'))).toEqual(msk('2026-12-01T18:00:00'));
  });
  it('moves an order collected a minute after the acceptance time to the next working day', () => {
    expect(nextHandover(DEMO, msk('2026-12-01T14:01:00'))).toEqual(msk('2026-12-02T18:00:00'));
  });
  it('takes a Friday afternoon order to Monday, and skips non-working days', () => {
    expect(nextHandover(DEMO, msk('2026-12-04T15:00:00'))).toEqual(msk('2026-12-07T18:00:00'));
    expect(nextHandover({ ...DEMO, nonWorkingDays: ['2026-12-07'] }, msk('2026-12-04T15:00:00'))).toEqual(
      msk('2026-12-08T18:00:00'),
    );
  });
  it('waits for the truck’s day when it comes on other days than orders are accepted', () => {
    const truck = { ...DEMO, handover: { days: ['thu'], time: '09:00' } };
    expect(nextHandover(truck, msk('2026-12-01T10:00:00'))).toEqual(msk('2026-12-03T09:00:00'));
    expect(nextHandover({ ...DEMO, orderAcceptance: { days: [], time: '14:00' } }, new Date())).toBeNull();
  });
});

let t: TestApp;
let clock: Date;
let fbs: string;
let multi: string;
let seller: string;
let platform: string;
let skus: string[];

async function order(n = 2): Promise<string> {
  const r = await t.rpc(
    'v1.platform.orders.create',
    {
      partnerId: 10002,
      cutOffAt: new Date(clock.getTime() + 2 * 86_400_000).toISOString(),
      delivery: { address: 'Казань, ул. Баумана, д. 15', method: 'Курьер', serviceLevel: 'Стандарт' },
      paymentMethod: 'Prepaid',
      items: skus.slice(0, n).map((sellerSku) => ({ sellerSku })),
    },
    platform,
  );
  if (r.error) throw new Error(JSON.stringify(r.error));
  return r.result.orderNr as string;
}
async function collect(orderNr: string) {
  const r = await t.rpc('v1.orders.collect', { partnerId: 10002, orderNr }, fbs);
  expect(r.error).toBeUndefined();
}
async function shipmentOf(orderNr: string) {
  const r = await t.rpc('v1.shipments.list', { partnerId: 10002, search: orderNr }, fbs);
  expect(r.error).toBeUndefined();
  return r.result.items as {
    id: string;
    shipmentId: string;
    shippedAt: string;
    status: string;
    items: number;
  }[];
}
const move = (id: string, action: string) => t.rpc('v1.platform.shipments.move', { id, action }, platform);
const seller10002 = (method: string, id: string) => t.rpc(method, { partnerId: 10002, id }, fbs);

async function pdf(url: string, token = fbs) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, type: res.headers['content-type'], body: res.rawPayload };
}

beforeAll(async () => {
  // A Tuesday at 12:00 Moscow more than a week ahead: no demo hand-over falls on its days.
  const d = new Date(Date.now() + 8 * 86_400_000);
  const toTue = (2 - new Date(d.getTime() + MSK).getUTCDay() + 7) % 7;
  const day = new Date(d.getTime() + MSK + toTue * 86_400_000).toISOString().slice(0, 10);
  clock = msk(`${day}T12:00:00`);
  t = await createTestApp({ now: () => clock });
  fbs = (await t.login('fbs')).accessToken;
  multi = (await t.login('multi')).accessToken;
  seller = (await t.login('seller')).accessToken;
  platform = (await issueServiceCredential(t.runtime.db, 'Courier')).token;
  skus = (
    await t.sql<{ seller_sku: string }>(
      `select seller_sku from products where partner_id = 10002 and price is not null and status = 'online'
        order by id limit 3`,
    )
  ).map((r) => r.seller_sku);
});
afterAll(() => t.close());

describe('automatic grouping of collected orders', () => {
  it('puts a collected order into the shipment of today’s hand-over, with a pack, a pallet and ORDER_PACKED', async () => {
    const nr = await order();
    expect(await shipmentOf(nr)).toEqual([]);
    await collect(nr);
    const [s] = await shipmentOf(nr);
    expect(s!.status).toBe('new');
    expect(new Date(s!.shippedAt)).toEqual(new Date(clock.getTime() + 6 * 3600_000));
    const card = (await seller10002('v1.shipments.get', s!.id)).result;
    expect(card.shipmentId).toMatch(/^FBS10002-\d{6}$/);
    expect(card.palletList[0].barcode).toMatch(/^PLT10002-\d{6}-01$/);
    expect(card.actions).toEqual(['confirm', 'cancel']);
    const items = (await t.rpc('v1.shipments.items', { partnerId: 10002, id: s!.id, pageSize: 100 }, fbs))
      .result;
    const mine = items.items.filter((i: { orderNr: string }) => i.orderNr === nr);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine[0].packBarcode).toMatch(/^PACK10002-\d+$/);
    expect(mine[0].orderStatus).toBe('Ожидает отгрузки');
    expect(mine.reduce((n: number, i: { unitload: number }) => n + i.unitload, 0)).toBe(2);
    const events = await t.sql(
      `select event from warehouse_events where partner_id = 10002 and order_nr = $1`,
      [nr],
    );
    expect(events.map((e) => e.event)).toEqual(['ORDER_PACKED']);
  });

  it('sends an order collected after the acceptance time, or after the seller confirmed, to the next hand-over', async () => {
    const a = await order(1);
    await collect(a);
    const [first] = await shipmentOf(a);
    expect((await seller10002('v1.shipments.confirm', first!.id)).result.status).toBe('confirmed');
    const b = await order(1);
    await collect(b);
    const [next] = await shipmentOf(b);
    expect(next!.id).not.toBe(first!.id);
    expect(new Date(next!.shippedAt).getTime() - new Date(first!.shippedAt).getTime()).toBe(86_400_000);

    const saved = clock;
    clock = new Date(clock.getTime() + 2.5 * 3600_000); // 14:30, past the acceptance time
    const c = await order(1);
    await collect(c);
    expect((await shipmentOf(c))[0]!.id).toBe(next!.id);
    clock = saved;
  });
});

describe('shipment transitions', () => {
  let id: string;
  let nr: string;
  beforeAll(async () => {
    clock = new Date(clock.getTime() + 7 * 86_400_000);
    nr = await order();
    await collect(nr);
    id = (await shipmentOf(nr))[0]!.id;
  });

  it('refuses the platform’s moves to the seller and the seller’s to the platform', async () => {
    const r = await t.rpc('v1.platform.shipments.move', { id, action: 'accept' }, fbs);
    expect(r.error?.code).toBe(50403);
    const s = await t.rpc('v1.shipments.confirm', { partnerId: 10002, id }, platform);
    expect(s.error?.code).toBe(50403);
  });

  it('refuses moves the machine does not allow from «new», with the Russian message', async () => {
    for (const action of ['receive', 'close', 'confirmCancel', 'refuseCancel']) {
      const r = await move(id, action);
      expect(r.error?.code, action).toBe(50400);
      expect(r.error?.message).toMatch(/^Невозможно перевести отгрузку в статус «/);
    }
  });

  it('confirm, ask to cancel, refused cancel, accept (orders shipped, GOODS_OUT), receive, close', async () => {
    expect((await seller10002('v1.shipments.confirm', id)).result.status).toBe('confirmed');
    const again = await seller10002('v1.shipments.confirm', id);
    expect(again.error?.message).toBe('Невозможно перевести отгрузку в статус «Подтверждена»');
    const pending = (await seller10002('v1.shipments.cancel', id)).result;
    expect(pending.status).toBe('cancelPending');
    expect(pending.actions).toEqual([]);
    expect((await seller10002('v1.shipments.cancel', id)).error?.code).toBe(50400);
    expect((await move(id, 'refuseCancel')).result.status).toBe('confirmed');
    expect((await move(id, 'accept')).result.status).toBe('sent');
    const o = await t.rpc('v1.orders.get', { partnerId: 10002, orderNr: nr }, fbs);
    expect(o.result.status).toBe('shipped');
    const out = await t.sql(
      `select count(*)::int as n from warehouse_events where partner_id = 10002 and event = 'GOODS_OUT'`,
    );
    expect(out[0]!.n).toBeGreaterThan(0);
    expect((await seller10002('v1.shipments.cancel', id)).error?.code).toBe(50400);
    expect((await move(id, 'reject')).error?.code).toBe(50400);
    expect((await move(id, 'close')).error?.code).toBe(50400);
    expect((await move(id, 'receive')).result.status).toBe('received');
    expect((await move(id, 'close')).result.status).toBe('closed');
    expect((await move(id, 'accept')).error?.code).toBe(50400);
    const card = (await seller10002('v1.shipments.get', id)).result;
    expect(card.history.map((h: { to: string }) => h.to)).toEqual([
      'new',
      'confirmed',
      'cancelPending',
      'confirmed',
      'sent',
      'received',
      'closed',
    ]);
  });

  it('a cancelled or rejected shipment lets its orders go with the next one formed', async () => {
    clock = new Date(clock.getTime() + 86_400_000);
    const a = await order(1);
    await collect(a);
    const first = (await shipmentOf(a))[0]!;
    expect((await seller10002('v1.shipments.cancel', first.id)).result.status).toBe('cancelled');
    const again = (await shipmentOf(a)).find((s) => s.status === 'new')!;
    expect(again.id).not.toBe(first.id);
    expect((await move(again.id, 'reject')).result.status).toBe('rejected');
    expect((await move(again.id, 'accept')).error?.code).toBe(50400);
    const third = (await shipmentOf(a)).find((s) => s.status === 'new')!;
    expect((await seller10002('v1.shipments.confirm', third.id)).result.status).toBe('confirmed');
    expect((await seller10002('v1.shipments.cancel', third.id)).result.status).toBe('cancelPending');
    expect((await move(third.id, 'confirmCancel')).result.status).toBe('cancelled');
  });
});

describe('list, prints and access', () => {
  it('filters by status and hand-over dates, sorts and pages; refuses a reversed period on its field', async () => {
    const all = (await t.rpc('v1.shipments.list', { partnerId: 10002, pageSize: 100 }, fbs)).result;
    expect(all.total).toBeGreaterThan(10);
    const closed = (await t.rpc('v1.shipments.list', { partnerId: 10002, status: ['closed'] }, fbs)).result;
    expect(closed.items.every((s: { status: string }) => s.status === 'closed')).toBe(true);
    const asc = (await t.rpc('v1.shipments.list', { partnerId: 10002, sort: 'shipped_at', pageSize: 5 }, fbs))
      .result;
    const times = asc.items.map((s: { shippedAt: string }) => s.shippedAt);
    expect([...times].sort()).toEqual(times);
    const day = new Date(clock.getTime() + MSK).toISOString().slice(0, 10);
    const today = (
      await t.rpc('v1.shipments.list', { partnerId: 10002, shippedFrom: day, shippedTo: day }, fbs)
    ).result;
    expect(today.items.length).toBeGreaterThan(0);
    const bad = await t.rpc(
      'v1.shipments.list',
      { partnerId: 10002, shippedFrom: '2026-02-02', shippedTo: '2026-02-01' },
      fbs,
    );
    expect(bad.error?.data?.errors).toEqual([
      { field: 'shippedTo', message: 'Дата начала не может быть позже даты окончания' },
    ]);
  });

  it('prints the transfer act and the pallet labels whose barcodes read back', async () => {
    const nr = await order();
    await collect(nr);
    const s = (await shipmentOf(nr))[0]!;
    const card = (await seller10002('v1.shipments.get', s.id)).result;
    const labels = await pdf(`/rest/api/v1/shipments/${s.id}/pallet-labels?partnerId=10002`);
    expect(labels.status).toBe(200);
    expect(labels.type).toBe('application/pdf');
    const pages = await readBarcodes(labels.body);
    expect(pages).toHaveLength(card.palletList.length);
    expect([...pages[0]!.codes].sort()).toEqual([card.palletList[0].barcode, card.shipmentId].sort());
    const act = await pdf(`/rest/api/v1/shipments/${s.id}/act?partnerId=10002`);
    expect(act.status).toBe(200);
    const actPages = await readBarcodes(act.body);
    expect(actPages[0]!.codes.has(card.shipmentId)).toBe(true);
  });

  it('answers another partner’s shipment exactly as a missing one, on RPC and on prints', async () => {
    const theirs = (
      await t.sql<{ id: string }>(`select id::text as id from fbs_shipments where partner_id = 10005 limit 1`)
    )[0]!.id;
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const id of [theirs, missing]) {
      const r = await t.rpc('v1.shipments.get', { partnerId: 10002, id }, fbs);
      expect(r.error).toMatchObject({ code: 50404, message: 'Отгрузка не найдена' });
      expect((await t.rpc('v1.shipments.confirm', { partnerId: 10002, id }, fbs)).error?.code).toBe(50404);
      expect((await pdf(`/rest/api/v1/shipments/${id}/act?partnerId=10002`)).status).toBe(404);
    }
    // 10005's own user sees it.
    expect((await t.rpc('v1.shipments.get', { partnerId: 10005, id: theirs }, multi)).error).toBeUndefined();
  });

  it('sends a partner who is not FBS away with the Russian reason', async () => {
    const r = await t.rpc('v1.shipments.list', { partnerId: 10001 }, seller);
    expect(r.error).toMatchObject({ code: 50403 });
    expect(r.error?.message).toMatch(/только продавцам, которые отгружают заказы со своего склада/);
    expect((await t.rpc('v1.return-boxes.list', { partnerId: 10001 }, seller)).error?.code).toBe(50403);
  });
});

describe('return boxes', () => {
  let nr: string;
  let shipmentId: string;
  beforeAll(async () => {
    clock = new Date(clock.getTime() + 7 * 86_400_000);
    nr = await order(2);
    await collect(nr);
    shipmentId = (await shipmentOf(nr))[0]!.id;
  });

  it('refuses an order that did not go out in an FBS shipment or has not come back', async () => {
    const r = await t.rpc('v1.platform.return-boxes.fill', { orderNr: nr, rejectType: 'reject' }, platform);
    expect(r.error?.message).toBe(`Заказ ${nr} не отгружался в отгрузке FBS или не возвращён покупателем`);
    await move(shipmentId, 'accept');
    const s = await t.rpc('v1.platform.return-boxes.fill', { orderNr: nr, rejectType: 'reject' }, platform);
    expect(s.error?.code).toBe(50400);
  });

  it('fills the box being formed, closes it with dimensions, loads and ships it back to stock', async () => {
    for (const action of ['dispatch', 'fail_delivery', 'return'])
      expect(
        (await t.rpc('v1.platform.orders.move', { orderNr: nr, action }, platform)).error,
      ).toBeUndefined();
    const before = await t.sql<{ q: number }>(
      `select quantity as q from products where partner_id = 10002 and seller_sku = $1`,
      [skus[0]],
    );
    const f = (
      await t.rpc(
        'v1.platform.return-boxes.fill',
        { orderNr: nr, rejectType: 'reject', dataMatrix: ['0104600000000001'] },
        platform,
      )
    ).result;
    expect(f.code).toMatch(/^RB10002-\d{6}$/);
    const twice = await t.rpc(
      'v1.platform.return-boxes.fill',
      { orderNr: nr, rejectType: 'reject' },
      platform,
    );
    expect(twice.error?.message).toBe(`Товары заказа ${nr} уже лежат в коробе возврата`);

    const box = (await t.rpc('v1.return-boxes.get', { partnerId: 10002, id: f.boxId }, fbs)).result;
    expect(box.status).toBe('inProgress');
    const mine = box.items.filter((i: { orderNr: string }) => i.orderNr === nr);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      sellerSku: skus[0],
      rejectType: 'reject',
      dataMatrix: '0104600000000001',
    });

    const tooBig = await t.rpc(
      'v1.platform.return-boxes.close',
      { id: f.boxId, dimensions: { length: 301, width: 30, height: 20 } },
      platform,
    );
    expect(tooBig.error?.data?.errors?.[0]?.field).toBe('dimensions.length');
    expect(
      (await t.rpc('v1.platform.return-boxes.move', { id: f.boxId, action: 'ship' }, platform)).error
        ?.message,
    ).toBe('Невозможно перевести короб в статус «Отгружен»');
    const closed = await t.rpc(
      'v1.platform.return-boxes.close',
      { id: f.boxId, dimensions: { length: 60, width: 40, height: 30 } },
      platform,
    );
    expect(closed.result.status).toBe('accepted');
    expect(
      (
        await t.rpc(
          'v1.platform.return-boxes.close',
          { id: f.boxId, dimensions: { length: 60, width: 40, height: 30 } },
          platform,
        )
      ).error?.code,
    ).toBe(50400);
    expect(
      (await t.rpc('v1.platform.return-boxes.move', { id: f.boxId, action: 'load' }, platform)).result.status,
    ).toBe('loading');
    expect(
      (await t.rpc('v1.platform.return-boxes.move', { id: f.boxId, action: 'ship' }, platform)).result.status,
    ).toBe('shipped');
    const after = await t.sql<{ q: number }>(
      `select quantity as q from products where partner_id = 10002 and seller_sku = $1`,
      [skus[0]],
    );
    expect(after[0]!.q - before[0]!.q).toBe(
      mine.filter((i: { sellerSku: string }) => i.sellerSku === skus[0]).length,
    );
    const shipped = (await t.rpc('v1.return-boxes.get', { partnerId: 10002, id: f.boxId }, fbs)).result;
    expect(shipped).toMatchObject({ length: 60, width: 40, height: 30, status: 'shipped' });
    expect(shipped.shippedAt).toBe(clock.toISOString());
  });

  it('lists boxes per tab with counts and finds a box by an order in it', async () => {
    const counts = (await t.rpc('v1.return-boxes.count', { partnerId: 10002 }, fbs)).result;
    const archive = (
      await t.rpc('v1.return-boxes.list', { partnerId: 10002, tab: 'archive', pageSize: 100 }, fbs)
    ).result;
    expect(archive.total).toBe(counts.archive);
    expect(archive.items.every((b: { status: string }) => b.status === 'shipped')).toBe(true);
    const ready = (
      await t.rpc('v1.return-boxes.list', { partnerId: 10002, tab: 'readyToReturn', pageSize: 100 }, fbs)
    ).result;
    expect(ready.items.every((b: { status: string }) => ['accepted', 'loading'].includes(b.status))).toBe(
      true,
    );
    const found = (await t.rpc('v1.return-boxes.list', { partnerId: 10002, search: nr }, fbs)).result;
    expect(found.items).toHaveLength(1);
    const inProgress = await t.sql<{ n: number }>(
      `select count(*)::int as n from fbs_return_boxes where partner_id = 10002 and status = 'inProgress'`,
    );
    expect(counts.all).toBe(counts.readyToReturn + counts.archive + inProgress[0]!.n);
  });

  it('answers another partner’s box exactly as a missing one', async () => {
    const theirs = (
      await t.sql<{ id: string }>(
        `select id::text as id from fbs_return_boxes where partner_id = 10005 limit 1`,
      )
    )[0]!.id;
    for (const id of [theirs, '00000000-0000-4000-8000-000000000000']) {
      const r = await t.rpc('v1.return-boxes.get', { partnerId: 10002, id }, fbs);
      expect(r.error).toMatchObject({ code: 50404, message: 'Короб возврата не найден' });
    }
  });
});

describe('the shipment file (POST /rest/api/v1/import/shipments_ac)', () => {
  const BOUNDARY = '----fbs-boundary';
  async function sheet(rows: (string | number | null)[][], header = ['Номер заказа', 'Номер паллеты']) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Отгрузка');
    ws.addRow(header);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  function upload(content: Buffer, token = fbs, partnerId = 10002) {
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="partner_code"\r\n\r\n${partnerId}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="plan.xlsx"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    );
    return t.app.inject({
      method: 'POST',
      url: '/rest/api/v1/import/shipments_ac',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        authorization: `Bearer ${token}`,
      },
      payload: Buffer.concat([head, content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    });
  }
  const cargoOf = async (nr: string) =>
    (
      await t.sql<{ cargo_space: number; status: string }>(
        `select so.cargo_space, s.status from fbs_shipment_orders so join fbs_shipments s
           on s.partner_id = so.partner_id and s.id = so.shipment_id where so.order_nr = $1 and s.status = 'new'`,
        [nr],
      )
    )[0]?.cargo_space;

  let a: string;
  let b: string;
  beforeAll(async () => {
    clock = new Date(clock.getTime() + 7 * 86_400_000);
    a = await order(1);
    b = await order(1);
    await collect(a);
    await collect(b);
  });

  it('lays the listed orders onto the file’s pallets of the shipment being formed', async () => {
    const res = await upload(
      await sheet([
        [a, 2],
        [b, 3],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await cargoOf(a)).toBe(2);
    expect(await cargoOf(b)).toBe(3);
    const s = (await shipmentOf(a))[0]!;
    const card = (await seller10002('v1.shipments.get', s.id)).result;
    expect(card.palletList.map((p: { cargoSpace: number }) => p.cargoSpace)).toEqual(
      expect.arrayContaining([2, 3]),
    );
  });

  it('refuses a file with any bad row, saves nothing and writes every error into its error file', async () => {
    const res = await upload(
      await sheet([
        [b, 1],
        ['NO-SUCH-ORDER', 1],
        [a, 0],
        [b, 4],
        [' ', 'x'],
      ]),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json<{ fileId: string; errors: { field: string; message: string }[] }>();
    expect(body.errors).toEqual([
      { field: 'row.3', message: 'Номер заказа: Заказ не найден' },
      { field: 'row.4', message: 'Номер паллеты: Номер паллеты — целое число от 1 до 99' },
      { field: 'row.5', message: 'Номер заказа: Заказ указан в файле дважды' },
      { field: 'row.6', message: 'Номер заказа: Укажите номер заказа' },
      { field: 'row.6', message: 'Номер паллеты: Номер паллеты — целое число от 1 до 99' },
    ]);
    expect(await cargoOf(b)).toBe(3);
    const file = await t.rpc('v1.files.get', { partnerId: 10002, fileImportId: body.fileId }, fbs);
    expect(file.result).toMatchObject({
      status: 'fail',
      result: 'error',
      errorCount: 5,
      hasFileResult: true,
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/files/${body.fileId}/result/download`,
      headers: { authorization: `Bearer ${fbs}` },
    });
    expect(csv.body).toContain('Заказ не найден');

    const dup = await upload(
      await sheet([
        [a, 1],
        [a, 2],
      ]),
    );
    expect(dup.json().errors).toEqual([
      { field: 'row.3', message: 'Номер заказа: Заказ указан в файле дважды' },
    ]);
    expect(await cargoOf(a)).toBe(2);
    const header = await upload(await sheet([[a, 1]], ['Заказ', 'Паллета']));
    expect(header.json().errors[0].message).toBe(
      'Номер заказа: Первая строка — заголовки «Номер заказа», «Номер паллеты»',
    );
  });

  it('takes a file of exactly 5 MB and refuses 5 MB + 1 byte while it streams', async () => {
    const MB5 = 5 * 1024 * 1024;
    const base = await sheet([[a, 1]]);
    const pad = async (n: number) => {
      const zip = await JSZip.loadAsync(base);
      zip.file('xl/media/pad.bin', randomBytes(n), { compression: 'STORE' });
      return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    };
    let file = await pad(MB5 - base.length);
    file = await pad(MB5 - base.length - (file.length - MB5));
    expect(file.length).toBe(MB5);
    const ok = await upload(file);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await cargoOf(a)).toBe(1);
    const big = await upload(Buffer.alloc(MB5 + 1, 1));
    expect(big.statusCode).toBe(400);
    expect(big.json().error.data.errors[0]).toEqual({
      field: 'file',
      message: 'Файл слишком большой: максимальный размер — 5 МБ',
    });
  }, 60_000);

  it('refuses a partner who is not FBS, and another partner’s orders as unknown ones', async () => {
    const res = await upload(await sheet([[a, 1]]), seller, 10001);
    expect(res.statusCode).toBe(403);
    const theirs = (
      await t.sql<{ order_nr: string }>(
        `select order_nr from orders where partner_id = 10005 and status = 'awaiting_shipment' limit 1`,
      )
    )[0];
    if (theirs) {
      const r = await upload(await sheet([[theirs.order_nr, 1]]));
      expect(r.json().errors).toEqual([{ field: 'row.2', message: 'Номер заказа: Заказ не найден' }]);
    }
  });
});

describe('kept shipment counts (fbs_shipment_counts)', () => {
  // Every (partner, status) the rows hold against the kept figure; a kept zero is no row.
  const drift = () =>
    t.sql<{ partner_id: number; status: string }>(
      `select coalesce(a.partner_id, b.partner_id) as partner_id, coalesce(a.status, b.status) as status
         from (select partner_id, status, count(*)::int as n from fbs_shipments group by 1, 2) a
         full join (select partner_id, status, n::int as n from fbs_shipment_counts where n <> 0) b
           on a.partner_id = b.partner_id and a.status = b.status
        where a.n is distinct from b.n`,
    );
  const total = async (status?: string[]) =>
    (await t.rpc('v1.shipments.list', { partnerId: 10002, ...(status ? { status } : {}) }, fbs)).result
      .total as number;
  const counted = async (status?: string[]) =>
    (
      await t.sql<{ n: number }>(
        `select count(*)::int as n from fbs_shipments where partner_id = 10002 and ($1::text[] is null or status = any($1))`,
        [status ?? null],
      )
    )[0]!.n;

  it('equal counting the rows after the demo, the flows above, inserts, moves, recounts and deletes', async () => {
    expect(await drift()).toEqual([]);
    expect(await total()).toBe(await counted());
    expect(await total(['closed', 'new'])).toBe(await counted(['closed', 'new']));
    // Inserts of several partners' rows in one statement.
    await t.sql(
      `insert into fbs_shipments (partner_id, shipment_nr, warehouse_id, warehouse_name, handover_type,
                                  destination, handover_at, status)
       select partner_id, shipment_nr || '-K', warehouse_id, warehouse_name, handover_type, destination,
              handover_at + interval '1 year', status
         from fbs_shipments where status in ('closed', 'sent')`,
    );
    expect(await drift()).toEqual([]);
    // Moves: one status to another, a swap within one statement, and an update that moves no status.
    await t.sql(
      `update fbs_shipments set status = 'received' where shipment_nr like '%-K' and status = 'sent'`,
    );
    await t.sql(
      `update fbs_shipments set status = case status when 'closed' then 'cancelled' else 'closed' end
        where shipment_nr like '%-K' and status in ('closed', 'received')`,
    );
    const before = await t.sql(`select * from fbs_shipment_counts order by 1, 2`);
    await t.sql(`update fbs_shipments set pallets = pallets + 1 where shipment_nr like '%-K'`);
    expect(await t.sql(`select * from fbs_shipment_counts order by 1, 2`)).toEqual(before);
    expect(await drift()).toEqual([]);
    expect(await total(['cancelled'])).toBe(await counted(['cancelled']));
    // Deletes, then the whole table emptied.
    await t.sql(`delete from fbs_shipments where shipment_nr like '%-K'`);
    expect(await drift()).toEqual([]);
    expect(await total()).toBe(await counted());
    await t.sql(`truncate fbs_shipments`);
    expect(await t.sql(`select * from fbs_shipment_counts`)).toEqual([]);
  });
});
