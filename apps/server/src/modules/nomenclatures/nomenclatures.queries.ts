// SQL of the products list: filters, tabs, sorts and paging over indexes that start with partner_id.
import { and, asc, eq, fillPlaceholders, inArray, sql } from 'drizzle-orm';
import { concurrently, type DbOrTx } from '../../db/client';
import { productCounts, products } from '../catalogue';
import {
  FILTER_PLACEHOLDERS,
  filterShapeOf,
  filterWhere,
  productListColumns,
  productOrder,
  tabOf,
  tabWhere,
  type FilterShape,
  type ProductFilter,
  type ProductRecord,
  type ProductSort,
  type ProductTabFilter,
  type TabKind,
} from '../catalogue';

/*
 * The list and its counts run as prepared statements: one per shape of the request (which filters are
 * present, the tab's kind, the sort), built by drizzle once and then executed with values only. Building
 * the statement text anew cost more CPU than PostgreSQL spent answering it (docs/performance.md). Without a
 * search the statement is also named, so each connection parses it once and PostgreSQL may keep its plan; a
 * search is planned on every call, as its best plan depends on the words searched for (trigram selectivity).
 * The values never become part of the text.
 */
const shapeKey = (s: FilterShape) => `${s.brand ? 'b' : ''}${s.category ? 'c' : ''}${s.search ? 's' : ''}`;

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

const PAGE = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
const $ = FILTER_PLACEHOLDERS;

function listStatement(db: DbOrTx, shape: FilterShape, tab: TabKind, sort: ProductSort) {
  const key = `nomenclatures_list_${shapeKey(shape)}_${tab}_${sort.field}_${sort.direction}`;
  return prepared(db, key, !shape.search, (name) =>
    db
      .select(productListColumns)
      .from(products)
      .where(and(filterWhere(shape, $), tabWhere(tab, $)))
      .orderBy(...productOrder(sort))
      .limit(PAGE.limit)
      .offset(PAGE.offset)
      .prepare(name),
  );
}

function totalStatement(db: DbOrTx, shape: FilterShape, tab: TabKind) {
  const key = `nomenclatures_total_${shapeKey(shape)}_${tab}`;
  return prepared(db, key, !shape.search, (name) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(filterWhere(shape, $), tabWhere(tab, $)))
      .prepare(name),
  );
}

export interface ListQuery extends ProductTabFilter {
  sort: ProductSort;
  limit: number;
  offset: number;
}

/** The page's statement and its total's, with the values of this request. */
function listCalls(db: DbOrTx, f: ListQuery) {
  const { shape, values: filter } = filterShapeOf(f);
  const tab = tabOf(f.tab);
  const values = { ...filter, ...tab.values };
  return {
    page: {
      ...listStatement(db, shape, tab.kind, f.sort),
      values: { ...values, limit: f.limit, offset: f.offset },
    },
    total: { ...totalStatement(db, shape, tab.kind), values },
  };
}

export async function listProducts(
  db: DbOrTx,
  f: ListQuery,
): Promise<{ rows: ProductRecord[]; total: number }> {
  const { page, total } = listCalls(db, f);
  // The page and how many rows the tab holds: at once, on two connections of the pool.
  const [rows, [count]] = await concurrently(db, [
    () => page.statement.execute(page.values),
    () => total.statement.execute(total.values),
  ]);
  return { rows, total: count?.n ?? 0 };
}

function countsCall(db: DbOrTx, f: ProductFilter) {
  const { shape, values } = filterShapeOf(f);
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
        .where(eq(productCounts.partnerId, $.partnerId))
        .prepare(name),
    );
    return { ...call, values };
  }
  const key = `nomenclatures_counts_${shapeKey(shape)}`;
  const call = prepared(db, key, !shape.search, (name) =>
    db
      .select({ status: products.status, archived: products.archived, n: sql<number>`count(*)::int` })
      .from(products)
      .where(filterWhere(shape, $))
      .groupBy(products.status, products.archived)
      .prepare(name),
  );
  return { ...call, values };
}

export async function countByStatus(
  db: DbOrTx,
  f: ProductFilter,
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
