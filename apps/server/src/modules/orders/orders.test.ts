// Orders: service credentials for marketplace systems, the platform side creating and moving orders, the
// seller's list (tabs, filters, Moscow-time date ranges, search, sort, paging), counts, the card with its
// actions, collect / confirm / reject / cancel / item cancel with their errors, and events for every move.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { issueServiceCredential, revokeServiceCredential } from '../../auth/service-credentials';
import { seedSimulatorCredential, PLATFORM_TOKEN_FILE } from '../../seed/simulator';

// 15 March 2026, 15:00 in Moscow.
const NOW = new Date('2026-03-15T12:00:00Z');
const CONFIG_TOKEN = 'mps_11111111-2222-4333-8444-555555555555.configured-token-0123456789abcdefghijklmnop';

let t: TestApp;
let seller: string; // 10001
let fbs: string; // 10002
let operator: string;
let platform: string;
let skus: { sku: string; title: string; price: number; modaSku: string }[];
let fbsSku: string;

const create = (over: Record<string, unknown> = {}, token = platform) =>
  t.rpc(
    'v1.platform.orders.create',
    {
      partnerId: 10001,
      cutOffAt: '2026-03-16T12:00:00Z',
      createdAt: '2026-03-14T09:00:00Z',
      delivery: { address: 'Москва, ул. Тверская, д. 7', method: 'Курьер', serviceLevel: 'Стандарт' },
      paymentMethod: 'Prepaid',
      items: [{ sellerSku: skus[0]!.sku }, { sellerSku: skus[1]!.sku }],
      ...over,
    },
    token,
  );
const created = async (over: Record<string, unknown> = {}) => {
  const r = await create(over);
  expect(r.error).toBeUndefined();
  return r.result as { orderNr: string; id: string };
};
const move = (orderNr: string, action: string, extra: Record<string, unknown> = {}) =>
  t.rpc('v1.platform.orders.move', { orderNr, action, ...extra }, platform);
const list = (params: Record<string, unknown> = {}, token = seller) =>
  t.rpc('v1.orders.list', { partnerId: 10001, pageSize: 100, ...params }, token);
const nrs = (r: { result?: { items: { orderNr: string }[] } }) =>
  r.result!.items.map((i) => i.orderNr).sort();

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW, config: { platformToken: CONFIG_TOKEN } });
  await t.sql('truncate orders, order_items, order_packs, order_events, discrepancy_acts');
  seller = (await t.login('seller')).accessToken;
  fbs = (await t.login('fbs')).accessToken;
  operator = (await t.login('operator')).accessToken;
  platform = (await issueServiceCredential(t.runtime.db, 'OMS')).token;
  const rows = await t.sql<{ seller_sku: string; title: string; price: string; moda_sku: string }>(
    `select seller_sku, title, price, moda_sku from products where partner_id = 10001 and price is not null order by id limit 3`,
  );
  skus = rows.map((r) => ({
    sku: r.seller_sku,
    title: r.title,
    price: Number(r.price),
    modaSku: r.moda_sku,
  }));
  fbsSku = (
    await t.sql<{ seller_sku: string }>(
      `select seller_sku from products where partner_id = 10002 and price is not null order by id limit 1`,
    )
  )[0]!.seller_sku;
});
afterAll(() => t.close());

