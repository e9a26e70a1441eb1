// SQL of questions and reviews: the list (every filter starts with partner_id), the kept counts, the
// timely-answer figures, answers and their moderation, strikes, templates, the answering switch and size fit.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { concurrently, type DbOrTx } from '../../db/client';

const iso = (d: Date) => d.toISOString();

/** A text[] value of known words (rule names): one parameter, not the list Drizzle makes of an array. */
const words = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::text[]`;

function inList(values: readonly (string | number)[]): SQL {
  return sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

// --- the partner ------------------------------------------------------------------------------------

export interface PartnerFeedback {
  section: boolean;
  seller_answers: boolean;
  /** Rejections that count, oldest first. */
  strikes: Date[];
}

/** Whether the partner has the feedback section, answers itself, and its strikes; null: no such partner. */
export async function partnerFeedback(db: DbOrTx, partnerId: number): Promise<PartnerFeedback | null> {
  const res = await db.execute<{ section: boolean; seller_answers: boolean; strikes: string[] }>(
    sql`select 'ShowFeedbackSection' = any(p.enabled_features) as section,
               coalesce(s.seller_answers, true) as seller_answers,
               coalesce((select json_agg(k.rejected_at order by k.rejected_at) from feedback_strikes k
                          where k.partner_id = p.id and k.deleted_at is null), '[]') as strikes
          from partners p left join feedback_settings s on s.partner_id = p.id
         where p.id = ${partnerId}`,
  );
  const row = res.rows[0];
  return row ? { ...row, strikes: row.strikes.map((d) => new Date(d)) } : null;
}

export async function setSellerAnswers(db: DbOrTx, partnerId: number, active: boolean): Promise<void> {
  await db.execute(
    sql`insert into feedback_settings (partner_id, seller_answers) values (${partnerId}, ${active})
        on conflict (partner_id) do update set seller_answers = excluded.seller_answers, updated_at = now()`,
  );
}

// --- rows ---------------------------------------------------------------------------------------------
// Timestamps come back as PostgreSQL writes them (text); the services turn them into instants.

export interface QuestionRow extends Record<string, unknown> {
  partner_id: number;
  id: string;
  type: 'question' | 'review';
  seller_sku: string;
  seller_parent_sku: string;
  moda_sku: string;
  moda_parent_sku: string;
  product_title: string;
  brand: string;
  size: string | null;
  text: string;
  rating: number | null;
  size_fit: string | null;
  author_name: string;
  created_at: string;
  answer_status: string;
  answer_text: string | null;
  answer_author: string | null;
  answer_sent_at: string | null;
  answer_updated_at: string | null;
  answer_published_at: string | null;
  answer_flags: string[];
  rejection_reason: string | null;
  rejection_comment: string | null;
  rejected_at: string | null;
  /** The product's first photo, when it has one. */
  image_id: string | null;
}

const ROW_COLUMNS = sql`q.partner_id, q.id::text as id, q.type, q.seller_sku, q.seller_parent_sku, q.moda_sku,
  q.moda_parent_sku, q.product_title, q.brand, q.size, q.text, q.rating::int as rating, q.size_fit, q.author_name,
  q.created_at, q.answer_status, q.answer_text, q.answer_author, q.answer_sent_at, q.answer_updated_at,
  q.answer_published_at, q.answer_flags, q.rejection_reason, q.rejection_comment, q.rejected_at,
  (select pi.id::text from product_images pi
    where pi.partner_id = q.partner_id and pi.seller_parent_sku = q.seller_parent_sku
    order by pi.position limit 1) as image_id`;

/** One question or review; `partnerId` null: whoever's it is (the marketplace's calls). Locked when asked. */
export async function questionById(
  db: DbOrTx,
  partnerId: number | null,
  id: string,
  lock = false,
): Promise<QuestionRow | null> {
  const res = await db.execute<QuestionRow>(
    sql`select ${ROW_COLUMNS} from questions q
         where q.id = ${id} ${partnerId === null ? sql`` : sql`and q.partner_id = ${partnerId}`}
         ${lock ? sql`for update of q` : sql``}`,
  );
  return res.rows[0] ?? null;
}

export async function questionsByIds(
  db: DbOrTx,
  partnerId: number,
  ids: string[],
  lock = false,
): Promise<QuestionRow[]> {
  const res = await db.execute<QuestionRow>(
    sql`select ${ROW_COLUMNS} from questions q
         where q.partner_id = ${partnerId} and q.id in ${inList(ids)} order by q.id
         ${lock ? sql`for update of q` : sql``}`,
  );
  return res.rows;
}

// --- the list -----------------------------------------------------------------------------------------

export interface ListFilter {
  partnerId: number;
  type?: string | undefined;
  /** Answer states to keep; null: any; empty: none (the filters exclude each other). */
  answerStates: string[] | null;
  sku?: string | undefined;
  brands?: string[] | undefined;
  ratings?: number[] | undefined;
  sizeFits?: string[] | undefined;
  createdAt: { from: Date; to: Date } | null;
  search?: string | undefined;
}

/** LIKE pattern of a search: the words as typed, lower case, wildcards escaped. */
export const searchPattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(f: ListFilter): SQL[] {
  const c: SQL[] = [sql`q.partner_id = ${f.partnerId}`];
  if (f.type) c.push(sql`q.type = ${f.type}`);
  if (f.answerStates)
    c.push(f.answerStates.length ? sql`q.answer_status in ${inList(f.answerStates)}` : sql`false`);
  if (f.sku)
    c.push(
      sql`array[q.seller_parent_sku, q.moda_parent_sku, q.seller_sku, q.moda_sku] @> array[${f.sku}]::text[]`,
    );
  if (f.brands?.length) c.push(sql`q.brand in ${inList(f.brands)}`);
  if (f.ratings?.length) c.push(sql`q.rating in ${inList(f.ratings)}`);
  if (f.sizeFits?.length) c.push(sql`q.size_fit in ${inList(f.sizeFits)}`);
  if (f.createdAt) c.push(sql`q.created_at between ${iso(f.createdAt.from)} and ${iso(f.createdAt.to)}`);
  if (f.search) c.push(sql`q.search_text like ${searchPattern(f.search)}`);
  return c;
}

/** Whether the kept counts answer the total: no filter beyond the kind, the answer's state and the rating. */
export const countsAnswer = (f: ListFilter) =>
  !f.sku && !f.brands?.length && !f.sizeFits?.length && !f.createdAt && !f.search;

export interface Sort {
  column: 'created_at' | 'rating';
  desc: boolean;
}

function orderBy(sort: Sort): SQL {
  const dir = sort.desc ? 'desc' : 'asc';
  return sort.column === 'rating'
    ? sql.raw(`q.rating ${dir} nulls last, q.created_at desc, q.id desc`)
    : sql.raw(`q.created_at ${dir}, q.id ${dir}`);
}

export function listSql(f: ListFilter, sort: Sort, page: number, pageSize: number): SQL {
  return sql`select ${ROW_COLUMNS} from questions q where ${sql.join(conditions(f), sql` and `)}
              order by ${orderBy(sort)} limit ${pageSize} offset ${(page - 1) * pageSize}`;
}

export function countSql(f: ListFilter): SQL {
  return sql`select count(*)::int as n from questions q where ${sql.join(conditions(f), sql` and `)}`;
}

export async function listQuestions(
  db: DbOrTx,
  f: ListFilter,
  sort: Sort,
  page: number,
  pageSize: number,
): Promise<{ rows: QuestionRow[]; total: number }> {
  const [rows, total] = await concurrently(db, [
    () => db.execute<QuestionRow>(listSql(f, sort, page, pageSize)),
    () =>
      countsAnswer(f)
        ? keptTotal(db, f)
        : db.execute<{ n: number }>(countSql(f)).then((r) => r.rows[0]?.n ?? 0),
  ]);
  return { rows: rows.rows, total };
}

/** The total from the kept counts: per kind and status, or, with a rating filter, per kind, rating and status. */
export function keptTotalSql(f: ListFilter): SQL {
  const table = f.ratings?.length ? sql`feedback_rating_counts` : sql`feedback_counts`;
  return sql`select coalesce(sum(n), 0)::int as n from ${table}
              where partner_id = ${f.partnerId}
                ${f.type ? sql`and type = ${f.type}` : sql``}
                ${f.ratings?.length ? sql`and rating in ${inList(f.ratings)}` : sql``}
                ${f.answerStates ? sql`and answer_status in ${inList(f.answerStates)}` : sql``}`;
}

async function keptTotal(db: DbOrTx, f: ListFilter): Promise<number> {
  if (f.answerStates?.length === 0) return 0;
  const res = await db.execute<{ n: number }>(keptTotalSql(f));
  return res.rows[0]?.n ?? 0;
}

/** A statement as pg takes it. */
function toQuery(q: SQL): { text: string; values: unknown[] } {
  const r = new PgDialect().sqlToQuery(q);
  return { text: r.sql, values: r.params };
}

/** Exactly the statements the list sends, for the benchmark that runs them through pg. */
export function statementsOf(f: ListFilter, sort: Sort, page: number, pageSize: number) {
  return {
    list: toQuery(listSql(f, sort, page, pageSize)),
    count: toQuery(countsAnswer(f) ? keptTotalSql(f) : countSql(f)),
  };
}

/** Rows of the filtered list after `afterId`, newest first, for the export. */
export async function exportPage(db: DbOrTx, f: ListFilter, before: string | null, limit: number) {
  const c = conditions(f);
  if (before) c.push(sql`q.id < ${before}`);
  const res = await db.execute<QuestionRow>(
    sql`select ${ROW_COLUMNS} from questions q where ${sql.join(c, sql` and `)} order by q.id desc limit ${limit}`,
  );
  return res.rows;
}

export async function countQuestions(db: DbOrTx, f: ListFilter): Promise<number> {
  if (countsAnswer(f)) return keptTotal(db, f);
  return (await db.execute<{ n: number }>(countSql(f))).rows[0]?.n ?? 0;
}

/** Counts per kind and answer state from the kept table. */
export async function keptCounts(
  db: DbOrTx,
  partnerId: number,
): Promise<{ type: string; answer_status: string; n: number }[]> {
  const res = await db.execute<{ type: string; answer_status: string; n: number }>(
    sql`select type, answer_status, n::int as n from feedback_counts where partner_id = ${partnerId} and n > 0`,
  );
  return res.rows;
}

/** The partner's brands with feedback: a walk over the brand index, one step per brand. */
export async function brandsOf(db: DbOrTx, partnerId: number): Promise<string[]> {
  const res = await db.execute<{ brand: string }>(
    sql`with recursive b as (
          (select brand from questions where partner_id = ${partnerId} order by brand limit 1)
          union all
          select (select q.brand from questions q where q.partner_id = ${partnerId} and q.brand > b.brand
                   order by q.brand limit 1)
            from b where b.brand is not null
        )
        select brand from b where brand is not null`,
  );
  return res.rows.map((r) => r.brand);
}

// --- the timely-answer share --------------------------------------------------------------------------

export interface StatsRow extends Record<string, unknown> {
  total: number;
  in_time: number;
  pending: number;
  avg_seconds: number | null;
}

function statsSql(
  partnerId: number,
  type: string | undefined,
  from: Date,
  to: Date,
  withinSeconds: number,
): SQL {
  // The seller's answer counts once sent, as long as it stands (on moderation or published). Timestamps are
  // compared as timestamps and the average taken in float seconds: numeric epochs cost most of the call.
  const answered = sql`(q.answer_author = 'seller' and q.answer_status in ('on_moderation', 'answered'))`;
  const window = sql`make_interval(secs => ${withinSeconds})`;
  return sql`select count(*)::int as total,
          count(*) filter (where ${answered} and q.answer_sent_at <= q.created_at + ${window})::int as in_time,
          count(*) filter (where not ${answered} and q.created_at > ${iso(to)}::timestamptz - ${window})::int as pending,
          avg(date_part('epoch', q.answer_sent_at - q.created_at)) filter (where ${answered}) as avg_seconds
     from questions q
    where q.partner_id = ${partnerId} and q.created_at between ${iso(from)} and ${iso(to)}
      ${type ? sql`and q.type = ${type}` : sql``}`;
}

/** The timely-answer statement as pg takes it, for the benchmark. */
export const statsStatementOf = (...args: Parameters<typeof statsSql>) => toQuery(statsSql(...args));

export async function stats(
  db: DbOrTx,
  partnerId: number,
  type: string | undefined,
  from: Date,
  to: Date,
  withinSeconds: number,
): Promise<StatsRow> {
  const res = await db.execute<StatsRow>(statsSql(partnerId, type, from, to, withinSeconds));
  return res.rows[0]!;
}

// --- answers ------------------------------------------------------------------------------------------

export interface AnswerChange {
  status: string;
  text?: string | null;
  author?: string | null;
  sentAt?: Date | null;
  updatedAt?: Date | null;
  publishedAt?: Date | null;
  flags?: string[];
  rejectionReason?: string | null;
  rejectionComment?: string | null;
  rejectedAt?: Date | null;
  moderatedBy?: string | null;
}

/** Sets the answer's fields that `change` names (the others are kept). */
export async function updateAnswer(db: DbOrTx, partnerId: number, id: string, change: AnswerChange) {
  const cols: [string, unknown][] = [
    ['answer_status', change.status],
    ['answer_text', change.text],
    ['answer_author', change.author],
    ['answer_sent_at', change.sentAt],
    ['answer_updated_at', change.updatedAt],
    ['answer_published_at', change.publishedAt],
    ['answer_flags', change.flags],
    ['rejection_reason', change.rejectionReason],
    ['rejection_comment', change.rejectionComment],
    ['rejected_at', change.rejectedAt],
    ['moderated_by', change.moderatedBy],
  ];
  const set = cols
    .filter(([, v]) => v !== undefined)
    .map(([col, v]) => {
      if (col === 'answer_flags') return sql`${sql.raw(col)} = ${words(v as string[])}`;
      return sql`${sql.raw(col)} = ${v instanceof Date ? iso(v) : v}`;
    });
  await db.execute(
    sql`update questions set ${sql.join(set, sql`, `)}, updated_at = now()
         where partner_id = ${partnerId} and id = ${id}`,
  );
}

/** Answers waiting for a specialist (the automatic check refused them), oldest first. */
export async function moderationQueue(
  db: DbOrTx,
  partnerId: number | undefined,
  page: number,
  pageSize: number,
): Promise<{ rows: (QuestionRow & { shop_name: string })[]; total: number }> {
  const where = sql`q.answer_status = 'on_moderation' ${partnerId ? sql`and q.partner_id = ${partnerId}` : sql``}`;
  const [rows, total] = await concurrently(db, [
    () =>
      db.execute<QuestionRow & { shop_name: string }>(
        sql`select ${ROW_COLUMNS}, p.shop_name from questions q join partners p on p.id = q.partner_id
             where ${where} order by q.answer_sent_at, q.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
      ),
    () => db.execute<{ n: number }>(sql`select count(*)::int as n from questions q where ${where}`),
  ]);
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

