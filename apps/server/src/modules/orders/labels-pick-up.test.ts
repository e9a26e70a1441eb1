// Labels of a seller whose active warehouse is collected by the marketplace's truck (PICK_UP): the pick-up
// method names its base warehouse (spec 000 §3 "base warehouse address"), and the label prints it, as it
// prints a drop-off warehouse's shipping point. A pick-up method saved before it was asked for has none:
// the label says so, and saving the warehouse with one in «Склады» makes labels print.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { issueServiceCredential } from '../../auth/service-credentials';

const run = promisify(execFile);
const P = 10002;
const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'];

let t: TestApp;
let fbs: string;
let support: string;
let platform: string;
let sku: string;

beforeAll(async () => {
  t = await createTestApp();
  fbs = (await t.login('fbs')).accessToken;
  support = (await t.login('support')).accessToken;
  platform = (await issueServiceCredential(t.runtime.db, 'OMS')).token;
  const [row] = await t.sql<{ seller_sku: string }>(
    `select seller_sku from products where partner_id = ${P} and price is not null order by id limit 1`,
  );
  sku = row!.seller_sku;
});
afterAll(() => t.close());

const pickUp = (over: Record<string, unknown> = {}) => ({
  type: 'PICK_UP',
  orderAcceptance: { days: weekdays, time: '12:00' },
  truckArrival: { days: weekdays, time: '15:00' },
  arrivalIntervalHours: 2,
  expectedVolume: 10,
  loadingMinutes: 30,
  noticeTiming: 'ONE_THE_DAY_BEFORE_SHIPMENT',
  ...over,
});
const general = {
  name: 'Склад на Остаповском',
  address: { index: '109316', region: 'Москва', locality: 'Москва', street: 'Остаповский пр-д', house: '3' },
  phone: '+7 (495) 765-43-21',
  nonWorkingDays: [],
  comment: '',
};
const returnMethod = { type: 'PICK_UP', schedule: { days: weekdays, time: '15:00' } };

/** A pick-up warehouse made through the form, approved by support and activated by the seller. */
async function activePickUp(delivery: Record<string, unknown>): Promise<string> {
  const made = await t.rpc(
    'v1.warehouses.create',
    { partnerId: P, general, deliveryMethod: delivery, returnMethod },
    fbs,
  );
  expect(made.result?.warehouse.status, JSON.stringify(made.error)).toBe('action_required');
  const id = made.result.warehouse.id as string;
  expect((await t.rpc('v1.warehouses.approve', { partnerId: P, id }, support)).result).toBeDefined();
  expect((await t.rpc('v1.warehouses.activate', { partnerId: P, id }, fbs)).result.warehouse.status).toBe(
    'active',
  );
  return id;
}

async function labelOfNewOrder() {
  const created = await t.rpc(
    'v1.platform.orders.create',
    {
      partnerId: P,
      cutOffAt: new Date(Date.now() + 86_400_000).toISOString(),
      delivery: { address: 'Казань, ул. Баумана, д. 15', method: 'Курьер', serviceLevel: 'Стандарт' },
      paymentMethod: 'Prepaid',
      items: [{ sellerSku: sku }],
    },
    platform,
  );
  const orderNr = created.result.orderNr as string;
  const boundary = '----moda';
  const packs = await t.app.inject({
    method: 'POST',
    url: `/rest/api/v1/orders/${encodeURIComponent(orderNr)}/pack-numbers?partnerId=${P}`,
    headers: { authorization: `Bearer ${fbs}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="packQuantity"\r\n\r\n1\r\n--${boundary}--\r\n`,
  });
  expect(packs.statusCode, packs.body).toBe(201);
  return t.app.inject({
    method: 'GET',
    url: `/rest/api/v1/reports/label/stream?partnerId=${P}&orderNr=${orderNr}`,
    headers: { authorization: `Bearer ${fbs}` },
  });
}

async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'moda-label-'));
  try {
    await fs.writeFile(path.join(dir, 'l.pdf'), pdf);
    await run('pdftotext', [path.join(dir, 'l.pdf'), path.join(dir, 'l.txt')]);
    return (await fs.readFile(path.join(dir, 'l.txt'), 'utf8')).replace(/\s+/g, ' ');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

describe('labels of a pick-up warehouse', () => {
  it('the pick-up method needs its base warehouse, on its field', async () => {
    const res = await t.rpc(
      'v1.warehouses.create',
      { partnerId: P, general, deliveryMethod: pickUp(), returnMethod },
      fbs,
    );
    expect(res.error?.data?.errors).toContainEqual({
      field: 'deliveryMethod.baseWarehouse',
      message: 'Обязательное поле',
    });
  });

  it('after activating a pick-up warehouse, a label prints its base warehouse', async () => {
    await activePickUp(pickUp({ baseWarehouse: 'Sofino' }));
    const res = await labelOfNewOrder();
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(await pdfText(res.rawPayload)).toContain('Склад приёмки: Софьино, Московская обл.');
  });

  it('a pick-up method saved without one: the label says so, and saving the warehouse with one fixes it', async () => {
    const id = await activePickUp(pickUp({ baseWarehouse: 'Chekhov' }));
    // As stored before the form asked for it.
    await t.sql(`update warehouses set delivery_method = delivery_method - 'baseWarehouse' where id = $1`, [
      id,
    ]);
    const listed = await t.rpc('v1.warehouses.list', { partnerId: P }, fbs);
    expect(listed.result?.items.find((w: { id: string }) => w.id === id)?.deliveryMethod.type).toBe(
      'PICK_UP',
    );
    const refused = await labelOfNewOrder();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.data.reason).toBe('label.baseWarehouseNotSet');

    const saved = await t.rpc(
      'v1.warehouses.edit',
      { partnerId: P, id, general, deliveryMethod: pickUp({ baseWarehouse: 'Chekhov' }), returnMethod },
      fbs,
    );
    expect(saved.result?.outcome, JSON.stringify(saved.error)).toBe('changesApplied');
    const printed = await labelOfNewOrder();
    expect(printed.statusCode).toBe(200);
    expect(await pdfText(printed.rawPayload)).toContain('Склад приёмки: Чехов');
  });
});
