// SQL of product cards: the rows of one parent SKU, SKU and barcode clashes, and moderation.
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productImages, products } from './catalogue.schema';

export type CardRow = typeof products.$inferSelect;

export async function rowsOfParent(
  db: DbOrTx,
  partnerId: number,
  sellerParentSku: string,
): Promise<CardRow[]> {
  return db
    .select()
    .from(products)
    .where(and(eq(products.partnerId, partnerId), eq(products.sellerParentSku, sellerParentSku)))
    .orderBy(products.id);
}

export async function rowById(db: DbOrTx, partnerId: number, id: number): Promise<CardRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.partnerId, partnerId), eq(products.id, id)));
  return row;
}

/** SKUs or barcodes of the partner's other parents that clash with the card's. */
export async function clashes(
  db: DbOrTx,
  partnerId: number,
  parent: string,
  skus: string[],
  barcodes: string[],
) {
  return db
    .select({ sellerSku: products.sellerSku, barcode: products.barcode })
    .from(products)
    .where(
      and(
        eq(products.partnerId, partnerId),
        ne(products.sellerParentSku, parent),
        or(inArray(products.sellerSku, skus), inArray(products.barcode, barcodes)),
      ),
    );
}

/** Marketplace SKUs of new sizes, in the format of contracts' MODA_SKU (drawn by migration 0021's functions). */
export async function nextModaSkus(db: DbOrTx, count: number): Promise<string[]> {
  const res = await db.execute<{ sku: string }>(
    sql`select next_moda_sku() as sku from generate_series(1, ${count})`,
  );
  return res.rows.map((r) => r.sku);
}

export async function nextModaParentSku(db: DbOrTx): Promise<string> {
  const res = await db.execute<{ sku: string }>(sql`select next_moda_parent_sku() as sku`);
  return res.rows[0]!.sku;
}

export async function insertRows(db: DbOrTx, rows: (typeof products.$inferInsert)[]): Promise<number[]> {
  const inserted = await db.insert(products).values(rows).returning({ id: products.id });
  return inserted.map((r) => r.id);
}

export async function updateRow(
  db: DbOrTx,
  partnerId: number,
  id: number,
  patch: Partial<typeof products.$inferInsert>,
): Promise<void> {
  await db
    .update(products)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(products.partnerId, partnerId), eq(products.id, id)));
}

export type ImageRow = typeof productImages.$inferSelect;

export async function imagesOf(db: DbOrTx, partnerId: number, sellerParentSku: string): Promise<ImageRow[]> {
  return db
    .select()
    .from(productImages)
    .where(and(eq(productImages.partnerId, partnerId), eq(productImages.sellerParentSku, sellerParentSku)))
    .orderBy(productImages.position);
}

export async function insertImage(db: DbOrTx, row: typeof productImages.$inferInsert): Promise<ImageRow> {
  const [inserted] = await db.insert(productImages).values(row).returning();
  return inserted!;
}

export async function setImageOrder(db: DbOrTx, partnerId: number, ids: string[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await db
      .update(productImages)
      .set({ position })
      .where(and(eq(productImages.partnerId, partnerId), eq(productImages.id, id)));
  }
}

export async function deleteImages(db: DbOrTx, partnerId: number, ids: string[]): Promise<void> {
  if (ids.length)
    await db
      .delete(productImages)
      .where(and(eq(productImages.partnerId, partnerId), inArray(productImages.id, ids)));
}

export async function imageAmong(
  db: DbOrTx,
  id: string,
  partnerIds: number[] | null,
): Promise<ImageRow | undefined> {
  if (partnerIds !== null && partnerIds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(productImages)
    .where(
      and(
        eq(productImages.id, id),
        partnerIds === null ? undefined : inArray(productImages.partnerId, partnerIds),
      ),
    );
  return row;
}

/** The product a photo's file name points at: a seller SKU, a parent SKU or a barcode. */
export async function productByName(
  db: DbOrTx,
  partnerId: number,
  name: string,
  by: 'sellerSku' | 'barcode',
) {
  const where =
    by === 'barcode'
      ? eq(products.barcode, name)
      : or(eq(products.sellerSku, name), eq(products.sellerParentSku, name));
  const [row] = await db
    .select({ sellerParentSku: products.sellerParentSku })
    .from(products)
    .where(and(eq(products.partnerId, partnerId), where))
    .limit(1);
  return row;
}
