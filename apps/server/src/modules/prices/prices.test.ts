// Prices: every rule of spec 001 §5 "Prices and discounts" at its boundaries with its Russian message on its
// field, critical changes, quarantine and approval, promotions, auto-conversion, and a mixed bulk change.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRICE_FILES } from '@moda/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let seller: string;
let support: string;
let id: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  seller = (await t.login('seller')).accessToken;
  support = (await t.login('support')).accessToken;
  const rows = await t.sql<{ id: string }>(
    `select id::text from products where partner_id = 10001 and status = 'online' order by id limit 2`,
  );
  [id, other] = [rows[0]!.id, rows[1]!.id];
});
afterAll(() => t.close());
beforeEach(async () => {
  // Every test starts from a price of 1000 ₽ in force and nothing pending.
  await t.sql(
    `delete from price_changes; delete from product_prices; delete from promotion_products; delete from price_validation_reports`,
  );
  await t.sql(
    `update products set price = 1000, sale_price = null where partner_id = 10001 and id in ($1, $2)`,
    [id, other],
  );
});

const validate = (item: Record<string, unknown>) =>
  t.rpc('v1.nomenclatures.validate-price', { partnerId: 10001, item: { id, ...item } }, seller);
const update = (item: Record<string, unknown>, confirmCritical = false) =>
  t.rpc(
    'v1.nomenclatures.update-price',
    { partnerId: 10001, item: { id, ...item }, confirmCritical },
    seller,
  );
const reasons = (r: { result?: { errors: { reason: string }[] } }) =>
  r.result?.errors.map((e) => e.reason) ?? [];
const sale = { saleStartDate: '2026-12-01', saleEndDate: '2026-12-10' };

describe('rules at their boundaries', () => {
  it.each([
    [{ price: 1000, discount: 5, ...sale }, []],
    [{ price: 1000, discount: 4.99, ...sale }, ['price.discountRange']],
    [{ price: 1000, discount: 80, ...sale }, []],
    [{ price: 1000, discount: 80.01, ...sale }, ['price.discountRange']],
    [{ price: 1000, salePrice: 200, ...sale }, []],
    [{ price: 1000, salePrice: 190, ...sale }, ['price.specialPriceRange']],
    [{ price: 1000, salePrice: 950, ...sale }, []],
    [{ price: 1000, salePrice: 960, ...sale }, ['price.specialPriceRange']],
    [{ price: 1010 }, []],
    [{ price: 1015 }, ['price.multipleOf10']],
    [{ price: 90 }, ['price.belowMinimum', 'price.criticalChange']],
    [{ price: 1000, salePrice: 800 }, ['price.saleFieldsTogether']],
    [{ price: 1000, ...sale }, ['price.saleFieldsTogether']],
    [{ price: 1000, salePrice: 800, saleStartDate: '2026-12-01' }, ['price.saleFieldsTogether']],
    [{ price: 1000, salePrice: 800, saleStartDate: '2026-12-10', saleEndDate: '2026-12-10' }, []],
    [
      { price: 1000, salePrice: 800, saleStartDate: '2026-12-11', saleEndDate: '2026-12-10' },
      ['price.startAfterEnd'],
    ],
  ])('%j → %j', async (item, expected) => {
    expect(reasons(await validate(item))).toEqual(expected);
  });

  it('speaks Russian on the field: discount, special price, multiple of 10', async () => {
    expect((await validate({ price: 1000, discount: 90, ...sale })).result.errors).toEqual([
      { field: 'discount', reason: 'price.discountRange', message: 'Скидка должна быть от 5% до 80%' },
    ]);
    expect((await validate({ price: 1000, salePrice: 100, ...sale })).result.errors[0]).toMatchObject({
      field: 'salePrice',
      message: 'Специальная цена должна быть от 20% до 95% от цены',
    });
    expect((await validate({ price: 1015 })).result.errors[0]).toMatchObject({
      field: 'price',
      message: 'Цена должна быть кратна 10',
    });
  });

  it('other currencies: BY at most two decimals, KZ whole numbers, both need the RU price first', async () => {
    expect(reasons(await validate({ country: 'BY', price: 35.55 }))).toEqual([]);
    expect(reasons(await validate({ country: 'BY', price: 35.555 }))).toEqual(['price.maxTwoDecimals']);
    expect(reasons(await validate({ country: 'KZ', price: 5600 }))).toEqual([]);
    expect(reasons(await validate({ country: 'KZ', price: 5600.5 }))).toEqual(['price.integerNeeded']);
    await t.sql(`update products set price = null where id = $1`, [id]);
    expect(reasons(await validate({ country: 'KZ', price: 5600 }))).toEqual(['price.missingRuPrice']);
  });

  it('a country the seller does not sell in is refused', async () => {
    await t.sql(`update seller_profiles set countries = '{RU}' where partner_id = 10001`);
    expect(reasons(await validate({ country: 'BY', price: 35 }))).toEqual(['price.countryNotEnabled']);
    await t.sql(`update seller_profiles set countries = '{RU,BY,KZ}' where partner_id = 10001`);
  });
});

