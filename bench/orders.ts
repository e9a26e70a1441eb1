// Benchmark: the orders list on a large history. 5,000,000 orders across 1,000 partners, 500,000 of them
// for one. Measures that partner's list (a status filter, a created-date range and full-text search) and
// the counts by status under the same filters through the API, beside the same SQL run directly through pg.
// Targets (issue "Orders"): p95 under 50 ms for the list, under 100 ms for the counts.
//
// Generating is resumable: orders go in by chunks (one statement each), the indexes are dropped while
// loading and rebuilt at the end; an interrupted run continues where it stopped.
import path from 'node:path';
import type pg from 'pg';
import { moscowDay } from '@moda/contracts';
import { createDb } from '../apps/server/src/db/client';
import { statementsOf } from '../apps/server/src/modules/orders/orders.queries';
import { listFilter } from '../apps/server/src/modules/orders/orders.service';
import { keySearchWords } from '../apps/server/src/modules/orders/orders.search-words';
import {
  closedLoop,
  hammer,
  login,
  postmasterPid,
  startServer,
  withCpu,
  type Figures,
  combine,
  loadWithIndexesAside,
  openBenchDatabase,
  type Measured,
} from './lib';

/** The filters of a list request, as the service takes them. */
type FilterParams = Parameters<typeof listFilter>[2];

const SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 8;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BIG = 40001;
const TOTAL = Number(process.env.BENCH_ORDERS ?? 5_000_000);
const BIG_SHARE = TOTAL / 10;
const CHUNK = 250_000;
/** Issue 26: PostgreSQL's CPU per filtered list at most half of the 4.3 ms measured when it was filed. */
const PG_CPU_FLOOR_MS = 2.15;

const STATUSES = [
  'delivered',
  'delivered',
  'delivered',
  'delivered',
  'delivered',
  'delivered',
  'cancelled',
  'cancelled',
  'returned',
  'not_delivered',
  'claimed',
  'refund_requested',
  'refunded',
  'in_delivery',
  'shipped',
  'awaiting_shipment',
  'confirmed',
  'new',
  'new',
  'delivered',
];

