// A large partner's orders search for a common word, counted from kept counts per word, day and status
// (issue 26; migration 0050 holds the rows, their triggers and the sums; docs/decisions.md says why).
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';

/** ASCII characters other than letters: they cut words (as order_text_words of migration 0050 does). */
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

/** A keying tries the lock this often, this many times, while writes of the partner are in flight. */
const LOCK_EVERY_MS = 200;
const LOCK_TRIES = 50;

/**
 * Keys a partner: its kept words built from its orders, in one transaction, once (false: it was keyed
 * already). It tries the lock instead of queueing for it: a waiting exclusive lock would hold every new write
 * of the partner behind it. Once it holds it, the partner's writes wait until it commits (4 s for the
 * benchmark's 500,000 orders). `beforeCommit`: tests hold the keying open there.
 */
export async function keySearchWords(
  db: Db,
  partnerId: number,
  opts: { beforeCommit?: () => Promise<void> } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    for (let i = 0; ; i++) {
      const lock = await tx.execute<{ ok: boolean }>(
        sql`select pg_try_advisory_xact_lock(${lockOf(partnerId)}) as ok`,
      );
      if (lock.rows[0]?.ok) break;
      if (i + 1 >= LOCK_TRIES)
        throw new Error(
          `writes of partner ${partnerId} held its orders for ${(LOCK_TRIES * LOCK_EVERY_MS) / 1000} s`,
        );
      await new Promise((r) => setTimeout(r, LOCK_EVERY_MS));
    }
    const added = await tx.execute(
      sql`insert into order_search_partners (partner_id) values (${partnerId}) on conflict do nothing
          returning partner_id`,
    );
    if (!added.rows.length) return false;
    // Rows left from an earlier keying (un-keyed by deleting its partner row) are rebuilt whole.
    await tx.execute(sql`delete from order_search_word_days where partner_id = ${partnerId}`);
    await tx.execute(sql`delete from order_search_words where partner_id = ${partnerId}`);
    await tx.execute(
      sql`insert into order_search_word_days (partner_id, word, day, status, n, acts)
          select o.partner_id, w, (o.created_at at time zone 'Europe/Moscow')::date, o.status, count(*),
                 count(*) filter (where o.has_discrepancy_act)
            from orders o, unnest(order_text_words(o.search_text)) w
           where o.partner_id = ${partnerId}
           group by 1, 2, 3, 4`,
    );
    await tx.execute(
      sql`insert into order_search_words (partner_id, word)
          select distinct partner_id, word from order_search_word_days where partner_id = ${partnerId}`,
    );
    await opts.beforeCommit?.();
    return true;
  });
}

/** Whether the partner's words are kept. */
export async function isKeyed(db: DbOrTx, partnerId: number): Promise<boolean> {
  const res = await db.execute(sql`select 1 from order_search_partners where partner_id = ${partnerId}`);
  return res.rows.length > 0;
}
