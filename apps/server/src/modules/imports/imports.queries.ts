// SQL of product import: the partner's catalogue as the rules need it, bulk writes in the file's
// transaction, and the products a full_update template is filled with.
import type { CategoryCode } from '@moda/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../catalogue';
import { productCardColumns, productWhere } from '../catalogue';

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

const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((c) => Buffer.from(c));

/**
 * A JSON array of UTF-8 encoded JSON values, as one parameter: a Buffer goes to PostgreSQL in the binary
 * format, which for `json` is the text itself.
 */
function jsonArray(values: Buffer[]): Buffer {
  const parts: Buffer[] = [OPEN!];
  values.forEach((v, i) => {
    if (i) parts.push(COMMA!);
    parts.push(v);
  });
  parts.push(CLOSE!);
  return Buffer.concat(parts);
}

/**
 * Insert new products in one statement. `cards` are each card's JSON object (modaParentSku — absent for a
 * new parent, which gets the next one —, sellerParentSku, title, brand, category, erpLevel1, erpLevel2,
 * price, status, moderationStatus, attributes: what its sizes share; and sizes: sellerSku, barcode, size,
 * dataMatrix), sent as one `json` parameter and expanded by json_to_recordset to one row per size, whose
 * attributes are the card's plus the size's own two. Building thousands of rows × 15 bound values in the
 * query builder costs more than the database's own work; `json` is parsed faster than `jsonb`; a card's
 * shared fields sent once instead of once per size save the database a fifth of the insert's time (the
 * JSON it parses) and Node the text it builds. Moda SKUs are drawn (next_moda_sku, next_moda_parent_sku) in the
 * same statement, in the cards' and sizes' order (the volatile CTE is scanned once; a nested loop over it and
 * each card's sizes).
 */
export async function insertProducts(db: DbOrTx, partnerId: number, cards: Buffer[]): Promise<void> {
  if (cards.length === 0) return;
  await db.execute(sql`
    with c as (
      select coalesce(c."modaParentSku", next_moda_parent_sku()) as "modaParentSku",
             c."sellerParentSku", c.title, c.brand, c.category, c."erpLevel1", c."erpLevel2", c.price, c.status,
             c."moderationStatus", c.attributes, c.sizes
        from json_to_recordset(${jsonArray(cards)}::json) as c(
          "modaParentSku" text, "sellerParentSku" text, title text, brand text, category text,
          "erpLevel1" text, "erpLevel2" text, price numeric, status text, "moderationStatus" text,
          attributes jsonb, sizes json))
    insert into products (partner_id, moda_sku, moda_parent_sku, seller_sku, seller_parent_sku, barcode,
                          title, brand, category, erp_level1, erp_level2, price, quantity, status,
                          moderation_status, attributes)
    select ${partnerId}::integer, next_moda_sku(), c."modaParentSku", s."sellerSku",
           c."sellerParentSku", s.barcode, c.title, c.brand, c.category, c."erpLevel1", c."erpLevel2", c.price,
           0, c.status, c."moderationStatus",
           c.attributes || jsonb_strip_nulls(jsonb_build_object('size', s.size, 'dataMatrix', s."dataMatrix"))
      from c cross join lateral json_to_recordset(c.sizes) as s(
        "sellerSku" text, barcode text, size text, "dataMatrix" boolean)`);
}

/**
 * Update existing products in one statement, as manual editing of a card does row by row: `rows` are each
 * row's JSON object (id, barcode, title, brand, category, erpLevel1, erpLevel2, price, status,
 * moderationStatus, attributes).
 */
export async function updateProducts(db: DbOrTx, partnerId: number, rows: Buffer[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    update products p
       set barcode = r.barcode, title = r.title, brand = r.brand, category = r.category,
           erp_level1 = r."erpLevel1", erp_level2 = r."erpLevel2", price = r.price, status = r.status,
           moderation_status = r."moderationStatus", moderation_reason = null, attributes = r.attributes,
           updated_at = now()
      from json_to_recordset(${jsonArray(rows)}::json) as r(
        id bigint, barcode text, title text, brand text, category text, "erpLevel1" text, "erpLevel2" text,
        price numeric, status text, "moderationStatus" text, attributes jsonb)
     where p.partner_id = ${partnerId} and p.id = r.id`);
}

/** The list's products of a category (its «all» tab), parents together, for a full_update template. */
export function productsOfCategory(db: DbOrTx, partnerId: number, category: CategoryCode) {
  return db
    .select(productCardColumns)
    .from(products)
    .where(productWhere({ partnerId, tab: 'all', category }))
    .orderBy(asc(products.sellerParentSku), asc(products.id));
}
