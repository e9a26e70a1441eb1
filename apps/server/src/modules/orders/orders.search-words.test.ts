// The kept word counts of the orders search (issue 26, migration 0050): which searches they may answer, a
// large partner keyed by the job its first search sends, the triggers keeping the counts exact through every
// change of orders, a write racing a keying, and the list's total and pages equal to a full scan whichever way
// the total came — over whole days, cut days and open ranges; another partner's words never counted.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { statementsOf } from './orders.queries';
import { NAMES, insertSearchOrders, scanned } from './orders.search.fixture';
import { forgetSearchPlan, KEYED_FROM_ORDERS } from './orders.search-keys';
import { isWordSearch, keySearchWords } from './orders.search-words';
import { listFilter } from './orders.service';

// 1 March 2026, 15:00 in Moscow.
const NOW = new Date('2026-03-01T12:00:00Z');
const BIG = 10001;
const OTHER = 10002;
const RACING = 10004;
const LATE = 10005;
/** «Куртки» beside «Куртка»: «курт» is held by two words, so its total is counted by walking. */
const WORDS = [...NAMES, 'Куртки'];

let t: TestApp;
let seller: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW, workers: true });
  await t.sql('truncate orders, order_items, order_packs, order_events, discrepancy_acts');
  // Exactly as many orders as a partner needs to be keyed; the other one, with the same words, never is.
  await insertSearchOrders(t, BIG, 1, KEYED_FROM_ORDERS, WORDS);
  await insertSearchOrders(t, OTHER, KEYED_FROM_ORDERS + 1, KEYED_FROM_ORDERS + 400, WORDS);
  await t.sql('analyze orders');
  seller = (await t.login('seller')).accessToken;
  forgetSearchPlan();
}, 120_000);
afterAll(() => t.close());

const keyed = async (partnerId: number) =>
  (await t.sql('select 1 from order_search_partners where partner_id = $1', [partnerId])).length > 0;

/** The kept counts of a partner beside the same counts made from its orders now. */
async function keptAndFresh(partnerId: number) {
  const kept = await t.sql(
    `select word, day::text, status, n, acts from order_search_word_days
      where partner_id = $1 and (n <> 0 or acts <> 0) order by 1, 2, 3`,
    [partnerId],
  );
  const fresh = await t.sql(
    `select w as word, ((created_at at time zone 'Europe/Moscow')::date)::text as day, status, count(*)::int as n,
            (count(*) filter (where has_discrepancy_act))::int as acts
       from orders, unnest(order_text_words(search_text)) w where partner_id = $1
      group by 1, 2, 3 order by 1, 2, 3`,
    [partnerId],
  );
  const missing = await t.sql(
    `select distinct w from orders, unnest(order_text_words(search_text)) w where partner_id = $1
      except select word from order_search_words where partner_id = $1`,
    [partnerId],
  );
  return { kept, fresh, missing };
}

describe('which searches the kept words answer', () => {
  it('takes a search of 3 characters or more without an ASCII non-letter', () => {
    expect(isWordSearch('пла')).toBe(true);
    expect(isWordSearch('пл')).toBe(false);
    expect(isWordSearch('ёлка')).toBe(true);
    expect(isWordSearch('shirt')).toBe(true);
    for (const s of ['sku-1', 'платье чёрный', 'a1b', 'x_y', 'ab%', 'ab.c'])
      expect(isWordSearch(s), s).toBe(false);
  });

  it('cuts a text into words at ASCII non-letters only, as the search is cut', async () => {
    const [row] = await t.sql<{ w: string[] }>(`select order_text_words($1) as w`, [
      'bo000464405 sku-4405 сумка чёрный «ёлка»—x_y сумка',
    ]);
    expect([...row!.w].sort()).toEqual(['bo', 'sku', 'y', '«ёлка»—x', 'сумка', 'чёрный'].sort());
  });
});

