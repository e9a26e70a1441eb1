// SQL of prices: current prices per country, the change log (with quarantine), promotion membership.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { priceChanges, productPrices, products, promotionProducts, sellerProfiles } from '../../db/schema';

export type PriceRow = typeof productPrices.$inferSelect;
export type ChangeRow = typeof priceChanges.$inferSelect;

export async function enabledCountries(db: DbOrTx, partnerId: number): Promise<string[]> {
  const [row] = await db
    .select({ countries: sellerProfiles.countries })
    .from(sellerProfiles)
    .where(eq(sellerProfiles.partnerId, partnerId));
  return row?.countries ?? ['RU'];
}

/** The products with their prices per country, locked for the change. */
export async function productsForChange(db: DbOrTx, partnerId: number, ids: number[]) {
  const rows = await db
    .select({
      id: products.id,
      price: products.price,
      salePrice: products.salePrice,
      attributes: products.attributes,
    })
    .from(products)
    .where(and(eq(products.partnerId, partnerId), inArray(products.id, ids)))
    .for('update');
  const prices = ids.length
    ? await db
        .select()
        .from(productPrices)
        .where(and(eq(productPrices.partnerId, partnerId), inArray(productPrices.productId, ids)))
    : [];
  return { rows, prices };
}

export async function pendingFor(
  db: DbOrTx,
  partnerId: number,
  ids: number[],
): Promise<{ productId: number; country: string }[]> {
  if (!ids.length) return [];
  return db
    .select({ productId: priceChanges.productId, country: priceChanges.country })
    .from(priceChanges)
    .where(
      and(
        eq(priceChanges.partnerId, partnerId),
        eq(priceChanges.status, 'pending'),
        inArray(priceChanges.productId, ids),
      ),
    );
}

export async function promotionsOf(db: DbOrTx, partnerId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select()
    .from(promotionProducts)
    .where(and(eq(promotionProducts.partnerId, partnerId), inArray(promotionProducts.productId, ids)));
}

export async function leavePlannedPromotions(
  db: DbOrTx,
  partnerId: number,
  productId: number,
): Promise<void> {
  await db
    .delete(promotionProducts)
    .where(
      and(
        eq(promotionProducts.partnerId, partnerId),
        eq(promotionProducts.productId, productId),
        inArray(promotionProducts.promotionState, ['planed', 'open', 'idle']),
      ),
    );
}

export interface AppliedPrice {
  productId: number;
  country: string;
  price: number;
  salePrice: number | null;
  saleStart: string | null;
  saleEnd: string | null;
}

/** Puts prices in force in bulk: each country's row, and the list's columns for RU. */
export async function applyPrices(db: DbOrTx, partnerId: number, items: AppliedPrice[]): Promise<void> {
  for (let i = 0; i < items.length; i += 1000) {
    const chunk = items.slice(i, i + 1000);
    await db
      .insert(productPrices)
      .values(chunk.map((p) => ({ partnerId, ...p })))
      .onConflictDoUpdate({
        target: [productPrices.partnerId, productPrices.productId, productPrices.country],
        set: {
          price: sql`excluded.price`,
          salePrice: sql`excluded.sale_price`,
          saleStart: sql`excluded.sale_start`,
          saleEnd: sql`excluded.sale_end`,
          updatedAt: sql`now()`,
        },
      });
    const ru = chunk.filter((p) => p.country === 'RU');
    if (ru.length) {
      const values = sql.join(
        ru.map((p) => sql`(${p.productId}::bigint, ${p.price}::numeric, ${p.salePrice}::numeric)`),
        sql`, `,
      );
      await db.execute(sql`
        update products p set price = v.price, sale_price = v.sale_price, updated_at = now()
          from (values ${values}) as v(id, price, sale_price)
         where p.partner_id = ${partnerId} and p.id = v.id`);
    }
  }
}

export async function insertChanges(
  db: DbOrTx,
  rows: (typeof priceChanges.$inferInsert)[],
): Promise<ChangeRow[]> {
  const out: ChangeRow[] = [];
  for (let i = 0; i < rows.length; i += 1000)
    out.push(
      ...(await db
        .insert(priceChanges)
        .values(rows.slice(i, i + 1000))
        .returning()),
    );
  return out;
}

export async function changesOf(db: DbOrTx, partnerId: number, productId: number): Promise<ChangeRow[]> {
  return db
    .select()
    .from(priceChanges)
    .where(and(eq(priceChanges.partnerId, partnerId), eq(priceChanges.productId, productId)))
    .orderBy(desc(priceChanges.createdAt), desc(priceChanges.id));
}

export async function changesByIds(db: DbOrTx, partnerId: number, ids: number[]): Promise<ChangeRow[]> {
  return db
    .select()
    .from(priceChanges)
    .where(and(eq(priceChanges.partnerId, partnerId), inArray(priceChanges.id, ids)))
    .for('update');
}

export async function decide(
  db: DbOrTx,
  partnerId: number,
  id: number,
  status: string,
  userId: string | null,
): Promise<ChangeRow> {
  const [row] = await db
    .update(priceChanges)
    .set({ status, decidedBy: userId, decidedAt: sql`now()` })
    .where(and(eq(priceChanges.partnerId, partnerId), eq(priceChanges.id, id)))
    .returning();
  return row!;
}