describe('critical changes and quarantine', () => {
  it('beyond the 30 % threshold: refused with the new price and threshold until confirmed', async () => {
    expect(reasons(await validate({ price: 1300 }))).toEqual([]);
    const v = (await validate({ price: 1310 })).result;
    expect(v.confirmation).toEqual({ newPrice: 1310, thresholdPercent: 30 });
    const refused = await update({ price: 1310 });
    expect(refused.error).toMatchObject({
      message: 'Цена меняется больше чем на 30%: подтвердите изменение',
      data: { errors: [{ field: 'price' }], confirmation: { newPrice: 1310, thresholdPercent: 30 } },
    });
    const ok = await update({ price: 1310 }, true);
    expect(ok.result).toMatchObject({ status: 'applied' });
    expect(
      (await t.sql<{ price: number }>(`select price::float as price from products where id = $1`, [id]))[0]!
        .price,
    ).toBe(1310);
  });

  it('a sharp drop is held for review: pending, not applied; a second change waits; approval applies it', async () => {
    const res = await update({ price: 400 }, true);
    expect(res.result.status).toBe('pending');
    expect(
      (await t.sql<{ price: number }>(`select price::float as price from products where id = $1`, [id]))[0]!
        .price,
    ).toBe(1000);
    expect((await update({ price: 990 })).error?.data?.reason).toBe('price.inProcessing');
    const [change] = (await t.rpc('v1.nomenclatures.price-history', { partnerId: 10001, id }, seller)).result
      .items;
    expect(change).toMatchObject({
      status: 'pending',
      reviewType: 'black_price',
      oldPrice: 1000,
      newPrice: 400,
    });
    expect(
      (
        await t.rpc(
          'v1.nomenclatures.prices-approve',
          { partnerId: 10001, changeIds: [change.id], decision: 'approved' },
          seller,
        )
      ).error?.code,
    ).toBe(50403);
    const approved = await t.rpc(
      'v1.nomenclatures.prices-approve',
      { partnerId: 10001, changeIds: [change.id], decision: 'approved' },
      support,
    );
    expect(approved.result.items[0].status).toBe('approved');
    expect(
      (await t.sql<{ price: number }>(`select price::float as price from products where id = $1`, [id]))[0]!
        .price,
    ).toBe(400);
    const again = await t.rpc(
      'v1.nomenclatures.prices-approve',
      { partnerId: 10001, changeIds: [change.id], decision: 'rejected' },
      support,
    );
    expect(again.error?.data?.reason).toBe('price.changeNotPending');
  });

  it('a rejected change leaves the price as it was', async () => {
    await update({ price: 300 }, true);
    const [change] = (await t.rpc('v1.nomenclatures.price-history', { partnerId: 10001, id }, seller)).result
      .items;
    await t.rpc(
      'v1.nomenclatures.prices-approve',
      { partnerId: 10001, changeIds: [change.id], decision: 'rejected' },
      support,
    );
    expect(
      (await t.sql<{ price: number }>(`select price::float as price from products where id = $1`, [id]))[0]!
        .price,
    ).toBe(1000);
  });
});

