// Prices: every rule of spec 001 §5 "Prices and discounts" at its boundaries with its Russian message on its
// field, critical changes, quarantine and approval, promotions, auto-conversion, and a mixed bulk change.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
  await t.sql(`delete from price_changes; delete from product_prices; delete from promotion_products`);
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