// --- the marketplace side -----------------------------------------------------------------------------

export interface ProductFacts extends Record<string, unknown> {
  seller_sku: string;
  seller_parent_sku: string;
  moda_sku: string;
  moda_parent_sku: string;
  title: string;
  brand: string;
  size: string | null;
}

export async function productBySellerSku(
  db: DbOrTx,
  partnerId: number,
  sellerSku: string,
): Promise<ProductFacts | null> {
  const res = await db.execute<ProductFacts>(
    sql`select seller_sku, seller_parent_sku, moda_sku, moda_parent_sku, title, brand,
               nullif(attributes->>'size', 'ONE') as size
          from products where partner_id = ${partnerId} and seller_sku = ${sellerSku}`,
  );
  return res.rows[0] ?? null;
}

export async function partnerExists(db: DbOrTx, partnerId: number): Promise<boolean> {
  const res = await db.execute(sql`select 1 from partners where id = ${partnerId}`);
  return res.rows.length > 0;
}

export interface NewQuestion {
  partnerId: number;
  type: string;
  product: ProductFacts;
  text: string;
  rating: number | null;
  sizeFit: string | null;
  authorName: string;
  createdAt: Date;
  answer?: {
    status: string;
    text: string;
    author: string;
    sentAt: Date;
    publishedAt: Date | null;
    flags: string[];
    rejectionReason?: string | null;
    rejectedAt?: Date | null;
    moderatedBy: string | null;
  };
}

