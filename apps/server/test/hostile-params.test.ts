// Hostile parameters: a control character in any string, or a number beyond what its column holds, is refused
// with a field error (-32602) before anything is read or written — never a 50500 from PostgreSQL.
import { METHODS, type MethodDef, type Role } from '@moda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issueServiceCredential } from '../src/auth/service-credentials';
import { DEMO_USERS } from '../src/seed/demo';
import { createTestApp, type RpcReply, type TestApp } from './helpers';

const REFUSED = 'Недопустимые символы';
const NUL = '\u0000';

let t: TestApp;
const tokens: Partial<Record<Role, string>> = {};
let platform: string;
let productId: string;

beforeAll(async () => {
  t = await createTestApp({
    config: { loginRate: { perIpPerMinute: 1000, failuresPerAccountIp: 5, failureWindowSec: 900 } },
  });
  // One user per role; for the seller's role, the seller of partner 10001.
  for (const u of DEMO_USERS) {
    const role = u.roles[0]!;
    if (tokens[role] && u.login !== 'seller') continue;
    tokens[role] = (await t.login(u.login)).accessToken;
  }
  platform = (await issueServiceCredential(t.runtime.db, 'OMS')).token;
  const [row] = await t.sql<{ id: string }>(
    `select id::text from products where partner_id = 10001 and status = 'online' order by id limit 1`,
  );
  productId = row!.id;
});
afterAll(() => t.close());

function tokenFor(def: MethodDef): string | undefined {
  if (def.roles === 'public') return undefined;
  if (def.roles === 'platform') return platform;
  const roles = def.roles;
  const role = (['partner_user', ...roles] as Role[]).find((r) => roles.includes(r) && tokens[r]);
  return tokens[role!];
}

const fieldErrors = (r: RpcReply) =>
  (r.error?.data as { errors?: { field: string; message: string }[] } | undefined)?.errors ?? [];

/** The reply is a refusal of the params naming `field`, with `message` when given. */
function expectRefused(r: RpcReply, field: string, message?: string) {
  expect(r.error, `${field}: ${JSON.stringify(r)}`).toMatchObject({
    code: -32602,
    data: { reason: 'rpc.invalidParams' },
  });
  expect(fieldErrors(r)).toContainEqual(message ? { field, message } : expect.objectContaining({ field }));
}

const unwrap = (s: z.ZodType): z.ZodType => {
  const def = (s as unknown as { def: { type: string; innerType?: z.ZodType; in?: z.ZodType } }).def;
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe') return unwrap(def.in!);
  return s;
};

