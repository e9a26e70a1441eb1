// One set of price rules, whichever way a price comes in (spec 001 §5: a multiple of 10, not below the
// minimum): the card's store call (create and edit), the price table's single change, the bulk change and a
// row of the Excel import all refuse 4 995 ₽ and 50 ₽ with the same messages, from contracts' PRICE_RULES.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERRORS, PRICE_RULES } from '@moda/contracts';
import { ean13 } from '../src/modules/catalogue/catalogue.demo';
import { fill, finished, template, upload, validRow } from '../src/modules/imports/test-support';
import { createTestApp, type TestApp } from './helpers';

// The import runs as a job on a shared two-core machine.
vi.setConfig({ testTimeout: 90_000 });

const P = 10001;
const MULTIPLE = ERRORS['price.multipleOf10'].message;
const MINIMUM = `${ERRORS['price.belowMinimum'].message}: ${PRICE_RULES.minimum.RU}`;
const BAD: [number, string][] = [
  [4995, MULTIPLE],
  [50, MINIMUM],
];

let t: TestApp;
let seller: string;
let productId: string;
beforeAll(async () => {
  t = await createTestApp({ workers: true });
  seller = (await t.login('seller')).accessToken;
  const [row] = await t.sql<{ id: string }>(
    `select id::text from products where partner_id = ${P} and status = 'online' and not archived order by id limit 1`,
  );
  productId = row!.id;
});
afterAll(() => t.close());

let seq = 0;
function card(price: number, parent = `PR-${++seq}`) {
  return {
    category: 'accessories',
    sellerParentSku: parent,
    title: 'Ремень кожаный',
    brand: 'Nord Wind',
    gender: 'unisex',
    country: 'RU',
    erpCategory: { level1: 'Аксессуары', level2: 'Ремни' },
    composition: [{ material: 'кожа', percent: 100 }],
    sizeScale: 'ONE_SIZE',
    sizes: [
      {
        size: 'ONE',
        sellerSku: parent,
        barcode: ean13(`2000777${String(seq).padStart(5, '0')}`),
        dataMatrix: false,
      },
    ],
    price,
    attributes: { color_family: 'чёрный' },
    legal: {
      tnVed: '4202221000',
      producer: 'ООО «Северный ветер»',
      producerAddress: 'г. Москва, ул. Тверская, 1',
      isResale: false,
      eac: true,
    },
  };
}
const store = (c: object) => t.rpc('v1.nomenclatures.store', { partnerId: P, card: c }, seller);
const errorsOf = (r: { error?: { data?: { errors?: { field: string; message: string }[] } } }) =>
  r.error?.data?.errors ?? [];

describe('the card (manual form, its edit, the API)', () => {
  it.each(BAD)('creating a card at %i ₽ is refused on the price', async (price, message) => {
    const res = await store(card(price));
    expect(res.error?.code).toBe(-32602);
    expect(errorsOf(res)).toEqual([{ field: 'card.price', message }]);
  });

  it.each(BAD)('editing a card to %i ₽ is refused and the price stays', async (price, message) => {
    const c = card(4990);
    const { ids } = (await store(c)).result;
    expect(errorsOf(await store({ ...c, price }))).toEqual([{ field: 'card.price', message }]);
    const opened = await t.rpc('v1.nomenclatures.card.get', { partnerId: P, id: ids[0] }, seller);
    expect(opened.result.card.price).toBe(4990);
  });

  it('a card saved at 4 995 ₽ before the rule still opens, showing that price for the form to refuse', async () => {
    const c = card(4990);
    const { ids } = (await store(c)).result;
    await t.sql(`update products set price = 4995 where partner_id = ${P} and seller_parent_sku = $1`, [
      c.sellerParentSku,
    ]);
    const opened = await t.rpc('v1.nomenclatures.card.get', { partnerId: P, id: ids[0] }, seller);
    expect(opened.result?.card.price).toBe(4995);
  });
});

describe('the price table and bulk changes', () => {
  it.each(BAD)('one change to %i ₽ is refused on the price', async (price, message) => {
    const res = await t.rpc(
      'v1.nomenclatures.update-price',
      { partnerId: P, item: { id: productId, price }, confirmCritical: true },
      seller,
    );
    expect(res.error?.code).toBe(50400);
    expect(errorsOf(res)).toContainEqual({ field: 'price', message });
  });

  it.each(BAD)('a bulk change to %i ₽ refuses that product', async (price, message) => {
    const res = await t.rpc(
      'v1.nomenclatures.set-prices',
      { partnerId: P, items: [{ id: productId, price }], confirmCritical: true },
      seller,
    );
    expect(res.result.failed).toBe(1);
    expect(res.result.items[0].errors).toContainEqual(expect.objectContaining({ field: 'price', message }));
  });
});

describe('the Excel import', () => {
  it.each(BAD)(
    'a row at %i ₽ is refused on its price cell and nothing is written',
    async (price, message) => {
      const bytes = await template(t, seller, { partnerId: P, category: 'clothes', mode: 'full' });
      const parent = `PRX-${price}`;
      const res = await upload(
        t,
        seller,
        P,
        'цены.xlsx',
        await fill(bytes, [validRow(parent, '42', { Цена: price })]),
      );
      expect(res.statusCode, res.body).toBe(201);
      const rec = await finished(t, seller, P, res.json().id);
      expect(rec).toMatchObject({ status: 'fail', result: 'error' });
      expect(rec.errorMessage).toBe(`Строка 3, столбец «Цена*»: ${message}`);
      expect(await t.sql(`select 1 from products where seller_parent_sku = $1`, [parent])).toHaveLength(0);
    },
  );
});
