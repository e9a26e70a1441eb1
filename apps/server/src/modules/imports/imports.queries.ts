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

export async function nextModaParentSkus(db: DbOrTx, count: number): Promise<string[]> {
  if (count === 0) return [];
  const res = await db.execute<{ sku: string }>(
    sql`select 'MDP' || nextval('moda_parent_sku_seq') as sku from generate_series(1, ${count})`,
  );
  return res.rows.map((r) => r.sku);
}

/**
 * Insert new products in one statement: `rows` are each row's JSON object (modaParentSku, sellerSku,
 * sellerParentSku, barcode, title, brand, category, erpLevel1, erpLevel2, price, status, moderationStatus,
 * attributes), sent as one `json` parameter expanded by json_to_recordset (building thousands of rows × 15
 * bound values in the query builder costs more than the database's own work; `json` is parsed faster than
 * `jsonb`); each row's Moda SKU is drawn from the sequence in the same statement.
 */
export async function insertProducts(db: DbOrTx, partnerId: number, rows: string[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into products (partner_id, moda_sku, moda_parent_sku, seller_sku, seller_parent_sku, barcode,
                          title, brand, category, erp_level1, erp_level2, price, quantity, status,
                          moderation_status, attributes)
    select ${partnerId}::integer, 'MD' || nextval('moda_sku_seq'), r."modaParentSku", r."sellerSku",
           r."sellerParentSku", r.barcode, r.title, r.brand, r.category, r."erpLevel1", r."erpLevel2", r.price,
           0, r.status, r."moderationStatus", r.attributes
      from json_to_recordset(${`[${rows.join(',')}]`}::json) as r(
        "modaParentSku" text, "sellerSku" text, "sellerParentSku" text, barcode text, title text,
        brand text, category text, "erpLevel1" text, "erpLevel2" text, price numeric, status text,
        "moderationStatus" text, attributes jsonb)`);
}

/**
 * Update existing products in one statement, as manual editing of a card does row by row: `rows` are each
 * row's JSON object (id, barcode, title, brand, category, erpLevel1, erpLevel2, price, status,
 * moderationStatus, attributes).
 */
export async function updateProducts(db: DbOrTx, partnerId: number, rows: string[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    update products p
       set barcode = r.barcode, title = r.title, brand = r.brand, category = r.category,
           erp_level1 = r."erpLevel1", erp_level2 = r."erpLevel2", price = r.price, status = r.status,
           moderation_status = r."moderationStatus", moderation_reason = null, attributes = r.attributes,
           updated_at = now()
      from json_to_recordset(${`[${rows.join(',')}]`}::json) as r(
        id bigint, barcode text, title text, brand text, category text, "erpLevel1" text, "erpLevel2" text,
        price numeric, status text, "moderationStatus" text, attributes jsonb)
     where p.partner_id = ${partnerId} and p.id = r.id`);
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
