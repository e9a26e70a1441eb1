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

const CHUNK = 5000;

export interface NewProduct {
  partnerId: number;
  modaSku: string;
  modaParentSku: string;
  sellerSku: string;
  sellerParentSku: string;
  barcode: string;
  title: string;
  brand: string;
  category: string;
  erpLevel1: string;
  erpLevel2: string;
  price: number;
  status: string;
  moderationStatus: string;
  attributes: Record<string, unknown>;
}

/**
 * Insert new products, 5,000 to a statement: each chunk goes as one JSON parameter expanded by
 * jsonb_to_recordset (building 100,000 rows × 15 bound values in the query builder costs more than the
 * database's own work).
 */
export async function insertProducts(
  db: DbOrTx,
  count: number,
  rowAt: (i: number) => NewProduct,
): Promise<void> {
  for (let i = 0; i < count; i += CHUNK) {
    const rows: NewProduct[] = [];
    for (let j = i; j < Math.min(count, i + CHUNK); j++) rows.push(rowAt(j));
    const chunk = JSON.stringify(rows);
    await db.execute(sql`
      insert into products (partner_id, moda_sku, moda_parent_sku, seller_sku, seller_parent_sku, barcode,
                            title, brand, category, erp_level1, erp_level2, price, quantity, status,
                            moderation_status, attributes)
      select r."partnerId", r."modaSku", r."modaParentSku", r."sellerSku", r."sellerParentSku", r.barcode,
             r.title, r.brand, r.category, r."erpLevel1", r."erpLevel2", r.price, 0, r.status,
             r."moderationStatus", r.attributes
        from jsonb_to_recordset(${chunk}::jsonb) as r(
          "partnerId" integer, "modaSku" text, "modaParentSku" text, "sellerSku" text,
          "sellerParentSku" text, barcode text, title text, brand text, category text, "erpLevel1" text,
          "erpLevel2" text, price numeric, status text, "moderationStatus" text, attributes jsonb)`);
  }
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
