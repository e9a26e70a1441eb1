// Which pieces of an orders search are rare among the partner's orders (issue 26: the list with a search at
// half the PostgreSQL work). The orders table has an inverted index of 3-character pieces keyed by partner
// (migration 0049): a search holding a piece few of the partner's orders hold (an order number, a SKU) reads
// those orders instead of walking every order of the filters' range through the covering index, which costs
// ~60 ns an order whatever the search (2.3 ms for the 37,000 orders of 60 days at the benchmark's partner). A
// common word («платье», one order in eight) would make the inverted index hand over tens of thousands of
// orders to read one by one, so it keeps the covering walk. Which is which is learnt from the partner's newest
// orders, kept in the process for an hour. Either way strpos decides: the answer is the same, only its cost
// differs (orders.search-keys.test.ts holds both ways to the same orders).
import { sql } from 'drizzle-orm';
import { concurrently, type DbOrTx } from '../../db/client';
import { keptCounts } from './orders.list.queries';
import { isKeyed } from './orders.search-words';

/** Length of a piece, as migration 0049 cuts them. */
const PIECE = 3;
/** Partners with fewer orders walk their range: it is short, and learning their pieces would cost more. */
export const KEYED_FROM_ORDERS = 20_000;
/** The newest orders read to learn a partner's pieces: at most this many, and at most SAMPLE_CHARS of text. */
const SAMPLE = 5_000;
const SAMPLE_CHARS = 1_000_000;
/** For pieces held by at most this many sampled orders, which ones hold them (to count pairs exactly). */
const POSTING_MAX = 200;
/** Sampled orders holding the chosen pieces are taken as at least this many (a few may be missed by chance). */
const MIN_HITS = 3;
/** The inverted index is used when its pieces promise at most this many of the partner's orders. */
export const MAX_CANDIDATES = 1_000;
/** The rarest pieces among which the pair is chosen that the fewest sampled orders hold together. */
const RAREST = 4;
/** How long a partner's learnt counts serve before they are learnt again. */
const TTL_MS = 60 * 60 * 1000;
/** Partners whose counts a process keeps at once (the oldest learnt go first). */
const KEPT_PARTNERS = 100;

/** The distinct 3-character pieces of a search, by code point (as PostgreSQL's substr counts characters). */
export function piecesOf(search: string): string[] {
  const chars = Array.from(search);
  const out = new Set<string>();
  for (let i = 0; i + PIECE <= chars.length; i++) out.add(chars.slice(i, i + PIECE).join(''));
  return [...out];
}

/** What a partner's newest orders say of their pieces. */
export interface PieceCounts {
  /** Orders read. */
  sampled: number;
  /** The partner's orders in all (the kept counts). */
  total: number;
  /** Per piece, how many of the read orders hold it. */
  counts: ReadonlyMap<string, number>;
  /** For the pieces at most POSTING_MAX read orders hold: which of them (by their place in the sample). */
  postings: ReadonlyMap<string, readonly number[]>;
}

/** Counts the pieces of the given search texts, one per text however often it holds a piece. */
export function countPieces(texts: readonly string[], total: number): PieceCounts {
  const holders = new Map<string, number[]>();
  const counts = new Map<string, number>();
  texts.forEach((text, i) => {
    for (const p of piecesOf(text)) {
      const n = (counts.get(p) ?? 0) + 1;
      counts.set(p, n);
      if (n <= POSTING_MAX) {
        const h = holders.get(p);
        if (h) h.push(i);
        else holders.set(p, [i]);
      } else holders.delete(p);
    }
  });
  return { sampled: texts.length, total, counts, postings: holders };
}

/** How many sampled orders hold all the pieces: exact from the postings, else at most the rarer one's count. */
function heldTogether(pieces: readonly string[], c: PieceCounts): number {
  const n = pieces.map((p) => c.counts.get(p) ?? 0);
  if (pieces.length === 1 || Math.min(...n) === 0) return Math.min(...n);
  const [a, b] = pieces.map((p) => c.postings.get(p));
  if (!a || !b) return Math.min(...n);
  let i = 0;
  let j = 0;
  let both = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      both++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return both;
}

/**
 * The pieces of `search` (lower case, as stored) to look up in the inverted index, or null when the covering
 * walk is cheaper: a search under 3 characters, a small partner, or no pieces rare enough. Among the rarest
 * pieces one by one, the pair the fewest sampled orders hold together is taken (the index hands over the
 * orders holding both); its share of the sample, times the partner's orders, must stay within 1,000.
 */