describe('promotions and auto-conversion', () => {
  it('an active promotion blocks the change; a planned one warns and the product leaves it', async () => {
    await t.sql(`insert into promotion_products values (10001, $1, 'P-1', 'Чёрная пятница', 'active')`, [id]);
    expect((await update({ price: 990 })).error).toMatchObject({
      message: 'Товар участвует в активной акции: цену изменить нельзя',
    });
    await t.sql(`update promotion_products set promotion_state = 'planed'`);
    expect((await validate({ price: 990 })).result.warnings).toEqual(['removedFromPlannedPromotion']);
    expect((await update({ price: 990 })).result.warnings).toEqual(['removedFromPlannedPromotion']);
    expect(await t.sql(`select 1 from promotion_products where product_id = $1`, [id])).toHaveLength(0);
  });

  it('auto-conversion computes BY and KZ from RU and refuses setting them by hand', async () => {
    expect(
      (
        await t.rpc(
          'v1.nomenclatures.auto-conversion-price.calculate',
          { partnerId: 10001, ruPrice: 1000 },
          seller,
        )
      ).error?.data?.reason,
    ).toBe('price.autoConversionNotEnabled');
    await t.sql(
      `update partners set enabled_features = array_append(enabled_features, 'autoConversionPrice') where id = 10001`,
    );
    try {
      expect(
        (
          await t.rpc(
            'v1.nomenclatures.auto-conversion-price.calculate',
            { partnerId: 10001, ruPrice: 1000 },
            seller,
          )
        ).result,
      ).toEqual({ BY: 35, KZ: 5600 });
      await update({ price: 1200 });
      const rows = await t.sql<{ country: string; price: number }>(
        `select country, price::float as price from product_prices where product_id = $1 order by country`,
        [id],
      );
      expect(rows).toEqual([
        { country: 'BY', price: 42 },
        { country: 'KZ', price: 6720 },
        { country: 'RU', price: 1200 },
      ]);
      expect(reasons(await validate({ country: 'BY', price: 40 }))).toEqual(['price.autoConverted']);
    } finally {
      await t.sql(
        `update partners set enabled_features = array_remove(enabled_features, 'autoConversionPrice') where id = 10001`,
      );
    }
  });

  it('no black price in BY while the product carries a Data Matrix', async () => {
    await t.sql(`update products set attributes = attributes || '{"dataMatrix": true}' where id = $1`, [id]);
    expect(reasons(await validate({ country: 'BY', price: 35 }))).toEqual(['price.blackPriceDataMatrix']);
    await t.sql(`update products set attributes = attributes - 'dataMatrix' where id = $1`, [id]);
  });
});

describe('bulk', () => {
  it('saves the valid items, refuses the others with their errors, and says how many failed', async () => {
    const res = await t.rpc(
      'v1.nomenclatures.set-prices',
      {
        partnerId: 10001,
        items: [
          { id, price: 1100 },
          { id: other, price: 1105 },
          { id: '999999999', price: 1000 },
        ],
      },
      seller,
    );
    expect(res.result.items.map((i: { status: string }) => i.status)).toEqual([
      'applied',
      'failed',
      'failed',
    ]);
    expect(res.result.items[1].errors[0]).toMatchObject({ field: 'price', reason: 'price.multipleOf10' });
    expect(res.result).toMatchObject({ failed: 2, message: 'Не удалось изменить цену у 2 товаров' });
    const prices = await t.sql<{ id: string; price: number }>(
      `select id::text, price::float as price from products where id in ($1, $2) order by id`,
      [id, other],
    );
    expect(prices.find((p) => p.id === id)!.price).toBe(1100);
    expect(prices.find((p) => p.id === other)!.price).toBe(1000);
  });

  it('another partner’s product is not found', async () => {
    const [theirs] = await t.sql<{ id: string }>(
      `select id::text from products where partner_id = 10002 limit 1`,
    );
    const res = await t.rpc(
      'v1.nomenclatures.set-prices',
      { partnerId: 10001, items: [{ id: theirs!.id, price: 1000 }] },
      seller,
    );
    expect(res.result.items[0].errors[0].reason).toBe('nomenclature.notFound');
  });
});