/** What the list's search looks in: the text, the buyer, the product's name and SKUs, in lower case. */
export const searchTextOf = (n: Pick<NewQuestion, 'text' | 'authorName' | 'product'>) =>
  [
    n.text,
    n.authorName,
    n.product.title,
    n.product.seller_sku,
    n.product.seller_parent_sku,
    n.product.moda_sku,
    n.product.moda_parent_sku,
  ]
    .join(' ')
    .toLowerCase();

/** Inserts questions and reviews (the storefront's, or the demo's history); returns their ids in order. */
export async function insertQuestions(db: DbOrTx, items: NewQuestion[]): Promise<string[]> {
  if (!items.length) return [];
  const res = await db.execute<{ id: string }>(
    sql`insert into questions (partner_id, type, seller_sku, seller_parent_sku, moda_sku, moda_parent_sku,
          product_title, brand, size, text, rating, size_fit, author_name, created_at, answer_status, answer_text,
          answer_author, answer_sent_at, answer_updated_at, answer_published_at, answer_flags, rejection_reason,
          rejected_at, moderated_by, search_text, updated_at)
        values ${sql.join(
          items.map((n) => {
            const a = n.answer;
            const p = n.product;
            return sql`(${n.partnerId}, ${n.type}, ${p.seller_sku}, ${p.seller_parent_sku}, ${p.moda_sku},
              ${p.moda_parent_sku}, ${p.title}, ${p.brand}, ${p.size}, ${n.text}, ${n.rating}, ${n.sizeFit},
              ${n.authorName}, ${iso(n.createdAt)}, ${a?.status ?? 'new'}, ${a?.text ?? null}, ${a?.author ?? null},
              ${a ? iso(a.sentAt) : null}, ${a ? iso(a.sentAt) : null},
              ${a?.publishedAt ? iso(a.publishedAt) : null}, ${words(a?.flags ?? [])},
              ${a?.rejectionReason ?? null}, ${a?.rejectedAt ? iso(a.rejectedAt) : null}, ${a?.moderatedBy ?? null},
              ${searchTextOf(n)}, ${iso(n.createdAt)})`;
          }),
          sql`, `,
        )}
        returning id::text as id`,
  );
  return res.rows.map((r) => r.id);
}

