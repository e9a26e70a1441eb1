// SQL of the analytics module: reads of the daily aggregates (never the orders), the storefront's events and
// order devices written, and the rebuild of a partner's aggregates. Every statement takes the partner id.
import { sql, type SQL } from 'drizzle-orm';
import { addDays, daysBetween } from '@moda/contracts';
import type { DbOrTx } from '../../db/client';

export type Dim = 'total' | 'brand' | 'category' | 'product';
export type Grouping = 'days' | 'weeks' | 'months';

/** Sums of a set of aggregate rows, as numbers. */
export interface Sums {
  orders: number;
  orderedQty: number;
  orderedSum: number;
  boughtQty: number;
  boughtSum: number;
  returnedQty: number;
  returnedSum: number;
  cancelledQty: number;
  views: number;
  carts: number;
}

const SUMS = sql`coalesce(sum(orders), 0)::float8 as orders, coalesce(sum(ordered_qty), 0)::float8 as ordered_qty,
  coalesce(sum(ordered_sum), 0)::float8 as ordered_sum, coalesce(sum(bought_qty), 0)::float8 as bought_qty,
  coalesce(sum(bought_sum), 0)::float8 as bought_sum, coalesce(sum(returned_qty), 0)::float8 as returned_qty,
  coalesce(sum(returned_sum), 0)::float8 as returned_sum, coalesce(sum(cancelled_qty), 0)::float8 as cancelled_qty,
  coalesce(sum(views), 0)::float8 as views, coalesce(sum(carts), 0)::float8 as carts`;

type SumRow = Record<
  | 'orders'
  | 'ordered_qty'
  | 'ordered_sum'
  | 'bought_qty'
  | 'bought_sum'
  | 'returned_qty'
  | 'returned_sum'
  | 'cancelled_qty'
  | 'views'
  | 'carts',
  number
>;

const toSums = (r: Partial<SumRow> | undefined): Sums => ({
  orders: r?.orders ?? 0,
  orderedQty: r?.ordered_qty ?? 0,
  orderedSum: r?.ordered_sum ?? 0,
  boughtQty: r?.bought_qty ?? 0,
  boughtSum: r?.bought_sum ?? 0,
  returnedQty: r?.returned_qty ?? 0,
  returnedSum: r?.returned_sum ?? 0,
  cancelledQty: r?.cancelled_qty ?? 0,
  views: r?.views ?? 0,
  carts: r?.carts ?? 0,
});

const where = (partnerId: number, dim: Dim, from: string, to: string, device?: string) =>
  sql`partner_id = ${partnerId} and dim = ${dim} and day between ${from}::date and ${to}::date
      ${device ? sql`and device = ${device}` : sql``}`;

const COLUMNS = sql`key, orders, ordered_qty, ordered_sum, bought_qty, bought_sum, returned_qty, returned_sum,
  cancelled_qty, views, carts`;

/** The first day of the month after the one `day` is in. */
const nextMonthStart = (day: string) => {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};

const NEGATED = sql`key, -orders, -ordered_qty, -ordered_sum, -bought_qty, -bought_sum, -returned_qty, -returned_sum,
  -cancelled_qty, -views, -carts`;

/** How a period is read from the roll-ups: months added, day ranges added, day ranges taken away. */
export interface PeriodPlan {
  months: string[];
  plus: [string, string][];
  minus: [string, string][];
}

/**
 * Splits [from, to] into whole calendar months and days. A month the period covers only in part is read by its
 * days when they are at most half of it, otherwise as the whole month less the days outside the period (for
 * «the last 365 days» those are mostly days still to come, which hold nothing).
 */
