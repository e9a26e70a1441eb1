// The orders search's two ways (issue 26): rare pieces through the inverted index of migration 0049, common
// ones by walking the range. The choice at its boundaries; both ways giving exactly the orders a full scan
// finds (list, total, counts, export count); another partner's orders never among them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { statementsOf } from './orders.queries';
import { insertSearchOrders, scanned } from './orders.search.fixture';
import {
  choosePieces,
  countPieces,
  forgetSearchPlan,
  KEYED_FROM_ORDERS,
  MAX_CANDIDATES,
  piecesOf,
  searchPlan,
} from './orders.search-keys';

describe('choosing the pieces', () => {
  /** A sample of 5,000 orders of a partner with 500,000: a number, a SKU of 20,000, a name of eight. */
  const NAMES = ['платье', 'футболка', 'джинсы', 'куртка', 'кроссовки', 'сумка', 'шарф', 'рубашка'];
  const texts = Array.from(
    { length: 5_000 },
    (_, i) => `bo${String(i * 97).padStart(9, '0')} sku-${(i * 7919) % 20_000} ${NAMES[i % 8]}`,
  );
  const big = countPieces(texts, 500_000);

  it('cuts a search into its distinct 3-character pieces by character', () => {
    expect(piecesOf('sku-1234')).toEqual(['sku', 'ku-', 'u-1', '-12', '123', '234']);
    expect(piecesOf('платье')).toEqual(['пла', 'лат', 'ать', 'тье']);
    expect(piecesOf('aaaa')).toEqual(['aaa']);
    expect(piecesOf('ab')).toEqual([]);
    // A character outside the BMP is one character, as PostgreSQL's substr counts it.
    expect(piecesOf('a😀bc')).toEqual(['a😀b', '😀bc']);
  });

  it('counts a piece once per text', () => {
    const c = countPieces(['ababab', 'abx', 'xyz'], 30_000);
    expect(c.sampled).toBe(3);
    expect(c.counts.get('aba')).toBe(1);
    expect(c.counts.get('bab')).toBe(1);
    expect(c.postings.get('xyz')).toEqual([2]);
  });

  it('takes the pair of rare pieces the fewest orders hold together', () => {
    const chosen = choosePieces('sku-1234', big);
    expect(chosen).toHaveLength(2);
    expect(chosen).not.toContain('sku');
    expect(chosen).not.toContain('ku-');
    // Pieces no sampled order holds (the sample's numbers start «bo000») promise the fewest: 3 / 5,000 ×
    // 500,000 = 300 at most; a tie keeps the search's order.
    expect(choosePieces('bo999', big)).toEqual(['bo9', 'o99']);
  });

  it('walks for a common word and for pieces every order holds', () => {
    expect(choosePieces('платье', big)).toBeNull();
    expect(choosePieces('sku-', big)).toBeNull();
  });

  it('keys at exactly 1,000 promised orders, and walks one order above', () => {
    // «abc» alone, held by 10 of 5,000 sampled orders: 10 / 5,000 × 500,000 = 1,000.
    const at = (held: number) =>
      countPieces(
        Array.from({ length: 5_000 }, (_, i) => (i < held ? 'abc' : 'xyz')),
        500_000,
      );
    expect(MAX_CANDIDATES).toBe(1_000);
    expect(choosePieces('abc', at(10))).toEqual(['abc']);
    expect(choosePieces('abc', at(11))).toBeNull();
  });

  it('walks for a partner under 20,000 orders, and keys one at exactly 20,000', () => {
    // At 20,000 orders the promised count is smaller still: 3 / 5,000 × 20,000 = 12.
    expect(choosePieces('bo999', { ...big, total: KEYED_FROM_ORDERS - 1 })).toBeNull();
    expect(choosePieces('bo999', { ...big, total: KEYED_FROM_ORDERS })).not.toBeNull();
  });

  it('walks for a search under 3 characters', () => {
    expect(choosePieces('sk', big)).toBeNull();
  });
});

// 1 March 2026, 15:00 in Moscow.
const NOW = new Date('2026-03-01T12:00:00Z');
const BIG = 10001;
const OTHER = 10002;
const ORDERS = 25_000;

let t: TestApp;
let seller: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  await t.sql('truncate orders, order_items, order_packs, order_events, discrepancy_acts');
  await insertSearchOrders(t, BIG, 1, ORDERS);
  // The other partner holds the same SKUs: none of its orders may answer the first one's search.
  await insertSearchOrders(t, OTHER, ORDERS + 1, ORDERS + 300);
  await t.sql('analyze orders');
  seller = (await t.login('seller')).accessToken;
  forgetSearchPlan();
}, 120_000);
afterAll(() => t.close());

