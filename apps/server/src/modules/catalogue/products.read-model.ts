// The one read of products that the products list, the price table, exports and imports share: the list's
// filter (tab, brand, category, search) as SQL, its sorts, the columns of a row and of a card, rows → card.
//
// An export, a price table or a template holds exactly the products the list shows for the same filter
// because all of them build their WHERE here. Each caller still writes its own statement (the list's are
// prepared once per shape, exports read keyset pages, the price table joins its prices), so every read keeps
// its plan over the indexes that start with partner_id.
import {
  PARENT_SKU_FIELD,
  SKU_FIELD,
  type CategoryCode,
  type ProductCard,
  type ProductListTab,
  type ProductRow,
  type ProductSortField,
} from '@moda/contracts';
import {
  and,
  asc,
  desc,
  eq,
  ilike,
  like,
  or,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { z } from 'zod';
import { products } from './catalogue.schema';

export type ProductTab = z.infer<typeof ProductListTab>;
export type ProductSort = { field: z.infer<typeof ProductSortField>; direction: 'asc' | 'desc' };

/** The list's filters without the tab (v1.nomenclatures.count-by-statuses): the same for every tab. */
export interface ProductFilter {
  partnerId: number;
  brand?: string | undefined;
  category?: string | undefined;
  search?: string | undefined;
}

/** The list's filters with its tab (v1.nomenclatures.list without sort and paging). */
export interface ProductTabFilter extends ProductFilter {
  tab: ProductTab;
}

// ---- filter and search → WHERE ----

/** Which conditions a filter has. A statement is built per shape; the values are bound apart. */
export interface FilterShape {
  brand: boolean;
  category: boolean;
  search: boolean;
}

/** A tab is the archive, every product outside it, or one status outside it. */
export type TabKind = 'all' | 'archive' | 'status';
const tabKindOf = (tab: ProductTab): TabKind => (tab === 'all' || tab === 'archive' ? tab : 'status');

/**
 * The values a filter binds: as they are, or placeholders of a prepared statement (FILTER_PLACEHOLDERS).
 * A type, not an interface: a prepared statement executes with it as a record of values.
 */
export type FilterParams = {
  partnerId: number | Placeholder;
  brand?: string | Placeholder;
  category?: string | Placeholder;
  /** Seller and Moda SKUs start with it. */
  searchPrefix?: string | Placeholder;
  /** The barcode is it. */
  searchExact?: string | Placeholder;
  /** The name holds it, in any case. */
  searchContains?: string | Placeholder;
  /** The tab's status (a status tab only). */
  status?: string | Placeholder;
};

export const FILTER_PLACEHOLDERS = {
  partnerId: sql.placeholder('partnerId'),
  brand: sql.placeholder('brand'),
  category: sql.placeholder('category'),
  searchPrefix: sql.placeholder('searchPrefix'),
  searchExact: sql.placeholder('searchExact'),
  searchContains: sql.placeholder('searchContains'),
  status: sql.placeholder('status'),
} satisfies Required<FilterParams>;

/** The search's text as LIKE matches it: its own %, _ and \ are not wildcards. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A filter's shape, and its values under the names of FILTER_PLACEHOLDERS (only those the shape uses). */
export function filterShapeOf(f: ProductFilter): { shape: FilterShape; values: FilterParams } {
  const search = f.search?.trim();
  const values: FilterParams = { partnerId: f.partnerId };
  if (f.brand) values.brand = f.brand;
  if (f.category) values.category = f.category;
  if (search) {
    values.searchPrefix = `${escapeLike(search)}%`;
    values.searchExact = search;
    values.searchContains = `%${escapeLike(search)}%`;
  }
  return { shape: { brand: !!f.brand, category: !!f.category, search: !!search }, values };
}

/** The tab's kind and the value it binds. */
export function tabOf(tab: ProductTab): { kind: TabKind; values: Pick<FilterParams, 'status'> } {
  const kind = tabKindOf(tab);
  return { kind, values: kind === 'status' ? { status: tab } : {} };
}

/** The partner's products under the filters, on every tab (a shape's condition reads its value from `p`). */
export function filterWhere(shape: FilterShape, p: FilterParams): SQL {
  return and(
    eq(products.partnerId, p.partnerId),
    shape.brand ? eq(products.brand, p.brand!) : undefined,
    shape.category ? eq(products.category, p.category!) : undefined,
    // SKUs by prefix (their unique index), the barcode exactly (its index), the name by words (trigrams).
    shape.search
      ? or(
          like(products.sellerSku, p.searchPrefix!),
          like(products.modaSku, p.searchPrefix!),
          eq(products.barcode, p.searchExact!),
          ilike(products.title, p.searchContains!),
        )
      : undefined,
  )!;
}

/** The products of one tab: the archive, or outside it all of them or those of one status. */
export function tabWhere(kind: TabKind, p: FilterParams): SQL {
  if (kind === 'all') return eq(products.archived, false);
  if (kind === 'archive') return eq(products.archived, true);
  return and(eq(products.archived, false), eq(products.status, p.status!))!;
}

/** Exactly the products the list shows for this filter, with its values in the statement. */
export function productWhere(f: ProductTabFilter): SQL {
  const { shape, values } = filterShapeOf(f);
  const tab = tabOf(f.tab);
  return and(filterWhere(shape, values), tabWhere(tab.kind, { ...values, ...tab.values }))!;
}

// ---- sort ----

const SORT_COLUMNS = {
  sku: products.sellerSku,
  title: products.title,
  base_price: products.price,
  red_price: products.salePrice,
  pi_value: products.piValue,
  date_create: products.createdAt,
} satisfies Record<ProductSort['field'], SQLWrapper>;

/** Sort columns without nulls: for them "nulls last" descending is the index's backward order. */
const NEVER_NULL: ReadonlySet<ProductSort['field']> = new Set(['sku', 'title', 'date_create']);

/**
 * ORDER BY of the list's sort, nulls last, ties broken by id in the same direction (a stable page order).
 * `columns` replaces what a field sorts by (the price table sorts prices by the shown country's).
 */
export function productOrder(
  sort: ProductSort,
  columns: Partial<Record<ProductSort['field'], SQLWrapper>> = {},
): [SQL, SQL] {
  const column = columns[sort.field] ?? SORT_COLUMNS[sort.field];
  if (sort.direction === 'asc') return [sql`${column} asc nulls last`, asc(products.id)];
  return [
    NEVER_NULL.has(sort.field) ? sql`${column} desc` : sql`${column} desc nulls last`,
    desc(products.id),
  ];
}

// ---- columns ----

/** What every table of products shows to tell a product: its keys, names, category and status. */
export const productIdentityColumns = {
  id: products.id,
  modaSku: products.modaSku,
  modaParentSku: products.modaParentSku,
  sellerSku: products.sellerSku,
  sellerParentSku: products.sellerParentSku,
  barcode: products.barcode,
  title: products.title,
  brand: products.brand,
  category: products.category,
  status: products.status,
};

/** A row of the given columns as the driver returns it (every key of these column sets is the column's own). */
type Selected<C> = Pick<typeof products.$inferSelect, keyof C & keyof typeof products.$inferSelect>;

/** The list's columns: everything but the attribute set, which the list does not show. */
export const productListColumns = {
  partnerId: products.partnerId,
  ...productIdentityColumns,
  erpLevel1: products.erpLevel1,
  erpLevel2: products.erpLevel2,
  price: products.price,
  salePrice: products.salePrice,
  piValue: products.piValue,
  quantity: products.quantity,
  moderationStatus: products.moderationStatus,
  moderationReason: products.moderationReason,
  moderationHidden: products.moderationHidden,
  archived: products.archived,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};
export type ProductRecord = Selected<typeof productListColumns>;

/** What a card is made of (templates, exports): the product's own fields and its attribute set. */
export const productCardColumns = {
  ...productIdentityColumns,
  erpLevel1: products.erpLevel1,
  erpLevel2: products.erpLevel2,
  price: products.price,
  salePrice: products.salePrice,
  attributes: products.attributes,
};
export type CardRecord = Selected<typeof productCardColumns>;

// ---- rows → contract shapes ----

/** A product's identity as the contracts' rows show it (ProductRow, PriceListRow). */
export function productIdentity(r: Selected<typeof productIdentityColumns>) {
  return {
    id: String(r.id),
    [SKU_FIELD]: r.modaSku,
    [PARENT_SKU_FIELD]: r.modaParentSku,
    sellerSku: r.sellerSku,
    sellerParentSku: r.sellerParentSku,
    barcode: r.barcode,
    title: r.title,
    brand: r.brand,
    category: r.category as ProductRow['category'],
    status: r.status as ProductRow['status'],
  };
}

/** A row of the products list. */
export function toProductRow(r: ProductRecord): ProductRow {
  // Object.assign onto the identity, not a spread: copying its computed keys into a new object cost the list
  // about 10× the CPU of the mapping itself (docs/performance.md, after the foundation restructure).
  return Object.assign(productIdentity(r), {
    axaptaCategoryLevel1: r.erpLevel1,
    axaptaCategoryLevel2: r.erpLevel2,
    price: r.price,
    salePrice: r.salePrice,
    quantity: r.quantity,
    moderationStatus: r.moderationStatus as ProductRow['moderationStatus'],
    // A note the seller dismissed is not shown again.
    moderationReason: r.moderationHidden ? null : r.moderationReason,
    archived: r.archived,
    piValue: r.piValue,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  });
}

/** The card a product's stored rows make: what was saved, so fields a card never had stay absent. */
export type StoredCard = Partial<ProductCard> &
  Pick<ProductCard, 'category' | 'sellerParentSku' | 'title' | 'brand' | 'attributes' | 'sizes'>;

type CardFields = Pick<
  CardRecord,
  'category' | 'sellerParentSku' | 'title' | 'brand' | 'erpLevel1' | 'erpLevel2' | 'price' | 'attributes'
>;
type SizeFields = Pick<CardRecord, 'sellerSku' | 'barcode' | 'attributes'>;

/**
 * The card of one parent: its shared fields from `own` (the row asked for, or the first), a size per row of
 * `sizes`. A row's attributes hold the card's details beside the attribute set (cardRowValues writes them):
 * gender, country, composition, size scale, legal, and the size's own size and Data Matrix mark.
 */
export function storedCard(own: CardFields, sizes: readonly SizeFields[]): StoredCard {
  const {
    gender,
    country,
    composition,
    sizeScale,
    legal,
    size: _size,
    dataMatrix: _dm,
    ...attributes
  } = (own.attributes ?? {}) as Record<string, unknown>;
  return {
    category: own.category as CategoryCode,
    sellerParentSku: own.sellerParentSku,
    title: own.title,
    brand: own.brand,
    ...(own.erpLevel1 && own.erpLevel2
      ? { erpCategory: { level1: own.erpLevel1, level2: own.erpLevel2 } }
      : {}),
    ...(own.price !== null ? { price: own.price } : {}),
    ...(gender ? { gender: gender as ProductCard['gender'] } : {}),
    ...(country ? { country: country as ProductCard['country'] } : {}),
    ...(composition ? { composition: composition as ProductCard['composition'] } : {}),
    ...(typeof sizeScale === 'string' && sizeScale ? { sizeScale } : {}),
    ...(legal ? { legal: legal as ProductCard['legal'] } : {}),
    attributes: attributes as ProductCard['attributes'],
    sizes: sizes.map((r) => {
      const a = (r.attributes ?? {}) as { size?: unknown; dataMatrix?: unknown };
      return {
        // Every way in stores it (migration 0020 gave it to the demo rows stored before).
        size: typeof a.size === 'string' ? a.size : '',
        sellerSku: r.sellerSku,
        barcode: r.barcode ?? '',
        dataMatrix: a.dataMatrix === true,
      };
    }),
  };
}