describe('keying a partner', () => {
  it('is done by the job the first search of a partner of 20,000 orders sends, and never for a smaller one', async () => {
    expect(await keyed(BIG)).toBe(false);
    const r = await t.rpc(
      'v1.orders.list',
      { partnerId: BIG, page: 1, pageSize: 20, fullSearch: 'платье' },
      seller,
    );
    expect(r.error).toBeUndefined();
    for (let i = 0; i < 100 && !(await keyed(BIG)); i++) await new Promise((ok) => setTimeout(ok, 200));
    expect(await keyed(BIG)).toBe(true);
    expect(await keyed(OTHER)).toBe(false);
    const { kept, fresh, missing } = await keptAndFresh(BIG);
    expect(kept.length).toBeGreaterThan(100);
    expect(kept).toEqual(fresh);
    expect(missing).toEqual([]);
    // Once: a second keying finds it keyed.
    expect(await keySearchWords(t.runtime.db, BIG)).toBe(false);
  });

  it('keeps the counts exact through new orders, moves, changed texts, other changes and removals', async () => {
    expect(await keyed(BIG)).toBe(true);
    const check = async () => {
      const { kept, fresh, missing } = await keptAndFresh(BIG);
      expect(kept).toEqual(fresh);
      expect(missing).toEqual([]);
    };
    await insertSearchOrders(t, BIG, 900_001, 900_050, ['Пальто']);
    await check();
    await t.sql(
      `update orders set status = 'delivered' where partner_id = $1 and status = 'new' and id % 3 = 0`,
      [BIG],
    );
    await check();
    await t.sql(
      `update orders set search_text = search_text || ' жилет' where partner_id = $1 and id % 11 = 0`,
      [BIG],
    );
    await check();
    await t.sql(
      `update orders set created_at = created_at - interval '20 hours' where partner_id = $1 and id % 13 = 0`,
      [BIG],
    );
    await check();
    // A discrepancy act opened on some orders, and closed on a few of them.
    await t.sql(`update orders set has_discrepancy_act = true where partner_id = $1 and id % 17 = 0`, [BIG]);
    await check();
    await t.sql(`update orders set has_discrepancy_act = false where partner_id = $1 and id % 51 = 0`, [BIG]);
    await check();
    // A change of nothing kept leaves the counts alone.
    const before = await t.sql(`select count(*)::int as n, sum(n)::int as s from order_search_word_days`);
    await t.sql(`update orders set tracking_numbers = '{TRK}' where partner_id = $1 and id % 5 = 0`, [BIG]);
    expect(await t.sql(`select count(*)::int as n, sum(n)::int as s from order_search_word_days`)).toEqual(
      before,
    );
    await t.sql(`delete from orders where partner_id = $1 and order_nr like 'ST0009000%'`, [BIG]);
    await check();
    // Another partner's orders never move this partner's counts, and its own are not kept.
    await insertSearchOrders(t, OTHER, 910_001, 910_010, ['Платье']);
    await check();
    expect(await t.sql(`select 1 from order_search_word_days where partner_id = $1`, [OTHER])).toEqual([]);
  });

  it('counts a write in flight exactly once: the keying waits for it', async () => {
    await insertSearchOrders(t, RACING, 920_001, 920_100);
    const writer: pg.PoolClient = await t.runtime.pool.connect();
    try {
      await writer.query('begin');
      await writer.query(`update orders set status = 'delivered' where partner_id = $1 and status = 'new'`, [
        RACING,
      ]);
      let done = false;
      const keying = keySearchWords(t.runtime.db, RACING).then((r) => {
        done = true;
        return r;
      });
      await new Promise((ok) => setTimeout(ok, 300));
      expect(done).toBe(false);
      await writer.query('commit');
      expect(await keying).toBe(true);
    } finally {
      writer.release();
    }
    const { kept, fresh } = await keptAndFresh(RACING);
    expect(kept).toEqual(fresh);
    expect(kept.some((r) => r.status === 'new')).toBe(false);
  });

  it('applies a write that waited for a keying once the keying commits', async () => {
    await insertSearchOrders(t, LATE, 930_001, 930_100);
    let release!: () => void;
    const held = new Promise<void>((ok) => (release = ok));
    let entered!: () => void;
    const inside = new Promise<void>((ok) => (entered = ok));
    const keying = keySearchWords(t.runtime.db, LATE, {
      beforeCommit: async () => {
        entered();
        await held;
      },
    });
    await inside;
    // The keying has counted the partner's orders and not committed: a new order of it must wait.
    let written = false;
    const write = insertSearchOrders(t, LATE, 930_101, 930_120).then(() => {
      written = true;
    });
    const waiting = async () =>
      (
        await t.sql(`select 1 from pg_locks where locktype = 'advisory' and not granted and objid = $1`, [
          LATE,
        ])
      ).length > 0;
    for (let i = 0; i < 100 && !(await waiting()); i++) await new Promise((ok) => setTimeout(ok, 50));
    expect(await waiting()).toBe(true);
    expect(written).toBe(false);
    release();
    expect(await keying).toBe(true);
    await write;
    const { kept, fresh } = await keptAndFresh(LATE);
    expect(kept).toEqual(fresh);
    expect(fresh.reduce((n, r) => n + Number(r.n), 0)).toBeGreaterThan(0);
  });

  it('rebuilds a partner un-keyed by deleting its row: the sums count meanwhile, then use the new rows', async () => {
    await t.sql('delete from order_search_partners where partner_id = $1', [RACING]);
    expect(await wordOf(RACING, 'платье')).toBeNull();
    await t.sql(`update orders set status = 'cancelled' where partner_id = $1 and status = 'confirmed'`, [
      RACING,
    ]);
    expect(await keySearchWords(t.runtime.db, RACING)).toBe(true);
    expect(await wordOf(RACING, 'платье')).toBe('платье');
    const { kept, fresh } = await keptAndFresh(RACING);
    expect(kept).toEqual(fresh);
  });
});

