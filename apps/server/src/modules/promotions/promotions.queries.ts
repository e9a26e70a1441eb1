// SQL of promotions: the calendar as a partner sees it, the membership (promotion_products) kept in step with
// the promotion's name and state, the products of a promotion with their prices, floors and 28 days' sales,
// the promotion files, and the cost and floor prices.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productWhere } from '../catalogue';

export type PromotionDbRow = {
  id: string;
  name: string;
  description: string;
  type: string;
  format: string;
  state: string;
  discount_percent: number;
  categories: string[];
  gender: string | null;
  business_models: string[];
  registration_start: string;
  registration_end: string;
  start_date: string;
  end_date: string;
  /** The partner's products in it (0 for the platform's reads). */
  products_count: number;
};

const PROMO_COLS = sql`p.id::text as id, p.name, p.description, p.type, p.format, p.state, p.discount_percent,
  p.categories, p.gender, p.business_models, p.registration_start::text as registration_start,
  p.registration_end::text as registration_end, p.start_date::text as start_date, p.end_date::text as end_date`;

/** Every promotion open to a business model, with the partner's product count, newest start first. */
export async function visiblePromotions(
  db: DbOrTx,
  partnerId: number,
  model: string,
  extra: SQL = sql`true`,
): Promise<PromotionDbRow[]> {
  const res = await db.execute<PromotionDbRow>(sql`
    select ${PROMO_COLS}, coalesce(c.n, 0)::int as products_count
      from promotions p
      left join (select promotion_id, count(*)::int as n from promotion_products
                  where partner_id = ${partnerId} group by promotion_id) c on c.promotion_id = p.id::text
     where ${model} = any(p.business_models) and ${extra}
     order by p.start_date desc, p.id desc`);
  return res.rows;
}

export async function promotionById(
  db: DbOrTx,
  id: string,
  lock = false,
): Promise<PromotionDbRow | undefined> {
  const res = await db.execute<PromotionDbRow>(sql`
    select ${PROMO_COLS}, 0 as products_count from promotions p where p.id = ${Number(id)}
    ${lock ? sql`for update` : sql``}`);
  return res.rows[0];
}

export async function insertPromotion(
  db: DbOrTx,
  p: {
    name: string;
    description: string;
    type: string;
    format: string;
    discountPercent: number;
    categories: string[];
    gender: string | null;
    businessModels: string[];
    registrationStart: string;
    registrationEnd: string;
    startDate: string;
    endDate: string;
    state?: string;
  },
): Promise<string> {
  const res = await db.execute<{ id: string }>(sql`
    insert into promotions (name, description, type, format, state, discount_percent, categories, gender,
      business_models, registration_start, registration_end, start_date, end_date)
    values (${p.name}, ${p.description}, ${p.type}, ${p.format}, ${p.state ?? 'idle'}, ${p.discountPercent},
      ${sql.param(p.categories)}::text[], ${p.gender},
      ${sql.param(p.businessModels)}::text[],
      ${p.registrationStart}, ${p.registrationEnd}, ${p.startDate}, ${p.endDate})
    returning id::text as id`);
  return res.rows[0]!.id;
}

/** The promotion's new state, and the membership's copy of it (prices read the copy). */
export async function setState(db: DbOrTx, id: string, state: string): Promise<void> {
  await db.execute(sql`update promotions set state = ${state}, updated_at = now() where id = ${Number(id)}`);
  await db.execute(sql`update promotion_products set promotion_state = ${state} where promotion_id = ${id}`);
}

export async function promotionsInStates(db: DbOrTx, states: string[]): Promise<PromotionDbRow[]> {
  const res = await db.execute<PromotionDbRow>(sql`
    select ${PROMO_COLS}, 0 as products_count from promotions p
     where p.state = any(${sql.param(states)}::text[])
     order by p.id`);
  return res.rows;
}