export function periodPlan(from: string, to: string): PeriodPlan {
  const plan: PeriodPlan = { months: [], plus: [], minus: [] };
  for (let ms = `${from.slice(0, 7)}-01`; ms <= to; ms = nextMonthStart(ms)) {
    const me = addDays(nextMonthStart(ms), -1);
    const a = from > ms ? from : ms;
    const b = to < me ? to : me;
    if (a === ms && b === me) {
      plan.months.push(ms);
    } else if (daysBetween(a, b) * 2 <= daysBetween(ms, me)) {
      plan.plus.push([a, b]);
    } else {
      plan.months.push(ms);
      if (a > ms) plan.minus.push([ms, addDays(a, -1)]);
      if (b < me) plan.minus.push([addDays(b, 1), me]);
    }
  }
  return plan;
}

/** The days of one dimension over a period summed over the devices (no device asked for). */
const daysWhere = (partnerId: number, dim: Dim, from: string, to: string) =>
  sql`partner_id = ${partnerId} and dim = ${dim} and day between ${from}::date and ${to}::date`;

const dayRanges = (ranges: [string, string][]) =>
  sql.join(
    ranges.map(([a, b]) => sql`day between ${a}::date and ${b}::date`),
    sql` or `,
  );

/**
 * The aggregate rows of one dimension over a period, for reads that group by key (not by day): the months and
 * days of `periodPlan` from the roll-ups summed over the devices. With a device, the days of that device. A key
 * whose rows net to nothing is left out by `HAS_ANY`.
 */
const periodRows = (partnerId: number, dim: Dim, from: string, to: string, device?: string): SQL => {
  if (device) {
    return sql`(select ${COLUMNS} from analytics_daily where ${where(partnerId, dim, from, to, device)}) s`;
  }
  const plan = periodPlan(from, to);
  const parts: SQL[] = [];
  if (plan.months.length)
    parts.push(sql`select ${COLUMNS} from analytics_monthly where partner_id = ${partnerId} and dim = ${dim}
      and month in (${sql.join(
        plan.months.map((m) => sql`${m}::date`),
        sql`, `,
      )})`);
  if (plan.plus.length)
    parts.push(sql`select ${COLUMNS} from analytics_days where partner_id = ${partnerId} and dim = ${dim}
      and (${dayRanges(plan.plus)})`);
  if (plan.minus.length)
    parts.push(sql`select ${NEGATED} from analytics_days where partner_id = ${partnerId} and dim = ${dim}
      and (${dayRanges(plan.minus)})`);
  return sql`(${sql.join(parts, sql` union all `)}) s`;
};

/** Keeps the keys with anything in the period (the months less their outside days can net to zero). */
const HAS_ANY = sql`having sum(orders) <> 0 or sum(ordered_qty) <> 0 or sum(bought_qty) <> 0
  or sum(returned_qty) <> 0 or sum(cancelled_qty) <> 0 or sum(views) <> 0 or sum(carts) <> 0`;

const bucketOf = (g: Grouping): SQL =>
  g === 'days'
    ? sql`day`
    : g === 'weeks'
      ? sql`date_trunc('week', day)::date`
      : sql`date_trunc('month', day)::date`;

export async function totals(db: DbOrTx, partnerId: number, from: string, to: string): Promise<Sums> {
  const res = await db.execute<SumRow>(sql`select ${SUMS} from ${periodRows(partnerId, 'total', from, to)}`);
  return toSums(res.rows[0]);
}

/** Sums per bucket start (YYYY-MM-DD) along one dimension, per key (the total's key is ''). */
export async function series(
  db: DbOrTx,
  partnerId: number,
  dim: Dim,
  from: string,
  to: string,
  grouping: Grouping,
  keys?: string[],
): Promise<{ key: string; bucket: string; sums: Sums }[]> {
  const b = bucketOf(grouping);
  const res = await db.execute<SumRow & { key: string; bucket: string }>(
    sql`select key, to_char(${b}, 'YYYY-MM-DD') as bucket, ${SUMS} from analytics_days
         where ${daysWhere(partnerId, dim, from, to)}
           ${
             keys
               ? keys.length
                 ? sql`and key in (${sql.join(
                     keys.map((k) => sql`${k}`),
                     sql`, `,
                   )})`
                 : sql`and false`
               : sql``
           }
         group by key, ${b} order by 2`,
  );
  return res.rows.map((r) => ({ key: r.key, bucket: r.bucket, sums: toSums(r) }));
}

