// SQL of orders: the list with its tabs, filters and sorts (every filter starts with partner_id so a
// partner's page reads only its rows), counts per status, the card, status changes, packs and creation.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';

/** Statuses in which an order still waits for the seller: past the cut-off they are overdue. */
export const OPEN_STATUSES = ['new', 'confirmed', 'awaiting_shipment'] as const;

export interface ListFilter {
  partnerId: number;
  country?: string | undefined;
  /** Real statuses to keep (empty: any). */
  statuses: string[];
  /** `unspecified` was asked for: the delivery date must be empty. */
  noDeliveryDate: boolean;
  search?: string | undefined;
  createdAt: { from: Date; to: Date } | null;
  deliveryDate: { from: Date; to: Date } | null;
  now: Date;
}

export type Tab = 'all' | 'overdue' | 'with_discrepancy_acts';

const iso = (d: Date) => d.toISOString();
const openList = sql.raw(`(${OPEN_STATUSES.map((s) => `'${s}'`).join(',')})`);

export const overdueSql = (now: Date) => sql`(o.cut_off_at < ${iso(now)} and o.status in ${openList})`;

/** LIKE pattern of a search: the words as typed, lower case, wildcards escaped. */
export function searchPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The filters as SQL. `onIndex`: the statement reads only columns of the covering indexes (an index-only scan),
 * so a search within a date range may test the signature stored in them; elsewhere (a plan that reads the heap
 * row) the signature would be computed per row, ~10 µs, and strpos alone is cheaper.
 */
function conditions(f: ListFilter, opts: { withStatus: boolean; onIndex?: boolean }): SQL[] {
  const c: SQL[] = [sql`o.partner_id = ${f.partnerId}`];
  if (f.country) c.push(sql`o.country = ${f.country}`);
  if (opts.withStatus && f.statuses.length) c.push(sql`o.status in ${inList(f.statuses)}`);
  if (f.noDeliveryDate) c.push(sql`o.delivery_date is null`);
  if (f.search) {
    // With a created-date range the partner's orders of that range are read from a covering index and
    // filtered there; the trigram index pays off only without one (its common trigrams span every partner).
    // On the index tuple the signature of migration 0018 (a key column of both covering indexes, read, not
    // computed) rules out most orders first; strpos decides on the rest. One CASE keeps that order: as two
    // conditions the planner would run strpos first.
    const q = f.search.toLowerCase();
    c.push(
      !f.createdAt
        ? sql`o.search_text like ${searchPattern(f.search)}`
        : opts.onIndex
          ? sql`(case when order_search_sig(o.search_text) & order_search_sig(${q}) = order_search_sig(${q})
                then strpos(o.search_text, ${q}) > 0 else false end)`
          : sql`strpos(o.search_text, ${q}) > 0`,
    );
  }
  if (f.createdAt) c.push(sql`o.created_at between ${iso(f.createdAt.from)} and ${iso(f.createdAt.to)}`);
  if (f.deliveryDate)
    c.push(sql`o.delivery_date between ${iso(f.deliveryDate.from)} and ${iso(f.deliveryDate.to)}`);
  return c;
}

