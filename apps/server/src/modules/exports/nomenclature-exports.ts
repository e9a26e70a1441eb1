// The three nomenclature export types (spec 000 §3): the products of the list's filters with their full
// or reduced (required only) attribute set, in the columns of the import template of the same mode so the
// file can be edited and uploaded back; and their sell values (price per country, sale price, period,
// discount). All xlsx, at most 100,000 rows (spec 001 §9), read in keyset pages by id.
import {
  Category,
  EXPORT_LIMITS,
  NomenclatureFilter,
  ProductListTab,
  type CategoryCode,
} from '@moda/contracts';
import { z } from 'zod';
import { ATTRIBUTES, CATEGORY_NAMES, DICTIONARIES } from '../catalogue';
import { attributeSet } from '../catalogue';
import { storedCard, type CardRecord } from '../catalogue';
import type { CallContext } from '../../core/context';
import { templateColumns } from '../catalogue';
import { writeTemplate, type TemplateCard } from '../catalogue';
import { registerExportType, type ExportColumn, type ExportRow, type ExportWriter } from './exports.registry';
import * as q from './exports.queries';

/** Products per keyset page. */
export const PAGE_SIZE = 2000;

/** The products list's filters (v1.nomenclatures.list) without partner, sort and paging. */
export const ProductExportFilter = z.strictObject({
  tab: ProductListTab.default('all'),
  brand: NomenclatureFilter.brand,
  category: NomenclatureFilter.category,
  search: NomenclatureFilter.search,
});
export type ProductExportFilter = z.infer<typeof ProductExportFilter>;

const PRODUCT_LIMIT = EXPORT_LIMITS.nomenclatures_with_full_attributes ?? 100_000;
const LIMIT_MESSAGE =
  'В выгрузке товаров не больше {limit} строк, под фильтры попадает {count}. Уточните фильтры';

/** The attribute codes of the mode for the filter's category, or for every category in catalogue order. */
export function attributeCodes(mode: 'full' | 'reduced', category: CategoryCode | undefined): string[] {
  const codes = new Set<string>();
  for (const cat of category ? [category] : Category.options)
    for (const a of attributeSet(cat)) if (mode === 'full' || a.required) codes.add(a.code);
  // The reference's order (main, extra, prices, sizes, legal), as the template shows the groups.
  return ATTRIBUTES.map((a) => a.code).filter((c) => codes.has(c));
}

/** Columns of the template of a mode: the product's key and category first, then its attributes. */
export function attributeColumns(mode: 'full' | 'reduced', f: ProductExportFilter): ExportColumn[] {
  const names = new Map(ATTRIBUTES.map((a) => [a.code, a.name]));
  return [
    { key: 'moda_sku', header: 'Артикул Moda', width: 14 },
    { key: 'category', header: 'Категория товара', width: 14 },
    { key: 'brand', header: 'Бренд', width: 18 },
    ...attributeCodes(mode, f.category).map((code) => ({
      key: code,
      header: names.get(code)!,
      width: code === 'title' || code === 'producer_address' ? 36 : 16,
      ...(code === 'price' ? { numFmt: '#,##0.00' } : {}),
    })),
    ...(mode === 'full' ? [{ key: 'composition', header: 'Состав', width: 24 }] : []),
  ];
}

/** Dictionary names by code, built once: a row looks its values up without scanning the lists. */
const DICTIONARY_NAMES = new Map(
  Object.entries(DICTIONARIES).map(([k, entries]) => [k, new Map(entries.map((e) => [e.code, e.name]))]),
);

const dictionaryName = (dictionary: string | null, code: unknown): string | undefined => {
  if (typeof code !== 'string') return undefined;
  if (!dictionary) return code;
  return DICTIONARY_NAMES.get(dictionary)?.get(code) ?? code;
};

/** One product as the template's cells: dictionary values by their names, several values joined. */
export function attributeRow(p: CardRecord): ExportRow {
  const a = (p.attributes ?? {}) as Record<string, unknown>;
  const legal = (a.legal ?? {}) as Record<string, unknown>;
  const own: Record<string, unknown> = {
    title: p.title,
    erp_category: p.erpLevel1,
    site_category: a.site_category ?? p.erpLevel2,
    gender: a.gender,
    country: a.country,
    price: p.price,
    size_scale: a.sizeScale,
    size_value: a.size,
    supplier_parent_sku: p.sellerParentSku,
    supplier_sku: p.sellerSku,
    product_identifier: p.barcode,
    tn_ved: legal.tnVed,
    eac: legal.eac,
    producer: legal.producer,
    producer_address: legal.producerAddress,
    is_resale: legal.isResale,
  };
  const row: ExportRow = {
    moda_sku: p.modaSku,
    category: CATEGORY_NAMES[p.category as CategoryCode] ?? p.category,
    brand: p.brand,
  };
  for (const def of ATTRIBUTES) {
    const value = def.code in own ? own[def.code] : a[def.code];
    if (value === undefined || value === null) continue;
    // Codes the template writes as they are typed: TN VED digits, the size itself.
    const dictionary = def.code === 'tn_ved' || def.code === 'size_value' ? null : def.dictionary;
    if (Array.isArray(value))
      row[def.code] = value.map((v) => dictionaryName(dictionary, v) ?? '').join(', ');
    else if (typeof value === 'number' || typeof value === 'boolean') row[def.code] = value;
    else if (typeof value === 'string') row[def.code] = dictionaryName(dictionary, value);
    else if (typeof value === 'object') {
      // A localized string: the Russian text.
      const ru = (value as Record<string, unknown>).ru;
      if (typeof ru === 'string') row[def.code] = ru;
    }
  }
  if (Array.isArray(a.composition)) {
    row.composition = (a.composition as { material?: string; percent?: number }[])
      .map((c) => `${c.material ?? ''} ${c.percent ?? ''}%`)
      .join(', ');
  }
  return row;
}