export function choosePieces(search: string, c: PieceCounts): string[] | null {
  if (c.total < KEYED_FROM_ORDERS || c.sampled === 0) return null;
  const rarest = piecesOf(search)
    .map((p) => ({ p, n: c.counts.get(p) ?? 0 }))
    .sort((a, b) => a.n - b.n)
    .slice(0, RAREST)
    .map((r) => r.p);
  if (!rarest.length) return null;
  const options =
    rarest.length === 1 ? [rarest] : rarest.flatMap((a, i) => rarest.slice(i + 1).map((b) => [a, b]));
  let best = { pieces: options[0]!, hits: Infinity };
  for (const pieces of options) {
    const hits = heldTogether(pieces, c);
    if (hits < best.hits) best = { pieces, hits };
  }
  const promised = (Math.max(best.hits, MIN_HITS) / c.sampled) * c.total;
  return promised <= MAX_CANDIDATES ? best.pieces : null;
}

/** What is learnt of a partner: its pieces, and whether its words are kept (orders.search-words.ts). */
type Learnt = PieceCounts & { wordsKept: boolean };

const learnt = new Map<number, { at: number; counts: Promise<Learnt> }>();

async function learn(
  db: DbOrTx,
  partnerId: number,
  keyLater: ((partnerId: number) => Promise<void>) | undefined,
): Promise<Learnt> {
  // The partner's total from the kept counts the list's tabs read (no overdue count needed here).
  const [kept, wordsKept] = await concurrently(db, [
    () => keptCounts(db, partnerId, new Date(), false),
    () => isKeyed(db, partnerId),
  ]);
  const n = kept.reduce((sum, r) => sum + r.n, 0);
  if (n < KEYED_FROM_ORDERS)
    return { sampled: 0, total: n, counts: new Map(), postings: new Map(), wordsKept };
  // A large partner's words are kept from now on: keyed once, by a job (it takes seconds).
  if (!wordsKept) await keyLater?.(partnerId);
  const rows = await db.execute<{ t: string }>(
    sql`select search_text as t from orders where partner_id = ${partnerId}
         order by created_at desc limit ${SAMPLE}`,
  );
  const texts: string[] = [];
  let chars = 0;
  for (const r of rows.rows) {
    if (chars + r.t.length > SAMPLE_CHARS) break;
    chars += r.t.length;
    texts.push(r.t);
  }
  return { ...countPieces(texts, n), wordsKept };
}

/** How a partner's search is read. */
export interface SearchPlan {
  /** Rare pieces to look up in the inverted index (null: walk the range, or use the kept words). */
  pieces: string[] | null;
  /** The partner's words are kept (orders.search-words.ts), as learnt within the hour. */
  wordsKept: boolean;
}

/**
 * The plan of a partner's search. What a partner's orders say is learnt on its first search of 3 characters
 * or more and kept for an hour — for a small partner only its total (one row of the kept counts per status),
 * so a partner that grows past the mark is keyed within the hour. A large partner whose words are not kept yet
 * is handed to `keyLater` (the orders module sends a job).
 */
export async function searchPlan(
  db: DbOrTx,
  partnerId: number,
  search: string | undefined,
  opts: { now?: number; keyLater?: (partnerId: number) => Promise<void> } = {},
): Promise<SearchPlan> {
  if (!search || piecesOf(search).length === 0) return { pieces: null, wordsKept: false };
  const now = opts.now ?? Date.now();
  let entry = learnt.get(partnerId);
  if (!entry || now - entry.at > TTL_MS) {
    entry = { at: now, counts: learn(db, partnerId, opts.keyLater) };
    learnt.delete(partnerId);
    learnt.set(partnerId, entry);
    if (learnt.size > KEPT_PARTNERS) learnt.delete(learnt.keys().next().value!);
    // A failed read is not kept: the next search reads again.
    entry.counts.catch(() => {
      if (learnt.get(partnerId) === entry) learnt.delete(partnerId);
    });
  }
  const counts = await entry.counts;
  return { pieces: choosePieces(search.toLowerCase(), counts), wordsKept: counts.wordsKept };
}

/** Forgets what was learnt of a partner (its words were just keyed), or of every partner (tests). */
export function forgetSearchPlan(partnerId?: number): void {
  if (partnerId === undefined) learnt.clear();
  else learnt.delete(partnerId);
}
