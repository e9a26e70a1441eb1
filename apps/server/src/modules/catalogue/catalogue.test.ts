// Manual product cards: every rule of spec 001 §5 "Other product rules" with good and bad input on its
// field, then moderation; and the catalogue's reference methods.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import { MODA_SKU, PRODUCTION_COUNTRIES, ProductCard } from '@moda/contracts';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { ean13 } from './catalogue.demo';

let t: TestApp;
let seller: string;
let support: string;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
  seller = (await t.login('seller')).accessToken;
  support = (await t.login('support')).accessToken;
});
afterAll(() => t.close());

/** A valid card with fresh SKUs and barcodes each call. */
function card(over: Record<string, unknown> = {}) {
  const n = ++seq;
  return {
    category: 'clothes',
    sellerParentSku: `TEST-${n}`,
    title: 'Платье льняное',
    brand: 'Nord Wind',
    gender: 'women',
    country: 'RU',
    erpCategory: { level1: 'Одежда', level2: 'Платья' },
    composition: [
      { material: 'лён', percent: 70 },
      { material: 'хлопок', percent: 30 },
    ],
    sizeScale: 'RU_CLOTHES',
    sizes: ['42', '44'].map((size, i) => ({
      size,
      sellerSku: `TEST-${n}-${size}`,
      barcode: ean13(`2000${String(n).padStart(5, '0')}00${i}`),
      dataMatrix: false,
    })),
    price: 4990,
    attributes: { color_family: 'бежевый', season: ['summer'] },
    legal: {
      tnVed: '6204420000',
      producer: 'ООО «Северный ветер»',
      producerAddress: 'г. Москва, ул. Тверская, 1',
      isResale: false,
      eac: true,
    },
    ...over,
  };
}
const store = (c: Record<string, unknown>) =>
  t.rpc('v1.nomenclatures.store', { partnerId: 10001, card: c }, seller);
const fields = (r: { error?: { data?: { errors?: { field: string; message: string }[] } } }) =>
  r.error?.data?.errors ?? [];