function inList(values: string[]): SQL {
  return sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

function tabCondition(tab: Tab, now: Date): SQL | null {
  if (tab === 'overdue') return overdueSql(now);
  if (tab === 'with_discrepancy_acts') return sql`o.has_discrepancy_act`;
  return null;
}

/** Sort columns the covering indexes hold. */
const INDEXED_SORTS = new Set(['o.created_at', 'o.cut_off_at', 'o.delivery_date', 'o.status']);

const SORT_COLUMNS: Record<string, string> = {
  created_at: 'o.created_at',
  cut_off_at: 'o.cut_off_at',
  delivery_date: 'o.delivery_date',
  sum: 'o.sum',
  order_nr: 'o.order_nr',
  status: 'o.status',
};

export interface OrderListRow extends Record<string, unknown> {
  id: string;
  order_nr: string;
  created_at: Date;
  cut_off_at: Date;
  delivery_date: Date | null;
  sum: string;
  currency: string;
  item_count: number;
  status: string;
  country: string;
  payment_method: string;
  is_overdue: boolean;
  has_discrepancy_act: boolean;
  tracking_numbers: string[];
  pack_count: number;
}

const ROW_COLUMNS = (
  now: Date,
) => sql`o.id::text as id, o.order_nr, o.created_at, o.cut_off_at, o.delivery_date,
  o.sum, o.currency, o.item_count, o.status, o.country, o.payment_method, ${overdueSql(now)} as is_overdue,
  o.has_discrepancy_act, o.tracking_numbers,
  (select count(*)::int from order_packs p where p.partner_id = o.partner_id and p.order_id = o.id) as pack_count`;

/**
 * The statement of a list request. Without a known total it is one statement that returns the page's rows,
 * each with the total beside it (one row of nulls and the total when the page is empty):
 * - with a search, the matching orders are read once (a materialised CTE: with a date range an index-only
 *   scan of a covering index that filters search_text on the index tuples) and both the total and the page's
 *   ids come from that set, instead of a second pass over every candidate;
 * - without one, the total is a scalar subquery (an index-only count) and the page an index scan that stops
 *   after its rows: two scans, but one round trip.
 * With a known total (from the kept counts) it is just the page.
 */
export function listSql(
  f: ListFilter,
  tab: Tab,
  sort: { column: string; desc: boolean },
  page: number,
  pageSize: number,
  withTotal: boolean,
): SQL {
  const c = conditions(f, { withStatus: true, onIndex: true });
  const t = tabCondition(tab, f.now);
  if (t) c.push(t);
  const where = sql.join(c, sql` and `);
  const col = SORT_COLUMNS[sort.column] ?? 'o.created_at';
  const dir = sort.desc ? 'desc' : 'asc';
  const nulls = col === 'o.delivery_date' ? (sort.desc ? 'nulls last' : 'nulls first') : '';
  const orderBy = (key: string, id: string) => sql.raw(`${key} ${dir} ${nulls}, ${id} ${dir}`);
  const limit = sql`limit ${pageSize} offset ${(page - 1) * pageSize}`;
  // The page's rows by primary key, in the page's order (sort_key and sort_id order them outside).
  const rowsOf = (ids: SQL) => sql`select ${ROW_COLUMNS(f.now)}, ${sql.raw(col)} as sort_key, o.id as sort_id
          from orders o where o.partner_id = ${f.partnerId} and o.id in (${ids})`;
  const outerOrder = orderBy('r.sort_key', 'r.sort_id');
  if (!withTotal) {
    // The page's ids first (an index-only scan where a covering index serves the filters), then its rows.
    return sql`select r.* from (${rowsOf(
      sql`select o.id from orders o where ${where} order by ${orderBy(col, 'o.id')} ${limit}`,
    )}) r order by ${outerOrder}`;
  }
  if (f.search) {
    // The matches hold only index columns (no heap row read, so the stored signature is used); a sort by a
    // column outside the covering indexes reads it for the matches only.
    const inIndex = INDEXED_SORTS.has(col);
    const pageIds = inIndex
      ? sql`select m.id from m order by ${orderBy('m.k', 'm.id')} ${limit}`
      : sql`select o.id from orders o where o.partner_id = ${f.partnerId} and o.id in (select m.id from m)
             order by ${orderBy(col, 'o.id')} ${limit}`;
    return sql`with m as materialized (select o.id${inIndex ? sql.raw(`, ${col} as k`) : sql``} from orders o where ${where})
        select r.*, t.total from (select count(*)::int as total from m) t
          left join lateral (${rowsOf(pageIds)}) r on true
         order by ${outerOrder}`;
  }
  return sql`select r.*, t.total from (select count(*)::int as total from orders o where ${where}) t
        left join lateral (${rowsOf(
          sql`select o.id from orders o where ${where} order by ${orderBy(col, 'o.id')} ${limit}`,
        )}) r on true
       order by ${outerOrder}`;
}

export async function listOrders(
  db: DbOrTx,
  f: ListFilter,
  tab: Tab,
  sort: { column: string; desc: boolean },
  page: number,
  pageSize: number,
  knownTotal: number | null = null,
): Promise<{ rows: OrderListRow[]; total: number }> {
  const res = await db.execute<OrderListRow & { total?: number }>(
    listSql(f, tab, sort, page, pageSize, knownTotal === null),
  );
  // An empty page still brings the total, on a row without an order.
  const rows = res.rows.filter((r) => r.id !== null);
  return { rows, total: knownTotal ?? res.rows[0]?.total ?? 0 };
}

/** Whether only the status filter (if any) is set: the kept counts then answer without counting rows. */
export const onlyStatusFilter = (f: ListFilter) =>
  !f.country && !f.search && !f.createdAt && !f.deliveryDate && !f.noDeliveryDate;

/** Counts per status from the kept table, with the overdue ones counted on the index of waiting orders. */
export async function keptCounts(
  db: DbOrTx,
  partnerId: number,
  now: Date,
  withOverdue = true,
): Promise<{ status: string; n: number; overdue: number; acts: number }[]> {
  const [kept, overdue] = await Promise.all([
    db.execute<{ status: string; n: number; acts: number }>(
      sql`select status, n::int as n, acts::int as acts from order_status_counts
           where partner_id = ${partnerId} and n > 0`,
    ),
    withOverdue
      ? db.execute<{ status: string; n: number }>(
          sql`select o.status, count(*)::int as n from orders o
               where o.partner_id = ${partnerId} and ${overdueSql(now)} group by o.status`,
        )
      : null,
  ]);
  const late = new Map((overdue?.rows ?? []).map((r) => [r.status, r.n]));
  return kept.rows.map((r) => ({ ...r, overdue: late.get(r.status) ?? 0 }));
}

/** The counts request (status filter left out; see countByStatus). */
export function countsSql(f: ListFilter): SQL {
  const where = sql.join(conditions(f, { withStatus: false, onIndex: true }), sql` and `);
  return sql`select o.status, count(*)::int as n,
               count(*) filter (where ${overdueSql(f.now)})::int as overdue,
               count(*) filter (where o.has_discrepancy_act)::int as acts
          from orders o where ${where} group by o.status`;
}

/** Exactly the statements the list and the counts send, for the benchmark that runs them through pg. */
export function statementsOf(
  f: ListFilter,
  tab: Tab,
  sort: { column: string; desc: boolean },
  page: number,
  pageSize: number,
): { list: { text: string; values: unknown[] }[]; counts: { text: string; values: unknown[] } } {
  const dialect = new PgDialect();
  const text = (q: SQL) => {
    const r = dialect.sqlToQuery(q);
    return { text: r.sql, values: r.params };
  };
  return { list: [text(listSql(f, tab, sort, page, pageSize, true))], counts: text(countsSql(f)) };
}

export async function countOrders(db: DbOrTx, f: ListFilter, tab: Tab): Promise<number> {
  const c = conditions(f, { withStatus: true, onIndex: true });
  const t = tabCondition(tab, f.now);
  if (t) c.push(t);
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from orders o where ${sql.join(c, sql` and `)}`,
  );
  return res.rows[0]?.n ?? 0;
}

export interface ExportLine extends Record<string, unknown> {
  order_id: string;
  order_nr: string;
  created_at: Date;
  cut_off_at: Date;
  delivery_date: Date | null;
  status: string;
  country: string;
  payment_method: string;
  sum: string;
  currency: string;
  tracking_numbers: string[];
  delivery: { address: string; method: string; serviceLevel: string };
  moda_sku: string;
  seller_sku: string;
  name: string;
  base_price: string;
  total_discount: string;
  paid_price: string;
  item_status: string;
  cancel_action: string | null;
}

/** A page of orders after `afterId` (by id) with their items, for the export. */
export async function exportPage(
  db: DbOrTx,
  f: ListFilter,
  tab: Tab,
  afterId: string,
  orders: number,
): Promise<ExportLine[]> {
  const c = conditions(f, { withStatus: true });
  const t = tabCondition(tab, f.now);
  if (t) c.push(t);
  c.push(sql`o.id > ${afterId}`);
  const res = await db.execute<ExportLine>(
    sql`with page as (
          select o.* from orders o where ${sql.join(c, sql` and `)} order by o.id limit ${orders}
        )
        select p.id::text as order_id, p.order_nr, p.created_at, p.cut_off_at, p.delivery_date, p.status, p.country,
               p.payment_method, p.sum, p.currency, p.tracking_numbers, p.delivery, i.moda_sku, i.seller_sku, i.name,
               i.base_price, i.total_discount, i.paid_price, i.status as item_status, i.cancel_action
          from page p join order_items i on i.partner_id = p.partner_id and i.order_id = p.id
         order by p.id, i.id`,
  );
  return res.rows;
}

/**
 * One pass over the partner's filtered orders (the status filter left out), grouped by status: the status
 * counts, and per status how many are overdue and have acts, so the tab counts follow the status filter.
 */
export async function countByStatus(
  db: DbOrTx,
  f: ListFilter,
): Promise<{ status: string; n: number; overdue: number; acts: number }[]> {
  const res = await db.execute<{ status: string; n: number; overdue: number; acts: number }>(countsSql(f));
  return res.rows;
}

export interface OrderRecord extends OrderListRow {
  partner_id: number;
  comment: string | null;
  business_model: string;
  delivery: { address: string; method: string; serviceLevel: string };
  product_cost: string;
  delivery_cost: string;
  total_discount: string;
  partner_agreed_price: string;
}

/** The order of a partner by its number (null: none, or another partner's); locked when asked. */
export async function orderByNr(
  db: DbOrTx,
  partnerId: number | null,
  orderNr: string,
  now: Date,
  lock = false,
): Promise<OrderRecord | null> {
  const res = await db.execute<OrderRecord>(
    sql`select ${ROW_COLUMNS(now)}, o.partner_id, o.comment, o.business_model, o.delivery, o.product_cost,
               o.delivery_cost, o.total_discount, o.partner_agreed_price
          from orders o
         where o.order_nr = ${orderNr} ${partnerId === null ? sql`` : sql`and o.partner_id = ${partnerId}`}
         ${lock ? sql`for update of o` : sql``}`,
  );
  return res.rows[0] ?? null;
}

export interface ItemRecord extends Record<string, unknown> {
  id: string;
  moda_sku: string;
  seller_sku: string;
  name: string;
  base_price: string;
  total_discount: string;
  paid_price: string;
  status: string;
  cancel_action: string | null;
  /** The product's first photo, when it has one. */
  image_id: string | null;
}

export async function itemsOf(db: DbOrTx, partnerId: number, orderId: string): Promise<ItemRecord[]> {
  const res = await db.execute<ItemRecord>(
    sql`select i.id::text as id, i.moda_sku, i.seller_sku, i.name, i.base_price, i.total_discount, i.paid_price,
               i.status, i.cancel_action,
               (select pi.id::text from products p
                  join product_images pi on pi.partner_id = p.partner_id and pi.seller_parent_sku = p.seller_parent_sku
                 where p.partner_id = i.partner_id and p.id = i.product_id
                 order by pi.position limit 1) as image_id
          from order_items i where i.partner_id = ${partnerId} and i.order_id = ${orderId} order by i.id`,
  );
  return res.rows;
}

export async function actsOf(db: DbOrTx, partnerId: number, orderId: string) {
  const res = await db.execute<{
    id: string;
    reason: string;
    comment: string | null;
    files: { name: string; url: string }[];
    created_at: Date;
  }>(
    sql`select id::text as id, reason, comment, files, created_at from discrepancy_acts
         where partner_id = ${partnerId} and order_id = ${orderId} order by created_at, id`,
  );
  return res.rows;
}

export async function packsOf(db: DbOrTx, partnerId: number, orderId: string) {
  const res = await db.execute<{ barcode: string; created_at: Date }>(
    sql`select barcode, created_at from order_packs
         where partner_id = ${partnerId} and order_id = ${orderId} order by number`,
  );
  return res.rows;
}

export async function setOrderStatus(
  db: DbOrTx,
  partnerId: number,
  orderId: string,
  status: string,
  deliveryDate?: Date,
): Promise<void> {
  await db.execute(
    sql`update orders set status = ${status}, updated_at = now()
          ${deliveryDate ? sql`, delivery_date = ${iso(deliveryDate)}` : sql``}
         where partner_id = ${partnerId} and id = ${orderId}`,
  );
}

export async function setItemsStatus(
  db: DbOrTx,
  partnerId: number,
  orderId: string,
  itemIds: string[],
  status: string,
  cancelAction: string | null,
): Promise<void> {
  if (!itemIds.length) return;
  await db.execute(
    sql`update order_items set status = ${status},
           cancel_action = coalesce(${cancelAction}, cancel_action),
           cancelled_at = case when ${status} = 'cancelled' then now() else cancelled_at end
         where partner_id = ${partnerId} and order_id = ${orderId}
           and id in ${inList(itemIds)}`,
  );
}

export async function addEvents(
  db: DbOrTx,
  partnerId: number,
  orderId: string,
  events: { itemId: string | null; from: string | null; to: string }[],
  actor: string,
): Promise<void> {
  if (!events.length) return;
  await db.execute(
    sql`insert into order_events (partner_id, order_id, item_id, from_status, to_status, actor)
        values ${sql.join(
          events.map((e) => sql`(${partnerId}, ${orderId}, ${e.itemId}, ${e.from}, ${e.to}, ${actor})`),
          sql`, `,
        )}`,
  );
}

export async function eventsOf(db: DbOrTx, partnerId: number, orderId: string) {
  const res = await db.execute<{
    item_id: string | null;
    from_status: string | null;
    to_status: string;
    actor: string;
  }>(
    sql`select item_id::text as item_id, from_status, to_status, actor from order_events
         where partner_id = ${partnerId} and order_id = ${orderId} order by id`,
  );
  return res.rows;
}

// --- packs --------------------------------------------------------------------------------------------

/** Next pack numbers of a partner: one past the highest so far (the partner's rows are locked first). */
export async function addPacks(
  db: DbOrTx,
  partnerId: number,
  orderId: string,
  quantity: number,
  barcodeOf: (n: number) => string,
): Promise<{ barcode: string; number: number }[]> {
  // One pack numbering per partner: serialise concurrent requests of the same partner.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('order_packs'), ${partnerId})`);
  const res = await db.execute<{ max: string | null }>(
    sql`select max(number) as max from order_packs where partner_id = ${partnerId}`,
  );
  const start = Number(res.rows[0]?.max ?? 0) + 1;
  const packs = Array.from({ length: quantity }, (_, i) => ({
    number: start + i,
    barcode: barcodeOf(start + i),
  }));
  await db.execute(
    sql`insert into order_packs (partner_id, order_id, barcode, number) values ${sql.join(
      packs.map((p) => sql`(${partnerId}, ${orderId}, ${p.barcode}, ${p.number})`),
      sql`, `,
    )}`,
  );
  return packs;
}

