// Stock at the marketplace's warehouses and the shipment forecast (spec 001 §9: 7-day sales, 28-day
// horizon, threshold 7 days). On hand = what accepted supplies (and disputes) put in, less FBO returns, less
// the partner's sold units; sold and reserved units come from the orders, taken from the warehouses in the
// marketplace's picking order (docs/decisions.md "FBO").
import { sql, type SQL } from 'drizzle-orm';
import { BASE_WAREHOUSES, FORECAST, IN_TRANSIT_STATUSES, MARKED_CATEGORIES } from '@moda/contracts';
import type { Db, DbOrTx } from '../../db/client';

export type StockFilter = {
  brand?: string[] | undefined;
  category?: string[] | undefined;
  warehouseCode?: string[] | undefined;
  daysBucket?: 'greater_7_days' | 'less_or_equal_7_days' | undefined;
  search?: string | undefined;
  lacksMarking?: boolean | undefined;
  /**
   * Units held elsewhere per SKU and warehouse (FBO returns: `seller_sku, warehouse_code, q` rows), shown as
   * reserved and not on hand. Given by the service, never by a caller.
   */
  held?: SQL | undefined;
};

export type StockRowDb = {
  seller_sku: string;
  moda_sku: string;
  title: string;
  brand: string;
  category: string;
  warehouse_code: string;
  on_hand: number;
  reserved: number;
  in_transit: number;
  sales7: number;
  days_of_stock: string | null;
  recommended: number;
  waiting_update: boolean;
  lacks_marking: boolean;
};

const list = (xs: readonly string[]) => sql.raw(xs.map((s) => `'${s}'`).join(','));
const OUT = list(['shipped', 'in_delivery', 'delivered', 'claimed', 'refund_requested', 'refunded']);
const RESERVED = list(['new', 'confirmed', 'awaiting_shipment']);
const TRANSIT = list(IN_TRANSIT_STATUSES);
const MARKED = list(MARKED_CATEGORIES);
const PICK_ORDER = sql.raw(
  `case k.warehouse_code ${BASE_WAREHOUSES.map((w, i) => `when '${w}' then ${i}`).join(' ')} else 9 end`,
);

/** The columns the screen's filters read: the sources' (`stockQuery`) or the kept rows' (`keptQuery`). */
type FilterColumns = {
  brand: string;
  category: string;
  warehouseCode: string;
  sellerSku: string;
  modaSku: string;
  title: string;
};

/**
 * The screen's brand, category, warehouse and search conditions on the given columns: written once so the rows
 * computed from the sources and the kept rows are filtered alike.
 */
function screenFilters(f: StockFilter, c: FilterColumns): SQL[] {
  const col = (name: string) => sql.raw(name);
  const filters: SQL[] = [];
  if (f.brand?.length) filters.push(sql`${col(c.brand)} = any(${sql.param(f.brand)}::text[])`);
  if (f.category?.length) filters.push(sql`${col(c.category)} = any(${sql.param(f.category)}::text[])`);
  if (f.warehouseCode?.length)
    filters.push(sql`${col(c.warehouseCode)} = any(${sql.param(f.warehouseCode)}::text[])`);
  if (f.search) {
    const s = `%${f.search.toLowerCase()}%`;
    filters.push(
      sql`(lower(${col(c.sellerSku)}) like ${s} or lower(${col(c.modaSku)}) like ${s} or lower(${col(c.title)}) like ${s})`,
    );
  }
  return filters;
}