/** Every product under the filter, page by page in id order. */
export async function* productsOf(
  ctx: CallContext,
  partnerId: number,
  f: ProductExportFilter,
): AsyncIterable<CardRecord[]> {
  let after = 0;
  for (;;) {
    const page = await q.productPage(ctx.db, partnerId, f, after, PAGE_SIZE);
    if (page.length) yield page;
    if (page.length < PAGE_SIZE) return;
    after = page[page.length - 1]!.id;
  }
}

/**
 * With a category, the export is that category's import template of the same mode (its stamp, columns,
 * lists and instructions) filled with the products: edited and uploaded back, it updates them.
 */
function templateWriter(mode: 'full' | 'reduced', f: ProductExportFilter): ExportWriter | null {
  const category = f.category;
  if (!category) return null;
  return async (out, ctx, partnerId, env) => {
    const brands = (await env.catalogue.brands(ctx)).items.map((b) => b.name);
    let count = 0;
    async function* cards(): AsyncIterable<TemplateCard> {
      for await (const page of productsOf(ctx, partnerId, f))
        for (const p of page) {
          count++;
          // Each product its own card: a row shows that product's values even where its sizes differ.
          yield storedCard(p, [p]);
        }
    }
    await writeTemplate(out, {
      columns: templateColumns(env.catalogue, category, mode, brands),
      category,
      categoryName: CATEGORY_NAMES[category],
      mode,
      cards: cards(),
    });
    return count;
  };
}

for (const [type, mode, title] of [
  ['nomenclatures_with_full_attributes', 'full', 'Товары_полные_атрибуты'],
  ['nomenclatures_with_reduced_attributes', 'reduced', 'Товары_обязательные_атрибуты'],
] as const) {
  registerExportType({
    type,
    format: 'xlsx',
    title,
    filter: ProductExportFilter,
    limit: EXPORT_LIMITS[type] ?? PRODUCT_LIMIT,
    limitMessage: LIMIT_MESSAGE,
    count: (ctx, partnerId, f) => q.countProducts(ctx.db, partnerId, f),
    columns: (f) => attributeColumns(mode, f),
    writer: (f) => templateWriter(mode, f),
    async *rows(ctx, partnerId, f) {
      for await (const page of productsOf(ctx, partnerId, f)) for (const p of page) yield attributeRow(p);
    },
  });
}

/** The discount a sale price gives, in whole percent. */
const discountOf = (price: number | null, sale: number | null) =>
  price && sale !== null && sale < price ? Math.round((1 - sale / price) * 100) : null;
/** A calendar date (YYYY-MM-DD) as the instant of its Moscow midnight (writers show instants in Moscow). */
const day = (s: string | null) =>
  s && /^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T00:00:00+03:00`) : null;

export const SELL_VALUE_COLUMNS: ExportColumn[] = [
  { key: 'modaSku', header: 'Артикул Moda', width: 14 },
  { key: 'sellerSku', header: 'Артикул', width: 20 },
  { key: 'barcode', header: 'Штрихкод (EAN)', width: 16 },
  { key: 'title', header: 'Название', width: 36 },
  { key: 'brand', header: 'Бренд', width: 18 },
  { key: 'country', header: 'Страна', width: 8 },
  { key: 'price', header: 'Цена', width: 12, numFmt: '#,##0.00' },
  { key: 'salePrice', header: 'Цена со скидкой', width: 14, numFmt: '#,##0.00' },
  { key: 'discount', header: 'Скидка, %', width: 10 },
  { key: 'saleStart', header: 'Начало скидки', width: 12, numFmt: 'dd.mm.yy' },
  { key: 'saleEnd', header: 'Окончание скидки', width: 12, numFmt: 'dd.mm.yy' },
];

registerExportType({
  type: 'nomenclature_sell_values',
  format: 'xlsx',
  title: 'Цены_товаров',
  filter: ProductExportFilter,
  limit: EXPORT_LIMITS.nomenclature_sell_values ?? PRODUCT_LIMIT,
  limitMessage: LIMIT_MESSAGE,
  count: (ctx, partnerId, f) => q.countProducts(ctx.db, partnerId, f),
  columns: SELL_VALUE_COLUMNS,
  // One row per product and country with a price; a product without per-country prices shows its Russian
  // price from the list (RU is mirrored there).
  async *rows(ctx, partnerId, f) {
    for await (const page of productsOf(ctx, partnerId, f)) {
      const prices = await q.pricesOf(
        ctx.db,
        partnerId,
        page.map((p) => p.id),
      );
      const byProduct = new Map<number, q.ExportPrice[]>();
      for (const pr of prices) {
        const list = byProduct.get(pr.productId) ?? [];
        list.push(pr);
        byProduct.set(pr.productId, list);
      }
      for (const p of page) {
        const base = {
          modaSku: p.modaSku,
          sellerSku: p.sellerSku,
          barcode: p.barcode,
          title: p.title,
          brand: p.brand,
        };
        const own = byProduct.get(p.id);
        if (!own?.length) {
          yield {
            ...base,
            country: 'RU',
            price: p.price,
            salePrice: p.salePrice,
            discount: discountOf(p.price, p.salePrice),
          };
          continue;
        }
        for (const pr of own) {
          yield {
            ...base,
            country: pr.country,
            price: pr.price,
            salePrice: pr.salePrice,
            discount: discountOf(pr.price, pr.salePrice),
            saleStart: day(pr.saleStart),
            saleEnd: day(pr.saleEnd),
          };
        }
      }
    }
  },
});