type Filters = Parameters<typeof listFilter>[2] & { fullSearch: string };

/** The one kept word holding a search, as the sums find it (null: several, or the partner is not keyed). */
const wordOf = async (partnerId: number, search: string) =>
  (
    await t.sql<{ w: string | null }>(`select order_search_word_of($1, $2) as w`, [
      partnerId,
      search.toLowerCase(),
    ])
  )[0]!.w;

/** Situations: the filters, and the same range as instants for the scan. */
const SITUATIONS: [string, Omit<Filters, 'fullSearch'>, { from?: string; to?: string }][] = [
  [
    'statuses and whole days',
    { status: ['delivered', 'cancelled'], createdAt: { from: '20260101000000', to: '20260301235959' } },
    { from: '2025-12-31T21:00:00Z', to: '2026-03-01T20:59:59Z' },
  ],
  [
    'statuses and cut days',
    { status: ['delivered', 'new'], createdAt: { from: '20260115123000', to: '20260220093000' } },
    { from: '2026-01-15T09:30:00Z', to: '2026-02-20T06:30:00Z' },
  ],
  ['a range open at its start', { createdAt: { to: '20260210153000' } }, { to: '2026-02-10T12:30:00Z' }],
  ['no other filter', {}, {}],
];

describe.each(SITUATIONS)('the list of a keyed partner with %s', (_name, filters, instants) => {
  it.each([
    ['one word holds it: summed from the kept counts', 'платье', 'kept'],
    ['one word holds it, typed in capitals', 'ПЛАТЬЕ', 'kept'],
    ['one word holds part of it', 'шар', 'kept'],
    ['two words hold it: counted', 'курт', 'counted'],
    // Its pieces no sampled order holds: the inverted index answers it (at once) before the kept words.
    ['no order holds it', 'ёжик', 'pieces'],
    ['a rare piece: the inverted index', 'st000001233', 'pieces'],
  ] as const)('%s («%s»): the total and pages of a full scan', async (_what, search, way) => {
    expect(await keyed(BIG)).toBe(true);
    const f: Filters = { ...filters, fullSearch: search };
    const want = await scanned(t, { partnerId: BIG, search, statuses: filters.status, ...instants }, NOW);
    const page = async (n: number, size: number) => {
      const r = await t.rpc(
        'v1.orders.list',
        { partnerId: BIG, sort: '-created_at', page: n, pageSize: size, ...f },
        seller,
      );
      expect(r.error).toBeUndefined();
      return r.result as { items: { orderNr: string }[]; total: number };
    };
    const first = await page(1, 100);
    expect(first.total).toBe(want.length);
    expect(first.items.map((i) => i.orderNr)).toEqual(want.slice(0, 100).map((r) => r.order_nr));
    const third = await page(3, 20);
    expect(third.total).toBe(want.length);
    expect(third.items.map((i) => i.orderNr)).toEqual(want.slice(40, 60).map((r) => r.order_nr));
    // Past the last match: no rows, the same total.
    const past = await page(Math.floor(want.length / 20) + 2, 20);
    expect(past).toMatchObject({ items: [], total: want.length });

    // The counts by status (the status filter left out) and the tabs (following it).
    const counts = await t.rpc('v1.orders.count-by-statuses', { partnerId: BIG, ...f }, seller);
    expect(counts.error).toBeUndefined();
    const got = counts.result as { tabs: Record<string, number>; statuses: Record<string, number> };
    const every = await scanned(t, { partnerId: BIG, search, ...instants }, NOW);
    for (const s of ['delivered', 'cancelled', 'new', 'confirmed'])
      expect(got.statuses[s], s).toBe(every.filter((r) => r.status === s).length);
    expect(got.tabs).toEqual({
      all: want.length,
      overdue: want.filter((r) => r.overdue).length,
      with_discrepancy_acts: want.filter((r) => r.act).length,
    });

    // The statements the service sends go by the kept counts for a word search; they sum them exactly when
    // one kept word holds it.
    const lf = await listFilter(t.runtime.db, BIG, f, { now: NOW, words: true });
    const sent = statementsOf(lf, 'all', { column: 'created_at', desc: true }, 1, 20);
    expect(sent.list[0]!.text.includes('order_search_word_total')).toBe(way !== 'pieces');
    expect(sent.counts.text.includes('order_search_word_counts')).toBe(way !== 'pieces');
    if (way !== 'pieces') expect((await wordOf(BIG, search)) !== null).toBe(way === 'kept');
  });
});