export async function membersOf(db: DbOrTx, promotionId: string) {
  const res = await db.execute<{ partner_id: number; product_id: string; promo_price: string | null }>(sql`
    select partner_id, product_id::text as product_id, promo_price::text as promo_price
      from promotion_products where promotion_id = ${promotionId} order by partner_id, product_id`);
  return res.rows;
}

// ---- products ----

/** A product as the promotion's checks and rows need it. */
export type ProductDbRow = {
  id: string;
  moda_sku: string;
  seller_sku: string;
  moda_parent_sku: string;
  seller_parent_sku: string;
  title: string;
  brand: string;
  category: string;
  gender: string | null;
  price: number | null;
  sale_price: number | null;
  quantity: number;
  archived: boolean;
  cost_price: number | null;
  floor_price: number | null;
  in_promotion: boolean;
  promo_price: number | null;
  sold: number;
  image_id: string | null;
};

const PRODUCT_COLS = (
  promotionId: string,
) => sql`products.id::text as id, products.moda_sku, products.seller_sku, products.moda_parent_sku,
  products.seller_parent_sku, products.title, products.brand, products.category, products.attributes->>'gender' as gender,
  products.price::float as price, products.sale_price::float as sale_price, products.quantity, products.archived,
  cp.cost_price::float as cost_price, cp.floor_price::float as floor_price,
  (pp.product_id is not null) as in_promotion, pp.promo_price::float as promo_price,
  coalesce(pp.sold_quantity, 0)::int as sold,
  (select i.id::text from product_images i where i.partner_id = products.partner_id
     and i.seller_parent_sku = products.seller_parent_sku order by i.position limit 1) as image_id
  from products
  left join product_cost_prices cp on cp.partner_id = products.partner_id and cp.product_id = products.id
  left join promotion_products pp on pp.partner_id = products.partner_id and pp.product_id = products.id
    and pp.promotion_id = ${promotionId}`;

