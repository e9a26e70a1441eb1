// SQL of product import: the partner's catalogue as the rules need it, bulk writes in the file's
// transaction, and the products a full_update template is filled with.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';

export type ExistingRow = {
  id: number;
  sellerSku: string;
  sellerParentSku: string;
  barcode: string | null;
  category: string;
  brand: string;
  modaParentSku: string;
};

/** Serialises imports of one partner: two files never check against a catalogue the other is changing. */
export async function lockPartnerImports(db: DbOrTx, partnerId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('file.import'), ${partnerId})`);
}

export async function partnerCatalogue(db: DbOrTx, partnerId: number): Promise<ExistingRow[]> {
  return db
    .select({
      id: products.id,
      sellerSku: products.sellerSku,
      sellerParentSku: products.sellerParentSku,
      barcode: products.barcode,
      category: products.category,
      brand: products.brand,
      modaParentSku: products.modaParentSku,
    })
    .from(products)
    .where(eq(products.partnerId, partnerId));
}

export async function nextModaSkus(db: DbOrTx, count: number): Promise<string[]> {
  if (count === 0) return [];
  const res = await db.execute<{ sku: string }>(
    sql`select 'MD' || nextval('moda_sku_seq') as sku from generate_series(1, ${count})`,
  );
  return res.rows.map((r) => r.sku);
}

export async function nextModaParentSkus(db: DbOrTx, count: number): Promise<string[]> {
  if (count === 0) return [];
  const res = await db.execute<{ sku: string }>(
    sql`select 'MDP' || nextval('moda_parent_sku_seq') as sku from generate_series(1, ${count})`,
  );
  return res.rows.map((r) => r.sku);
}

const CHUNK = 1000;

export async function insertProducts(db: DbOrTx, rows: (typeof products.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await db.insert(products).values(rows.slice(i, i + CHUNK));
}

export async function updateProduct(
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

/** The partner's products of a category, parents together, for a full_update template. */
export function productsOfCategory(db: DbOrTx, partnerId: number, category: string) {
  return db
    .select({
      sellerSku: products.sellerSku,
      sellerParentSku: products.sellerParentSku,
      barcode: products.barcode,
      title: products.title,
      brand: products.brand,
      erpLevel1: products.erpLevel1,
      erpLevel2: products.erpLevel2,
      price: products.price,
      attributes: products.attributes,
    })
    .from(products)
    .where(
      and(eq(products.partnerId, partnerId), eq(products.category, category), eq(products.archived, false)),
    )
    .orderBy(asc(products.sellerParentSku), asc(products.id));
}
