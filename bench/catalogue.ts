// Benchmark: the products list on a large catalogue. 1,000,000 products across 1,000 partners, 100,000 of
// them for one. Measures that partner's list (a status tab, a brand filter, sort by price, page 50) and the
// status counts through the API, beside the same SQL run directly through pg (the floor).
// Targets (issue "Catalogue"): p95 under 50 ms, and at least half the direct-SQL throughput.
import path from 'node:path';
import type pg from 'pg';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { createPool } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedDemo } from '../apps/server/src/seed/demo';
import { createDb } from '../apps/server/src/db/client';
import { directSql, hammer, login, startServer, type Figures } from './lib';

const SECONDS = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 8;
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
  const pg = await startEmbeddedPostgres(dataDir);
  const admin = createPool(pg.url, 1);
  if ((await admin.query(`select 1 from pg_database where datname = 'moda'`)).rowCount === 0)
    await admin.query('create database moda');
  await admin.end();
  const url = pg.urlFor('moda');
  const pool = createPool(url, CONNECTIONS);
  try {
    await runMigrations(pool);
    await seedDemo(createDb(pool));
    await generate(pool);
    // As autovacuum would in production: statistics, and a visibility map for index-only scans.
    await pool.query(`vacuum analyze products`);

    const server = await startServer(dataDir, { DATABASE_URL: url });
    try {
      const token = await login(server.base, 'bench@moda.test');
      const auth = { authorization: `Bearer ${token}` };
      const listParams = {
        partnerId: BIG,
        tab: 'online',
        brand: 'Бренд 7',
        sort: 'base_price',
        page: 50,
        pageSize: 20,
      };
      const rpc = (method: string, params: object) =>
        JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });

      // The same SQL the service runs (drizzle renders it the same way): page 50 and its total, and the counts.
      const listSql = `select partner_id, id, moda_sku, moda_parent_sku, seller_sku, seller_parent_sku, barcode, title, brand, category,
                       erp_level1, erp_level2, price, sale_price, pi_value, quantity, status, moderation_status, archived, created_at, updated_at
                       from products where partner_id = $1 and brand = $2 and archived = false and status = $3
                       order by price asc nulls last, id asc limit 20 offset 980`;
      const totalSql = `select count(*)::int from products where partner_id = $1 and brand = $2 and archived = false and status = $3`;
      const countsSql = `select status, archived, n::int from product_counts where partner_id = $1`;

      // Warm caches on both paths.
      await hammer(`${server.base}/jsonrpc`, rpc('v1.nomenclatures.list', listParams), auth, 2, CONNECTIONS);
      await directSql(pool, listSql, [BIG, 'Бренд 7', 'online'], 2, CONNECTIONS);

      const rows: Record<string, Figures & { target: string }> = {};
      const apiList = await hammer(
        `${server.base}/jsonrpc`,
        rpc('v1.nomenclatures.list', listParams),
        auth,
        SECONDS,
        CONNECTIONS,
      );
      const sqlList = await directSql(
        pool,
        `${listSql}; ${totalSql}`.split(';')[0]!,
        [BIG, 'Бренд 7', 'online'],
        SECONDS,
        CONNECTIONS,
      );
      const sqlTotal = await directSql(pool, totalSql, [BIG, 'Бренд 7', 'online'], SECONDS, CONNECTIONS);
      const apiCounts = await hammer(
        `${server.base}/jsonrpc`,
        rpc('v1.nomenclatures.count-by-statuses', { partnerId: BIG }),
        auth,
        SECONDS,
        CONNECTIONS,
      );
      const sqlCounts = await directSql(pool, countsSql, [BIG], SECONDS, CONNECTIONS);
      // The API list runs two statements (page and total); its floor is both, one after the other.
      const floorList: Figures = {
        rps: 1 / (1 / sqlList.rps + 1 / sqlTotal.rps),
        p95: sqlList.p95 + sqlTotal.p95,
        p99: sqlList.p99 + sqlTotal.p99,
      };
      rows['list via API'] = { ...apiList, target: `p95 < 50 ms: ${apiList.p95 < 50 ? 'met' : 'NOT met'}` };
      rows['list, same SQL direct (page + total)'] = { ...floorList, target: '' };
      rows['counts via API'] = {
        ...apiCounts,
        target: `p95 < 50 ms: ${apiCounts.p95 < 50 ? 'met' : 'NOT met'}`,
      };
      rows['counts, same SQL direct'] = { ...sqlCounts, target: '' };
      console.log(
        `\nCatalogue: partner with 100,000 of 1,000,000 products; ${CONNECTIONS} connections, ${SECONDS} s each`,
      );
      console.table(
        Object.fromEntries(
          Object.entries(rows).map(([k, v]) => [
            k,
            {
              'req/s': Math.round(v.rps),
              'p95 (API: p97.5) ms': Math.round(v.p95 * 10) / 10,
              'p99 ms': Math.round(v.p99 * 10) / 10,
              target: v.target,
            },
          ]),
        ),
      );
      const listRatio = apiList.rps / floorList.rps;
      const countRatio = apiCounts.rps / sqlCounts.rps;
      console.log(
        `API/direct throughput: list ${listRatio.toFixed(2)}, counts ${countRatio.toFixed(2)} (target ≥ 0.5: ${listRatio >= 0.5 && countRatio >= 0.5 ? 'met' : 'NOT met'})`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await pool.end();
    await pg.stop();
  }
}