describe('creating a card', () => {
  it('creates one product per size, on moderation, with marketplace SKUs, and it shows in the list', async () => {
    const c = card();
    const res = await store(c);
    expect(res.result).toMatchObject({ sellerParentSku: c.sellerParentSku, status: 'moderation_pending' });
    expect(res.result.ids).toHaveLength(2);
    const listed = (
      await t.rpc(
        'v1.nomenclatures.list',
        { partnerId: 10001, tab: 'moderation_pending', search: c.sellerParentSku },
        seller,
      )
    ).result;
    expect(listed.items.map((i: { sellerSku: string }) => i.sellerSku).sort()).toEqual([
      `${c.sellerParentSku}-42`,
      `${c.sellerParentSku}-44`,
    ]);
    // The seeded catalogue's format (MD10001000062): MD or MDP and 11 digits.
    for (const item of listed.items) {
      expect(item.modaSku).toMatch(MODA_SKU.pattern);
      expect(item.modaParentSku).toMatch(MODA_SKU.parentPattern);
    }
    expect(listed.items[0].modaParentSku).toBe(listed.items[1].modaParentSku);
  });

  it.each([
    [
      {
        composition: [
          { material: 'лён', percent: 70 },
          { material: 'хлопок', percent: 29 },
        ],
      },
      'composition',
      'Сумма процентов состава должна быть равна 100%',
    ],
    [
      {
        composition: [
          { material: 'лён', percent: 70 },
          { material: 'хлопок', percent: 31 },
        ],
      },
      'composition',
      'Сумма процентов состава должна быть равна 100%',
    ],
    [
      {
        legal: {
          tnVed: '6204421000',
          producer: 'ООО «Ветер»',
          producerAddress: 'г. Москва, ул. Тверская, 1',
          isResale: false,
          eac: true,
        },
      },
      'legal.tnVed',
      'Код ТН ВЭД устарел: выберите действующий',
    ],
    [
      {
        legal: {
          tnVed: '1234567890',
          producer: 'ООО «Ветер»',
          producerAddress: 'г. Москва, ул. Тверская, 1',
          isResale: false,
          eac: true,
        },
      },
      'legal.tnVed',
      'Такого кода ТН ВЭД нет в справочнике',
    ],
    [{ attributes: { season: ['summer'] } }, 'attributes.color_family', 'Заполните обязательный атрибут'],
    [
      { attributes: { color_family: 'неоновый', season: ['summer'] } },
      'attributes.color_family',
      'Выберите значение из списка',
    ],
    [
      { attributes: { color_family: 'бежевый', season: ['summer'], heel_height: 5 } },
      'attributes.heel_height',
      'Такого атрибута нет в категории',
    ],
    [
      { erpCategory: { level1: 'Одежда', level2: 'Кроссовки' } },
      'erpCategory',
      'Выберите категорию из списка',
    ],
    [{ brand: 'Calvin Klein' }, 'brand', 'Для продажи этого бренда нужно разрешение'],
  ])('refuses %j on %s', async (over, field, message) => {
    const res = await store(card(over));
    expect(fields(res)).toContainEqual({ field, message });
  });

  it('attributes every category has beside the card fields (model, site section) go into attributes', async () => {
    const res = await store(
      card({
        attributes: {
          color_family: 'бежевый',
          season: ['summer'],
          model_name: 'Лето',
          site_category: 'Платья',
        },
      }),
    );
    expect(res.result?.status).toBe('moderation_pending');
    expect(
      fields(
        await store(card({ attributes: { color_family: 'бежевый', season: ['summer'], title: 'Другое' } })),
      ),
    ).toEqual([{ field: 'attributes.title', message: 'Такого атрибута нет в категории' }]);
  });

  it('sizes: one size not allowed for the scale, a size outside the scale, repeated sizes, broken EAN, mismatched Data Matrix', async () => {
    const c = card();
    const [s1, s2] = c.sizes as { size: string; sellerSku: string; barcode: string; dataMatrix: boolean }[];
    const res = await store({
      ...c,
      sizes: [
        { ...s1, size: 'ONE' },
        { ...s2, size: 'XXXL' },
        {
          size: '46',
          sellerSku: `${c.sellerParentSku}-46`,
          barcode: s2!.barcode.slice(0, 12) + ((Number(s2!.barcode[12]) + 1) % 10),
          dataMatrix: true,
        },
        {
          size: '46',
          sellerSku: `${c.sellerParentSku}-46b`,
          barcode: ean13('200099999001'),
          dataMatrix: false,
        },
      ],
    });
    expect(fields(res)).toEqual(
      expect.arrayContaining([
        { field: 'sizes.0.size', message: 'Безразмерный товар недопустим для выбранной размерной сетки' },
        { field: 'sizes.1.size', message: 'Такого размера нет в выбранной размерной сетке' },
        { field: 'sizes.2.barcode', message: 'Неверный штрихкод: не сходится контрольная цифра EAN-13' },
        { field: 'sizes.3.size', message: 'Размеры не должны повторяться' },
        { field: 'sizes', message: 'Маркировка Data Matrix должна совпадать у всех размеров' },
      ]),
    );
  });

  it('a seller SKU or barcode of another card is a duplicate; nothing of a refused card is saved', async () => {
    const first = card();
    await store(first);
    const second = card();
    const clash = {
      ...second,
      sizes: [
        {
          ...(second.sizes as object[])[0]!,
          sellerSku: (first.sizes as { sellerSku: string }[])[0]!.sellerSku,
        },
      ],
    };
    const res = await store(clash);
    expect(fields(res)).toEqual([
      { field: 'sizes.0.sellerSku', message: 'Такой артикул уже есть в каталоге' },
    ]);
    expect(
      await t.sql(`select 1 from products where seller_parent_sku = $1`, [second.sellerParentSku]),
    ).toHaveLength(0);
  });

  it('sizes of one parent share category and brand; saving the card again updates it', async () => {
    const c = card();
    await store(c);
    const differ = await store({
      ...c,
      brand: 'Levi’s',
      category: 'accessories',
      erpCategory: { level1: 'Аксессуары', level2: 'Сумки' },
      attributes: { color_family: 'бежевый' },
    });
    expect(fields(differ)).toEqual(
      expect.arrayContaining([
        {
          field: 'category',
          message: 'Значения полей различаются у товаров с одинаковым артикулом родителя',
        },
        { field: 'brand', message: 'Значения полей различаются у товаров с одинаковым артикулом родителя' },
      ]),
    );
    const again = await store({ ...c, title: 'Платье льняное миди', price: 5490 });
    expect(again.result.ids).toHaveLength(2);
    const rows = await t.sql<{ title: string; price: string }>(
      `select title, price::text from products where seller_parent_sku = $1`,
      [c.sellerParentSku],
    );
    expect(rows.every((r) => r.title === 'Платье льняное миди' && r.price === '5490.00')).toBe(true);
  });

  it('schema rules land on their fields too: EAN length, empty title, negative price', async () => {
    const res = await store(
      card({
        title: '',
        price: -5,
        sizes: [{ size: '42', sellerSku: 'X-1', barcode: '123', dataMatrix: false }],
      }),
    );
    expect(res.error?.code).toBe(-32602);
    expect(fields(res)).toEqual(
      expect.arrayContaining([
        { field: 'card.title', message: 'Обязательное поле' },
        { field: 'card.price', message: 'Число должно быть больше нуля' },
        { field: 'card.sizes.0.barcode', message: 'Штрихкод EAN-13: 13 цифр' },
      ]),
    );
  });
});

