// Benchmark: FBO. (1) A supply file of 10,000 items (5,000 SKU × 2) uploaded through REST, checked against
// the catalogue and stored as a checked file: wall time and the server's peak memory (targets: under 3 s,
// under 300 MB). (2) The stock screen with its forecast for a partner with 100,000 SKU at the warehouses and a
// year of sales: a page through the API beside the same SQL run directly (target: p95 under 100 ms).
//
// The data is generated once into bench/.data/fbo (resumable: each part is skipped when present).
import path from 'node:path';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import { createDb } from '../apps/server/src/db/client';
import { keptPageSql, keptTotals, refreshStock, stockState } from '../apps/server/src/modules/fbo/fbo.stock';
import { heldSql } from '../apps/server/src/modules/fbo-returns/fbo-returns.queries';
import {
  closedLoop,
  combine,
  hammer,
  login,
  openBenchDatabase,
  peakRssMb,
  postmasterPid,
  startServer,
  withCpu,
  type Measured,
} from './lib';

const SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 8;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PARTNER = 50001;
const SKUS = Number(process.env.BENCH_FBO_SKUS ?? 100_000);
/** Order items of a year: about 10 per SKU. */
const SALES = Number(process.env.BENCH_FBO_SALES ?? SKUS * 10);

async function generate(pool: pg.Pool): Promise<void> {
  const has = async (sql: string) => (await pool.query<{ n: number }>(sql)).rows[0]!.n;
  await pool.query(`
    insert into partners (id, shop_name, business_model, enabled_features, site_section, is_new_in_ui_app)
    values (${PARTNER}, 'Бенчмарк FBO', 'consignment', '{}', '{"feedback":false,"promotions":"open","analyticsBoard":false}', false)
    on conflict (id) do nothing`);
  await pool.query(`
    insert into users (email, login, password_hash, roles, external_id, confirmed_at)
    select 'bench-fbo@moda.test', 'bench-fbo', password_hash, '{partner_user}', 'EXT-BENCH-FBO', now()
      from users where email = 'seller@moda.test'
    on conflict do nothing`);
  await pool.query(
    `insert into user_partners (user_id, partner_id) select id, ${PARTNER} from users where email = 'bench-fbo@moda.test' on conflict do nothing`,
  );
  const t0 = Date.now();
  if ((await has(`select count(*)::int as n from products where partner_id = ${PARTNER}`)) < SKUS) {
    await pool.query(`
      insert into products (partner_id, moda_sku, moda_parent_sku, seller_sku, seller_parent_sku, title, brand, category,
                            status, moderation_status, attributes, price)
      select ${PARTNER}, 'MD7' || lpad(g::text, 10, '0'), 'MDP7' || lpad(g::text, 10, '0'), 'FB-' || g, 'FB-P-' || g,
             (array['Платье','Футболка','Джинсы','Куртка','Кроссовки'])[1 + g % 5] || ' ' || g,
             (array['Nord Wind','Levi’s','Calvin Klein','Urban'])[1 + g % 4],
             (array['clothes','footwear','accessories','home'])[1 + g % 4], 'online', 'approved',
             case when g % 3 = 0 then '{"dataMatrix":true}'::jsonb else '{}'::jsonb end, 500 + g % 9000
        from generate_series(1, ${SKUS}) g
      on conflict do nothing`);
    console.log(`products: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  if ((await has(`select count(*)::int as n from fbo_stock_moves where partner_id = ${PARTNER}`)) === 0) {
    // Each SKU at one or two warehouses, received over the year.
    await pool.query(`
      insert into fbo_stock_moves (partner_id, seller_sku, warehouse_code, quantity, kind, ref, at)
      select ${PARTNER}, 'FB-' || g, w, 20 + g % 80, 'supply', 'bench', now() - (g % 360) * interval '1 day'
        from generate_series(1, ${SKUS}) g,
             lateral (select (array['Bykovo','Sofino','Chekhov','Novokhokhlovskaya'])[1 + g % 4] as w
                      union all select 'Chekhov' where g % 5 = 0 and g % 4 <> 2) ws`);
    console.log(`stock moves: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  if ((await has(`select count(*)::int as n from orders where partner_id = ${PARTNER}`)) === 0) {
    // A year of orders, one item each, spread over the SKUs (some sell much more than others).
    await pool.query(`
      insert into orders (partner_id, order_nr, status, country, business_model, created_at, cut_off_at, sum, item_count,
                          tracking_numbers, delivery, payment_method, product_cost, delivery_cost, total_discount,
                          partner_agreed_price, search_text, updated_at)
      select ${PARTNER}, 'BF' || lpad(g::text, 9, '0'),
             (array['delivered','delivered','delivered','shipped','new','cancelled','returned'])[1 + g % 7], 'RU', 'consignment',
             now() - ((g::bigint * 7919) % (365 * 24 * 60)) * interval '1 minute', now(), 1000, 1, '{}',
             '{"address":"Москва","method":"Курьер","serviceLevel":"Стандарт"}', 'Prepaid', 1000, 0, 0, 850, 'bf' || g, now()
        from generate_series(1, ${SALES}) g`);
    await pool.query(`
      insert into order_items (partner_id, order_id, product_id, moda_sku, seller_sku, name, base_price, total_discount, paid_price, status)
      select o.partner_id, o.id, null, 'MD', 'FB-' || (1 + ((o.id * 2654435761) % ${SKUS}) * ((o.id % 3) + 1) % ${SKUS}), 'x', 1000, 0, 1000, o.status
        from orders o where o.partner_id = ${PARTNER}`);
    console.log(`orders: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  await pool.query(`vacuum analyze products, fbo_stock_moves, orders, order_items`);
}

async function supplyFile(pool: pg.Pool): Promise<Buffer> {
  const skus = (
    await pool.query<{ seller_sku: string }>(
      `select seller_sku from products where partner_id = ${PARTNER} order by id limit 5000`,
    )
  ).rows.map((r) => r.seller_sku);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Поставка');
  ws.addRow(['Артикул продавца', 'Количество', 'Короб']);
  skus.forEach((s, i) => ws.addRow([s, 2, `К-${1 + (i % 50)}`]));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Resident memory of this process now (MB). */
async function rssMb(): Promise<number> {
  const fs = await import('node:fs/promises');
  const status = await fs.readFile(`/proc/${process.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Peak resident memory of this process since the last reset (Linux clear_refs 5 resets VmHWM). */
async function resetPeak(): Promise<void> {
  const fs = await import('node:fs/promises');
  await fs.writeFile(`/proc/${process.pid}/clear_refs`, '5').catch(() => undefined);
}

/**
 * The check as the job runs it, in this process (the bench server runs no workers): the file is uploaded
 * through the REST route of an app over the same database, then the job's work is timed.
 */
async function fileCheck(dataDir: string, url: string, file: Buffer) {
  const { loadConfig } = await import('../apps/server/src/config');
  const { openRuntime } = await import('../apps/server/src/runtime');
  const { buildApp } = await import('../apps/server/src/app');
  const { checkSupplyFile } = await import('../apps/server/src/modules/fbo/fbo.file-check');
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'production', DATABASE_URL: url },
    { dataDir, logLevel: 'error' },
  );
  const runtime = await openRuntime(config, () => {}, { workers: false, prepare: false });
  const { app, services } = await buildApp(config, runtime, { logger: false });
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/jsonrpc/v1/tokens.create',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'bench-fbo@moda.test', password: 'Moda2026!' }),
    });
    const token = login.json<{ accessToken: string }>().accessToken;
    const out: { ms: number; status: string; error: string | null; peakMb: number; beforeMb: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const boundary = '----fbo-bench';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nfbo_supply\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="partner_code"\r\n\r\n${PARTNER}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="warehouse_code"\r\n\r\nChekhov\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.xlsx"\r\n\r\n`,
      );
      const up = await app.inject({
        method: 'POST',
        url: '/rest/api/v1/files',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${token}`,
        },
        payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      });
      const id = up.json<{ id: string }>().id;
      await resetPeak();
      const beforeMb = await rssMb();
      const t0 = performance.now();
      await checkSupplyFile({ db: runtime.db, files: services.files }, { partnerId: PARTNER, fileId: id });
      const ms = performance.now() - t0;
      const rec = await services.files.row(runtime.db, PARTNER, id);
      out.push({
        ms,
        status: rec!.status,
        error: rec!.errorMessage,
        peakMb: await peakRssMb(process.pid),
        beforeMb,
      });
    }
    return out;
  } finally {
    await app.close();
    await runtime.stop();
  }
}

export async function runFboBench(): Promise<void> {
  const dataDir = path.resolve(`bench/.data/fbo${SKUS === 100_000 ? '' : `-${SKUS}`}`);
  const { pg, pool, url } = await openBenchDatabase(dataDir);
  try {
    const g0 = Date.now();
    await generate(pool);
    console.log(`data ready in ${Math.round((Date.now() - g0) / 1000)} s`);
    const postmaster = postmasterPid(path.join(dataDir, 'pg'));
    const server = await startServer(dataDir, { DATABASE_URL: url });
    try {
      const token = await login(server.base, 'bench-fbo@moda.test');
      // (1) the supply file, three times.
      const file = await supplyFile(pool);
      console.log(`\nSupply file: 5,000 SKU × 2 = 10,000 items, ${(file.length / 1024).toFixed(0)} KB`);
      for (const r of await fileCheck(dataDir, url, file))
        console.log(
          `  checked and stored in ${Math.round(r.ms)} ms (${r.status}${r.error ? `: ${r.error}` : ''}), ` +
            `peak RSS ${r.peakMb} MB (${r.beforeMb} MB before the check: the bench's app, pools and the workbook it ` +
            `built; the check's own share ${r.peakMb - r.beforeMb} MB)`,
        );
      // (2) the stock screen: the first page as it opens (sorted by the recommendation), through the API and direct.
      const auth = { authorization: `Bearer ${token}` };
      const params = { partnerId: PARTNER, sort: '-recommended', page: 1, pageSize: 20 };
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'v1.analytics.recommended-shipment.get',
        params,
      });
      // The kept rows, built once as a reading call would (timed: the upkeep a change costs a large partner).
      const directDb = createDb(pool);
      await pool.query(`delete from fbo_stock_state where partner_id = $1`, [PARTNER]);
      const r0 = Date.now();
      await refreshStock(directDb, PARTNER, new Date(), true, heldSql(PARTNER));
      const rebuild = (Date.now() - r0) / 1000;
      // The statements the service sends, straight to the pool (drizzle only renders them): the state, then the
      // page and its totals at once.
      const statement = keptPageSql(PARTNER, new Date(), {}, '-recommended', 20, 0);
      const phases = {
        api: () => hammer(`${server.base}/jsonrpc`, body, auth, SECONDS, CONNECTIONS),
        sql: () =>
          closedLoop(SECONDS, CONNECTIONS, async () => {
            await stockState(directDb, PARTNER);
            await Promise.all([directDb.execute(statement), keptTotals(directDb, PARTNER, new Date(), {})]);
          }),
      };
      const measured: Record<string, Measured[]> = {};
      for (let round = 0; round < ROUNDS; round++)
        for (const [name, p] of Object.entries(phases))
          (measured[name] ??= []).push(
            await withCpu(name === 'api' ? { postmaster, server: server.pid } : { postmaster }, p),
          );
      const api = combine(measured.api!);
      const direct = combine(measured.sql!);
      console.log(
        `\nStock screen: ${SKUS.toLocaleString('en')} SKU, ${SALES.toLocaleString('en')} order items over a year`,
      );
      console.table({
        'page via API': {
          'req/s': Math.round(api.rps),
          'p95 ms': Math.round(api.p95),
          'p99 ms': Math.round(api.p99),
        },
        'same SQL direct': {
          'req/s': Math.round(direct.rps),
          'p95 ms': Math.round(direct.p95),
          'p99 ms': Math.round(direct.p99),
        },
      });
      console.log(`API/direct throughput ratio: ${(api.rps / direct.rps).toFixed(2)}`);
      console.log(
        `kept stock rows of the partner rebuilt in ${rebuild.toFixed(1)} s (a change marks them stale)`,
      );
      console.log(`stock page p95 < 100 ms: ${api.p95 < 100 ? 'met' : 'NOT met'}`);
    } finally {
      await server.stop();
    }
  } finally {
    await pool.end();
    await pg.stop();
  }
}
