// SQL of the price index: the list and its totals over the catalogue's read model (so the list and its export
// hold the same products), offers, claims, settings, and the recompute of each product's lowest competitor
// price and pi_value. Every statement takes the partner id, except the matching system's queue across partners.
import { and, asc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { PRICE_INDEX_RULES, type ProductSortField } from '@moda/contracts';
import type { z } from 'zod';
import { concurrently, type DbOrTx } from '../../db/client';
import { productImages, productIdentityColumns, productOrder, productWhere, products } from '../catalogue';
import {
  competitorClaims,
  competitorOffers,
  priceIndexCounts,
  priceIndexProducts,
  priceIndexSettings,
} from './price-index.schema';

export type IndexLevel = 'OPTIMAL' | 'AVERAGE' | 'OVERPRICED' | 'UNCOUNTED';

export interface IndexFilter {
  partnerId: number;
  brand?: string | undefined;
  category?: string | undefined;
  search?: string | undefined;
  index?: IndexLevel | undefined;
}

/**
 * Products of one index value, by pi_value: it is rounded up to hundredths, so «≤ 1» is exactly «at most 1 %
 * above the minimum» (PRICE_INDEX_RULES).
 */
export function indexWhere(level: IndexLevel | undefined): SQL | undefined {
  const pi = products.piValue;
  if (level === 'UNCOUNTED') return isNull(pi);
  if (level === 'OPTIMAL') return lte(pi, PRICE_INDEX_RULES.optimalPercent);
  if (level === 'AVERAGE')
    return and(gt(pi, PRICE_INDEX_RULES.optimalPercent), lte(pi, PRICE_INDEX_RULES.averagePercent));
  if (level === 'OVERPRICED') return gt(pi, PRICE_INDEX_RULES.averagePercent);
  return undefined;
}

/** The products list's «all» tab under the filters, and the index value. */
const whereOf = (f: IndexFilter): SQL =>
  and(
    productWhere({
      partnerId: f.partnerId,
      tab: 'all',
      brand: f.brand,
      category: f.category,
      search: f.search,
    }),
    indexWhere(f.index),
  )!;

const matchJoin = and(
  eq(priceIndexProducts.partnerId, products.partnerId),
  eq(priceIndexProducts.productId, products.id),
);

const rowColumns = {
  ...productIdentityColumns,
  price: products.price,
  salePrice: products.salePrice,
  piValue: products.piValue,
  minPrice: priceIndexProducts.minPrice,
  competitor: priceIndexProducts.competitor,
  url: priceIndexProducts.url,
  offerId: priceIndexProducts.offerId,
};

export async function listPage(
  db: DbOrTx,
  f: IndexFilter & {
    sort: { field: z.infer<typeof ProductSortField>; direction: 'asc' | 'desc' };
    limit: number;
    offset: number;
  },
) {
  const where = whereOf(f);
  const unfiltered = !f.brand && !f.category && !f.search?.trim();
  const [rows, total] = await concurrently(db, [
    () =>
      db
        .select(rowColumns)
        .from(products)
        .leftJoin(priceIndexProducts, matchJoin)
        .where(where)
        .orderBy(...productOrder(f.sort))
        .limit(f.limit)
        .offset(f.offset),
    async () => {
      if (unfiltered) {
        const kept = await keptCounts(db, f.partnerId);
        return f.index ? kept[f.index] : kept.total;
      }
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(where);
      return count?.n ?? 0;
    },
  ]);
  return { rows, total };
}

/** The counts per index value the triggers keep (products outside the archive), and their sum. */
async function keptCounts(db: DbOrTx, partnerId: number) {
  const rows = await db
    .select({ level: priceIndexCounts.level, n: priceIndexCounts.n })
    .from(priceIndexCounts)
    .where(eq(priceIndexCounts.partnerId, partnerId));
  const out = { UNCOUNTED: 0, OPTIMAL: 0, AVERAGE: 0, OVERPRICED: 0, total: 0 };
  for (const r of rows) {
    out[r.level as IndexLevel] = Number(r.n);
    out.total += Number(r.n);
  }
  return out;
}
export type IndexRecord = Awaited<ReturnType<typeof listPage>>['rows'][number];

/** Export pages in id order after `afterId`. */
export function exportPage(db: DbOrTx, f: IndexFilter, afterId: number, limit: number) {
  return db
    .select(rowColumns)
    .from(products)
    .leftJoin(priceIndexProducts, matchJoin)
    .where(and(whereOf(f), gt(products.id, afterId)))
    .orderBy(asc(products.id))
    .limit(limit);
}

export async function countOf(db: DbOrTx, f: IndexFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(whereOf(f));
  return row?.n ?? 0;
}

/** How many products have each index value under the filters: one pass over the partner's products. */
export async function totals(db: DbOrTx, f: IndexFilter) {
  if (!f.brand && !f.category && !f.search?.trim()) return keptCounts(db, f.partnerId);
  const pi = products.piValue;
  const { optimalPercent: o, averagePercent: a } = PRICE_INDEX_RULES;
  const [row] = await db
    .select({
      UNCOUNTED: sql<number>`count(*) filter (where ${pi} is null)::int`,
      OPTIMAL: sql<number>`count(*) filter (where ${pi} <= ${o})::int`,
      AVERAGE: sql<number>`count(*) filter (where ${pi} > ${o} and ${pi} <= ${a})::int`,
      OVERPRICED: sql<number>`count(*) filter (where ${pi} > ${a})::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(products)
    .where(whereOf({ ...f, index: undefined }));
  return row ?? { UNCOUNTED: 0, OPTIMAL: 0, AVERAGE: 0, OVERPRICED: 0, total: 0 };
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

export async function openClaims(db: DbOrTx, partnerId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: competitorClaims.id, productId: competitorClaims.productId, kind: competitorClaims.kind })
    .from(competitorClaims)
    .where(
      and(
        eq(competitorClaims.partnerId, partnerId),
        inArray(competitorClaims.productId, ids),
        eq(competitorClaims.status, 'review'),
      ),
    );
}

/** Products of the partner (not archived) with what the simulation needs: price, sale price, lowest competitor. */
export async function productsWithMatch(db: DbOrTx, partnerId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: products.id,
      sellerSku: products.sellerSku,
      price: products.price,
      salePrice: products.salePrice,
      minPrice: priceIndexProducts.minPrice,
    })
    .from(products)
    .leftJoin(priceIndexProducts, matchJoin)
    .where(and(eq(products.partnerId, partnerId), inArray(products.id, ids)));
}

export async function productsBySku(db: DbOrTx, partnerId: number, skus: string[]) {
  if (!skus.length) return [];
  return db
    .select({ id: products.id, sellerSku: products.sellerSku })
    .from(products)
    .where(
      and(eq(products.partnerId, partnerId), inArray(products.sellerSku, skus), eq(products.archived, false)),
    );
}

/** Which of the ids are the partner's products (outside the archive, unless `archived` too). */
export async function productIds(
  db: DbOrTx,
  partnerId: number,
  ids: number[],
  archived = false,
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.partnerId, partnerId),
        inArray(products.id, ids),
        archived ? undefined : eq(products.archived, false),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

// ---- settings ----

export async function settingsOf(db: DbOrTx, partnerId: number) {
  const [row] = await db.select().from(priceIndexSettings).where(eq(priceIndexSettings.partnerId, partnerId));
  return row;
}

export async function saveSettings(
  db: DbOrTx,
  partnerId: number,
  competitors: string[],
  countries: string[],
) {
  const [row] = await db
    .insert(priceIndexSettings)
    .values({ partnerId, competitors, countries })
    .onConflictDoUpdate({
      target: priceIndexSettings.partnerId,
      set: { competitors, countries, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

// ---- offers ----

export interface NewOffer {
  productId: number;
  competitor: string;
  country: string;
  url: string;
  price: number;
  source: 'matching' | 'seller';
}

/**
 * Post offers: one per product, competitor and country, the newest price replacing the last. An offer a
 * dispute excluded stays excluded when the matching system posts it again (the review found it wrong).
 */
export async function upsertOffers(db: DbOrTx, partnerId: number, offers: NewOffer[]): Promise<void> {
  if (!offers.length) return;
  await db
    .insert(competitorOffers)
    .values(offers.map((o) => ({ ...o, partnerId, status: 'active' })))
    .onConflictDoUpdate({
      target: [
        competitorOffers.partnerId,
        competitorOffers.productId,
        competitorOffers.competitor,
        competitorOffers.country,
      ],
      set: {
        url: sql`excluded.url`,
        price: sql`excluded.price`,
        source: sql`excluded.source`,
        // A seller's price the review accepted counts again even where a dispute once excluded the offer.
        status: sql`case when excluded.source = 'seller' then 'active' else ${competitorOffers.status} end`,
        updatedAt: sql`now()`,
      },
    });
}

export async function offerById(db: DbOrTx, partnerId: number, id: number) {
  const [row] = await db
    .select()
    .from(competitorOffers)
    .where(and(eq(competitorOffers.partnerId, partnerId), eq(competitorOffers.id, id)));
  return row;
}

export async function setOfferStatus(db: DbOrTx, partnerId: number, id: number, status: string) {
  await db
    .update(competitorOffers)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(competitorOffers.partnerId, partnerId), eq(competitorOffers.id, id)));
}

export async function offersOf(db: DbOrTx, partnerId: number, limit: number) {
  return db
    .select()
    .from(competitorOffers)
    .where(eq(competitorOffers.partnerId, partnerId))
    .orderBy(asc(competitorOffers.updatedAt), asc(competitorOffers.id))
    .limit(limit);
}

// ---- claims ----

export type ClaimRow = typeof competitorClaims.$inferSelect;
export type NewClaim = Omit<typeof competitorClaims.$inferInsert, 'id' | 'createdAt' | 'decidedAt'>;

export async function insertClaims(db: DbOrTx, claims: NewClaim[]): Promise<ClaimRow[]> {
  if (!claims.length) return [];
  return db.insert(competitorClaims).values(claims).returning();
}

export async function claimById(db: DbOrTx, partnerId: number | null, id: number, lock = false) {
  const q = db
    .select()
    .from(competitorClaims)
    .where(
      and(
        partnerId === null ? undefined : eq(competitorClaims.partnerId, partnerId),
        eq(competitorClaims.id, id),
      ),
    );
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function decideClaim(
  db: DbOrTx,
  row: ClaimRow,
  status: string,
  answer: string | null,
): Promise<ClaimRow> {
  const [out] = await db
    .update(competitorClaims)
    .set({ status, answer, decidedAt: sql`now()` })
    .where(and(eq(competitorClaims.partnerId, row.partnerId), eq(competitorClaims.id, row.id)))
    .returning();
  return out!;
}

export async function claimsPage(
  db: DbOrTx,
  f: { partnerId: number; productId?: number | undefined; status?: string | undefined },
  limit: number,
  offset: number,
) {
  const where = and(
    eq(competitorClaims.partnerId, f.partnerId),
    f.productId === undefined ? undefined : eq(competitorClaims.productId, f.productId),
    f.status ? eq(competitorClaims.status, f.status) : undefined,
  );
  const [rows, [count]] = await concurrently(db, [
    () =>
      db
        .select()
        .from(competitorClaims)
        .where(where)
        .orderBy(sql`${competitorClaims.createdAt} desc, ${competitorClaims.id} desc`)
        .limit(limit)
        .offset(offset),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(competitorClaims)
        .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Claims waiting for review across partners, oldest first (the matching team's queue). */
export function reviewQueue(db: DbOrTx, limit: number) {
  return db
    .select()
    .from(competitorClaims)
    .where(eq(competitorClaims.status, 'review'))
    .orderBy(asc(competitorClaims.createdAt), asc(competitorClaims.id))
    .limit(limit);
}

// ---- the recompute ----

/**
 * Each product's lowest counted offer (active, of a counted competitor and country) into price_index_products,
 * and pi_value from it: of the given products, or of all the partner's products (`ids` null).
 */
export async function refresh(
  db: DbOrTx,
  partnerId: number,
  ids: number[] | null,
  settings: { competitors: string[]; countries: string[] },
): Promise<void> {
  if (ids && !ids.length) return;
  const only = (column: SQL) => (ids ? sql`and ${column} = any(${`{${ids.join(',')}}`}::bigint[])` : sql``);
  const competitors = `{${settings.competitors.map((c) => `"${c.replace(/["\\]/g, (x) => `\\${x}`)}"`).join(',')}}`;
  const countries = `{${settings.countries.join(',')}}`;
  await db.execute(sql`
    with m as (
      select distinct on (o.product_id) o.product_id, o.price, o.id, o.competitor, o.url
        from competitor_offers o
       where o.partner_id = ${partnerId} ${only(sql`o.product_id`)}
         and o.status = 'active'
         and o.competitor = any(${competitors}::text[])
         and o.country = any(${countries}::text[])
       order by o.product_id, o.price, o.id
    ),
    gone as (
      delete from price_index_products p
       where p.partner_id = ${partnerId} ${only(sql`p.product_id`)}
         and not exists (select 1 from m where m.product_id = p.product_id)
    )
    insert into price_index_products (partner_id, product_id, min_price, offer_id, competitor, url)
    select ${partnerId}, product_id, price, id, competitor, url from m
    on conflict (partner_id, product_id) do update
       set min_price = excluded.min_price, offer_id = excluded.offer_id,
           competitor = excluded.competitor, url = excluded.url`);
  await db.execute(sql`
    update products p
       set pi_value = price_index_pi(coalesce(p.sale_price, p.price), m.min_price)
      from products x
      left join price_index_products m on m.partner_id = x.partner_id and m.product_id = x.id
     where p.partner_id = ${partnerId} ${only(sql`p.id`)}
       and x.partner_id = p.partner_id and x.id = p.id
       and p.pi_value is distinct from price_index_pi(coalesce(p.sale_price, p.price), m.min_price)`);
}