describe('moderation', () => {
  it('approve → out of stock until stock arrives; reject needs a reason → need action with it', async () => {
    const ok = card();
    await store(ok);
    expect(
      (
        await t.rpc(
          'v1.nomenclatures.moderate',
          { partnerId: 10001, sellerParentSku: ok.sellerParentSku, decision: 'approved' },
          seller,
        )
      ).error?.code,
    ).toBe(50403);
    const approved = await t.rpc(
      'v1.nomenclatures.moderate',
      { partnerId: 10001, sellerParentSku: ok.sellerParentSku, decision: 'approved' },
      support,
    );
    expect(approved.result.status).toBe('approved');
    expect(
      (
        await t.sql<{ status: string }>(`select distinct status from products where seller_parent_sku = $1`, [
          ok.sellerParentSku,
        ])
      ).map((r) => r.status),
    ).toEqual(['out_of_stock']);
    expect(
      (
        await t.rpc(
          'v1.nomenclatures.moderate',
          { partnerId: 10001, sellerParentSku: ok.sellerParentSku, decision: 'approved' },
          support,
        )
      ).error?.data?.reason,
    ).toBe('nomenclature.notOnModeration');

    const bad = card();
    await store(bad);
    const noReason = await t.rpc(
      'v1.nomenclatures.moderate',
      { partnerId: 10001, sellerParentSku: bad.sellerParentSku, decision: 'rejected' },
      support,
    );
    expect(fields(noReason)).toEqual([{ field: 'reason', message: 'Укажите причину отклонения' }]);
    await t.rpc(
      'v1.nomenclatures.moderate',
      {
        partnerId: 10001,
        sellerParentSku: bad.sellerParentSku,
        decision: 'rejected',
        reason: 'Нет фото изнанки',
      },
      support,
    );
    const rows = await t.sql<{ status: string; moderation_reason: string }>(
      `select status, moderation_reason from products where seller_parent_sku = $1`,
      [bad.sellerParentSku],
    );
    expect(rows.every((r) => r.status === 'need_action' && r.moderation_reason === 'Нет фото изнанки')).toBe(
      true,
    );
  });
});