describe('control characters', () => {
  const card = {
    category: 'clothes',
    sellerParentSku: 'HOSTILE-1',
    title: 'Платье льняное',
    brand: 'Nord Wind',
    gender: 'women',
    country: 'RU',
    erpCategory: { level1: 'Одежда', level2: 'Платья' },
    composition: [{ material: 'лён', percent: 100 }],
    sizeScale: 'RU_CLOTHES',
    sizes: [{ size: '42', sellerSku: 'HOSTILE-1-42', barcode: '2000000000008', dataMatrix: false }],
    price: 4990,
    attributes: {},
    legal: {
      tnVed: '6204420000',
      producer: 'ООО «Северный ветер»',
      producerAddress: 'г. Москва, ул. Тверская, 1',
      isResale: false,
      eac: true,
    },
  };
  const p = { partnerId: 10001 };

  // The places the security probe answered 50500 in, each otherwise a valid call.
  it.each<[string, Record<string, unknown>, string]>([
    ['v1.orders.get', { ...p, orderNr: `1${NUL}` }, 'orderNr'],
    ['v1.orders.cancel', { ...p, orderNr: `1${NUL}`, action: 'CANCEL' }, 'orderNr'],
    ['v1.orders.item-cancel', { ...p, orderNr: `1${NUL}`, itemIds: ['1'], action: 'CANCEL' }, 'orderNr'],
    ['v1.orders.list', { ...p, fullSearch: `a${NUL}` }, 'fullSearch'],
    ['v1.nomenclatures.list', { ...p, search: `a${NUL}` }, 'search'],
    ['v1.nomenclatures.list', { ...p, brand: `a${NUL}` }, 'brand'],
    ['v1.nomenclatures.prices-list', { ...p, search: `a${NUL}` }, 'search'],
    ['v1.nomenclatures.prices-list', { ...p, brand: `a${NUL}` }, 'brand'],
    ['v1.nomenclatures.store', { ...p, card: { ...card, title: `Платье${NUL}` } }, 'card.title'],
    [
      'v1.nomenclatures.store',
      { ...p, card: { ...card, sellerParentSku: `P${NUL}` } },
      'card.sellerParentSku',
    ],
    ['v1.nomenclatures.images.list', { ...p, sellerParentSku: `P${NUL}` }, 'sellerParentSku'],
    ['v1.passwords.send-reset-email', { username: `seller${NUL}` }, 'username'],
    [
      'v1.exports.create',
      { ...p, type: 'nomenclatures_with_full_attributes', filter: { search: `a${NUL}` } },
      'filter.search',
    ],
  ])('%s with a NUL in %#: a field error, nothing else', async (method, params, field) => {
    const r = await t.rpc(method, params, tokenFor(METHODS[method]!));
    expectRefused(r, field, REFUSED);
  });

  it('every top-level string parameter of every method refuses a NUL with an error on its field', async () => {
    let checked = 0;
    for (const def of Object.values<MethodDef>(METHODS)) {
      // Params are an object, or a union of objects told apart by a literal (the questionnaire's pages): each
      // option is checked with its literal set, so the refusal is about the string, not the missing literal.
      const pdef = (def.params as unknown as { def: { type: string; options?: z.ZodObject[] } }).def;
      const options = pdef.type === 'union' ? pdef.options! : [def.params as z.ZodObject];
      for (const option of options) {
        const shape = option.shape as Record<string, z.ZodType>;
        const literals = Object.fromEntries(
          Object.entries(shape).flatMap(([k, s]) => {
            const d = (unwrap(s) as unknown as { def: { type: string; values?: unknown[] } }).def;
            return d.type === 'literal' ? [[k, d.values![0]]] : [];
          }),
        );
        for (const [key, schema] of Object.entries(shape)) {
          if ((unwrap(schema) as unknown as { def: { type: string } }).def.type !== 'string') continue;
          const params = { ...(def.partner ? { partnerId: 10001 } : {}), ...literals, [key]: `x${NUL}` };
          const r = await t.rpc(def.name, params, tokenFor(def));
          expect(r.error?.code, `${def.name} ${key}: ${JSON.stringify(r.error)}`).not.toBe(50500);
          if (['v1.tokens.create', 'v1.accounts.add'].includes(def.name)) {
            // Login fields answer the spec's own error for characters a login cannot hold.
            expect(r.error, `${def.name} ${key}`).toMatchObject({ code: 50400 });
          } else expectRefused(r, key);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('DEL and escape are refused too; a comment keeps its line breaks', async () => {
    for (const c of ['\u007f', '\u001b', '\u0008']) {
      const r = await t.rpc(
        'v1.orders.list',
        { partnerId: 10001, fullSearch: `a${c}b` },
        tokens.partner_user,
      );
      expectRefused(r, 'fullSearch', REFUSED);
    }
    const single = await t.rpc(
      'v1.orders.list',
      { partnerId: 10001, fullSearch: 'a\nb' },
      tokens.partner_user,
    );
    expectRefused(single, 'fullSearch', REFUSED);
    const order = await t.rpc(
      'v1.platform.orders.create',
      {
        partnerId: 10001,
        cutOffAt: '2030-03-16T12:00:00Z',
        comment: 'Позвонить заранее.\r\nДомофон не работает.',
        delivery: { address: 'Москва, ул. Тверская, д. 7', method: 'Курьер', serviceLevel: 'Стандарт' },
        paymentMethod: 'Prepaid',
        items: [
          {
            sellerSku: (
              await t.sql<{ s: string }>(`select seller_sku as s from products where id = $1`, [productId])
            )[0]!.s,
          },
        ],
      },
      platform,
    );
    expect(order.error).toBeUndefined();
    const [saved] = await t.sql<{ comment: string }>(`select comment from orders where order_nr = $1`, [
      order.result.orderNr,
    ]);
    expect(saved!.comment).toBe('Позвонить заранее.\r\nДомофон не работает.');
  });
});

describe('numbers beyond their columns', () => {
  const changes = async () =>
    (await t.sql<{ n: number }>(`select count(*)::int as n from price_changes where partner_id = 10001`))[0]!
      .n;
  const update = (price: number) =>
    t.rpc(
      'v1.nomenclatures.update-price',
      { partnerId: 10001, item: { id: productId, price }, confirmCritical: true },
      tokens.partner_user,
    );

  it('the largest price is saved; one step above, 99 999 999 990 and 1e15 are refused on the field', async () => {
    const before = await changes();
    for (const price of [1_000_000_010, 99_999_999_990, 1e15]) {
      expectRefused(await update(price), 'item.price', 'Значение должно быть не больше 1000000000');
      const bulk = await t.rpc(
        'v1.nomenclatures.set-prices',
        { partnerId: 10001, items: [{ id: productId, price }], confirmCritical: true },
        tokens.partner_user,
      );
      expectRefused(bulk, 'items.0.price', 'Значение должно быть не больше 1000000000');
    }
    expect(await changes()).toBe(before);

    const top = await update(1_000_000_000);
    expect(top.result, JSON.stringify(top.error)).toMatchObject({ status: 'applied', errors: [] });
    expect(await changes()).toBe(before + 1);
    const [row] = await t.sql<{ price: string }>(
      `select price::text from product_prices where partner_id = 10001 and product_id = $1 and country = 'RU'`,
      [productId],
    );
    expect(row!.price).toBe('1000000000.00');
  });

  it('the largest RU price still fits once auto-converted into tenge', async () => {
    const on = await t.rpc(
      'v1.partners.features.update',
      { partnerId: 10001, featureName: 'autoConversionPrice', enabled: true },
      tokens.admin,
    );
    expect(on.error).toBeUndefined();
    await t.sql(`delete from price_changes where partner_id = 10001 and product_id = $1`, [productId]);
    const top = await update(1_000_000_000);
    expect(top.result, JSON.stringify(top.error)).toMatchObject({ status: 'applied' });
    const [kz] = await t.sql<{ price: string }>(
      `select price::text from product_prices where partner_id = 10001 and product_id = $1 and country = 'KZ'`,
      [productId],
    );
    expect(Number(kz!.price)).toBeGreaterThan(1_000_000_000);
  });

  it('a partner id beyond an integer column, a row id beyond a bigint, an order amount: field errors', async () => {
    expectRefused(
      await t.rpc('v1.partners.features.list', { partnerId: 2_147_483_648 }, tokens.admin),
      'partnerId',
    );
    expect(
      (await t.rpc('v1.partners.features.list', { partnerId: 2_147_483_647 }, tokens.admin)).error,
    ).toMatchObject({ code: 50404 });
    expectRefused(
      await t.rpc(
        'v1.nomenclatures.price-history',
        { partnerId: 10001, id: '9'.repeat(20) },
        tokens.partner_user,
      ),
      'id',
    );
    expectRefused(
      await t.rpc(
        'v1.platform.orders.create',
        {
          partnerId: 10001,
          cutOffAt: '2030-03-16T12:00:00Z',
          delivery: { address: 'Москва', method: 'Курьер', serviceLevel: 'Стандарт' },
          paymentMethod: 'Prepaid',
          items: [{ sellerSku: 'X', paidPrice: 1e13 }],
        },
        platform,
      ),
      'items.0.paidPrice',
    );
  });
});