describe('every rule answers its Russian message on its field', () => {
  it.each([
    [{ price: 1000, discount: 4, ...sale }, 'discount', 'Скидка должна быть от 5% до 80%'],
    [
      { price: 1000, salePrice: 970, ...sale },
      'salePrice',
      'Специальная цена должна быть от 20% до 95% от цены',
    ],
    [{ price: 1000, salePrice: 805, ...sale }, 'salePrice', 'Цена должна быть кратна 10'],
    [{ price: 1005 }, 'price', 'Цена должна быть кратна 10'],
    [{ price: 90 }, 'price', 'Цена ниже минимальной: 100'],
    [{ price: 1000, salePrice: 800 }, 'saleStartDate', 'Специальная цена и период скидки указываются вместе'],
    [
      { price: 1000, salePrice: 800, saleStartDate: '2026-12-01' },
      'saleEndDate',
      'Специальная цена и период скидки указываются вместе',
    ],
    [{ price: 1000, ...sale }, 'salePrice', 'Специальная цена и период скидки указываются вместе'],
    [
      { price: 1000, salePrice: 800, saleStartDate: '2026-12-02', saleEndDate: '2026-12-01' },
      'saleStartDate',
      'Дата начала не может быть позже даты окончания',
    ],
    [{ country: 'BY', price: 35.555 }, 'price', 'Не больше двух знаков после запятой'],
    [{ country: 'KZ', price: 5600.5 }, 'price', 'Цена должна быть целым числом'],
    [{ country: 'BY', price: 4.99 }, 'price', 'Цена ниже минимальной: 5'],
    [{ country: 'KZ', price: 499 }, 'price', 'Цена ниже минимальной: 500'],
    [{ price: 1310 }, 'price', 'Цена меняется больше чем на 30%: подтвердите изменение'],
  ])('%j → %s: %s', async (item, field, message) => {
    expect((await validate(item)).result.errors).toContainEqual(expect.objectContaining({ field, message }));
  });

  it('minimums are allowed exactly: 100 ₽, 5 BYN, 500 ₸', async () => {
    expect(reasons(await validate({ price: 100 }))).toEqual(['price.criticalChange']);
    expect(reasons(await validate({ country: 'BY', price: 5 }))).toEqual([]);
    expect(reasons(await validate({ country: 'KZ', price: 500 }))).toEqual([]);
  });

  it('a discount becomes a special price rounded to 10 ₽, and is saved with its period', async () => {
    expect((await update({ price: 1000, discount: 33, ...sale })).result.status).toBe('applied');
    expect(
      await t.sql(
        `select sale_price::float as "salePrice", sale_start as "start", sale_end as "end"
           from product_prices where product_id = $1 and country = 'RU'`,
        [id],
      ),
    ).toEqual([{ salePrice: 670, start: '2026-12-01', end: '2026-12-10' }]);
  });

  it('malformed values are refused by the schema with the spec’s messages', async () => {
    const badDate = await validate({
      price: 1000,
      salePrice: 800,
      saleStartDate: '2026-02-30',
      saleEndDate: '2026-03-01',
    });
    expect(badDate.error?.data?.errors).toEqual([
      { field: 'item.saleStartDate', message: 'Неверная дата: нужен формат ГГГГ-ММ-ДД' },
    ]);
    const noPrice = await t.rpc(
      'v1.nomenclatures.validate-price',
      { partnerId: 10001, item: { id } },
      seller,
    );
    expect(noPrice.error?.data?.errors).toEqual([
      { field: 'item.price', message: 'Укажите цену: страна продаж включена' },
    ]);
    const notBoolean = await t.rpc(
      'v1.nomenclatures.update-price',
      { partnerId: 10001, item: { id, price: 1000 }, confirmCritical: 'yes' },
      seller,
    );
    expect(notBoolean.error?.data?.errors).toEqual([
      { field: 'confirmCritical', message: 'Нужно значение true или false' },
    ]);
  });
});