/** Answers on moderation of every partner, oldest first (the marketplace's moderation system). */
export async function pendingAnswers(db: DbOrTx, limit: number) {
  const res = await db.execute<{
    id: string;
    partner_id: number;
    answer_text: string;
    answer_flags: string[];
    answer_sent_at: string;
  }>(
    sql`select id::text as id, partner_id, answer_text, answer_flags, answer_sent_at from questions
         where answer_status = 'on_moderation' order by answer_sent_at, id limit ${limit}`,
  );
  return res.rows;
}

// --- strikes ------------------------------------------------------------------------------------------

export interface StrikeRow extends Record<string, unknown> {
  id: string;
  feedback_id: string;
  type: 'question' | 'review';
  product_title: string;
  seller_parent_sku: string;
  answer_text: string;
  reason: string;
  comment: string | null;
  rejected_at: string;
  deleted_at: string | null;
}

export async function insertStrike(
  db: DbOrTx,
  row: QuestionRow,
  reason: string,
  comment: string | null,
  at: Date,
  by: string,
): Promise<void> {
  await db.execute(
    sql`insert into feedback_strikes (partner_id, feedback_id, type, product_title, seller_parent_sku, answer_text,
          reason, comment, rejected_at, rejected_by)
        values (${row.partner_id}, ${row.id}, ${row.type}, ${row.product_title}, ${row.seller_parent_sku},
          ${row.answer_text ?? ''}, ${reason}, ${comment}, ${iso(at)}, ${by})`,
  );
}