/** Sums per key of one dimension over a period (per device when asked), largest revenue first. */
export async function byKey(
  db: DbOrTx,
  partnerId: number,
  dim: Dim,
  from: string,
  to: string,
  device?: string,
): Promise<{ key: string; sums: Sums }[]> {
  const res = await db.execute<SumRow & { key: string }>(
    sql`select key, ${SUMS} from ${periodRows(partnerId, dim, from, to, device)}
         group by key ${HAS_ANY} order by ordered_sum desc, key`,
  );
  return res.rows.map((r) => ({ key: r.key, sums: toSums(r) }));
}

export async function byDevice(
  db: DbOrTx,
  partnerId: number,
  from: string,
  to: string,
): Promise<{ device: string; sums: Sums }[]> {
  const res = await db.execute<SumRow & { device: string }>(
    sql`select device, ${SUMS} from analytics_daily where ${where(partnerId, 'total', from, to)}
         group by device order by device`,
  );
  return res.rows.map((r) => ({ device: r.device, sums: toSums(r) }));
}

/**
 * The funnel's own measures: the steps (views, carts, ordered and bought items) and revenue, and only the keys
 * that took a step in the period. Summing just these over a year of a partner's products is half the work of
 * every measure (`SUMS`: five of them numeric), and the year by product is the funnel's costliest read.
 */
const FUNNEL_SUMS = sql`coalesce(sum(ordered_qty), 0)::float8 as ordered_qty,
  coalesce(sum(ordered_sum), 0)::float8 as ordered_sum, coalesce(sum(bought_qty), 0)::float8 as bought_qty,
  coalesce(sum(views), 0)::float8 as views, coalesce(sum(carts), 0)::float8 as carts`;
const FUNNEL_HAS = sql`having sum(views) <> 0 or sum(carts) <> 0 or sum(ordered_qty) <> 0 or sum(bought_qty) <> 0`;

const FUNNEL_SORT: Record<string, SQL> = {
  views: sql`views`,
  carts: sql`carts`,
  items: sql`ordered_qty`,
  bought_items: sql`bought_qty`,
  revenue: sql`ordered_sum`,
};