async function generate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    const count = async () =>
      (await client.query<{ n: number }>(`select count(*)::int as n from orders where partner_id >= 40001`))
        .rows[0]!.n;
    let done = await count();
    const saved = await client.query(`select to_regclass('bench_saved_orders') as t`);
    if (done >= TOTAL && !saved.rows[0].t) return;
    const t0 = Date.now();
    await client.query(`
      insert into partners (id, shop_name, business_model, enabled_features, site_section, is_new_in_ui_app)
      select 40000 + g, 'Бенчмарк заказов ' || g, 'marketplace_crossdocking', '{}',
             '{"feedback":false,"promotions":"open","analyticsBoard":false}', false
        from generate_series(1, 1000) g
      on conflict (id) do nothing`);
    // Indexes are kept aside while loading (rebuilding them once is far cheaper than keeping them up).
    console.log(
      `generating ${TOTAL.toLocaleString('en')} orders (resumable; kept in bench/.data/orders), ${done} present…`,
    );
    const statuses = `array[${STATUSES.map((s) => `'${s}'`).join(',')}]`;
    await loadWithIndexesAside(client, 'orders', async () => {
      while (done < TOTAL) {
        const lo = done + 1;
        const hi = Math.min(TOTAL, done + CHUNK);
        const c0 = Date.now();
        // Partner 40001 gets the first tenth; the other 999 share the rest. A year of history.
        await client.query(`
          insert into orders (partner_id, order_nr, status, country, business_model, created_at, cut_off_at, delivery_date,
                              sum, item_count, tracking_numbers, delivery, payment_method, product_cost, delivery_cost,
                              total_discount, partner_agreed_price, has_discrepancy_act, search_text, updated_at)
          select pid, nr, st, case when g % 10 = 0 then 'BY' else 'RU' end, 'marketplace_crossdocking', c, c + interval '36 hours',
                 case when st in ('delivered','returned','claimed','refund_requested','refunded') then c + interval '4 days' end,
                 price, 1 + g % 3, '{}', '{"address":"Москва","method":"Курьер","serviceLevel":"Стандарт"}', 'Prepaid',
                 price, 0, 0, price * 0.85, g % 50 = 0,
                 lower(nr || ' sku-' || (g % 20000) || ' ' || title), c
            from (select g, case when g <= ${BIG_SHARE} then ${BIG} else 40002 + (g - ${BIG_SHARE}) % 999 end as pid,
                         'BO' || lpad(g::text, 9, '0') as nr,
                         (${statuses})[1 + (g * 7) % ${STATUSES.length}] as st,
                         now() - ((g * 7919) % (365 * 24 * 60)) * interval '1 minute' as c,
                         100 + (g * 7919) % 20000 as price,
                         (array['Платье','Футболка','Джинсы','Куртка','Кроссовки','Сумка','Шарф','Рубашка'])[1 + g % 8] || ' ' ||
                         (array['чёрный','белый','синий','бежевый','красный'])[1 + (g / 8) % 5] as title
                    from generate_series(${lo}::bigint, ${hi}::bigint) g) s`);
        done = hi;
        console.log(
          `  ${done.toLocaleString('en')} orders (${((Date.now() - c0) / 1000).toFixed(0)} s for this chunk)`,
        );
      }
    });
    await client.query(`
      insert into users (email, login, password_hash, roles, external_id, confirmed_at)
      select 'bench-orders@moda.test', 'bench-orders', password_hash, '{partner_user}', 'EXT-BENCH-O', now()
        from users where email = 'seller@moda.test'
      on conflict do nothing`);
    await client.query(
      `insert into user_partners (user_id, partner_id) select id, ${BIG} from users where email = 'bench-orders@moda.test' on conflict do nothing`,
    );
    console.log(`generated in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    client.release();
  }
}

/** Moscow wall-clock YYYYMMDDHHMMSS of a day `daysAgo` before now, at 00:00:00 or 23:59:59. */
function wireDay(daysAgo: number, end: boolean): string {
  return `${moscowDay(new Date(), -daysAgo).replace(/-/g, '')}${end ? '235959' : '000000'}`;
}

async function measure(
  server: { base: string; pid: number },
  postmaster: number,
  auth: Record<string, string>,
  pool: pg.Pool,
  search: string,
): Promise<void> {
  // `-`: no filters at all, the list as it opens (newest first, counts per status).
  const none = search === '-';
  const filter: FilterParams = none
    ? {}
    : {
        status: ['delivered', 'cancelled'],
        createdAt: { from: wireDay(60, false), to: wireDay(0, true) },
        fullSearch: search,
      };
  const listParams = { partnerId: BIG, ...filter, sort: '-created_at', page: 3, pageSize: 20 };
  const rpc = (method: string, params: object) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });

  // The statements the service sends for these parameters (its own filter and search plan), run directly.
  const f = await listFilter(createDb(pool), BIG, filter, { now: new Date(), words: true });
  // Unfiltered, the service reads the kept counts instead of these statements' totals: the direct side runs
  // the statements that need no kept counts (the page, and counting), a floor the API may beat.
  const sent = statementsOf(f, 'all', { column: 'created_at', desc: true }, 3, 20);
  const run = (st: { text: string; values: unknown[] }) =>
    pool.query({ text: st.text, values: st.values, rowMode: 'array' });
  if (process.env.BENCH_EXPLAIN) {
    for (const st of [...sent.list, sent.counts]) {
      const plan = await pool.query(`explain (analyze, buffers) ${st.text}`, st.values);
      console.log(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
    }
  }
  const phases: Record<string, () => Promise<Figures>> = {
    apiList: () =>
      hammer(`${server.base}/jsonrpc`, rpc('v1.orders.list', listParams), auth, SECONDS, CONNECTIONS),
    sqlList: () => closedLoop(SECONDS, CONNECTIONS, () => Promise.all(sent.list.map(run))),
    apiCounts: () =>
      hammer(
        `${server.base}/jsonrpc`,
        rpc('v1.orders.count-by-statuses', { partnerId: BIG, ...filter }),
        auth,
        SECONDS,
        CONNECTIONS,
      ),
    sqlCounts: () => closedLoop(SECONDS, CONNECTIONS, () => run(sent.counts)),
  };
  for (const p of Object.values(phases)) await withCpu({ postmaster }, p);
  const measured: Record<string, Measured[]> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, p] of Object.entries(phases)) {
      const pids = name.startsWith('api') ? { postmaster, server: server.pid } : { postmaster };
      (measured[name] ??= []).push(await withCpu(pids, p));
    }
  }
  const r = Object.fromEntries(Object.entries(measured).map(([k, v]) => [k, combine(v)]));
  const rows: Record<string, Measured> = {
    'list via API': r.apiList!,
    'list, same SQL direct': r.sqlList!,
    'counts via API': r.apiCounts!,
    'counts, same SQL direct': r.sqlCounts!,
  };
  console.log(
    `\nOrders: partner with ${BIG_SHARE.toLocaleString('en')} of ${TOTAL.toLocaleString('en')} orders; ` +
      (none ? 'no filters; ' : `statuses delivered+cancelled, 60 days, search «${search}»; `) +
      `${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s`,
  );
  console.table(
    Object.fromEntries(
      Object.entries(rows).map(([k, v]) => [
        k,
        {
          'req/s': Math.round(v.rps),
          'p95 (API: p97.5) ms': Math.round(v.p95 * 10) / 10,
          'p99 ms': Math.round(v.p99 * 10) / 10,
          'CPU µs/req: server': Math.round(v.cpu.server),
          postgres: Math.round(v.cpu.postgres),
        },
      ]),
    ),
  );
  console.log(`list p95 < 50 ms: ${r.apiList!.p95 < 50 ? 'met' : 'NOT met'}`);
  if (!none) {
    // Issue 26: PostgreSQL's CPU per list at most half of what it was when the issue was filed (4.3 ms).
    const pgMs = r.apiList!.cpu.postgres / 1000;
    // Which kept word the sums find for the search (null: several, so they count the matches).
    const word = f.searchWords
      ? (
          await pool.query<{ w: string | null }>(`select order_search_word_of($1, $2) as w`, [
            BIG,
            search.toLowerCase(),
          ])
        ).rows[0]!.w
      : undefined;
    console.log(
      `search by ${
        f.searchPieces
          ? `the inverted index (pieces ${f.searchPieces.map((p) => `«${p}»`).join(', ')})`
          : word
            ? `the kept counts of the word «${word}»`
            : word === null
              ? 'counting the matches (several kept words hold it)'
              : 'the covering walk of the range'
      }; ` +
        `PostgreSQL CPU per list ${pgMs.toFixed(2)} ms ≤ ${PG_CPU_FLOOR_MS} ms (half of issue 26's 4.3): ${pgMs <= PG_CPU_FLOOR_MS ? 'met' : 'NOT met'}`,
    );
  }
  console.log(`counts p95 < 100 ms: ${r.apiCounts!.p95 < 100 ? 'met' : 'NOT met'}`);
}

