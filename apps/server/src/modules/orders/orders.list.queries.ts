// SQL of the orders list: its tabs, filters and sorts (every filter starts with partner_id so a partner's
// page reads only its rows), the page with its total, the counts per status and the export's pages.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { OrderListTab } from '@moda/contracts';
import { concurrently, type DbOrTx } from '../../db/client';

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
  /**
   * Pieces of the search that are rare among the partner's orders (orders.search-keys.ts): the orders holding
   * them are read through the inverted index of migration 0049 instead of walking the range. Null or absent:
   * walk it.
   */
  searchPieces?: string[] | null;
  /**
   * The partner's words are kept and the search may lie in one of them (orders.search-words.ts): the total
   * and the counts are summed from the kept counts when exactly one word holds it (else counted).
   */
  searchWords?: boolean;
  createdAt: { from: Date; to: Date } | null;
  deliveryDate: { from: Date; to: Date } | null;
  now: Date;
}

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
    // Rare pieces: the inverted index hands over the few orders holding them (heap rows, so strpos alone).
    const pieces = f.searchPieces?.length
      ? sql`order_search_keys(o.partner_id, o.search_text) @> order_search_keys_of(${f.partnerId}::int,
              array[${sql.join(
                f.searchPieces.map((p) => sql`${p}`),
                sql`, `,
              )}]::text[])`
      : null;
    if (pieces) c.push(pieces);
    c.push(
      pieces
        ? sql`strpos(o.search_text, ${q}) > 0`
        : !f.createdAt
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

export function inList(values: string[]): SQL {
  return sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

function tabCondition(tab: OrderListTab, now: Date): SQL | null {
  if (tab === 'overdue') return overdueSql(now);
  if (tab === 'with_discrepancy_acts') return sql`o.has_discrepancy_act`;
  return null;
}

/** Whether the filters are those the kept word counts answer: statuses, created dates and a word search. */
export const keptWordFilter = (f: ListFilter) =>
  !!f.searchWords && !!f.search && !f.country && !f.noDeliveryDate && !f.deliveryDate;

/** Whether the list's total may be summed from the kept word counts (its tab counts every order). */
const keptWordTotal = (f: ListFilter, tab: OrderListTab) => tab === 'all' && keptWordFilter(f);

/** The search and the created range as the kept counts' functions of migration 0050 take them. */
const keptArgs = (f: ListFilter) => ({
  search: sql`${(f.search ?? '').toLowerCase()}::text`,
  range: f.createdAt
    ? sql`${iso(f.createdAt.from)}::timestamptz, ${iso(f.createdAt.to)}::timestamptz`
    : sql`null::timestamptz, null::timestamptz`,
});

/**
 * The total of a word search (keptWordTotal): order_search_word_total of migration 0050 finds the one kept
 * word holding it, sums the kept days of the range whole and counts off the matches of its first and last
 * days outside it (or counts the matches when no single word holds it), in the statement's own snapshot.
 */
function keptTotalSql(f: ListFilter): SQL {
  const statuses = f.statuses.length
    ? sql`array[${sql.join(
        f.statuses.map((s) => sql`${s}`),
        sql`, `,
      )}]::text[]`
    : sql`null::text[]`;
  const { search, range } = keptArgs(f);
  return sql`order_search_word_total(${f.partnerId}::int, ${search}, ${statuses}, ${range})`;
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

export const ROW_COLUMNS = (
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
 * - a search for one kept word (keptWordTotal) sums the total from the kept counts and walks only the page.
 * With a known total (from the kept counts) it is just the page.
 */
export function listSql(
  f: ListFilter,
  tab: OrderListTab,
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
  if (withTotal && keptWordTotal(f, tab)) {
    // The total from the kept word counts; the page walks the range only until its last row (not at all past
    // the last match).
    // offset 0: the total is reckoned once, not inlined into every row that reads it.
    return sql`select r.*, t.total from (select (${keptTotalSql(f)})::int as total offset 0) t
        left join lateral (${rowsOf(
          sql`select o.id from orders o where ${where} and t.total > ${(page - 1) * pageSize}
               order by ${orderBy(col, 'o.id')} ${limit}`,
        )}) r on true
       order by ${outerOrder}`;
  }
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
  tab: OrderListTab,
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
  const [kept, overdue] = await concurrently(db, [
    () =>
      db.execute<{ status: string; n: number; acts: number }>(
        sql`select status, n::int as n, acts::int as acts from order_status_counts
           where partner_id = ${partnerId} and n > 0`,
      ),
    () =>
      withOverdue
        ? db.execute<{ status: string; n: number }>(
            sql`select o.status, count(*)::int as n from orders o
               where o.partner_id = ${partnerId} and ${overdueSql(now)} group by o.status`,
          )
        : Promise.resolve(null),
  ]);
  const late = new Map((overdue?.rows ?? []).map((r) => [r.status, r.n]));
  return kept.rows.map((r) => ({ ...r, overdue: late.get(r.status) ?? 0 }));
}

/** The counts request (status filter left out; see countByStatus). */
export function countsSql(f: ListFilter): SQL {
  if (keptWordFilter(f)) {
    // Per status from the kept word counts (order_search_word_counts of migration 0050); the overdue ones are
    // only orders still waiting for the seller, counted among them.
    const { search, range } = keptArgs(f);
    const late = conditions({ ...f, statuses: [...OPEN_STATUSES] }, { withStatus: true, onIndex: true });
    return sql`select k.status, k.n::int as n, coalesce(l.n, 0)::int as overdue, k.acts::int as acts
        from order_search_word_counts(${f.partnerId}::int, ${search}, ${range}) k
        left join (select o.status, count(*) as n from orders o
                    where ${sql.join(late, sql` and `)} and o.cut_off_at < ${iso(f.now)} group by o.status) l
          on l.status = k.status
       where k.n > 0`;
  }
  const where = sql.join(conditions(f, { withStatus: false, onIndex: true }), sql` and `);
  return sql`select o.status, count(*)::int as n,
               count(*) filter (where ${overdueSql(f.now)})::int as overdue,
               count(*) filter (where o.has_discrepancy_act)::int as acts
          from orders o where ${where} group by o.status`;
}

/** Exactly the statements the list and the counts send, for the benchmark that runs them through pg. */
export function statementsOf(
  f: ListFilter,
  tab: OrderListTab,
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

export async function countOrders(db: DbOrTx, f: ListFilter, tab: OrderListTab): Promise<number> {
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
  tab: OrderListTab,
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