/** The rows of the stock screen as one query (a CTE per source), filtered; the caller pages and sorts. */
function stockQuery(partnerId: number, now: Date, markingDay: boolean, f: StockFilter): SQL {
  const since = new Date(now.getTime() - FORECAST.salesDays * 86_400_000).toISOString();
  const staleSince = new Date(now.getTime() - FORECAST.staleDays * 86_400_000).toISOString();
  const fresh = new Date(now.getTime() - 15 * 60_000).toISOString();
  const filters = screenFilters(f, {
    brand: 'p.brand',
    category: 'p.category',
    warehouseCode: 'k.warehouse_code',
    sellerSku: 'k.seller_sku',
    modaSku: 'p.moda_sku',
    title: 'p.title',
  });
  const outer: SQL[] = [];
  if (f.daysBucket) outer.push(sql`days_bucket = ${f.daysBucket}`);
  if (f.lacksMarking !== undefined) outer.push(sql`lacks_marking = ${f.lacksMarking}`);
  return sql`
    with moved as (
      select m.seller_sku, m.warehouse_code, sum(m.quantity)::int as put, max(m.at) as last_at
        from fbo_stock_moves m where m.partner_id = ${partnerId} group by 1, 2
    ), transit as (
      select i.seller_sku, s.warehouse_code, sum(i.declared)::int as q
        from fbo_supplies s join fbo_supply_items i on i.partner_id = s.partner_id and i.supply_id = s.id
       where s.partner_id = ${partnerId} and s.status in (${TRANSIT}) group by 1, 2
    ), held as (
      ${f.held ?? sql`select null::text as seller_sku, null::text as warehouse_code, 0::int as q where false`}
    ), keys as (
      select seller_sku, warehouse_code from moved union select seller_sku, warehouse_code from transit
    ), sold as (
      select oi.seller_sku,
             count(*) filter (where oi.status in (${OUT}))::int as out,
             count(*) filter (where oi.status in (${RESERVED}))::int as reserved,
             count(*) filter (where o.created_at >= ${since} and oi.status <> 'cancelled')::int as sales7,
             count(*) filter (where o.created_at >= ${staleSince} and oi.status <> 'cancelled')::int as sales_stale,
             max(o.updated_at) as last_at
        from order_items oi join orders o on o.partner_id = oi.partner_id and o.id = oi.order_id
       where oi.partner_id = ${partnerId} and oi.seller_sku in (select seller_sku from keys)
       group by 1
    ), placed as (
      -- Sold and reserved units are taken from the warehouses in picking order.
      select k.seller_sku, k.warehouse_code, coalesce(m.put, 0) as put, coalesce(t.q, 0) as in_transit,
             coalesce(sum(coalesce(m.put, 0)) over w, 0) - coalesce(m.put, 0) as before,
             coalesce(sum(coalesce(m.put, 0)) over (partition by k.seller_sku), 0) as total_put,
             coalesce(s.out, 0) as out, coalesce(s.reserved, 0) as reserved_all, coalesce(s.sales7, 0) as sales7_all,
             coalesce(s.sales_stale, 0) as sales_stale,
             coalesce(h.q, 0) as held,
             greatest(m.last_at, s.last_at) as last_at
        from keys k
        left join moved m on m.seller_sku = k.seller_sku and m.warehouse_code = k.warehouse_code
        left join transit t on t.seller_sku = k.seller_sku and t.warehouse_code = k.warehouse_code
        left join sold s on s.seller_sku = k.seller_sku
        left join (select seller_sku, warehouse_code, sum(q)::int as q from held group by 1, 2) h
          on h.seller_sku = k.seller_sku and h.warehouse_code = k.warehouse_code
      window w as (partition by k.seller_sku order by ${PICK_ORDER}
                   rows between unbounded preceding and current row)
    ), stock as (
      select pl.*, greatest(0, pl.put - greatest(0, pl.out - pl.before))::int as after_out
        from placed pl
    ), rows as (
      select st.seller_sku, p.moda_sku, p.title, p.brand, p.category, st.warehouse_code,
             st.after_out as on_hand_gross,
             least(st.after_out,
                   greatest(0, st.reserved_all - greatest(0, st.before - st.out)) + st.held)::int as reserved,
             st.in_transit,
             case when st.total_put > 0 then round(st.sales7_all::numeric * st.put / st.total_put)::int
                  else 0 end as sales7,
             st.sales_stale, st.last_at,
             (st.last_at >= ${fresh}) as waiting_update,
             (${markingDay} and p.category in (${MARKED})
               and not coalesce((p.attributes->>'dataMatrix')::boolean, false)) as lacks_marking
        from stock st
        join products p on p.partner_id = ${partnerId} and p.seller_sku = st.seller_sku
        join keys k on k.seller_sku = st.seller_sku and k.warehouse_code = st.warehouse_code
       ${filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``}
    ), shaped as (
      select r.*, (r.on_hand_gross - r.reserved)::int as on_hand,
             case when r.sales7 > 0 then round((r.on_hand_gross - r.reserved)::numeric * ${FORECAST.salesDays} / r.sales7, 1)
                  else null end as days_of_stock,
             case when r.sales7 > 0
                   and (r.on_hand_gross - r.reserved)::numeric * ${FORECAST.salesDays} / r.sales7 <= ${FORECAST.thresholdDays}
                  then 'less_or_equal_7_days' else 'greater_7_days' end as days_bucket,
             greatest(0, ceil(r.sales7::numeric * ${FORECAST.horizonDays} / ${FORECAST.salesDays})
                          - (r.on_hand_gross - r.reserved) - r.in_transit)::int as recommended
        from rows r
    )
    select * from shaped ${outer.length ? sql`where ${sql.join(outer, sql` and `)}` : sql``}`;
}