export async function baseWarehouseOf(
  db: DbOrTx,
  partnerId: number,
): Promise<{ code: string; name: string; address: string } | null> {
  const res = await db.execute<{ code: string; name: string; address: string }>(
    sql`select b.code, b.name, b.address
          from warehouses w
          join base_warehouses b on b.code = w.delivery_method->>'shippingPoint'
         where w.partner_id = ${partnerId} and w.status = 'active' and w.deleted_at is null
         limit 1`,
  );
  return res.rows[0] ?? null;
}

export async function partnerName(db: DbOrTx, partnerId: number): Promise<string> {
  const res = await db.execute<{ shop_name: string }>(
    sql`select shop_name from partners where id = ${partnerId}`,
  );
  return res.rows[0]?.shop_name ?? String(partnerId);
}

// --- creation and platform moves ----------------------------------------------------------------------

export async function productsBySellerSku(db: DbOrTx, partnerId: number, skus: string[]) {
  const res = await db.execute<{
    id: string;
    moda_sku: string;
    seller_sku: string;
    title: string;
    price: string | null;
    sale_price: string | null;
  }>(
    sql`select id::text as id, moda_sku, seller_sku, title, price, sale_price from products
         where partner_id = ${partnerId} and seller_sku in ${inList(skus)}`,
  );
  return res.rows;
}

