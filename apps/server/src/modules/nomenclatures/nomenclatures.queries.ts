// SQL of the products list: filters, tabs, sorts and paging over indexes that start with partner_id.
import { and, asc, desc, eq, fillPlaceholders, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productCounts, products } from '../catalogue';

/** The list's columns: everything but the attribute set, which the list does not show. */
const listColumns = {
  partnerId: products.partnerId,
  id: products.id,
  modaSku: products.modaSku,
  modaParentSku: products.modaParentSku,
  sellerSku: products.sellerSku,
  sellerParentSku: products.sellerParentSku,
  barcode: products.barcode,
  title: products.title,
  brand: products.brand,
  category: products.category,
  erpLevel1: products.erpLevel1,
  erpLevel2: products.erpLevel2,
  price: products.price,
  salePrice: products.salePrice,
  piValue: products.piValue,
  quantity: products.quantity,
  status: products.status,
  moderationStatus: products.moderationStatus,
  moderationReason: products.moderationReason,
  moderationHidden: products.moderationHidden,
  archived: products.archived,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};
export type ProductRecord = { [K in keyof typeof listColumns]: (typeof products.$inferSelect)[K] };

export interface ListFilter {
  partnerId: number;
  brand?: string | undefined;
  category?: string | undefined;
  search?: string | undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/*
 * The list and its counts run as prepared statements: one per shape of the request (which filters are
 * present, the tab's kind, the sort), built by drizzle once and then executed with values only. Building
 * the statement text anew cost more CPU than PostgreSQL spent answering it (docs/performance.md). Without a
 * search the statement is also named, so each connection parses it once and PostgreSQL may keep its plan; a
 * search is planned on every call, as its best plan depends on the words searched for (trigram selectivity).
 * The values never become part of the text.
 */
const p = {
  partnerId: sql.placeholder('partnerId'),
  brand: sql.placeholder('brand'),
  category: sql.placeholder('category'),
  searchPrefix: sql.placeholder('searchPrefix'),
  searchExact: sql.placeholder('searchExact'),
  searchContains: sql.placeholder('searchContains'),
  status: sql.placeholder('status'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

interface Shape {
  brand: boolean;
  category: boolean;
  search: boolean;
}

function shapeOf(f: ListFilter): Shape & { values: Record<string, unknown> } {
  const search = f.search?.trim();
  const values: Record<string, unknown> = { partnerId: f.partnerId };
  if (f.brand) values.brand = f.brand;
  if (f.category) values.category = f.category;
  if (search) {
    values.searchPrefix = `${escapeLike(search)}%`;
    values.searchExact = search;
    values.searchContains = `%${escapeLike(search)}%`;
  }
  return { brand: !!f.brand, category: !!f.category, search: !!search, values };
}

const shapeKey = (s: Shape) => `${s.brand ? 'b' : ''}${s.category ? 'c' : ''}${s.search ? 's' : ''}`;

function filterOf(s: Shape): SQL {
  return and(
    eq(products.partnerId, p.partnerId),
    s.brand ? eq(products.brand, p.brand) : undefined,
    s.category ? eq(products.category, p.category) : undefined,
    s.search
      ? or(
          like(products.sellerSku, p.searchPrefix),
          like(products.modaSku, p.searchPrefix),
          eq(products.barcode, p.searchExact),
          ilike(products.title, p.searchContains),
        )
      : undefined,
  )!;
}

type TabKind = 'all' | 'archive' | 'status';
const tabKindOf = (tab: string): TabKind => (tab === 'all' || tab === 'archive' ? tab : 'status');

function tabOf(kind: TabKind): SQL {
  if (kind === 'all') return eq(products.archived, false);
  if (kind === 'archive') return eq(products.archived, true);
  return and(eq(products.archived, false), eq(products.status, p.status))!;
}

const SORT_COLUMNS = {
  sku: products.sellerSku,
  title: products.title,
  base_price: products.price,
  red_price: products.salePrice,
  pi_value: products.piValue,
  date_create: products.createdAt,
} as const;
type SortField = keyof typeof SORT_COLUMNS;

/** Sort columns without nulls: for them "nulls last" descending is the index's backward order. */
const NEVER_NULL: ReadonlySet<SortField> = new Set(['sku', 'title', 'date_create']);

/**
 * Statements built once, by the database handle they belong to (the pool, or a transaction) and key. The
 * name PostgreSQL gets is the key, or none ('') for a statement planned on every call.
 */
const statements = new WeakMap<DbOrTx, Map<string, unknown>>();
function prepared<T>(
  db: DbOrTx,
  key: string,
  named: boolean,
  build: (name: string) => T,
): { name: string; statement: T } {
  const name = named ? key : '';
  let mine = statements.get(db);
  if (!mine) statements.set(db, (mine = new Map<string, unknown>()));
  let statement = mine.get(key) as T | undefined;
  if (!statement) mine.set(key, (statement = build(name)));
  return { name, statement };
}

function listStatement(db: DbOrTx, shape: Shape, tab: TabKind, field: SortField, ascending: boolean) {
  const key = `nomenclatures_list_${shapeKey(shape)}_${tab}_${field}_${ascending ? 'asc' : 'desc'}`;
  return prepared(db, key, !shape.search, (name) => {
    const column = SORT_COLUMNS[field];
    return db
      .select(listColumns)
      .from(products)
      .where(and(filterOf(shape), tabOf(tab)))
      .orderBy(
        ascending
          ? sql`${column} asc nulls last`
          : NEVER_NULL.has(field)
            ? sql`${column} desc`
            : sql`${column} desc nulls last`,
        ascending ? asc(products.id) : desc(products.id),
      )
      .limit(p.limit)
      .offset(p.offset)
      .prepare(name);
  });
}

function totalStatement(db: DbOrTx, shape: Shape, tab: TabKind) {
  const key = `nomenclatures_total_${shapeKey(shape)}_${tab}`;
  return prepared(db, key, !shape.search, (name) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(filterOf(shape), tabOf(tab)))
      .prepare(name),
  );
}

export interface ListQuery extends ListFilter {
  tab: string;
  sort: { field: SortField; direction: 'asc' | 'desc' };
  limit: number;
  offset: number;
}

/** The page's statement and its total's, with the values of this request. */
function listCalls(db: DbOrTx, f: ListQuery) {
  const shape = shapeOf(f);
  const tab = tabKindOf(f.tab);
  const values = tab === 'status' ? { ...shape.values, status: f.tab } : shape.values;
  return {
    page: {
      ...listStatement(db, shape, tab, f.sort.field, f.sort.direction === 'asc'),
      values: { ...values, limit: f.limit, offset: f.offset },
    },
    total: { ...totalStatement(db, shape, tab), values },
  };
}

export async function listProducts(
  db: DbOrTx,
  f: ListQuery,
): Promise<{ rows: ProductRecord[]; total: number }> {
  const { page, total } = listCalls(db, f);
  // Two statements at once, on two connections of the pool: the page and how many rows the tab holds.
  const [rows, [count]] = await Promise.all([
    page.statement.execute(page.values),
    total.statement.execute(total.values),
  ]);
  return { rows, total: count?.n ?? 0 };
}

function countsCall(db: DbOrTx, f: ListFilter) {
  const shape = shapeOf(f);
  // Without filters the trigger-kept counters answer; with filters the rows are counted over an index.
  if (!shape.brand && !shape.category && !shape.search) {
    const call = prepared(db, 'nomenclatures_counts', true, (name) =>
      db
        .select({
          status: productCounts.status,
          archived: productCounts.archived,
          n: sql<number>`${productCounts.n}::int`,
        })
        .from(productCounts)
        .where(eq(productCounts.partnerId, p.partnerId))
        .prepare(name),
    );
    return { ...call, values: shape.values };
  }
  const key = `nomenclatures_counts_${shapeKey(shape)}`;
  const call = prepared(db, key, !shape.search, (name) =>
    db
      .select({ status: products.status, archived: products.archived, n: sql<number>`count(*)::int` })
      .from(products)
      .where(filterOf(shape))
      .groupBy(products.status, products.archived)
      .prepare(name),
  );
  return { ...call, values: shape.values };
}

export async function countByStatus(
  db: DbOrTx,
  f: ListFilter,
): Promise<{ status: string; archived: boolean; n: number }[]> {
  const { statement, values } = countsCall(db, f);
  return statement.execute(values);
}

/** A statement as PostgreSQL receives it: its name ('' when planned every call), text and values. */
export interface StatementText {
  name: string;
  text: string;
  values: unknown[];
}
const textOf = (c: {
  name: string;
  statement: { getQuery(): { sql: string; params: unknown[] } };
  values: Record<string, unknown>;
}): StatementText => ({
  name: c.name,
  text: c.statement.getQuery().sql,
  values: fillPlaceholders(c.statement.getQuery().params, c.values),
});

/**
 * Exactly the statements `listProducts` and `countByStatus` send for these arguments, for the benchmark
 * that runs them directly through pg beside the API (bench/catalogue.ts).
 */
export function statementsOf(db: DbOrTx, list: ListQuery): { list: StatementText[]; counts: StatementText } {
  const { page, total } = listCalls(db, list);
  return {
    list: [textOf(page), textOf(total)],
    counts: textOf(countsCall(db, { partnerId: list.partnerId })),
  };
}

export async function lockProducts(db: DbOrTx, partnerId: number, ids: number[]) {
  return db
    .select({
      id: products.id,
      status: products.status,
      quantity: products.quantity,
      archived: products.archived,
      moderationStatus: products.moderationStatus,
    })
    .from(products)
    .where(and(eq(products.partnerId, partnerId), inArray(products.id, ids)))
    .for('update');
}

export async function setStatus(db: DbOrTx, partnerId: number, ids: number[], status: string): Promise<void> {
  if (!ids.length) return;
  await db
    .update(products)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(products.partnerId, partnerId), inArray(products.id, ids)));
}

export async function setQuantities(
  db: DbOrTx,
  partnerId: number,
  items: { id: number; quantity: number; status: string }[],
): Promise<void> {
  if (!items.length) return;
  const values = sql.join(
    items.map((i) => sql`(${i.id}::bigint, ${i.quantity}::int, ${i.status}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    update products p set quantity = v.quantity, status = v.status, updated_at = now()
      from (values ${values}) as v(id, quantity, status)
     where p.partner_id = ${partnerId} and p.id = v.id`);
}

export async function brandsOf(db: DbOrTx, partnerId: number) {
  return db
    .select({ name: products.brand, count: sql<number>`count(*)::int` })
    .from(products)
    .where(and(eq(products.partnerId, partnerId), eq(products.archived, false)))
    .groupBy(products.brand)
    .orderBy(asc(products.brand));
}

export async function hideModeration(db: DbOrTx, partnerId: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .update(products)
    .set({ moderationHidden: true })
    .where(and(eq(products.partnerId, partnerId), inArray(products.id, ids)))
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}