/** One page of the partner's products in the promotion, or of those not in it, under the list's filters. */
export async function productsPage(
  db: DbOrTx,
  partnerId: number,
  promotionId: string,
  f: { scope: 'in' | 'candidates'; brand?: string; category?: string; search?: string },
  page: number,
  pageSize: number,
): Promise<{ rows: ProductDbRow[]; total: number }> {
  const where = productWhere({
    partnerId,
    tab: 'all',
    brand: f.brand,
    category: f.category,
    search: f.search,
  });
  const scoped = sql`${where} and pp.product_id is ${f.scope === 'in' ? sql`not null` : sql`null`}`;
  const [rows, count] = await Promise.all([
    db.execute<ProductDbRow>(sql`select ${PRODUCT_COLS(promotionId)} where ${scoped}
      order by products.seller_sku, products.id limit ${pageSize} offset ${(page - 1) * pageSize}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from products
      left join promotion_products pp on pp.partner_id = products.partner_id and pp.product_id = products.id
        and pp.promotion_id = ${promotionId}
      where ${scoped}`),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

/** The partner's products by id (those that exist and are theirs). */
export async function productsByIds(db: DbOrTx, partnerId: number, promotionId: string, ids: number[]) {
  if (!ids.length) return [];
  const res = await db.execute<ProductDbRow>(sql`select ${PRODUCT_COLS(promotionId)}
    where products.partner_id = ${partnerId} and products.id = any(${sql.param(ids.map(Number))}::bigint[])`);
  return res.rows;
}

/** The partner's products by seller SKU (a file's rows). */
export async function productsBySkus(db: DbOrTx, partnerId: number, promotionId: string, skus: string[]) {
  if (!skus.length) return [];
  const res = await db.execute<ProductDbRow>(sql`select ${PRODUCT_COLS(promotionId)}
    where products.partner_id = ${partnerId} and products.seller_sku = any(${sql.param(skus)}::text[])`);
  return res.rows;
}

/** Units and sum of each product's sales in the last days (items not cancelled), by seller SKU. */
export async function recentSales(db: DbOrTx, partnerId: number, skus: string[], since: Date) {
  if (!skus.length) return [];
  const res = await db.execute<{ seller_sku: string; quantity: number; sum: number }>(sql`
    select i.seller_sku, count(*)::int as quantity, coalesce(sum(i.paid_price), 0)::float as sum
      from order_items i join orders o on o.partner_id = i.partner_id and o.id = i.order_id
     where i.partner_id = ${partnerId} and i.seller_sku = any(${sql.param(skus)}::text[]) and i.status <> 'cancelled'
       and o.created_at >= ${since.toISOString()}
     group by i.seller_sku`);
  return res.rows;
}

export async function join(
  db: DbOrTx,
  partnerId: number,
  promo: { id: string; name: string; state: string },
  items: { productId: number; promoPrice: number }[],
): Promise<number> {
  if (!items.length) return 0;
  const res = await db.execute(sql`
    insert into promotion_products (partner_id, product_id, promotion_id, promotion_name, promotion_state, promo_price)
    select ${partnerId}, x.product_id, ${promo.id}, ${promo.name}, ${promo.state}, x.promo_price
      from unnest(${sql.param(items.map((i) => i.productId))}::bigint[],
                  ${sql.param(items.map((i) => i.promoPrice))}::numeric[]) as x(product_id, promo_price)
    on conflict (partner_id, product_id, promotion_id) do update set promo_price = excluded.promo_price`);
  return res.rowCount ?? 0;
}

export async function leave(
  db: DbOrTx,
  partnerId: number,
  promotionId: string,
  ids: number[],
): Promise<number> {
  if (!ids.length) return 0;
  const res = await db.execute(sql`delete from promotion_products
    where partner_id = ${partnerId} and promotion_id = ${promotionId}
      and product_id = any(${sql.param(ids.map(Number))}::bigint[])`);
  return res.rowCount ?? 0;
}

export async function countIn(db: DbOrTx, partnerId: number, promotionId: string): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from promotion_products
    where partner_id = ${partnerId} and promotion_id = ${promotionId}`);
  return res.rows[0]?.n ?? 0;
}

export async function results(db: DbOrTx, partnerId: number, promotionId: string) {
  const res = await db.execute<{ quantity: number; sum: number }>(sql`
    select coalesce(sum(sold_quantity), 0)::int as quantity, coalesce(sum(sold_sum), 0)::float as sum
      from promotion_products where partner_id = ${partnerId} and promotion_id = ${promotionId}`);
  return res.rows[0] ?? { quantity: 0, sum: 0 };
}

export async function addSale(
  db: DbOrTx,
  promotionId: string,
  s: { partnerId: number; productId: number; quantity: number; sum: number },
): Promise<boolean> {
  const res = await db.execute(sql`update promotion_products
      set sold_quantity = sold_quantity + ${s.quantity}, sold_sum = sold_sum + ${s.sum}
    where partner_id = ${s.partnerId} and product_id = ${s.productId} and promotion_id = ${promotionId}`);
  return (res.rowCount ?? 0) > 0;
}

/**
 * The marketplace's automatic adding (format auto): every product of a partner whose model the promotion is
 * open to, in its categories and gender, with a price, not archived, and a floor its promo price respects.
 */
export async function autoJoin(db: DbOrTx, promo: PromotionDbRow, state: string): Promise<number> {
  const step = 10;
  const res = await db.execute(sql`
    insert into promotion_products (partner_id, product_id, promotion_id, promotion_name, promotion_state, promo_price)
    select products.partner_id, products.id, ${promo.id}, ${promo.name}, ${state},
           floor(products.price * (100 - ${promo.discount_percent}) / 100 / ${step}) * ${step}
      from products
      join partners pa on pa.id = products.partner_id
      join product_cost_prices cp on cp.partner_id = products.partner_id and cp.product_id = products.id
     where pa.business_model = any(${sql.param(promo.business_models)}::text[])
       and not products.archived and products.price is not null and cp.floor_price is not null
       and floor(products.price * (100 - ${promo.discount_percent}) / 100 / ${step}) * ${step} >= cp.floor_price
       ${promo.categories.length ? sql`and products.category = any(${sql.param(promo.categories)}::text[])` : sql``}
       ${promo.gender ? sql`and coalesce(products.attributes->>'gender', 'unisex') in (${promo.gender}, 'unisex')` : sql``}
    on conflict do nothing`);
  return res.rowCount ?? 0;
}

// ---- files ----

export type PromotionFileDbRow = {
  id: string;
  name: string;
  status: string;
  partner_id: number;
  action: string;
  promotion_id: string;
  promotion_name: string | null;
  updated_at: Date;
  error_code: string | null;
  error_message: string | null;
  has_result: boolean;
  rows_total: number | null;
};

/** The partner's promotion files not closed: new and executing ones, and finished ones younger than `ttlMs`. */
export async function openFiles(db: DbOrTx, partnerId: number, ttlMs: number): Promise<PromotionFileDbRow[]> {
  const res = await db.execute<PromotionFileDbRow>(sql`
    select f.id::text as id, f.name, f.status, pf.partner_id, pf.action, pf.promotion_id, p.name as promotion_name,
           f.updated_at, f.error_code, f.error_message, (f.result_key is not null) as has_result, f.rows_total
      from promotion_files pf
      join files f on f.partner_id = pf.partner_id and f.id = pf.id
      left join promotions p on p.id::text = pf.promotion_id
     where pf.partner_id = ${partnerId} and pf.dismissed_at is null
       and (f.status in ('new', 'executing') or f.updated_at >= now() - ${ttlMs} * interval '1 millisecond')
     order by f.created_at desc
     limit 50`);
  return res.rows;
}

export async function insertFile(
  db: DbOrTx,
  partnerId: number,
  id: string,
  promotionId: string,
  action: string,
): Promise<void> {
  await db.execute(sql`insert into promotion_files (partner_id, id, promotion_id, action)
    values (${partnerId}, ${id}, ${promotionId}, ${action})`);
}

export async function fileOf(db: DbOrTx, partnerId: number, id: string) {
  const res = await db.execute<{ promotion_id: string; action: string }>(sql`
    select promotion_id, action from promotion_files where partner_id = ${partnerId} and id = ${id}`);
  return res.rows[0];
}

export async function dismissFile(db: DbOrTx, partnerId: number, id: string): Promise<boolean> {
  const res = await db.execute(sql`update promotion_files set dismissed_at = coalesce(dismissed_at, now())
    where partner_id = ${partnerId} and id = ${id}`);
  return (res.rowCount ?? 0) > 0;
}

// ---- cost and floor prices ----

export async function setCostPrices(
  db: DbOrTx,
  partnerId: number,
  items: { productId: number; costPrice: number | null; floorPrice: number | null }[],
): Promise<number> {
  if (!items.length) return 0;
  const res = await db.execute(sql`
    insert into product_cost_prices (partner_id, product_id, cost_price, floor_price)
    select ${partnerId}, products.id, x.cost_price, x.floor_price
      from unnest(${sql.param(items.map((i) => i.productId))}::bigint[],
                  ${sql.param(items.map((i) => i.costPrice))}::numeric[],
                  ${sql.param(items.map((i) => i.floorPrice))}::numeric[])
           as x(product_id, cost_price, floor_price)
      join products on products.partner_id = ${partnerId} and products.id = x.product_id
    on conflict (partner_id, product_id) do update
      set cost_price = excluded.cost_price, floor_price = excluded.floor_price, updated_at = now()`);
  return res.rowCount ?? 0;
}

export async function setCostPricesWhere(
  db: DbOrTx,
  partnerId: number,
  f: { brand?: string; category?: string },
  v: { costPrice: number | null; floorPrice: number | null },
): Promise<number> {
  const where = productWhere({ partnerId, tab: 'all', brand: f.brand, category: f.category });
  const res = await db.execute(sql`
    insert into product_cost_prices (partner_id, product_id, cost_price, floor_price)
    select ${partnerId}, products.id, ${v.costPrice}::numeric, ${v.floorPrice}::numeric from products where ${where}
    on conflict (partner_id, product_id) do update
      set cost_price = excluded.cost_price, floor_price = excluded.floor_price, updated_at = now()`);
  return res.rowCount ?? 0;
}

/** The membership prices read (ProductPromotion). */
export async function membershipOf(db: DbOrTx, partnerId: number, ids: number[]) {
  if (!ids.length) return [];
  const res = await db.execute<{
    productId: number;
    promotionId: string;
    promotionName: string;
    promotionState: string;
  }>(sql`select product_id::float as "productId", promotion_id as "promotionId",
      promotion_name as "promotionName", promotion_state as "promotionState"
    from promotion_products
   where partner_id = ${partnerId} and product_id = any(${sql.param(ids.map(Number))}::bigint[])`);
  return res.rows;
}

/** A price change takes the product out of the promotions not yet running (prices' rule). */
export async function leavePlanned(db: DbOrTx, partnerId: number, productId: number): Promise<void> {
  await db.execute(sql`delete from promotion_products
    where partner_id = ${partnerId} and product_id = ${productId} and promotion_state in ('planed', 'open', 'idle')`);
}

/** The partner's products by seller SKU, ids only (the cost price file's rows). */
export async function productIdsBySkus(db: DbOrTx, partnerId: number, skus: string[]) {
  if (!skus.length) return [];
  const res = await db.execute<{ id: string; seller_sku: string }>(sql`
    select id::text as id, seller_sku from products
     where partner_id = ${partnerId} and seller_sku = any(${sql.param(skus)}::text[])`);
  return res.rows;
}

/** One page of the partner's products with their cost and floor prices, by id after `after` (the template). */
export async function costPricePage(db: DbOrTx, partnerId: number, after: number, limit: number) {
  const res = await db.execute<{
    id: string;
    seller_sku: string;
    moda_sku: string;
    title: string;
    cost_price: number | null;
    floor_price: number | null;
  }>(sql`
    select products.id::text as id, products.seller_sku, products.moda_sku, products.title,
           cp.cost_price::float as cost_price, cp.floor_price::float as floor_price
      from products
      left join product_cost_prices cp on cp.partner_id = products.partner_id and cp.product_id = products.id
     where products.partner_id = ${partnerId} and products.id > ${after}
     order by products.id limit ${limit}`);
  return res.rows;
}

/** How many of the partner's products the card lists, and how many are in the promotion. */
export async function productTotals(db: DbOrTx, partnerId: number, promotionId: string) {
  const where = productWhere({ partnerId, tab: 'all' });
  const res = await db.execute<{ total: number; added: number }>(sql`
    select count(*)::int as total, count(pp.product_id)::int as added
      from products
      left join promotion_products pp on pp.partner_id = products.partner_id and pp.product_id = products.id
        and pp.promotion_id = ${promotionId}
     where ${where}`);
  return res.rows[0] ?? { total: 0, added: 0 };
}

/** The partner's products in a promotion for its report, by id after `after`. */
export async function addedPage(
  db: DbOrTx,
  partnerId: number,
  promotionId: string,
  after: number,
  limit: number,
): Promise<ProductDbRow[]> {
  const res = await db.execute<ProductDbRow>(sql`select ${PRODUCT_COLS(promotionId)}
    where products.partner_id = ${partnerId} and pp.product_id is not null and products.id > ${after}
    order by products.id limit ${limit}`);
  return res.rows;
}