/** Products buyers can order now, by seller SKU after `after` (the marketplace's view of the catalogue). */
export async function orderableProducts(
  db: DbOrTx,
  partnerId: number,
  after: string | undefined,
  limit: number,
) {
  const res = await db.execute<{
    seller_sku: string;
    moda_sku: string;
    price: string | null;
    quantity: number;
  }>(
    sql`select seller_sku, moda_sku, price, quantity from products
         where partner_id = ${partnerId} and not archived and status = 'online'
           and seller_sku > ${after ?? ''}
         order by seller_sku limit ${limit}`,
  );
  return res.rows;
}

export async function businessModelOf(db: DbOrTx, partnerId: number): Promise<string | null> {
  const res = await db.execute<{ business_model: string }>(
    sql`select business_model from partners where id = ${partnerId}`,
  );
  return res.rows[0]?.business_model ?? null;
}

export interface NewOrder {
  partnerId: number;
  orderNr: string | undefined;
  status: string;
  country: string;
  businessModel: string;
  createdAt: Date;
  cutOffAt: Date;
  deliveryDate: Date | null;
  comment: string | null;
  delivery: { address: string; method: string; serviceLevel: string };
  paymentMethod: string;
  deliveryCost: number;
  trackingNumbers: string[];
  hasDiscrepancyAct: boolean;
  items: {
    productId: string | null;
    modaSku: string;
    sellerSku: string;
    name: string;
    basePrice: number;
    totalDiscount: number;
    paidPrice: number;
    status: string;
    cancelAction: string | null;
  }[];
}

