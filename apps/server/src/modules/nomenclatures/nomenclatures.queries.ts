// SQL of the products list: filters, tabs, sorts and paging over indexes that start with partner_id.
import { and, asc, desc, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productCounts, products } from '../../db/schema';

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

function filterOf(f: ListFilter): SQL {
  const search = f.search?.trim();
  return and(
    eq(products.partnerId, f.partnerId),
    f.brand ? eq(products.brand, f.brand) : undefined,
    f.category ? eq(products.category, f.category) : undefined,
    search
      ? or(
          like(products.sellerSku, `${escapeLike(search)}%`),
          like(products.modaSku, `${escapeLike(search)}%`),
          eq(products.barcode, search),
          ilike(products.title, `%${escapeLike(search)}%`),
        )
      : undefined,
  )!;
}

function tabOf(tab: string): SQL {
  if (tab === 'all') return eq(products.archived, false);
  if (tab === 'archive') return eq(products.archived, true);
  return and(eq(products.archived, false), eq(products.status, tab))!;
}

const SORT_COLUMNS = {
  sku: products.sellerSku,
  title: products.title,
  base_price: products.price,
  red_price: products.salePrice,
  pi_value: products.piValue,
  date_create: products.createdAt,
} as const;

export async function listProducts(
  db: DbOrTx,
  f: ListFilter & {
    tab: string;
    sort: { field: keyof typeof SORT_COLUMNS; direction: 'asc' | 'desc' };
    limit: number;
    offset: number;
  },
): Promise<{ rows: ProductRecord[]; total: number }> {
  const where = and(filterOf(f), tabOf(f.tab));
  const column = SORT_COLUMNS[f.sort.field];
  const dir = f.sort.direction === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db
      .select(listColumns)
      .from(products)
      .where(where)
      .orderBy(
        f.sort.direction === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`,
        dir(products.id),
      )
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function countByStatus(
  db: DbOrTx,
  f: ListFilter,
): Promise<{ status: string; archived: boolean; n: number }[]> {
  // Without filters the trigger-kept counters answer; with filters the rows are counted over an index.
  if (!f.brand && !f.category && !f.search?.trim()) {
    return db
      .select({
        status: productCounts.status,
        archived: productCounts.archived,
        n: sql<number>`${productCounts.n}::int`,
      })
      .from(productCounts)
      .where(eq(productCounts.partnerId, f.partnerId));
  }
  return db
    .select({ status: products.status, archived: products.archived, n: sql<number>`count(*)::int` })
    .from(products)
    .where(filterOf(f))
    .groupBy(products.status, products.archived);
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
