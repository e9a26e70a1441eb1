// Benchmark: the products list on a large catalogue. 1,000,000 products across 1,000 partners, 100,000 of
// them for one. Measures that partner's list (a status tab, a brand filter, sort by price, page 50) and the
// status counts through the API, beside the same SQL run directly through pg (the floor).
// Targets (issue "Catalogue"): p95 under 50 ms, and at least half the direct-SQL throughput.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { createPool } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedDemo } from '../apps/server/src/seed/demo';
import { createDb } from '../apps/server/src/db/client';
import {
  statementsOf,
  type StatementText,
} from '../apps/server/src/modules/nomenclatures/nomenclatures.queries';
import { parseSort } from '@moda/contracts';
import {
  closedLoop,
  hammer,
  login,
  postmasterPid,
  startServer,
  withCpu,
  type Figures,
  combine,
  openBenchDatabase,
  type Measured,
} from './lib';

const SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 8;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CORES = availableParallelism();
const BIG = 30001;
const TOTAL = 1_000_000;
const BIG_SHARE = 100_000;

async function generate(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from products where partner_id >= 30001`,
  );
  if (rows[0]!.n >= TOTAL) return;
  console.log('generating 1,000,000 products (once; kept in bench/.data/catalogue)…');
  const t0 = Date.now();
  await pool.query(`delete from products where partner_id >= 30001`);
  await pool.query(`
    insert into partners (id, shop_name, business_model, enabled_features, site_section, is_new_in_ui_app)
    select 30000 + g, 'Бенчмарк ' || g, 'consignment', '{}', '{"feedback":false,"promotions":"open","analyticsBoard":false}', false
      from generate_series(1, 1000) g
    on conflict (id) do nothing`);
  // Partner 30001 gets 100,000 products; the other 999 share the remaining 900,000.
  await pool.query(`
    insert into products (partner_id, moda_sku, moda_parent_sku, seller_sku, seller_parent_sku, barcode, title, brand, category,
                          price, sale_price, pi_value, quantity, status, moderation_status, archived, created_at, updated_at)
    select pid, 'BM' || g, 'BMP' || (g / 3), 'SKU-' || g, 'PSKU-' || (g / 3), lpad((4600000000000 + g)::text, 13, '0'),
           (array['Платье','Футболка','Джинсы','Куртка','Кроссовки','Сумка','Шарф','Рубашка'])[1 + g % 8] || ' ' ||
           (array['чёрный','белый','синий','бежевый','красный'])[1 + (g / 8) % 5] || ' арт. ' || g,
           'Бренд ' || (g % 20), (array['clothes','footwear','accessories','home','beauty'])[1 + g % 5],
           100 + (g * 7919) % 20000, case when g % 3 = 0 then 90 + (g * 7919) % 18000 end, case when g % 4 <> 0 then 0.8 + (g % 50) / 100.0 end,
           g % 40, (array['online','online','online','online','online','online','inactive','out_of_stock','moderation_pending','need_action'])[1 + g % 10],
           case when g % 10 = 8 then 'on_moderation' when g % 10 = 9 then 'rejected' else 'approved' end,
           g % 50 = 0, now() - (g % 400) * interval '1 day', now()
      from (select g, case when g <= ${BIG_SHARE} then ${BIG} else 30002 + (g - ${BIG_SHARE}) % 999 end as pid
              from generate_series(1::bigint, ${TOTAL}::bigint) g) s`);
  await pool.query(`
    insert into users (email, login, password_hash, roles, external_id, confirmed_at)
    select 'bench@moda.test', 'bench', password_hash, '{partner_user}', 'EXT-BENCH', now() from users where email = 'seller@moda.test'
    on conflict do nothing`);
  await pool.query(
    `insert into user_partners (user_id, partner_id) select id, ${BIG} from users where email = 'bench@moda.test' on conflict do nothing`,
  );
  console.log(`generated in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

/** The catalogue benchmark's database: migrated, demo data, and the generated million products. */
export async function prepareCatalogue(adminUrl: string, pool: pg.Pool): Promise<void> {
  const admin = createPool(adminUrl, 1);
  if ((await admin.query(`select 1 from pg_database where datname = 'moda'`)).rowCount === 0)
    await admin.query('create database moda');
  await admin.end();
  await runMigrations(pool);
  await seedDemo(createDb(pool));
  await generate(pool);
  // As autovacuum would in production: statistics, and a visibility map for index-only scans.
  await pool.query(`vacuum analyze products`);
}

export async function runCatalogueBench(): Promise<void> {
  const dataDir = path.resolve('bench/.data/catalogue');
  const { pg, pool, url } = await openBenchDatabase(dataDir);
  try {
    await generate(pool);
    // As autovacuum would in production: statistics, and a visibility map for index-only scans.
    await pool.query(`vacuum analyze products`);
    const postmaster = postmasterPid(path.join(dataDir, 'pg'));

    const server = await startServer(dataDir, { DATABASE_URL: url });
    try {
      const token = await login(server.base, 'bench@moda.test');
      const auth = { authorization: `Bearer ${token}` };
      const listParams = {
        partnerId: BIG,
        tab: 'online' as const,
        // Every product of «Бренд 2» is online (see generate()): page 50 is a full page of 5 000 rows.
        brand: 'Бренд 2',
        sort: 'base_price',
        page: 50,
        pageSize: 20,
      };
      const rpc = (method: string, params: object) =>
        JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });

      // Exactly the statements the service sends for these parameters (taken from its query code, not
      // copied), run the way it runs them: as named prepared statements, rows as arrays, the page and its
      // total at once on two connections of a pool of the same size.
      const sent = statementsOf(createDb(pool), {
        partnerId: BIG,
        brand: listParams.brand,
        tab: listParams.tab,
        sort: parseSort(listParams.sort),
        limit: listParams.pageSize,
        offset: (listParams.page - 1) * listParams.pageSize,
      });
      const run = (st: StatementText) =>
        pool.query({ name: st.name, text: st.text, values: st.values, rowMode: 'array' });
      for (const st of [...sent.list, sent.counts])
        console.log(`${st.name}: ${st.text} -- ${JSON.stringify(st.values)}`);

      // Both sides must answer a full page: an empty one would measure nothing.
      const answer = (await (
        await fetch(`${server.base}/jsonrpc`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth },
          body: rpc('v1.nomenclatures.list', listParams),
        })
      ).json()) as { result?: { items: unknown[]; total: number } };
      const [page, total] = await Promise.all(sent.list.map(run));
      const items = answer.result?.items.length;
      if (items !== listParams.pageSize || page!.rows.length !== items)
        throw new Error(`the list's page is not full: API ${items} rows, direct ${page!.rows.length}`);
      if (answer.result!.total !== (total!.rows[0] as number[])[0])
        throw new Error('the API and the direct statements disagree on the total');
      console.log(`list: page ${listParams.page} of ${answer.result!.total} rows, ${items} on it`);
      const counted = (await (
        await fetch(`${server.base}/jsonrpc`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth },
          body: rpc('v1.nomenclatures.count-by-statuses', { partnerId: BIG }),
        })
      ).json()) as { result?: Record<string, number> };
      const direct = (await run(sent.counts)).rows as [string, boolean, number][];
      const all = direct.filter(([, archived]) => !archived).reduce((n, [, , c]) => n + c, 0);
      if (!counted.result || counted.result.all !== all || all === 0)
        throw new Error(`the counts disagree: API ${JSON.stringify(counted.result)}, direct all = ${all}`);

      const countsParams = { partnerId: BIG };
      const post =
        (url: string, body: string, headers: Record<string, string> = {}) =>
        () =>
          hammer(`${server.base}${url}`, body, headers, SECONDS, CONNECTIONS);
      const phases: Record<string, () => Promise<Figures>> = {
        apiList: post('/jsonrpc', rpc('v1.nomenclatures.list', listParams), auth),
        // The same service call on a bare Fastify route: HTTP without the RPC layer.
        bareList: post('/bench/catalogue/list', JSON.stringify(listParams)),
        // As the service does: the page and its total at once, on two connections of the pool.
        sqlList: () => closedLoop(SECONDS, CONNECTIONS, () => Promise.all(sent.list.map(run))),
        apiCounts: post('/jsonrpc', rpc('v1.nomenclatures.count-by-statuses', countsParams), auth),
        bareCounts: post('/bench/catalogue/counts', JSON.stringify(countsParams)),
        // The API and the bare route answer the counts from the server's per-process cache (kept until
        // PostgreSQL announces a change, migration 0017); this route reads them from PostgreSQL every time.
        uncachedCounts: post('/bench/catalogue/counts-uncached', JSON.stringify(countsParams)),
        sqlCounts: () => closedLoop(SECONDS, CONNECTIONS, () => run(sent.counts)),
      };
      const viaServer = (name: string) => !name.startsWith('sql');

      // Warm every path (JIT, pool connections, prepared statements, the principal cache) before measuring.
      for (const go of Object.values(phases)) await go();
      // Alternate the phases in rounds so that drift of the machine (other work, caches) hits all alike.
      const measured: Record<string, Measured[]> = {};
      for (let round = 0; round < ROUNDS; round++) {
        for (const [name, go] of Object.entries(phases)) {
          const pids = viaServer(name) ? { postmaster, server: server.pid } : { postmaster };
          (measured[name] ??= []).push(await withCpu(pids, go));
        }
      }
      const r = Object.fromEntries(Object.entries(measured).map(([k, v]) => [k, combine(v)]));
      const labels: Record<string, string> = {
        apiList: 'list via API',
        bareList: 'list, bare HTTP route',
        sqlList: 'list, same SQL direct',
        apiCounts: 'counts via API',
        bareCounts: 'counts, bare HTTP route',
        uncachedCounts: 'counts, bare route, no cache',
        sqlCounts: 'counts, same SQL direct',
      };
      // What the machine's two cores could serve if the call had them to itself: the CPU one call costs in
      // the load generator, the server, PostgreSQL and the kernel's interrupt work. Other work running
      // beside the benchmark does not enter it, unlike req/s.
      const cpuPerCall = (m: Measured) => m.cpu.client + m.cpu.server + m.cpu.postgres + m.cpu.interrupts;
      const capacity = (m: Measured) => (CORES * 1e6) / cpuPerCall(m);
      const us = (n: number) => Math.round(n);
      console.log(
        `\nCatalogue: partner with 100,000 of 1,000,000 products; ${CONNECTIONS} connections, ` +
          `${ROUNDS} alternating rounds of ${SECONDS} s; CPU in µs per request`,
      );
      console.table(
        Object.fromEntries(
          Object.entries(labels).map(([k, label]) => {
            const v = r[k]!;
            return [
              label,
              {
                'req/s': Math.round(v.rps),
                'p95 ms': Math.round(v.p95 * 10) / 10,
                'p99 ms': Math.round(v.p99 * 10) / 10,
                'load gen.': us(v.cpu.client),
                server: us(v.cpu.server),
                postgres: us(v.cpu.postgres),
                irq: us(v.cpu.interrupts),
                [`capacity on ${CORES} cores`]: Math.round(capacity(v)),
                'other work': us(v.cpu.other),
              },
            ];
          }),
        ),
      );
      console.log('(p95: autocannon reports p97.5, a stricter figure, for the HTTP rows)');
      const p95ok = r.apiList!.p95 < 50 && r.apiCounts!.p95 < 50;
      const ratio = (api: string, sql: string) => r[api]!.rps / r[sql]!.rps;
      const perRound = (api: string, sql: string) =>
        measured[api]!.map((m, i) => (m.rps / measured[sql]![i]!.rps).toFixed(2)).join(' ');
      const cpuRatio = (api: string, sql: string) => capacity(r[api]!) / capacity(r[sql]!);
      const listRatio = ratio('apiList', 'sqlList');
      const countRatio = ratio('apiCounts', 'sqlCounts');
      console.log(`p95 < 50 ms: ${p95ok ? 'met' : 'NOT met'}`);
      console.log(
        `API/direct, measured req/s: list ${listRatio.toFixed(2)} (rounds ${perRound('apiList', 'sqlList')}), ` +
          `counts ${countRatio.toFixed(2)} (rounds ${perRound('apiCounts', 'sqlCounts')}) ` +
          `(target ≥ 0.5: ${listRatio >= 0.5 && countRatio >= 0.5 ? 'met' : 'NOT met'})`,
      );
      console.log(
        `API/direct, by CPU per request: list ${cpuRatio('apiList', 'sqlList').toFixed(2)}, ` +
          `counts ${cpuRatio('apiCounts', 'sqlCounts').toFixed(2)}; ` +
          `bare HTTP route/direct: list ${cpuRatio('bareList', 'sqlList').toFixed(2)}, ` +
          `counts ${cpuRatio('bareCounts', 'sqlCounts').toFixed(2)} ` +
          `(no cache: ${ratio('uncachedCounts', 'sqlCounts').toFixed(2)} measured, ` +
          `${cpuRatio('uncachedCounts', 'sqlCounts').toFixed(2)} by CPU)`,
      );
      console.log(
        'The counts via API and the bare route come from the server’s per-process cache of product_counts; ' +
          'the direct side runs the statement every time.',
      );
    } finally {
      await server.stop();
    }
  } finally {
    await pool.end();
    await pg.stop();
  }
}