const money = (n: number) => Math.round(n * 100) / 100;
/** Characters of search_text kept: the number first, then SKUs and names of the items in order. */
export const SEARCH_TEXT_MAX = 1000;

/** The order number the server assigns: the country and the order's id. */
export const assignedOrderNr = (country: string, id: number | string) =>
  `${country}${String(id).padStart(9, '0')}`;

/** Inserts orders with their items (one statement each); returns their ids and numbers in input order. */
export async function insertOrders(db: DbOrTx, list: NewOrder[]): Promise<{ id: string; orderNr: string }[]> {
  if (!list.length) return [];
  const ids = await db.execute<{ id: string }>(
    sql`select nextval(pg_get_serial_sequence('orders', 'id'))::text as id from generate_series(1, ${list.length})`,
  );
  const rows = list.map((o, i) => {
    const id = ids.rows[i]!.id;
    const orderNr = o.orderNr ?? assignedOrderNr(o.country, id);
    const live = o.items.filter((it) => it.status !== 'cancelled' || o.status === 'cancelled');
    const productCost = money(o.items.reduce((s, it) => s + it.basePrice, 0));
    const totalDiscount = money(o.items.reduce((s, it) => s + it.totalDiscount, 0));
    const paid = money(live.reduce((s, it) => s + it.paidPrice, 0));
    // Capped so that the covering indexes of migration 0014 always hold it (a btree tuple is at most ~2.7 KB).
    const searchText = [orderNr, ...o.items.flatMap((it) => [it.modaSku, it.sellerSku, it.name])]
      .join(' ')
      .toLowerCase()
      .slice(0, SEARCH_TEXT_MAX);
    return { o, id, orderNr, productCost, totalDiscount, paid, searchText };
  });
  await db.execute(
    sql`insert into orders (partner_id, id, order_nr, status, country, business_model, created_at, cut_off_at,
          delivery_date, sum, item_count, comment, tracking_numbers, delivery, payment_method, product_cost,
          delivery_cost, total_discount, partner_agreed_price, has_discrepancy_act, search_text, updated_at)
        overriding system value values ${sql.join(
          rows.map(
            (
              r,
            ) => sql`(${r.o.partnerId}, ${r.id}, ${r.orderNr}, ${r.o.status}, ${r.o.country}, ${r.o.businessModel},
              ${iso(r.o.createdAt)}, ${iso(r.o.cutOffAt)}, ${r.o.deliveryDate ? iso(r.o.deliveryDate) : null},
              ${money(r.paid + r.o.deliveryCost)}, ${r.o.items.length}, ${r.o.comment},
              array(select jsonb_array_elements_text(${JSON.stringify(r.o.trackingNumbers)}::jsonb)),
              ${JSON.stringify(r.o.delivery)}::jsonb, ${r.o.paymentMethod}, ${r.productCost}, ${r.o.deliveryCost},
              ${r.totalDiscount}, ${money(r.paid * 0.85)}, ${r.o.hasDiscrepancyAct}, ${r.searchText},
              ${iso(r.o.createdAt)})`,
          ),
          sql`, `,
        )}`,
  );
  const items = rows.flatMap((r) => r.o.items.map((it) => ({ r, it })));
  await db.execute(
    sql`insert into order_items (partner_id, order_id, product_id, moda_sku, seller_sku, name, base_price,
          total_discount, paid_price, status, cancel_action, cancelled_at)
        values ${sql.join(
          items.map(
            ({
              r,
              it,
            }) => sql`(${r.o.partnerId}, ${r.id}, ${it.productId}, ${it.modaSku}, ${it.sellerSku}, ${it.name},
              ${it.basePrice}, ${it.totalDiscount}, ${it.paidPrice}, ${it.status}, ${it.cancelAction},
              ${it.status === 'cancelled' ? iso(r.o.createdAt) : null})`,
          ),
          sql`, `,
        )}`,
  );
  return rows.map((r) => ({ id: r.id, orderNr: r.orderNr }));
}

