// Kept counts per word for a large partner's orders search (issue 26; migration 0050). A search for a common
// word («платье», one order in eight) cannot use the inverted index of rare pieces (orders.search-keys.ts): it
// would hand over tens of thousands of orders. It used to walk every order of the range to count the matches
// for the list's total. A search that holds no ASCII non-letter (no digit, space or ASCII punctuation) lies
// inside one word of any text holding it. So when exactly one of the partner's words holds it, the matches
// are exactly the orders holding that word, and the triggers keep how many there are per Moscow day and
// status. The total is then a sum of a few kept rows; the page still walks, but stops at its last row.
// Several words holding the search («ка»: «куртка», «футболка»…) would count an order holding two of them
// twice, so such a search keeps the walk.
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';

/** ASCII characters other than letters: they cut words (as order_search_words of migration 0050 does). */
const CUTS = /[\x00-\x40\x5b-\x60\x7b-\x7f]/;

/**
 * Whether a search (lower case, as stored) lies inside one word of any text holding it, and is long enough
 * for the trigram index of the partner's words: 3 characters or more, none of them an ASCII non-letter.
 */
export function isWordSearch(search: string): boolean {
  return Array.from(search).length >= 3 && !CUTS.test(search);
}

/** The lock a keying takes exclusively, and every write of the partner's orders shared (migration 0050). */
const lockOf = (partnerId: number) => sql`hashtext('orders:search-words'), ${partnerId}`;

/**
 * Keys a partner: its kept words built from its orders, in one transaction, once (false: it was keyed
 * already). Writes of the partner's orders wait while it runs (a few seconds for 500,000 orders).
 */
export async function keySearchWords(db: Db, partnerId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockOf(partnerId)})`);
    const added = await tx.execute(
      sql`insert into order_search_partners (partner_id) values (${partnerId}) on conflict do nothing
          returning partner_id`,
    );
    if (!added.rows.length) return false;
    await tx.execute(
      sql`insert into order_search_word_days (partner_id, word, day, status, n)
          select o.partner_id, w, (o.created_at at time zone 'Europe/Moscow')::date, o.status, count(*)
            from orders o, unnest(order_search_words(o.search_text)) w
           where o.partner_id = ${partnerId}
           group by 1, 2, 3, 4`,
    );
    await tx.execute(
      sql`insert into order_search_words (partner_id, word)
          select distinct partner_id, word from order_search_word_days where partner_id = ${partnerId}`,
    );
    return true;
  });
}

/** Whether the partner's words are kept. */
export async function isKeyed(db: DbOrTx, partnerId: number): Promise<boolean> {
  const res = await db.execute(sql`select 1 from order_search_partners where partner_id = ${partnerId}`);
  return res.rows.length > 0;
}

/**
 * The one word of a keyed partner that holds the search ('' when none does: nothing matches), or null when
 * several do (the total is then counted by walking). `search` must pass isWordSearch.
 */
export async function wordHolding(db: DbOrTx, partnerId: number, search: string): Promise<string | null> {
  // No ASCII non-letter in the search, so no LIKE wildcard or escape either.
  const res = await db.execute<{ word: string }>(
    sql`select word from order_search_words where partner_id = ${partnerId} and word like ${`%${search}%`}
        limit 2`,
  );
  if (res.rows.length > 1) return null;
  return res.rows[0]?.word ?? '';
}