describe('threshold and quarantine boundaries', () => {
  it('a drop of exactly 30 % needs no confirmation; beyond it does', async () => {
    expect(reasons(await validate({ price: 700 }))).toEqual([]);
    expect(reasons(await validate({ price: 690 }))).toEqual(['price.criticalChange']);
  });

  it('a drop of exactly 50 % is applied; beyond it waits for review', async () => {
    expect((await update({ price: 500 }, true)).result.status).toBe('applied');
    await t.sql(`update products set price = 1000 where id = $1`, [id]);
    await t.sql(`delete from product_prices`);
    expect((await update({ price: 490 }, true)).result.status).toBe('pending');
  });

  it('a special price dropping by more than half is held as red price and period', async () => {
    await update({ price: 1000, salePrice: 800, ...sale });
    const res = await update({ price: 1000, salePrice: 390, ...sale }, true);
    expect(res.result.status).toBe('pending');
    const [change] = (await t.rpc('v1.nomenclatures.price-history', { partnerId: 10001, id }, seller)).result
      .items;
    expect(change).toMatchObject({
      reviewType: 'red_price_and_sale_period',
      oldSalePrice: 800,
      newSalePrice: 390,
    });
    expect((await update({ price: 1000 })).error).toMatchObject({
      message: 'Предыдущее изменение цены ещё обрабатывается',
      data: { errors: [{ field: 'price', message: 'Предыдущее изменение цены ещё обрабатывается' }] },
    });
  });

  it('only reviewers decide: an operator may not; an administrator may', async () => {
    await update({ price: 400 }, true);
    const [change] = (await t.rpc('v1.nomenclatures.price-history', { partnerId: 10001, id }, seller)).result
      .items;
    const operator = (await t.login('operator')).accessToken;
    const admin = (await t.login('admin')).accessToken;
    const decide = (token: string) =>
      t.rpc(
        'v1.nomenclatures.prices-approve',
        { partnerId: 10001, changeIds: [change.id], decision: 'approved' },
        token,
      );
    expect((await decide(operator)).error?.code).toBe(50403);
    expect((await decide(admin)).result.items[0]).toMatchObject({ status: 'approved', newPrice: 400 });
  });
});

describe('price threshold exceeded', () => {
  it('gives the threshold, and per new price whether it goes beyond it', async () => {
    const res = await t.rpc(
      'v1.nomenclatures.price-threshold-exceeded',
      {
        partnerId: 10001,
        items: [
          { id, price: 1300 },
          { id, price: 1310 },
          { id: other, price: 690 },
          { id, country: 'BY', price: 35 },
        ],
      },
      seller,
    );
    expect(res.result).toEqual({
      thresholdPercent: 30,
      items: [
        { id, country: 'RU', currentPrice: 1000, newPrice: 1300, changePercent: 30, exceeded: false },
        { id, country: 'RU', currentPrice: 1000, newPrice: 1310, changePercent: 31, exceeded: true },
        { id: other, country: 'RU', currentPrice: 1000, newPrice: 690, changePercent: 31, exceeded: true },
        { id, country: 'BY', currentPrice: null, newPrice: 35, changePercent: null, exceeded: false },
      ],
    });
    expect(
      (await t.rpc('v1.nomenclatures.price-threshold-exceeded', { partnerId: 10001 }, seller)).result,
    ).toEqual({ thresholdPercent: 30, items: [] });
  });
});