export async function orderNrExists(db: DbOrTx, orderNr: string): Promise<boolean> {
  const res = await db.execute(sql`select 1 from orders where order_nr = ${orderNr}`);
  return res.rows.length > 0;
}

export async function addAct(
  db: DbOrTx,
  partnerId: number,
  orderId: string,
  act: { reason: string; comment: string | null; files: { name: string; url: string }[] },
): Promise<string> {
  const res = await db.execute<{ id: string }>(
    sql`insert into discrepancy_acts (partner_id, order_id, reason, comment, files)
        values (${partnerId}, ${orderId}, ${act.reason}, ${act.comment}, ${JSON.stringify(act.files)}::jsonb)
        returning id::text as id`,
  );
  await db.execute(
    sql`update orders set has_discrepancy_act = true, updated_at = now()
         where partner_id = ${partnerId} and id = ${orderId}`,
  );
  return res.rows[0]!.id;
}

export async function addTracking(
  db: DbOrTx,
  partnerId: number,
  orderId: string,
  trackingNumber: string,
): Promise<string[]> {
  const res = await db.execute<{ tracking_numbers: string[] }>(
    sql`update orders set tracking_numbers = case when ${trackingNumber} = any(tracking_numbers)
             then tracking_numbers else array_append(tracking_numbers, ${trackingNumber}::text) end,
           updated_at = now()
         where partner_id = ${partnerId} and id = ${orderId}
         returning tracking_numbers`,
  );
  return res.rows[0]?.tracking_numbers ?? [];
}

/** Orders of a partner by number, for printing labels of many at once. */
export async function ordersByNrs(db: DbOrTx, partnerId: number, orderNrs: string[], now: Date) {
  const res = await db.execute<OrderRecord>(
    sql`select ${ROW_COLUMNS(now)}, o.partner_id, o.comment, o.business_model, o.delivery, o.product_cost,
               o.delivery_cost, o.total_discount, o.partner_agreed_price
          from orders o where o.partner_id = ${partnerId} and o.order_nr in ${inList(orderNrs)}`,
  );
  return res.rows;
}