describe('the sums in SQL', () => {
  it('total nothing for a search no kept word holds, and read no page', async () => {
    expect(await wordOf(BIG, 'ёжик')).toBe('');
    const lf = await listFilter(t.runtime.db, BIG, { fullSearch: 'платье' }, { now: NOW, words: true });
    expect(lf.searchWords).toBe(true);
    const [st] = statementsOf(
      { ...lf, search: 'ёжик' },
      'all',
      { column: 'created_at', desc: true },
      1,
      20,
    ).list;
    const plan = await t.sql<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off) ${st!.text}`,
      st!.values,
    );
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('order_search_word_total');
    expect(text).toMatch(/One-Time Filter/);
    expect(await t.sql(st!.text, st!.values)).toEqual([expect.objectContaining({ id: null, total: 0 })]);
  });

  it('count the matches for a partner whose words are not kept', async () => {
    expect(await keyed(OTHER)).toBe(false);
    expect(await wordOf(OTHER, 'платье')).toBeNull();
    const [row] = await t.sql<{ n: string }>(
      `select order_search_word_total($1, 'платье', null, null, null) as n`,
      [OTHER],
    );
    expect(Number(row!.n)).toBe((await scanned(t, { partnerId: OTHER, search: 'платье' })).length);
  });
});

describe('another partner', () => {
  it('never counts in a keyed partner’s total, though it holds the same words and is keyed too', async () => {
    expect(await keySearchWords(t.runtime.db, OTHER)).toBe(true);
    const r = await t.rpc(
      'v1.orders.list',
      { partnerId: BIG, page: 1, pageSize: 20, fullSearch: 'платье' },
      seller,
    );
    expect((r.result as { total: number }).total).toBe(
      (await scanned(t, { partnerId: BIG, search: 'платье' })).length,
    );
    // The other partner's id answers as a missing one.
    const theirs = await t.rpc(
      'v1.orders.list',
      { partnerId: OTHER, page: 1, pageSize: 20, fullSearch: 'платье' },
      seller,
    );
    expect(theirs.error?.data?.reason).toBe('partner.notFound');
  });
});