describe('editing', () => {
  it('loads a card by any size id with everything the stepper sent', async () => {
    const c = card();
    const { ids } = (await store(c)).result;
    const res = (await t.rpc('v1.nomenclatures.card.get', { partnerId: 10001, id: ids[1] }, seller)).result;
    expect(res.card).toMatchObject({
      category: 'clothes',
      sellerParentSku: c.sellerParentSku,
      gender: 'women',
      composition: c.composition,
      sizeScale: 'RU_CLOTHES',
      legal: c.legal,
      attributes: { color_family: 'бежевый', season: ['summer'] },
    });
    expect(res.card.sizes.map((x: { size: string }) => x.size)).toEqual(['42', '44']);
    expect(res).toMatchObject({ status: 'moderation_pending', moderationStatus: 'on_moderation' });
    expect(
      (await t.rpc('v1.nomenclatures.card.get', { partnerId: 10001, id: '999999999' }, seller)).error?.code,
    ).toBe(50404);
  });

  it('the moderator’s note shows in the list until the seller hides it', async () => {
    const c = card();
    const { ids } = (await store(c)).result;
    await t.rpc(
      'v1.nomenclatures.moderate',
      {
        partnerId: 10001,
        sellerParentSku: c.sellerParentSku,
        decision: 'rejected',
        reason: 'Нет фото изнанки',
      },
      support,
    );
    const row = async () =>
      (
        await t.rpc(
          'v1.nomenclatures.list',
          { partnerId: 10001, tab: 'need_action', search: c.sellerParentSku },
          seller,
        )
      ).result.items[0];
    expect((await row()).moderationReason).toBe('Нет фото изнанки');
    const hidden = await t.rpc('v1.nomenclatures.hide-moderation', { partnerId: 10001, ids }, seller);
    expect(hidden.result.items.every((i: { ok: boolean }) => i.ok)).toBe(true);
    expect((await row()).moderationReason).toBeNull();
  });
});