export async function runOrdersBench(): Promise<void> {
  const dataDir = path.resolve(`bench/.data/orders${TOTAL === 5_000_000 ? '' : `-${TOTAL}`}`);
  const { pg, pool, url } = await openBenchDatabase(dataDir);
  try {
    const g0 = Date.now();
    await generate(pool);
    console.log(`data ready in ${Math.round((Date.now() - g0) / 1000)} s`);
    // The partner is large: the service's first search sends the job that keys its words; done here first, as
    // the job does it, so every round measures the same plan (a second keying finds it keyed and stops).
    const k0 = Date.now();
    if (await keySearchWords(createDb(pool), BIG))
      console.log(`search words of the partner kept in ${((Date.now() - k0) / 1000).toFixed(1)} s`);
    await pool.query(`vacuum analyze orders`);
    const postmaster = postmasterPid(path.join(dataDir, 'pg'));

    const server = await startServer(dataDir, { DATABASE_URL: url });
    try {
      const token = await login(server.base, 'bench-orders@moda.test');
      const auth = { authorization: `Bearer ${token}` };
      // Searches as sellers type them: a SKU fragment (selective), and a word of item names that one order
      // in eight holds (the worst case: the trigram index cannot narrow it, the covering indexes do).
      const searches = (process.env.BENCH_ORDERS_SEARCH ?? 'sku-1234,платье,-').split(',');
      for (const search of searches) await measure(server, postmaster, auth, pool, search);
    } finally {
      await server.stop();
    }
  } finally {
    await pool.end();
    await pg.stop();
  }
}