const SORT: Record<string, string> = {
  seller_sku: 'seller_sku',
  on_hand: 'on_hand',
  sales7: 'sales7',
  days_of_stock: 'days_of_stock',
  recommended: 'recommended',
  in_transit: 'in_transit',
};

/** The statement of one page of the stock screen (the benchmark runs it directly too). */
export function stockPageSql(
  partnerId: number,
  now: Date,
  markingDay: boolean,
  f: StockFilter,
  sort: string,
  limit: number,
  offset: number,
): SQL {
  const desc = sort.startsWith('-');
  const col = SORT[sort.replace(/^-/, '')] ?? 'recommended';
  const order = sql.raw(`${col} ${desc ? 'desc' : 'asc'} nulls last, seller_sku, warehouse_code`);
  return sql`with q as (${stockQuery(partnerId, now, markingDay, f)})
        select q.*, count(*) over ()::int as total, sum(on_hand) over ()::int as sum_on_hand,
               sum(in_transit) over ()::int as sum_in_transit, sum(recommended) over ()::int as sum_recommended,
               (count(*) filter (where lacks_marking) over ())::int as sum_marking
          from q order by ${order} limit ${limit} offset ${offset}`;
}

export async function stockPage(
  db: DbOrTx,
  partnerId: number,
  now: Date,
  markingDay: boolean,
  f: StockFilter,
  sort: string,
  limit: number,
  offset: number,
) {
  const res = await db.execute<
    StockRowDb & {
      total: number;
      sum_on_hand: number;
      sum_in_transit: number;
      sum_recommended: number;
      sum_marking: number;
    }
  >(stockPageSql(partnerId, now, markingDay, f, sort, limit, offset));
  return res.rows;
}

/** Every stock row under the filter computed from the sources, page by page (what FBO returns may take). */
export async function* stockRows(
  db: DbOrTx,
  partnerId: number,
  now: Date,
  markingDay: boolean,
  f: StockFilter,
): AsyncIterable<StockRowDb> {
  for (let offset = 0; ; offset += 2000) {
    const rows = await stockPage(db, partnerId, now, markingDay, f, '-recommended', 2000, offset);
    yield* rows;
    if (rows.length < 2000) return;
  }
}

// --- the kept rows (fbo_stock_rows): the screen reads these; `refreshStock` builds them from `stockQuery` ------

/** Kept rows older than this are rebuilt (the 7-day sales move with the clock). */
export const STOCK_MAX_AGE_MS = 15 * 60_000;
/** Partners with at most this many rows are rebuilt within the reading call; larger ones by a job. */
export const STOCK_SYNC_ROWS = 20_000;

export type StockState = { built_at: Date | string; changed_at: Date | string | null; rows: number };