/** One page of keys of a dimension by a funnel measure, with the number of keys. */
export async function funnelPage(
  db: DbOrTx,
  partnerId: number,
  dim: Dim,
  from: string,
  to: string,
  device: string | undefined,
  sort: string,
  limit: number,
  offset: number,
): Promise<{ rows: { key: string; sums: Sums }[]; count: number }> {
  const desc = sort.startsWith('-');
  const col = FUNNEL_SORT[desc ? sort.slice(1) : sort] ?? sql`views`;
  const res = await db.execute<Partial<SumRow> & { key: string; n: number }>(
    sql`select key, count(*) over ()::int as n, ${FUNNEL_SUMS} from ${periodRows(partnerId, dim, from, to, device)}
         group by key ${FUNNEL_HAS}
         order by ${col} ${desc ? sql`desc` : sql`asc`}, key
         limit ${limit} offset ${offset}`,
  );
  let count = res.rows[0]?.n ?? 0;
  if (!res.rows.length && offset > 0) {
    const c = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select key from ${periodRows(partnerId, dim, from, to, device)}
           group by key ${FUNNEL_HAS}) k`,
    );
    count = c.rows[0]?.n ?? 0;
  }
  return { rows: res.rows.map((r) => ({ key: r.key, sums: toSums(r) })), count };
}

export type ProductInfo = {
  id: string;
  seller_sku: string;
  seller_parent_sku: string;
  title: string;
  brand: string;
  category: string;
  size: string | null;
  quantity: number;
};

const PRODUCT_COLS = sql`id::text as id, seller_sku, seller_parent_sku, title, brand, category,
  attributes->>'size' as size, quantity`;

export async function productsByIds(db: DbOrTx, partnerId: number, ids: string[]): Promise<ProductInfo[]> {
  const numeric = ids.filter((id) => /^\d{1,18}$/.test(id));
  if (!numeric.length) return [];
  const res = await db.execute<ProductInfo>(
    sql`select ${PRODUCT_COLS} from products
         where partner_id = ${partnerId} and id in (${sql.join(
           numeric.map((id) => sql`${id}::bigint`),
           sql`, `,
         )})`,
  );
  return res.rows;
}

/** The partner's products in stock (not archived): the candidates for dead stock. */
export async function productsInStock(db: DbOrTx, partnerId: number): Promise<ProductInfo[]> {
  const res = await db.execute<ProductInfo>(
    sql`select ${PRODUCT_COLS} from products
         where partner_id = ${partnerId} and not archived and quantity > 0 order by seller_sku`,
  );
  return res.rows;
}

/** Buyers' questions and reviews received in a period (Moscow days), by kind. */
export async function feedbackCounts(
  db: DbOrTx,
  partnerId: number,
  from: string,
  to: string,
): Promise<{ question: number; review: number }> {
  const res = await db.execute<{ type: string; n: number }>(
    sql`select type, count(*)::int as n from questions
         where partner_id = ${partnerId}
           and created_at >= (${from}::date::timestamp - interval '3 hours') at time zone 'UTC'
           and created_at < (${to}::date::timestamp + interval '21 hours') at time zone 'UTC'
         group by type`,
  );
  const n = (t: string) => res.rows.find((r) => r.type === t)?.n ?? 0;
  return { question: n('question'), review: n('review') };
}

export async function updatedOn(db: DbOrTx, partnerId: number): Promise<Date | null> {
  const res = await db.execute<{ ms: number }>(
    sql`select (extract(epoch from updated_at) * 1000)::float8 as ms from analytics_freshness
         where partner_id = ${partnerId}`,
  );
  return res.rows[0] ? new Date(res.rows[0].ms) : null;
}

export async function partnerExists(db: DbOrTx, partnerIds: number[]): Promise<Set<number>> {
  if (!partnerIds.length) return new Set();
  const res = await db.execute<{ id: number }>(
    sql`select id from partners where id in (${sql.join(
      partnerIds.map((p) => sql`${p}`),
      sql`, `,
    )})`,
  );
  return new Set(res.rows.map((r) => r.id));
}

export async function productIdsBySku(
  db: DbOrTx,
  partnerId: number,
  skus: string[],
): Promise<Map<string, string>> {
  if (!skus.length) return new Map();
  const res = await db.execute<{ id: string; seller_sku: string }>(
    sql`select id::text as id, seller_sku from products
         where partner_id = ${partnerId} and seller_sku in (${sql.join(
           skus.map((s) => sql`${s}`),
           sql`, `,
         )})`,
  );
  return new Map(res.rows.map((r) => [r.seller_sku, r.id]));
}

export async function orderIdsByNr(
  db: DbOrTx,
  partnerId: number,
  nrs: string[],
): Promise<Map<string, string>> {
  if (!nrs.length) return new Map();
  const res = await db.execute<{ id: string; order_nr: string }>(
    sql`select id::text as id, order_nr from orders
         where partner_id = ${partnerId} and order_nr in (${sql.join(
           nrs.map((s) => sql`${s}`),
           sql`, `,
         )})`,
  );
  return new Map(res.rows.map((r) => [r.order_nr, r.id]));
}

export interface NewEvent {
  partnerId: number;
  productId: string;
  type: 'view' | 'cart';
  device: string;
  at: string;
  count: number;
}

export async function insertEvents(db: DbOrTx, events: NewEvent[]): Promise<void> {
  if (!events.length) return;
  await db.execute(
    sql`insert into storefront_events (partner_id, product_id, type, device, at, count) values ${sql.join(
      events.map(
        (e) =>
          sql`(${e.partnerId}, ${e.productId}::bigint, ${e.type}, ${e.device}, ${e.at}::timestamptz, ${e.count})`,
      ),
      sql`, `,
    )}`,
  );
}

/** Devices of orders; an order whose device is already known keeps it (the first report wins). */
export async function insertOrderDevices(
  db: DbOrTx,
  rows: { partnerId: number; orderId: string; device: string }[],
): Promise<void> {
  if (!rows.length) return;
  await db.execute(
    sql`insert into analytics_order_devices (partner_id, order_id, device) values ${sql.join(
      rows.map((r) => sql`(${r.partnerId}, ${r.orderId}::bigint, ${r.device})`),
      sql`, `,
    )} on conflict do nothing`,
  );
}

export async function partnersWithData(db: DbOrTx): Promise<number[]> {
  const res = await db.execute<{ id: number }>(
    sql`select id from partners where exists (select 1 from orders o where o.partner_id = partners.id)
           or exists (select 1 from storefront_events e where e.partner_id = partners.id)
           or exists (select 1 from analytics_daily a where a.partner_id = partners.id)
         order by id`,
  );
  return res.rows.map((r) => r.id);
}

/**
 * Recomputes one partner's aggregates from its orders and storefront events, a month of orders at a time (so
 * the facts of a partner with millions of items never sit in memory at once). Returns the rows written.
 */
export async function rebuildPartner(db: DbOrTx, partnerId: number): Promise<number> {
  await db.execute(sql`delete from analytics_daily where partner_id = ${partnerId}`);
  await db.execute(sql`delete from analytics_monthly where partner_id = ${partnerId}`);
  await db.execute(sql`delete from analytics_days where partner_id = ${partnerId}`);
  const span = await db.execute<{ lo: number | null; hi: number | null }>(
    sql`select (extract(epoch from least((select min(created_at) from orders where partner_id = ${partnerId}),
                 (select min(at) from storefront_events where partner_id = ${partnerId}))) * 1000)::float8 as lo,
               (extract(epoch from greatest((select max(created_at) from orders where partner_id = ${partnerId}),
                 (select max(at) from storefront_events where partner_id = ${partnerId}))) * 1000)::float8 as hi`,
  );
  const { lo, hi } = span.rows[0] ?? { lo: null, hi: null };
  if (lo !== null && hi !== null) {
    const end = hi;
    for (let start = new Date(lo); start.getTime() <= end;) {
      const next = new Date(start.getTime() + 31 * 86_400_000);
      await db.execute(
        sql`select analytics_add(array(
              select row(r.partner_id, analytics_moscow_day(o.created_at), coalesce(p.brand, ''),
                coalesce(p.category, ''), coalesce(r.product_id, 0)::text, coalesce(d.device, 'unknown'), r.order_id,
                1, 1, analytics_bucket(r.status), r.paid_price, 0, 0)::analytics_fact
              from orders o
              join order_items r on r.partner_id = o.partner_id and r.order_id = o.id
              left join products p on p.partner_id = r.partner_id and p.id = r.product_id
              left join analytics_order_devices d on d.partner_id = r.partner_id and d.order_id = r.order_id
              where o.partner_id = ${partnerId} and o.created_at >= ${start.toISOString()}::timestamptz
                and o.created_at < ${next.toISOString()}::timestamptz))`,
      );
      await db.execute(
        sql`select analytics_add(array(
              select row(e.partner_id, analytics_moscow_day(e.at), coalesce(p.brand, ''), coalesce(p.category, ''),
                e.product_id::text, e.device, null, 0, 0, 'flight', 0,
                case when e.type = 'view' then e.count else 0 end,
                case when e.type = 'cart' then e.count else 0 end)::analytics_fact
              from storefront_events e left join products p on p.partner_id = e.partner_id and p.id = e.product_id
              where e.partner_id = ${partnerId} and e.at >= ${start.toISOString()}::timestamptz
                and e.at < ${next.toISOString()}::timestamptz))`,
      );
      start = next;
    }
  }
  const n = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from analytics_daily where partner_id = ${partnerId}`,
  );
  return n.rows[0]?.n ?? 0;
}

export const totalsZero = (): Sums => toSums(undefined);