describe('price table', () => {
  const list = (params: Record<string, unknown> = {}, token = seller) =>
    t.rpc('v1.nomenclatures.prices-list', { partnerId: 10001, ...params }, token);

  it('lists the products with price, discount, period, approval and promotions; filters pending', async () => {
    await update({ price: 1000, salePrice: 800, ...sale });
    await t.rpc(
      'v1.nomenclatures.update-price',
      { partnerId: 10001, item: { id: other, price: 400 }, confirmCritical: true },
      seller,
    );
    await t.sql(`insert into promotion_products values (10001, $1, 'P-7', 'Весенняя распродажа', 'planed')`, [
      id,
    ]);
    const [sku] = await t.sql<{ sku: string; n: number }>(
      `select seller_sku as sku from products where id = $1`,
      [id],
    );
    const all = (await list({ search: sku!.sku })).result;
    expect(all).toMatchObject({ countries: ['RU', 'BY', 'KZ'], autoConversion: false });
    expect(all.items[0]).toMatchObject({
      id,
      sellerSku: sku!.sku,
      country: 'RU',
      price: 1000,
      salePrice: 800,
      discount: 20,
      saleStartDate: '2026-12-01',
      saleEndDate: '2026-12-10',
      approval: null,
      promotions: [{ id: 'P-7', name: 'Весенняя распродажа', state: 'planed' }],
    });
    const pending = (await list({ approval: 'pending' })).result;
    expect(pending.total).toBe(1);
    expect(pending.pendingCount).toBe(1);
    expect(pending.items[0]).toMatchObject({
      id: other,
      price: 1000,
      approval: { status: 'pending', reviewType: 'black_price', oldPrice: 1000, newPrice: 400 },
    });
    expect((await list()).result.pendingCount).toBe(1);
  });

  it('shows the main photo of the product’s card as its 320×461 rendition', async () => {
    const [product] = await t.sql<{ parent: string; sku: string }>(
      `select seller_parent_sku as parent, seller_sku as sku from products where id = $1`,
      [id],
    );
    const { parent, sku } = product!;
    // Inserted out of order: the main photo is the one at position 0, not the first inserted.
    const [second, main] = await t.sql<{ id: string }>(
      `insert into product_images (partner_id, seller_parent_sku, position, storage_key, thumbnail_key, width, height, size)
       values (10001, $1, 1, 'a', 'a-t', 762, 1100, 1000), (10001, $1, 0, 'b', 'b-t', 762, 1100, 1000)
       returning id::text`,
      [parent],
    );
    try {
      expect(second).toBeDefined();
      const [row] = (await list({ search: sku })).result.items;
      expect(row.thumbnailUrl).toBe(`/rest/api/v1/nomenclatures/images/${main!.id}?size=img320x461`);
    } finally {
      await t.sql(`delete from product_images where seller_parent_sku = $1 and partner_id = 10001`, [parent]);
    }
  });

  it('shows another country’s prices, sorts by price both ways and pages', async () => {
    await update({ country: 'BY', price: 40 });
    const by = (await list({ country: 'BY', sort: '-base_price', pageSize: 1 })).result;
    expect(by.items[0]).toMatchObject({ id, country: 'BY', price: 40 });
    expect(by.pageSize).toBe(1);
    const asc = (await list({ sort: 'base_price', pageSize: 100 })).result.items.map(
      (r: { price: number | null }) => r.price,
    );
    const desc = (await list({ sort: '-base_price', pageSize: 100 })).result.items.map(
      (r: { price: number | null }) => r.price,
    );
    const numbers = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null);
    expect(numbers(asc)).toEqual([...numbers(asc)].sort((a, b) => a - b));
    expect(numbers(desc)).toEqual([...numbers(desc)].sort((a, b) => b - a));
  });

  it('is the partner’s own: another partner answers as a missing one', async () => {
    const fbs = (await t.login('fbs')).accessToken;
    expect((await list({}, fbs)).error?.code).toBe(50404);
  });
});

