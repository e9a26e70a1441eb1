// SQL of export records, and the keyset pages the nomenclature export types read. Every query names the
// partner: an id alone never reaches another partner's export.
import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { concurrently, type DbOrTx } from '../../db/client';
import { products } from '../catalogue';
import { productPrices } from '../prices';
import { exports } from './exports.schema';
import { productCardColumns, productWhere, type CardRecord, type ProductTabFilter } from '../catalogue';

export type ExportRow = typeof exports.$inferSelect;

export async function insertExport(db: DbOrTx, row: typeof exports.$inferInsert): Promise<ExportRow> {
  const [inserted] = await db.insert(exports).values(row).returning();
  return inserted!;
}

export async function exportById(db: DbOrTx, partnerId: number, id: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(exports)
    .where(and(eq(exports.partnerId, partnerId), eq(exports.id, id)));
  return row;
}

/** The partner an export belongs to, for a download by id that then checks access to that partner. */
export async function ownerOf(db: DbOrTx, id: string): Promise<number | undefined> {
  const [row] = await db.select({ partnerId: exports.partnerId }).from(exports).where(eq(exports.id, id));
  return row?.partnerId;
}

export async function listExports(
  db: DbOrTx,
  f: { partnerId: number; type?: string; status?: string; ids?: string[]; limit: number; offset: number },
): Promise<{ rows: ExportRow[]; total: number }> {
  const where = and(
    eq(exports.partnerId, f.partnerId),
    f.type ? eq(exports.type, f.type) : undefined,
    f.status ? eq(exports.status, f.status) : undefined,
    f.ids ? (f.ids.length ? inArray(exports.id, f.ids) : sql`false`) : undefined,
  );
  const [rows, [total]] = await concurrently(db, [
    () =>
      db
        .select()
        .from(exports)
        .where(where)
        .orderBy(desc(exports.createdAt), desc(exports.id))
        .limit(f.limit)
        .offset(f.offset),
    () => db.select({ n: count() }).from(exports).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function finishExport(
  db: DbOrTx,
  partnerId: number,
  id: string,
  patch: Partial<
    Pick<ExportRow, 'status' | 'fileName' | 'storageKey' | 'size' | 'rowCount' | 'errorMessage'>
  >,
): Promise<void> {
  await db
    .update(exports)
    .set({ ...patch, finishedAt: sql`now()` })
    .where(and(eq(exports.partnerId, partnerId), eq(exports.id, id)));
}

/** Move held exports back to PROCESSING; returns their ids. */
export async function releaseHeld(db: DbOrTx, partnerId: number): Promise<string[]> {
  const rows = await db
    .update(exports)
    .set({ status: 'PROCESSING' })
    .where(and(eq(exports.partnerId, partnerId), eq(exports.status, 'QUARANTINE')))
    .returning({ id: exports.id });
  return rows.map((r) => r.id);
}

/** Exports of the partner being produced now; the caller holds the partner's export lock. */
export async function processingCount(db: DbOrTx, partnerId: number): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('export.create'), ${partnerId})`);
  const [row] = await db
    .select({ n: count() })
    .from(exports)
    .where(and(eq(exports.partnerId, partnerId), eq(exports.status, 'PROCESSING')));
  return row?.n ?? 0;
}

export async function hasHeld(db: DbOrTx, partnerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: exports.id })
    .from(exports)
    .where(and(eq(exports.partnerId, partnerId), eq(exports.status, 'QUARANTINE')))
    .limit(1);
  return row !== undefined;
}

// ---- products, for the nomenclature export types ----

/** The products list's filters (v1.nomenclatures.list) without partner, sort and paging. */
export type ProductFilter = Omit<ProductTabFilter, 'partnerId'>;

/** How many products the list shows under the filter. */
export async function countProducts(db: DbOrTx, partnerId: number, f: ProductFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(productWhere({ ...f, partnerId }));
  return row?.n ?? 0;
}

/** One keyset page of the list's products by id (the primary key's order): after `afterId`, at most `size`. */
export async function productPage(
  db: DbOrTx,
  partnerId: number,
  f: ProductFilter,
  afterId: number,
  size: number,
): Promise<CardRecord[]> {
  return db
    .select(productCardColumns)
    .from(products)
    .where(and(productWhere({ ...f, partnerId }), gt(products.id, afterId)))
    .orderBy(asc(products.id))
    .limit(size);
}

export type ExportPrice = typeof productPrices.$inferSelect;

/** The per-country prices of the given products. */
export async function pricesOf(db: DbOrTx, partnerId: number, ids: number[]): Promise<ExportPrice[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(productPrices)
    .where(and(eq(productPrices.partnerId, partnerId), inArray(productPrices.productId, ids)))
    .orderBy(asc(productPrices.productId), asc(productPrices.country));
}