export async function strikesOf(db: DbOrTx, partnerId: number): Promise<StrikeRow[]> {
  const res = await db.execute<StrikeRow>(
    sql`select id::text as id, feedback_id::text as feedback_id, type, product_title, seller_parent_sku,
               answer_text, reason, comment, rejected_at, deleted_at
          from feedback_strikes where partner_id = ${partnerId} order by rejected_at desc, id`,
  );
  return res.rows;
}

/** A strike of the partner, locked; null when there is none. */
export async function strikeById(db: DbOrTx, partnerId: number, id: string): Promise<StrikeRow | null> {
  const res = await db.execute<StrikeRow>(
    sql`select id::text as id, feedback_id::text as feedback_id, type, product_title, seller_parent_sku,
               answer_text, reason, comment, rejected_at, deleted_at
          from feedback_strikes where partner_id = ${partnerId} and id = ${id} for update`,
  );
  return res.rows[0] ?? null;
}

export async function deleteStrike(
  db: DbOrTx,
  partnerId: number,
  id: string,
  at: Date,
  by: string | null,
): Promise<void> {
  await db.execute(
    sql`update feedback_strikes set deleted_at = ${iso(at)}, deleted_by = ${by}
         where partner_id = ${partnerId} and id = ${id}`,
  );
}

/** Serialises changes to one partner's strikes and answers (a rejection racing an answer). */
export async function lockPartnerFeedback(db: DbOrTx, partnerId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('feedback'), ${partnerId})`);
}

// --- size fit -----------------------------------------------------------------------------------------

export async function parentExists(db: DbOrTx, partnerId: number, parentSku: string): Promise<boolean> {
  const res = await db.execute(
    sql`select 1 from products where partner_id = ${partnerId} and seller_parent_sku = ${parentSku} limit 1`,
  );
  return res.rows.length > 0;
}

/** Fit marks per size of a product, sizes in the card's order. */
export async function sizeFitOf(db: DbOrTx, partnerId: number, parentSku: string) {
  const res = await db.execute<{ size: string; fit: string; n: number }>(
    sql`select q.size, q.size_fit as fit, count(*)::int as n,
               (select min(p.id) from products p where p.partner_id = ${partnerId}
                  and p.seller_parent_sku = ${parentSku} and p.attributes->>'size' = q.size) as pos
          from questions q
         where q.partner_id = ${partnerId} and q.seller_parent_sku = ${parentSku}
           and q.type = 'review' and q.size_fit is not null and q.size is not null
         group by q.size, q.size_fit
         order by pos nulls last, q.size`,
  );
  return res.rows;
}