describe('service credentials', () => {
  it('a service token calls v1.platform.* and the audit names its credential', async () => {
    const r = await create();
    expect(r.error).toBeUndefined();
    const [audit] = await t.sql<{ credential: string; user_id: string | null; partner_id: number }>(
      `select credential, user_id, partner_id from audit_log where method = 'v1.platform.orders.create' order by id desc limit 1`,
    );
    expect(audit!.credential).toMatch(/^service:[0-9a-f-]{36}:OMS$/);
    expect(audit!.user_id).toBeNull();
    expect(audit!.partner_id).toBe(10001);
  });

  it('sellers get forbidden on platform methods; services get forbidden on every other method', async () => {
    expect((await create({}, seller)).error).toMatchObject({
      code: 50403,
      data: { reason: 'common.forbidden' },
    });
    expect((await t.rpc('v1.orders.list', { partnerId: 10001 }, platform)).error?.data?.reason).toBe(
      'common.forbidden',
    );
    expect((await t.rpc('v1.orders.statuses', {}, platform)).error?.data?.reason).toBe('common.forbidden');
  });

  it('lists the products buyers can order, by seller SKU in pages, to services only', async () => {
    const first = await t.rpc('v1.platform.products.list', { partnerId: 10001, limit: 5 }, platform);
    const items = (first.result as { items: { sellerSku: string }[] }).items;
    expect(items).toHaveLength(5);
    const expected = await t.sql<{ seller_sku: string }>(
      `select seller_sku from products where partner_id = 10001 and status = 'online' and not archived
        order by seller_sku limit 10`,
    );
    const next = await t.rpc(
      'v1.platform.products.list',
      { partnerId: 10001, limit: 5, after: items.at(-1)!.sellerSku },
      platform,
    );
    const all = [...items, ...(next.result as { items: { sellerSku: string }[] }).items];
    expect(all.map((p) => p.sellerSku)).toEqual(expected.map((r) => r.seller_sku));
    expect((await t.rpc('v1.platform.products.list', { partnerId: 10001 }, seller)).error?.data?.reason).toBe(
      'common.forbidden',
    );
    expect(
      (await t.rpc('v1.platform.products.list', { partnerId: 99999 }, platform)).error?.data?.reason,
    ).toBe('partner.notFound');
  });

  it('a wrong secret, a malformed or a revoked token is unauthorized; the hash alone is stored', async () => {
    const id = platform.slice(4, 40);
    const wrong = `mps_${id}.${'A'.repeat(43)}`;
    expect((await create({}, wrong)).error?.data?.reason).toBe('auth.unauthorized');
    expect((await create({}, 'mps_nonsense')).error?.data?.reason).toBe('auth.unauthorized');
    const [row] = await t.sql<{ secret_hash: string }>(
      'select secret_hash from service_credentials where id = $1',
      [id],
    );
    expect(row!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(platform).not.toContain(row!.secret_hash);
    const extra = await issueServiceCredential(t.runtime.db, 'WMS');
    await revokeServiceCredential(t.runtime.db, extra.id);
    expect((await create({}, extra.token)).error?.data?.reason).toBe('auth.unauthorized');
  });

  it('PLATFORM_TOKEN from the configuration is registered at start', async () => {
    const r = await create({}, CONFIG_TOKEN);
    expect(r.error).toBeUndefined();
    const [row] = await t.sql<{ name: string }>(
      `select name from service_credentials where id = '11111111-2222-4333-8444-555555555555'`,
    );
    expect(row!.name).toBe('PLATFORM_TOKEN');
  });

  it('the demo seed writes the simulator token to the data folder with mode 0600, once', async () => {
    const dir = t.config.dataDir;
    expect(await seedSimulatorCredential(t.runtime.db, dir)).toBe(true);
    const file = path.join(dir, PLATFORM_TOKEN_FILE);
    const token = (await fs.readFile(file, 'utf8')).trim();
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(await seedSimulatorCredential(t.runtime.db, dir)).toBe(false);
    expect((await create({}, token)).error).toBeUndefined();
  });
});

describe('platform: create, move, acts, tracking', () => {
  it('prices come from the product, the number is assigned, search text is built', async () => {
    // Two photos of the product (ahead of any it has): the card shows the first.
    await t.sql(
      `insert into product_images (partner_id, seller_parent_sku, position, storage_key, thumbnail_key, width, height, size)
       select partner_id, seller_parent_sku, p, 'k' || p, 't' || p, 900, 1200, 1000
         from products, generate_series(-2, -1) p where partner_id = 10001 and seller_sku = $1`,
      [skus[0]!.sku],
    );
    const [{ id: photo }] = (await t.sql<{ id: string }>(
      `select pi.id::text from product_images pi join products p
          on p.partner_id = pi.partner_id and p.seller_parent_sku = pi.seller_parent_sku
        where p.partner_id = 10001 and p.seller_sku = $1 and pi.position = -2`,
      [skus[0]!.sku],
    )) as [{ id: string }];
    const { orderNr } = await created({ items: [{ sellerSku: skus[0]!.sku, totalDiscount: 100 }] });
    expect(orderNr).toMatch(/^RU\d{9}$/);
    const card = (await t.rpc('v1.orders.get', { partnerId: 10001, orderNr }, seller)).result;
    expect(card.items[0]).toMatchObject({
      sellerSku: skus[0]!.sku,
      name: skus[0]!.title,
      basePrice: skus[0]!.price,
      totalDiscount: 100,
      paidPrice: skus[0]!.price - 100,
      status: 'new',
    });
    expect(card.sum).toBe(skus[0]!.price - 100);
    // The product's first photo.
    expect(card.items[0].imageUrl).toBe(`/rest/api/v1/nomenclatures/images/${photo}?size=img320x461`);
    const [row] = await t.sql<{ search_text: string }>('select search_text from orders where order_nr = $1', [
      orderNr,
    ]);
    expect(row!.search_text).toContain(orderNr.toLowerCase());
    expect(row!.search_text).toContain(skus[0]!.sku.toLowerCase());
    expect(row!.search_text).toContain(skus[0]!.title.toLowerCase());
  });

  it('an unknown SKU is refused on its item; a taken number is refused', async () => {
    const r = await create({ items: [{ sellerSku: skus[0]!.sku }, { sellerSku: 'NO-SUCH-SKU' }] });
    expect(r.error?.data?.errors).toEqual([
      { field: 'items.1.sellerSku', message: 'Товар с артикулом продавца «NO-SUCH-SKU» не найден' },
    ]);
    // Another partner's SKU is unknown for this partner.
    expect((await create({ items: [{ sellerSku: fbsSku }] })).error?.data?.reason).toBe('order.unknownSku');
    await created({ orderNr: 'TAKEN-1' });
    expect((await create({ orderNr: 'TAKEN-1' })).error).toMatchObject({
      message: 'Заказ с таким номером уже существует',
      data: { errors: [{ field: 'orderNr' }] },
    });
  });

  it('moves along the delivery flow, checked against the machine, with events', async () => {
    const { orderNr, id } = await created();
    expect((await move(orderNr, 'ship')).error).toMatchObject({
      message: 'Невозможно перевести заказ в статус «Отгружен»',
      data: { reason: 'order.cannotMoveToStatus' },
    });
    for (const [action, status] of [
      ['collect', 'awaiting_shipment'],
      ['ship', 'shipped'],
      ['dispatch', 'in_delivery'],
      ['deliver', 'delivered'],
    ] as const) {
      expect((await move(orderNr, action)).result).toEqual({ orderNr, status });
    }
    const card = (await t.rpc('v1.orders.get', { partnerId: 10001, orderNr }, seller)).result;
    expect(card.deliveryDate).not.toBeNull();
    expect(card.items.every((i: { status: string }) => i.status === 'delivered')).toBe(true);
    const events = await t.sql<{ item_id: string | null; to_status: string; actor: string }>(
      'select item_id::text, to_status, actor from order_events where order_id = $1 and item_id is null order by id',
      [id],
    );
    expect(events.map((e) => e.to_status)).toEqual([
      'new',
      'awaiting_shipment',
      'shipped',
      'in_delivery',
      'delivered',
    ]);
    expect(events[1]!.actor).toBe('service:OMS');
    expect((await move('NO-SUCH', 'ship')).error?.data?.reason).toBe('order.notFound');
  });

  it('discrepancy acts and tracking numbers', async () => {
    const { orderNr } = await created();
    const act = await t.rpc(
      'v1.platform.orders.open-discrepancy-act',
      { orderNr, reason: 'Недостача', comment: 'Нет одной единицы', files: [{ name: 'акт.pdf', url: '/x' }] },
      platform,
    );
    expect(act.result.id).toMatch(/^[0-9a-f-]{36}$/);
    await t.rpc('v1.platform.orders.add-tracking-number', { orderNr, trackingNumber: 'RP1' }, platform);
    const tr = await t.rpc(
      'v1.platform.orders.add-tracking-number',
      { orderNr, trackingNumber: 'RP1' },
      platform,
    );
    expect(tr.result).toEqual({ trackingNumbers: ['RP1'] });
    const card = (await t.rpc('v1.orders.get', { partnerId: 10001, orderNr }, seller)).result;
    expect(card.hasDiscrepancyActs).toBe(true);
    expect(card.discrepancyActs[0]).toMatchObject({ reason: 'Недостача', comment: 'Нет одной единицы' });
    expect(card.trackingNumbers).toEqual(['RP1']);
  });
});

describe('seller moves', () => {
  it('the card lists the actions the caller may take; a read-only role has none and cannot act', async () => {
    const { orderNr } = await created();
    const card = (await t.rpc('v1.orders.get', { partnerId: 10001, orderNr }, seller)).result;
    expect(card.actions.sort()).toEqual(['cancel', 'collect', 'confirm', 'reject']);
    const opCard = await t.rpc('v1.orders.get', { partnerId: 10001, orderNr }, operator);
    expect(opCard.result.actions).toEqual([]);
    expect(
      (await t.rpc('v1.orders.collect', { partnerId: 10001, orderNr }, operator)).error?.data?.reason,
    ).toBe('common.forbidden');
  });

  it('collect moves to awaiting shipment; confirm and reject only from new', async () => {
    const a = await created();
    const c = await t.rpc(
      'v1.orders.confirmation',
      { partnerId: 10001, orderNr: a.orderNr, action: 'confirm' },
      seller,
    );
    expect(c.result.status).toBe('confirmed');
    const again = await t.rpc(
      'v1.orders.confirmation',
      { partnerId: 10001, orderNr: a.orderNr, action: 'reject' },
      seller,
    );
    expect(again.error?.message).toBe('Невозможно перевести заказ в статус «Отменён»');
    const col = await t.rpc('v1.orders.collect', { partnerId: 10001, orderNr: a.orderNr }, seller);
    expect(col.result).toMatchObject({ status: 'awaiting_shipment', actions: ['cancel'] });
    const b = await created();
    const rej = await t.rpc(
      'v1.orders.confirmation',
      { partnerId: 10001, orderNr: b.orderNr, action: 'reject' },
      seller,
    );
    expect(rej.result.status).toBe('cancelled');
    expect(rej.result.items.map((i: { cancelAction: string }) => i.cancelAction)).toEqual([
      'REJECT',
      'REJECT',
    ]);
  });

  it('cancel is whole and irreversible, with its action on every item', async () => {
    const { orderNr } = await created();
    const r = await t.rpc('v1.orders.cancel', { partnerId: 10001, orderNr, action: 'CLAIM' }, seller);
    expect(r.result.status).toBe('cancelled');
    expect(
      r.result.items.every((i: { status: string; cancelAction: string }) => i.cancelAction === 'CLAIM'),
    ).toBe(true);
    expect(r.result.actions).toEqual([]);
    const again = await t.rpc('v1.orders.cancel', { partnerId: 10001, orderNr, action: 'CANCEL' }, seller);
    expect(again.error?.data?.reason).toBe('order.cannotMoveToStatus');
    expect(
      (await t.rpc('v1.orders.cancel', { partnerId: 10001, orderNr, action: 'NOPE' }, seller)).error?.code,
    ).toBe(-32602);
  });

  it('item cancel: same status only; the order is cancelled when all its items are', async () => {
    const { orderNr, id } = await created({
      items: [{ sellerSku: skus[0]!.sku }, { sellerSku: skus[1]!.sku }, { sellerSku: skus[2]!.sku }],
    });
    const items = (await t.rpc('v1.orders.get', { partnerId: 10001, orderNr }, seller)).result.items as {
      id: string;
    }[];
    const ids = items.map((i) => i.id);
    const first = await t.rpc(
      'v1.orders.item-cancel',
      { partnerId: 10001, orderNr, itemIds: [ids[0]], action: 'CANCEL' },
      seller,
    );
    expect(first.result.status).toBe('new');
    expect(first.result.items.map((i: { status: string }) => i.status)).toEqual(['cancelled', 'new', 'new']);
    const mixed = await t.rpc(
      'v1.orders.item-cancel',
      { partnerId: 10001, orderNr, itemIds: [ids[0], ids[1]], action: 'CANCEL' },
      seller,
    );
    expect(mixed.error).toMatchObject({
      message: 'Выбранные товары находятся в разных статусах: отмените их по отдельности',
      data: { reason: 'order.mixedItemStatuses', errors: [{ field: 'itemIds' }] },
    });
    const unknown = await t.rpc(
      'v1.orders.item-cancel',
      { partnerId: 10001, orderNr, itemIds: ['999999999'], action: 'CANCEL' },
      seller,
    );
    expect(unknown.error?.data?.reason).toBe('order.itemNotFound');
    const rest = await t.rpc(
      'v1.orders.item-cancel',
      { partnerId: 10001, orderNr, itemIds: [ids[1], ids[2]], action: 'REJECT' },
      seller,
    );
    expect(rest.result.status).toBe('cancelled');
    const events = await t.sql<{ n: number }>(
      `select count(*)::int as n from order_events where order_id = $1 and to_status = 'cancelled'`,
      [id],
    );
    expect(events[0]!.n).toBe(4);
  });

  it("another partner's order answers 'order not found'", async () => {
    const { orderNr } = await created();
    const r = await t.rpc('v1.orders.get', { partnerId: 10002, orderNr }, fbs);
    expect(r.error).toMatchObject({ code: 50404, message: 'Заказ не найден' });
    expect((await t.rpc('v1.orders.collect', { partnerId: 10002, orderNr }, fbs)).error?.message).toBe(
      'Заказ не найден',
    );
  });

  it('statuses and item statuses come with Russian names', async () => {
    const r = await t.rpc('v1.orders.statuses', {}, seller);
    expect(r.result).toContainEqual({ value: 'awaiting_shipment', label: 'Ожидает отгрузки' });
    expect(r.result.map((s: { value: string }) => s.value)).not.toContain('unspecified');
    expect((await t.rpc('v1.orders.item-statuses', {}, seller)).result).toContainEqual({
      value: 'cancelled',
      label: 'Отменён',
    });
  });
});

describe('list and counts', () => {
  const made: Record<string, string> = {};
  beforeAll(async () => {
    await t.sql('truncate orders, order_items, order_packs, order_events, discrepancy_acts');
    const mk = async (key: string, over: Record<string, unknown>) => {
      made[key] = (await created({ orderNr: key, ...over })).orderNr;
    };
    // Moscow 14.03 23:30 = 20:30 UTC; 15.03 00:30 Moscow = 14.03 21:30 UTC.
    await mk('A-LATE-14', { createdAt: '2026-03-14T20:30:00Z' });
    await mk('B-EARLY-15', { createdAt: '2026-03-14T21:30:00Z', country: 'BY' });
    await mk('C-OVERDUE', { createdAt: '2026-03-10T10:00:00Z', cutOffAt: '2026-03-11T10:00:00Z' });
    await mk('D-SHIPPED-LATE', { createdAt: '2026-03-01T10:00:00Z', cutOffAt: '2026-03-02T10:00:00Z' });
    await move('D-SHIPPED-LATE', 'collect');
    await move('D-SHIPPED-LATE', 'ship');
    await mk('E-DELIVERED', { createdAt: '2026-02-01T10:00:00Z', cutOffAt: '2026-02-02T10:00:00Z' });
    for (const a of ['collect', 'ship', 'dispatch']) await move('E-DELIVERED', a);
    await move('E-DELIVERED', 'deliver', { deliveryDate: '2026-02-05T10:00:00Z' });
    await mk('F-ACT', {
      createdAt: '2025-12-01T10:00:00Z',
      cutOffAt: '2025-12-02T10:00:00Z',
      items: [{ sellerSku: skus[2]!.sku }],
    });
    await move('F-ACT', 'collect');
    await t.rpc('v1.platform.orders.open-discrepancy-act', { orderNr: 'F-ACT', reason: 'Брак' }, platform);
    // Another partner's order never shows.
    await created({ orderNr: 'Z-OTHER', partnerId: 10002, items: [{ sellerSku: fbsSku }] });
  });

  it('tabs: all, overdue (cut-off passed, not shipped), with discrepancy acts', async () => {
    expect(nrs(await list())).toEqual([
      'A-LATE-14',
      'B-EARLY-15',
      'C-OVERDUE',
      'D-SHIPPED-LATE',
      'E-DELIVERED',
      'F-ACT',
    ]);
    expect(nrs(await list({ tab: 'overdue' }))).toEqual(['C-OVERDUE', 'F-ACT']);
    expect(nrs(await list({ tab: 'with_discrepancy_acts' }))).toEqual(['F-ACT']);
    const row = (await list({ tab: 'overdue' })).result.items.find(
      (i: { orderNr: string }) => i.orderNr === 'C-OVERDUE',
    );
    expect(row).toMatchObject({ isOverdue: true, status: 'new', itemCount: 2 });
  });

  it('status filter, unspecified (empty delivery date), country, search', async () => {
    expect(nrs(await list({ status: ['shipped', 'delivered'] }))).toEqual(['D-SHIPPED-LATE', 'E-DELIVERED']);
    expect(nrs(await list({ status: ['unspecified'] }))).not.toContain('E-DELIVERED');
    expect(nrs(await list({ status: ['unspecified'] }))).toHaveLength(5);
    expect(nrs(await list({ country: 'BY' }))).toEqual(['B-EARLY-15']);
    expect(nrs(await list({ fullSearch: 'c-overd' }))).toEqual(['C-OVERDUE']);
    expect(nrs(await list({ fullSearch: skus[2]!.sku.toUpperCase() }))).toEqual(['F-ACT']);
    expect(nrs(await list({ fullSearch: skus[2]!.title.split(' ')[0]!.toLowerCase() }))).toContain('F-ACT');
    expect(nrs(await list({ fullSearch: '100%_' }))).toEqual([]);
    // With a date range the search runs on the covering index: the same answers.
    const range = { from: '20251101000000', to: '20260315235959' };
    expect(nrs(await list({ fullSearch: 'C-Overd', createdAt: range }))).toEqual(['C-OVERDUE']);
    expect(nrs(await list({ fullSearch: skus[2]!.sku, createdAt: range }))).toEqual(['F-ACT']);
    expect(nrs(await list({ fullSearch: '100%_', createdAt: range }))).toEqual([]);
    // The signature of the text only narrows: fragments shorter than its 3-character pieces, a word of an
    // item name in any case, and a piece across the space between number and SKU find the same orders.
    expect(nrs(await list({ fullSearch: 'ct', createdAt: range }))).toEqual(['F-ACT']);
    const word = skus[2]!.title.split(' ')[0]!;
    expect(nrs(await list({ fullSearch: word.toUpperCase(), createdAt: range }))).toEqual(
      nrs(await list({ fullSearch: word })),
    );
    expect(nrs(await list({ fullSearch: `act ${skus[2]!.modaSku.slice(0, 3)}`, createdAt: range }))).toEqual([
      'F-ACT',
    ]);
    const counted = await t.rpc(
      'v1.orders.count-by-statuses',
      { partnerId: 10001, fullSearch: 'c-overd', createdAt: range },
      seller,
    );
    expect(counted.result.tabs).toEqual({ all: 1, overdue: 1, with_discrepancy_acts: 0 });
    expect((await list({ status: ['lost'] })).error?.code).toBe(-32602);
  });

  it('created date ranges in Moscow time: both, only from (until today), only to (100 years back)', async () => {
    expect(nrs(await list({ createdAt: { from: '20260314000000', to: '20260314235959' } }))).toEqual([
      'A-LATE-14',
    ]);
    expect(nrs(await list({ createdAt: { from: '20260315000000', to: '20260315235959' } }))).toEqual([
      'B-EARLY-15',
    ]);
    expect(nrs(await list({ createdAt: { from: '20260310000000' } }))).toEqual([
      'A-LATE-14',
      'B-EARLY-15',
      'C-OVERDUE',
    ]);
    expect(nrs(await list({ createdAt: { to: '20251231235959' } }))).toEqual(['F-ACT']);
    expect(nrs(await list({ deliveryDate: { from: '20260205000000', to: '20260205235959' } }))).toEqual([
      'E-DELIVERED',
    ]);
    const bad = await list({ createdAt: { from: '20261332000000' } });
    expect(bad.error?.data?.errors).toEqual([
      { field: 'createdAt.from', message: 'Неверная дата: нужен формат ГГГГММДДччммсс' },
    ]);
    const reversed = await list({ createdAt: { from: '20260315000000', to: '20260301000000' } });
    expect(reversed.error?.message).toBe('Дата начала периода позже даты окончания');
    expect((await list({ createdAt: { from: '2026-03-15' } })).error?.code).toBe(-32602);
  });

  it('sorts by -field and pages on the server', async () => {
    const byCreated = (await list({ sort: 'created_at' })).result.items.map(
      (i: { orderNr: string }) => i.orderNr,
    );
    expect(byCreated).toEqual([
      'F-ACT',
      'E-DELIVERED',
      'D-SHIPPED-LATE',
      'C-OVERDUE',
      'A-LATE-14',
      'B-EARLY-15',
    ]);
    const page2 = (await list({ sort: '-created_at', page: 2, pageSize: 2 })).result;
    expect(page2).toMatchObject({ total: 6, page: 2, pageSize: 2 });
    expect(page2.items.map((i: { orderNr: string }) => i.orderNr)).toEqual(['C-OVERDUE', 'D-SHIPPED-LATE']);
    expect((await list({ sort: 'buyer' })).error?.code).toBe(-32602);
  });

  it('a filtered page brings its total from the same statement, also past the last match', async () => {
    const order = (r: { result?: { items: { orderNr: string }[] } }) => r.result!.items.map((i) => i.orderNr);
    const range = { from: '20251101000000', to: '20260315235959' };
    // A search (one pass over the matches gives the page and the total), with and without a date range.
    for (const createdAt of [range, undefined]) {
      const search = { fullSearch: skus[0]!.sku, createdAt };
      const p2 = await list({ ...search, sort: '-created_at', page: 2, pageSize: 2 });
      expect(p2.result).toMatchObject({ total: 5, page: 2, pageSize: 2 });
      expect(order(p2)).toEqual(['C-OVERDUE', 'D-SHIPPED-LATE']);
      const past = await list({ ...search, page: 4, pageSize: 2 });
      expect(past.result).toMatchObject({ items: [], total: 5, page: 4 });
      // Empty delivery dates first when ascending, last when descending; the id breaks ties.
      expect(order(await list({ ...search, sort: 'delivery_date' }))).toEqual([
        'A-LATE-14',
        'B-EARLY-15',
        'C-OVERDUE',
        'D-SHIPPED-LATE',
        'E-DELIVERED',
      ]);
      expect(order(await list({ ...search, sort: '-delivery_date' }))).toEqual([
        'E-DELIVERED',
        'D-SHIPPED-LATE',
        'C-OVERDUE',
        'B-EARLY-15',
        'A-LATE-14',
      ]);
    }
    // A sort by a column the covering indexes do not hold (sum, number) gives the same order as without search.
    for (const sort of ['-sum', 'order_nr']) {
      const all = order(await list({ createdAt: range, sort }));
      expect(order(await list({ fullSearch: skus[0]!.sku, createdAt: range, sort }))).toEqual(
        all.filter((nr) => nr !== 'F-ACT'),
      );
    }
    const none = await list({ fullSearch: 'нет-такого-заказа', createdAt: range, page: 3 });
    expect(none.result).toMatchObject({ items: [], total: 0 });
    // Filters without a search: the total and the page in one statement, past the end too.
    const ranged = await list({ createdAt: range, sort: 'created_at', page: 2, pageSize: 4 });
    expect(ranged.result).toMatchObject({ total: 6 });
    expect(order(ranged)).toEqual(['A-LATE-14', 'B-EARLY-15']);
    expect((await list({ country: 'BY', page: 2, pageSize: 1 })).result).toMatchObject({
      items: [],
      total: 1,
    });
  });

  it('counts per tab and per status under the same filters', async () => {
    const r = await t.rpc('v1.orders.count-by-statuses', { partnerId: 10001 }, seller);
    expect(r.result.tabs).toEqual({ all: 6, overdue: 2, with_discrepancy_acts: 1 });
    expect(r.result.statuses).toMatchObject({
      new: 3,
      awaiting_shipment: 1,
      shipped: 1,
      delivered: 1,
      cancelled: 0,
    });
    const f = await t.rpc('v1.orders.count-by-statuses', { partnerId: 10001, status: ['new'] }, seller);
    expect(f.result.tabs).toEqual({ all: 3, overdue: 1, with_discrepancy_acts: 0 });
    expect(f.result.statuses.shipped).toBe(1);
  });
});