describe('bulk checks across the call', () => {
  it('a product given twice is refused both times', async () => {
    const res = await t.rpc(
      'v1.nomenclatures.set-prices',
      {
        partnerId: 10001,
        items: [
          { id, price: 1100 },
          { id, price: 1200 },
          { id: other, price: 1100 },
        ],
      },
      seller,
    );
    expect(res.result.items.map((i: { status: string }) => i.status)).toEqual([
      'failed',
      'failed',
      'applied',
    ]);
    expect(res.result.items[0].errors[0]).toEqual({
      field: 'id',
      reason: 'price.duplicated',
      message: 'Товар указан в списке несколько раз',
    });
  });

  it('sizes of one parent SKU must share the sale period', async () => {
    const [a, b] = await t.sql<{ id: string }>(
      `select id::text from products where partner_id = 10001 and not archived and seller_parent_sku = (
         select seller_parent_sku from products where partner_id = 10001 and not archived
          group by seller_parent_sku having count(*) > 1 order by seller_parent_sku limit 1)
        order by id limit 2`,
    );
    await t.sql(`update products set price = 1000, sale_price = null where id in ($1, $2)`, [a!.id, b!.id]);
    const res = await t.rpc(
      'v1.nomenclatures.set-prices',
      {
        partnerId: 10001,
        items: [
          { id: a!.id, price: 1000, salePrice: 800, ...sale },
          { id: b!.id, price: 1000, salePrice: 800, saleStartDate: '2026-12-02', saleEndDate: '2026-12-10' },
        ],
      },
      seller,
    );
    expect(res.result.failed).toBe(2);
    expect(res.result.items[1].errors[0]).toEqual({
      field: 'saleStartDate',
      reason: 'price.parentSkuFieldsDiffer',
      message: 'У размеров одного товара период скидки должен совпадать',
    });
    const same = await t.rpc(
      'v1.nomenclatures.set-prices',
      {
        partnerId: 10001,
        items: [
          { id: a!.id, price: 1000, salePrice: 800, ...sale },
          { id: b!.id, price: 1100, salePrice: 900, ...sale },
        ],
      },
      seller,
    );
    expect(same.result).toMatchObject({ failed: 0, message: null, reportId: null });
  });
});