type Filters = { status?: string[]; createdAt?: { from: string; to: string }; fullSearch: string };
const SITUATIONS: Record<string, Omit<Filters, 'fullSearch'>> = {
  'statuses and 60 days': {
    status: ['delivered', 'cancelled'],
    createdAt: { from: '20260101000000', to: '20260301235959' },
  },
  'no other filter': {},
};

/** A full scan of the partner's orders under the filters (the situations' dates as instants). */
const scan = (f: Filters, partnerId = BIG) =>
  scanned(t, {
    partnerId,
    search: f.fullSearch,
    statuses: f.status,
    from: f.createdAt ? '2025-12-31T21:00:00Z' : undefined,
    to: f.createdAt ? '2026-03-01T20:59:59Z' : undefined,
  });

async function listed(f: Filters) {
  const r = await t.rpc(
    'v1.orders.list',
    { partnerId: BIG, sort: '-created_at', page: 1, pageSize: 100, ...f },
    seller,
  );
  expect(r.error).toBeUndefined();
  return r.result as { items: { orderNr: string }[]; total: number };
}

describe.each(Object.entries(SITUATIONS))('the orders search with %s', (_name, filters) => {
  it.each([
    ['a rare SKU, through the inverted index', 'SKU-1233', true],
    ['an order number, through the inverted index', 'st000001233', true],
    ['a common word, by walking the range', 'платье', false],
    ['a SKU prefix every order holds, by walking', 'sku-', false],
  ])('%s: the same orders as a full scan', async (_what, search, keyed) => {
    const f = { ...filters, fullSearch: search };
    const pieces = (await searchPlan(t.runtime.db, BIG, search)).pieces;
    expect(pieces !== null).toBe(keyed);

    const want = await scan(f);
    expect(want.length).toBeGreaterThan(0);
    const got = await listed(f);
    expect(got.total).toBe(want.length);
    expect(got.items.map((i) => i.orderNr)).toEqual(want.slice(0, 100).map((r) => r.order_nr));

    const counts = await t.rpc('v1.orders.count-by-statuses', { partnerId: BIG, ...f }, seller);
    expect(counts.error).toBeUndefined();
    const byStatus = (counts.result as { statuses: Record<string, number> }).statuses;
    const all = await scan({ ...f, status: undefined });
    for (const s of ['delivered', 'cancelled', 'new', 'confirmed'])
      expect(byStatus[s], s).toBe(all.filter((r) => r.status === s).length);
  });
});

describe('the inverted index', () => {
  it('is what the list statement reads for a rare piece, and never for a common one', async () => {
    const plan = async (search: string) => {
      const f = {
        partnerId: BIG,
        statuses: ['delivered', 'cancelled'],
        noDeliveryDate: false,
        search,
        searchPieces: (await searchPlan(t.runtime.db, BIG, search)).pieces,
        createdAt: { from: new Date('2025-12-31T21:00:00Z'), to: new Date('2026-03-01T20:59:59Z') },
        deliveryDate: null,
        now: NOW,
      };
      const [st] = statementsOf(f, 'all', { column: 'created_at', desc: true }, 1, 20).list;
      const rows = await t.sql<{ 'QUERY PLAN': string }>(`explain ${st!.text}`, st!.values);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    expect(await plan('sku-1233')).toContain('orders_search_keys_idx');
    expect(await plan('платье')).not.toContain('orders_search_keys_idx');
  });

  it('keeps another partner out: its orders hold the same SKU and never answer', async () => {
    const theirs = await scan({ fullSearch: 'sku-1233' }, OTHER);
    expect(theirs.length).toBeGreaterThan(0);
    const got = await listed({ fullSearch: 'sku-1233' });
    const nrs = new Set(got.items.map((i) => i.orderNr));
    expect(theirs.some((r) => nrs.has(r.order_nr))).toBe(false);
    expect(got.total).toBe((await scan({ fullSearch: 'sku-1233' })).length);
  });

  it('hands a partner of 20,000 orders or more to the keying of its words once, never a smaller one', async () => {
    forgetSearchPlan();
    const handed: number[] = [];
    const keyLater = async (partnerId: number) => {
      handed.push(partnerId);
    };
    await searchPlan(t.runtime.db, BIG, 'платье', { keyLater });
    // Learnt for the hour: a second search does not hand it again.
    await searchPlan(t.runtime.db, BIG, 'шарф', { keyLater });
    await searchPlan(t.runtime.db, OTHER, 'платье', { keyLater });
    expect(handed).toEqual([BIG]);
  });

  it('walks for a partner under 20,000 orders', async () => {
    expect((await searchPlan(t.runtime.db, OTHER, 'sku-1233')).pieces).toBeNull();
  });
});