export async function stockState(db: DbOrTx, partnerId: number): Promise<StockState | null> {
  const res = await db.execute<StockState>(
    sql`select built_at, changed_at, rows from fbo_stock_state where partner_id = ${partnerId}`,
  );
  return res.rows[0] ?? null;
}

export function isStale(state: StockState | null, now: Date): boolean {
  if (!state) return true;
  const age = now.getTime() - new Date(state.built_at).getTime();
  return state.changed_at !== null || age >= STOCK_MAX_AGE_MS || age < 0;
}

/**
 * Builds a partner's stock rows from the sources, whole, in one transaction. Serialised per partner (an advisory
 * lock), and skipped when another build finished meanwhile. A change committed while the rows are computed
 * marks the partner again with a later `changed_at`, which the build keeps (see docs/decisions.md «FBO stock rows»).
 */
export async function refreshStock(
  db: Db,
  partnerId: number,
  now: Date,
  markingDay: boolean,
  held: SQL | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('fbo:stock-rows'), ${partnerId})`);
    if (!isStale(await stockState(tx, partnerId), now)) return;
    const t0 = await tx.execute<{ t: string }>(sql`select clock_timestamp()::text as t`);
    const started = t0.rows[0]!.t;
    await tx.execute(sql`delete from fbo_stock_rows where partner_id = ${partnerId}`);
    await tx.execute(
      sql`insert into fbo_stock_rows (partner_id, seller_sku, warehouse_code, moda_sku, title, brand, category,
            on_hand, reserved, in_transit, sales7, sales_stale, days_of_stock, days_bucket, recommended,
            lacks_marking, last_at)
          select ${partnerId}, seller_sku, warehouse_code, moda_sku, title, brand, category, on_hand, reserved,
                 in_transit, sales7, sales_stale, days_of_stock, days_bucket, recommended, lacks_marking, last_at
            from (${stockQuery(partnerId, now, markingDay, { held })}) q`,
    );
    await tx.execute(
      sql`insert into fbo_stock_state as s (partner_id, built_at, changed_at, rows, on_hand, in_transit,
            recommended, lacks_marking)
          select ${partnerId}, ${now.toISOString()}, null, count(*), coalesce(sum(on_hand), 0),
                 coalesce(sum(in_transit), 0), coalesce(sum(recommended), 0), count(*) filter (where lacks_marking)
            from fbo_stock_rows where partner_id = ${partnerId}
          on conflict (partner_id) do update set built_at = excluded.built_at, rows = excluded.rows,
            on_hand = excluded.on_hand, in_transit = excluded.in_transit, recommended = excluded.recommended,
            lacks_marking = excluded.lacks_marking,
            changed_at = case when s.changed_at > ${started}::timestamptz then s.changed_at else null end`,
    );
  });
}

/** The kept rows under the screen's filters, with `waiting_update` for rows moved in the last 15 minutes. */
function keptQuery(partnerId: number, now: Date, f: StockFilter): SQL {
  const fresh = new Date(now.getTime() - 15 * 60_000).toISOString();
  const filters: SQL[] = [
    sql`r.partner_id = ${partnerId}`,
    ...screenFilters(f, {
      brand: 'r.brand',
      category: 'r.category',
      warehouseCode: 'r.warehouse_code',
      sellerSku: 'r.seller_sku',
      modaSku: 'r.moda_sku',
      title: 'r.title',
    }),
  ];
  if (f.daysBucket) filters.push(sql`r.days_bucket = ${f.daysBucket}`);
  if (f.lacksMarking !== undefined) filters.push(sql`r.lacks_marking = ${f.lacksMarking}`);
  return sql`select r.seller_sku, r.moda_sku, r.title, r.brand, r.category, r.warehouse_code, r.on_hand,
                    r.reserved, r.in_transit, r.sales7, r.sales_stale, r.days_of_stock, r.days_bucket,
                    r.recommended, r.lacks_marking, (r.last_at is not null and r.last_at >= ${fresh}) as waiting_update
               from fbo_stock_rows r where ${sql.join(filters, sql` and `)}`;
}

/** One page of the kept rows (the benchmark runs the same statement directly). */
export function keptPageSql(
  partnerId: number,
  now: Date,
  f: StockFilter,
  sort: string,
  limit: number,
  offset: number,
): SQL {
  const desc = sort.startsWith('-');
  const col = SORT[sort.replace(/^-/, '')] ?? 'recommended';
  const order = sql.raw(`${col} ${desc ? 'desc' : 'asc'} nulls last, seller_sku, warehouse_code`);
  return sql`${keptQuery(partnerId, now, f)} order by ${order} limit ${limit} offset ${offset}`;
}

export async function keptPage(
  db: DbOrTx,
  partnerId: number,
  now: Date,
  f: StockFilter,
  sort: string,
  limit: number,
  offset: number,
): Promise<StockRowDb[]> {
  const res = await db.execute<StockRowDb>(keptPageSql(partnerId, now, f, sort, limit, offset));
  return res.rows;
}

/** Whether a filter narrows the screen (otherwise its totals are the ones kept at the build). */
const narrows = (f: StockFilter) =>
  Boolean(
    f.brand?.length ||
    f.category?.length ||
    f.warehouseCode?.length ||
    f.search ||
    f.daysBucket ||
    f.lacksMarking !== undefined,
  );

export async function keptTotals(db: DbOrTx, partnerId: number, now: Date, f: StockFilter) {
  if (!narrows(f)) {
    const kept = await db.execute<{
      total: number;
      on_hand: number;
      in_transit: number;
      recommended: number;
      marking: number;
    }>(
      sql`select rows as total, on_hand::int as on_hand, in_transit::int as in_transit,
                 recommended::int as recommended, lacks_marking as marking
            from fbo_stock_state where partner_id = ${partnerId}`,
    );
    if (kept.rows[0]) return kept.rows[0];
  }
  const res = await db.execute<{
    total: number;
    on_hand: number;
    in_transit: number;
    recommended: number;
    marking: number;
  }>(
    sql`with q as (${keptQuery(partnerId, now, f)})
        select count(*)::int as total, coalesce(sum(on_hand), 0)::int as on_hand,
               coalesce(sum(in_transit), 0)::int as in_transit, coalesce(sum(recommended), 0)::int as recommended,
               (count(*) filter (where lacks_marking))::int as marking from q`,
  );
  return res.rows[0]!;
}

export async function keptGroups(
  db: DbOrTx,
  partnerId: number,
  now: Date,
  f: StockFilter,
  by: 'brand' | 'category',
) {
  const res = await db.execute<{
    name: string;
    on_hand: number;
    in_transit: number;
    sales7: number;
    recommended: number;
    out_of_stock: number;
    stale: number;
  }>(
    // Out of stock and stale are counted per SKU over all its warehouses (sales_stale is the SKU's already).
    sql`with q as (${keptQuery(partnerId, now, f)}),
        skus as (
          select ${sql.identifier(by)} as name, seller_sku, sum(on_hand)::int as on_hand,
                 sum(in_transit)::int as in_transit, sum(sales7)::int as sales7,
                 sum(recommended)::int as recommended, max(sales_stale) as sales_stale
            from q group by 1, 2
        )
        select name, sum(on_hand)::int as on_hand, sum(in_transit)::int as in_transit,
               sum(sales7)::int as sales7, sum(recommended)::int as recommended,
               count(*) filter (where on_hand = 0 and sales_stale > 0)::int as out_of_stock,
               count(*) filter (where on_hand > 0 and sales_stale = 0)::int as stale
          from skus group by 1 order by sum(recommended) desc, 1`,
  );
  return res.rows;
}

/** Every kept row under the filter, page by page (the forecast file). */
export async function* keptRows(
  db: DbOrTx,
  partnerId: number,
  now: Date,
  f: StockFilter,
): AsyncIterable<StockRowDb> {
  for (let offset = 0; ; offset += 2000) {
    const rows = await keptPage(db, partnerId, now, f, '-recommended', 2000, offset);
    yield* rows;
    if (rows.length < 2000) return;
  }
}