describe('the demo catalogue', () => {
  it('every seeded product of every demo partner opens in the editor as a whole card', async () => {
    const admin = (await t.login('admin')).accessToken;
    const rows = await t.sql<{ id: string; partner_id: number }>(
      `select id::text, partner_id from products where seller_parent_sku not like 'TEST-%' order by id`,
    );
    expect([...new Set(rows.map((r) => r.partner_id))].sort()).toEqual([10001, 10002, 10003, 10004, 10005]);
    const broken: string[] = [];
    for (let i = 0; i < rows.length; i += 16) {
      await Promise.all(
        rows.slice(i, i + 16).map(async ({ id, partner_id: partnerId }) => {
          const res = await t.rpc('v1.nomenclatures.card.get', { partnerId, id }, admin);
          // Whole: what the form would send back unchanged passes the card's schema.
          const card = ProductCard.safeParse(res.result?.card);
          if (!card.success)
            broken.push(`${partnerId}/${id}: ${res.error?.message ?? z.prettifyError(card.error)}`);
        }),
      );
    }
    expect(broken).toEqual([]);
    // A sweep over every demo card (4.5 s on a quiet CI machine, 20 s at load average 14): its own bound.
  }, 60_000);

  it('seeded Moda SKUs have the one format new ones get', async () => {
    const odd = await t.sql(
      `select moda_sku, moda_parent_sku from products
        where moda_sku !~ $1 or moda_parent_sku !~ $2 limit 5`,
      [MODA_SKU.pattern.source, MODA_SKU.parentPattern.source],
    );
    expect(odd).toEqual([]);
  });

  it('a one-size product saved without its size (demo data before migration 0020) opens with the size ONE', async () => {
    const insert = (sku: string, parent: string, n: number) =>
      t.sql(
        `insert into products (partner_id, moda_sku, moda_parent_sku, seller_sku, seller_parent_sku, barcode,
           title, brand, category, erp_level1, erp_level2, price, status, moderation_status)
         values (10001, $1, 'MDP-OLD', $2, $3, $4, 'Сумка, чёрный', 'Nord Wind', 'accessories', 'Аксессуары',
           'Сумки', 3490, 'online', 'approved')`,
        [`MD-OLD-${n}`, sku, parent, ean13(`46099900000${n}`)],
      );
    await insert('OLD-BAG', 'OLD-BAG', 1);
    await insert('OLD-TEE-42', 'OLD-TEE', 2);
    await insert('OLD-TEE-44', 'OLD-TEE', 3);
    const migration = await fs.readFile(
      new URL('../../db/migrations/0020_demo_card_sizes.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await t.sql(statement);
    const [bag, tee] = await t.sql<{ id: string }>(
      `select min(id)::text as id from products where seller_parent_sku in ('OLD-BAG', 'OLD-TEE')
        group by seller_parent_sku order by seller_parent_sku`,
    );
    const open = async (id: string) =>
      (await t.rpc('v1.nomenclatures.card.get', { partnerId: 10001, id }, seller)).result?.card;
    expect(await open(bag!.id)).toMatchObject({ sizeScale: 'ONE_SIZE', sizes: [{ size: 'ONE' }] });
    expect((await open(tee!.id)).sizes.map((x: { size: string }) => x.size)).toEqual(['42', '44']);
  });
});

describe('reference', () => {
  it('serves categories, attribute sets with required ones, dictionaries and ERP categories', async () => {
    expect((await t.rpc('v1.catalogue.categories.list', {}, seller)).result.items).toContainEqual({
      code: 'clothes',
      name: 'Одежда',
    });
    const attrs = (await t.rpc('v1.catalogue.attributes.list', { category: 'beauty' }, seller)).result.items;
    expect(attrs.find((a: { code: string }) => a.code === 'volume_ml')).toMatchObject({
      required: true,
      valueType: 'number',
      group: 'extra_group',
    });
    expect(attrs.find((a: { code: string }) => a.code === 'heel_height')).toBeUndefined();
    const tn = (await t.rpc('v1.catalogue.attribute-dictionaries.get', { dictionary: 'tn_ved' }, seller))
      .result.items;
    expect(tn.filter((e: { obsolete: boolean }) => e.obsolete).length).toBeGreaterThan(0);
    expect(
      (await t.rpc('v1.catalogue.erp-categories.list', { category: 'footwear' }, seller)).result.items[0]
        .level2,
    ).toContain('Кроссовки');
    expect(
      (await t.rpc('v1.catalogue.brands.list', { partnerId: 10001 }, seller)).result.items,
    ).toContainEqual({ name: 'Calvin Klein', needsPermission: true, permissionGranted: false });
  });

  it('a category’s site sections are its own, each once; the site_category rule reads the same list', async () => {
    const attrs = (await t.rpc('v1.catalogue.attributes.list', { category: 'clothes' }, seller)).result.items;
    const site = attrs.find((a: { code: string }) => a.code === 'site_category');
    const names = (
      await t.rpc('v1.catalogue.attribute-dictionaries.get', { dictionary: site.dictionary }, seller)
    ).result.items.map((e: { name: string }) => e.name);
    expect(names.filter((n: string) => n === 'Футболки')).toHaveLength(1);
    expect(names).toEqual(expect.arrayContaining(['Платья', 'Джинсы', 'Комбинезоны']));
    expect(names).not.toContain('Кроссовки');
    const base = { color_family: 'бежевый', season: ['summer'] };
    expect(
      (await store(card({ attributes: { ...base, site_category: 'Комбинезоны' } }))).result?.status,
    ).toBe('moderation_pending');
    expect(fields(await store(card({ attributes: { ...base, site_category: 'Кроссовки' } })))).toEqual([
      { field: 'attributes.site_category', message: 'Выберите значение из списка' },
    ]);
  });

  it('the country of production is the contract’s one list, served as the country dictionary', async () => {
    const served = (await t.rpc('v1.catalogue.attribute-dictionaries.get', { dictionary: 'country' }, seller))
      .result.items;
    expect(served).toEqual(
      Object.entries(PRODUCTION_COUNTRIES).map(([code, name]) => ({ code, name, obsolete: false })),
    );
    const made = card({ country: 'CN' });
    const { ids } = (await store(made)).result;
    expect(
      (await t.rpc('v1.nomenclatures.card.get', { partnerId: 10001, id: ids[0] }, seller)).result.card
        .country,
    ).toBe('CN');
    expect(fields(await store(card({ country: 'XX' })))).toEqual([
      { field: 'card.country', message: 'Недопустимое значение' },
    ]);
  });

  it('another partner’s card cannot be stored or moderated', async () => {
    const res = await t.rpc('v1.nomenclatures.store', { partnerId: 10002, card: card() }, seller);
    expect(res.error?.code).toBe(50404);
  });
});
