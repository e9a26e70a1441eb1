// SQL of prices: current prices per country, the change log (with quarantine), promotion membership, the
// price table with its filters and sorts, and the validation reports of bulk changes.
import { and, asc, desc, eq, exists, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { concurrently, type DbOrTx } from '../../db/client';
import { sellerProfiles } from '../accounts';
import { productImages, products } from '../catalogue';
import { priceChanges, priceValidationReports, productPrices } from './prices.schema';
import { productIdentityColumns, productOrder, productWhere, type ProductSort } from '../catalogue';

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
      sellerSku: products.sellerSku,
      sellerParentSku: products.sellerParentSku,
      title: products.title,
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

/** Current prices of products in one country, without locking (the threshold check reads only). */
export async function currentPrices(db: DbOrTx, partnerId: number, ids: number[]) {
  if (!ids.length) return { rows: [], prices: [] };
  const [rows, prices] = await concurrently(db, [
    () =>
      db
        .select({ id: products.id, price: products.price })
        .from(products)
        .where(and(eq(products.partnerId, partnerId), inArray(products.id, ids))),
    () =>
      db
        .select({
          productId: productPrices.productId,
          country: productPrices.country,
          price: productPrices.price,
        })
        .from(productPrices)
        .where(and(eq(productPrices.partnerId, partnerId), inArray(productPrices.productId, ids))),
  ]);
  return { rows, prices };
}

export interface PriceListFilter {
  partnerId: number;
  country: string;
  approval: 'all' | 'pending';
  brand?: string | undefined;
  category?: string | undefined;
  search?: string | undefined;
}

/** A pending change of this product's price in the list's country. */
const pendingOf = (db: DbOrTx, f: PriceListFilter) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(priceChanges)
      .where(
        and(
          eq(priceChanges.partnerId, f.partnerId),
          eq(priceChanges.productId, products.id),
          eq(priceChanges.country, f.country),
          eq(priceChanges.status, 'pending'),
        ),
      ),
  );

/** The products list's filters on its «all» tab: the price table shows what the list shows there. */
const filterOf = (f: PriceListFilter): SQL =>
  productWhere({
    partnerId: f.partnerId,
    tab: 'all',
    brand: f.brand,
    category: f.category,
    search: f.search,
  });

/** One page of the price table: RU prices are the product's own columns, other countries their rows. */
export async function listPrices(
  db: DbOrTx,
  f: PriceListFilter & { sort: ProductSort; limit: number; offset: number },
) {
  const ru = f.country === 'RU';
  const price = ru ? sql<number | null>`${products.price}` : sql<number | null>`${productPrices.price}`;
  const salePrice = ru
    ? sql<number | null>`${products.salePrice}`
    : sql<number | null>`${productPrices.salePrice}`;
  const pending = pendingOf(db, f);
  const where = and(filterOf(f), f.approval === 'pending' ? pending : undefined);
  const join = and(
    eq(productPrices.partnerId, products.partnerId),
    eq(productPrices.productId, products.id),
    eq(productPrices.country, f.country),
  );
  const [rows, [count], [pendingCount]] = await concurrently(db, [
    () =>
      db
        .select({
          ...productIdentityColumns,
          piValue: products.piValue,
          price: sql<string | null>`${price}::text`,
          salePrice: sql<string | null>`${salePrice}::text`,
          saleStart: productPrices.saleStart,
          saleEnd: productPrices.saleEnd,
        })
        .from(products)
        .leftJoin(productPrices, join)
        .where(where)
        // Prices sort by the shown country's.
        .orderBy(...productOrder(f.sort, { base_price: price, red_price: salePrice }))
        .limit(f.limit)
        .offset(f.offset),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(where),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(and(filterOf(f), pending)),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      price: r.price === null ? null : Number(r.price),
      salePrice: r.salePrice === null ? null : Number(r.salePrice),
    })),
    total: count?.n ?? 0,
    pendingCount: pendingCount?.n ?? 0,
  };
}

/** The main photo of each parent SKU (the lowest position). */
export async function mainImages(db: DbOrTx, partnerId: number, parents: string[]) {
  if (!parents.length) return [];
  return db
    .selectDistinctOn([productImages.sellerParentSku], {
      sellerParentSku: productImages.sellerParentSku,
      id: productImages.id,
    })
    .from(productImages)
    .where(and(eq(productImages.partnerId, partnerId), inArray(productImages.sellerParentSku, parents)))
    .orderBy(productImages.sellerParentSku, asc(productImages.position));
}

/** The latest change of each product's price in one country that went to review. */
export async function latestReviewed(db: DbOrTx, partnerId: number, country: string, ids: number[]) {
  if (!ids.length) return [];
  return db
    .selectDistinctOn([priceChanges.productId])
    .from(priceChanges)
    .where(
      and(
        eq(priceChanges.partnerId, partnerId),
        eq(priceChanges.country, country),
        inArray(priceChanges.productId, ids),
        isNotNull(priceChanges.reviewType),
      ),
    )
    .orderBy(priceChanges.productId, desc(priceChanges.createdAt), desc(priceChanges.id));
}

export interface HistoryFileRow extends ChangeRow {
  sellerSku: string | null;
  title: string | null;
}

/** Price changes newest first, in pages before `beforeId`: one product's, or every product's of a partner. */
export async function historyPage(
  db: DbOrTx,
  partnerId: number,
  productId: number | null,
  beforeId: number | null,
  limit: number,
): Promise<HistoryFileRow[]> {
  return db
    .select({
      partnerId: priceChanges.partnerId,
      id: priceChanges.id,
      productId: priceChanges.productId,
      country: priceChanges.country,
      oldPrice: priceChanges.oldPrice,
      newPrice: priceChanges.newPrice,
      oldSalePrice: priceChanges.oldSalePrice,
      newSalePrice: priceChanges.newSalePrice,
      saleStart: priceChanges.saleStart,
      saleEnd: priceChanges.saleEnd,
      reviewType: priceChanges.reviewType,
      status: priceChanges.status,
      createdBy: priceChanges.createdBy,
      createdAt: priceChanges.createdAt,
      decidedBy: priceChanges.decidedBy,
      decidedAt: priceChanges.decidedAt,
      sellerSku: products.sellerSku,
      title: products.title,
    })
    .from(priceChanges)
    .leftJoin(
      products,
      and(eq(products.partnerId, priceChanges.partnerId), eq(products.id, priceChanges.productId)),
    )
    .where(
      and(
        eq(priceChanges.partnerId, partnerId),
        productId === null ? undefined : eq(priceChanges.productId, productId),
        beforeId === null ? undefined : lt(priceChanges.id, beforeId),
      ),
    )
    .orderBy(desc(priceChanges.id))
    .limit(limit);
}

export async function productSku(db: DbOrTx, partnerId: number, id: number): Promise<string | null> {
  const [row] = await db
    .select({ sellerSku: products.sellerSku })
    .from(products)
    .where(and(eq(products.partnerId, partnerId), eq(products.id, id)));
  return row?.sellerSku ?? null;
}

export async function insertReport(
  db: DbOrTx,
  row: typeof priceValidationReports.$inferInsert,
): Promise<string> {
  const [created] = await db
    .insert(priceValidationReports)
    .values(row)
    .returning({ id: priceValidationReports.id });
  return created!.id;
}

export async function reportOf(db: DbOrTx, partnerId: number, id: string) {
  const [row] = await db
    .select()
    .from(priceValidationReports)
    .where(and(eq(priceValidationReports.partnerId, partnerId), eq(priceValidationReports.id, id)));
  return row ?? null;
}