describe('price files', () => {
  const skuOf = async (productId: string) =>
    (await t.sql<{ sku: string }>(`select seller_sku as sku from products where id = $1`, [productId]))[0]!
      .sku;
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  async function sheet(body: Buffer, name: string) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    const ws = wb.getWorksheet(name)!;
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('the price history file of a product: its changes newest first, named after its SKU', async () => {
    await t.sql(`update products set title = '=HYPERLINK("http://evil")' where id = $1`, [id]);
    await update({ price: 1100 });
    await update({ price: 400 }, true);
    const sku = await skuOf(id);
    const res = await get(PRICE_FILES.historyFile(10001, id), seller);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(`attachment; filename=price-history-${sku}.xlsx`);
    const rows = await sheet(res.rawPayload, 'История цен');
    expect(rows[0]).toEqual([
      'Дата изменения (МСК)',
      'Артикул продавца',
      'Название',
      'Страна',
      'Было: цена',
      'Стало: цена',
      'Было: цена со скидкой',
      'Стало: цена со скидкой',
      'Начало скидки',
      'Окончание скидки',
      'Проверка',
      'Состояние',
      'Решение (МСК)',
    ]);
    expect(rows).toHaveLength(3);
    // Newest first: the drop held for review, then the applied rise. The title cannot run as a formula.
    expect(rows[1]!.slice(1, 6)).toEqual([sku, `'=HYPERLINK("http://evil")`, 'RU', 1100, 400]);
    expect(rows[1]!.slice(10, 12)).toEqual(['Снижение базовой цены', 'На проверке']);
    expect(rows[2]!.slice(4, 6)).toEqual([1000, 1100]);
    expect(rows[2]![11]).toBe('Применено');
    const when = rows[1]![0] as Date;
    const [last] = await t.sql<{ moscow: string }>(
      `select to_char(created_at at time zone 'Europe/Moscow', 'YYYY-MM-DD"T"HH24:MI') as moscow
         from price_changes where product_id = $1 order by id desc limit 1`,
      [id],
    );
    expect(when.toISOString().slice(0, 16)).toBe(last!.moscow);
  });

  it('the partner-wide history file lists every product’s changes', async () => {
    await update({ price: 1100 });
    await t.rpc(
      'v1.nomenclatures.update-price',
      { partnerId: 10001, item: { id: other, price: 1200 } },
      seller,
    );
    const res = await get(PRICE_FILES.historyFile(10001), seller);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename=price-history-10001-\d{8}-\d{4}\.xlsx$/,
    );
    expect((await sheet(res.rawPayload, 'История цен')).map((r) => r[5]).slice(1)).toEqual([1200, 1100]);
  });

  it('the files need a token and the caller’s own partner and product', async () => {
    expect((await get(PRICE_FILES.historyFile(10001, id))).statusCode).toBe(401);
    const fbs = (await t.login('fbs')).accessToken;
    expect((await get(PRICE_FILES.historyFile(10001, id), fbs)).statusCode).toBe(404);
    const [theirs] = await t.sql<{ id: string }>(
      `select id::text from products where partner_id = 10002 limit 1`,
    );
    const res = await get(PRICE_FILES.historyFile(10001, theirs!.id), seller);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Товар не найден');
    expect((await get('/rest/api/v1/nomenclatures/price-history/file', seller)).statusCode).toBe(400);
  });

  it('a bulk change with refusals gives a validation report listing each refused item with its messages', async () => {
    const res = await t.rpc(
      'v1.nomenclatures.set-prices',
      {
        partnerId: 10001,
        items: [
          { id, price: 1100 },
          { id: other, price: 1105, discount: 90, ...sale },
          { id: '999999999', price: 1000 },
        ],
      },
      seller,
    );
    expect(res.result).toMatchObject({ failed: 2, message: 'Не удалось изменить цену у 2 товаров' });
    const reportId = res.result.reportId as string;
    expect(reportId).toMatch(/^[0-9a-f-]{36}$/);
    const file = await get(PRICE_FILES.validationReport(10001, reportId), seller);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename=prices-validation-report-\d{8}-\d{4}\.xlsx$/,
    );
    const sku = await skuOf(other);
    const rows = await sheet(file.rawPayload, 'Ошибки');
    expect(rows.slice(1).map((r) => [r[0], r[1], r[9], r[10]])).toEqual([
      [other, sku, 'Цена', 'Цена должна быть кратна 10'],
      [other, sku, 'Скидка', 'Скидка должна быть от 5% до 80%'],
      ['999999999', undefined, 'Товар', 'Товар не найден'],
    ]);
    const summary = await sheet(file.rawPayload, 'Сводка');
    expect(summary.slice(0, 2)).toEqual([
      ['Проверено товаров', 3],
      ['Не удалось изменить', 2],
    ]);
    const fbs = (await t.login('fbs')).accessToken;
    expect((await get(PRICE_FILES.validationReport(10002, reportId), fbs)).statusCode).toBe(404);
    expect((await get(PRICE_FILES.validationReport(10001, reportId), fbs)).statusCode).toBe(404);
  });
});
