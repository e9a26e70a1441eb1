// Benchmark: adding 10,000 products to a promotion by file (issue 21; target: under 10 s). A partner with
// 10,000 priced products (a third with a floor price) in bench/.data/promotions; the marketplace announces and
// opens a promotion (v1.platform.*); the seller's file of 10,000 seller SKUs is uploaded through the promotion's
// REST route and the 'promotions.file' job's work is timed as the worker runs it: the sheet read behind the zip
// guard, every row checked (catalogue, eligibility, floor price), all 10,000 joined in one transaction.
// Three rounds; between them the products leave the promotion. Printed: upload, check-and-apply and the sum
// against the target, with the load average (the machine is shared).
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import { PROMOTION_TEMPLATE_VERSION } from '@moda/contracts';
import { openBenchDatabase, peakRssMb } from './lib';

const PARTNER = 50021;
const PRODUCTS = Number(process.env.BENCH_PROMO_PRODUCTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_MS = 10_000;

async function generate(pool: pg.Pool): Promise<void> {
  await pool.query(`
    insert into partners (id, shop_name, business_model, enabled_features, site_section, is_new_in_ui_app)
    values (${PARTNER}, 'Бенчмарк акций', 'consignment', '{}', '{"feedback":false,"promotions":"open","analyticsBoard":false}', false)
    on conflict (id) do nothing`);
  await pool.query(`
    insert into users (email, login, password_hash, roles, external_id, confirmed_at)
    select 'bench-promo@moda.test', 'bench-promo', password_hash, '{partner_user}', 'EXT-BENCH-PROMO', now()
      from users where email = 'seller@moda.test'
    on conflict do nothing`);
  await pool.query(
    `insert into user_partners (user_id, partner_id) select id, ${PARTNER} from users where email = 'bench-promo@moda.test' on conflict do nothing`,
  );
  const n = (
    await pool.query<{ n: number }>(`select count(*)::int as n from products where partner_id = ${PARTNER}`)
  ).rows[0]!.n;
  if (n < PRODUCTS) {
    await pool.query(`
      insert into products (partner_id, moda_sku, moda_parent_sku, seller_sku, seller_parent_sku, title, brand, category,
                            status, moderation_status, attributes, price)
      select ${PARTNER}, 'MD8' || lpad(g::text, 10, '0'), 'MDP8' || lpad(g::text, 10, '0'), 'PR-' || g, 'PR-P-' || g,
             (array['Платье','Футболка','Джинсы','Куртка'])[1 + g % 4] || ' ' || g,
             (array['Nord Wind','Levi’s','Calvin Klein','Urban'])[1 + g % 4], 'clothes', 'online', 'approved',
             '{}'::jsonb, 1000 + (g % 90) * 100
        from generate_series(1, ${PRODUCTS}) g
      on conflict do nothing`);
    // A floor the promo price respects (30 % off leaves 70 %; the floor is 50 %) on a third of them.
    await pool.query(`
      insert into product_cost_prices (partner_id, product_id, cost_price, floor_price)
      select partner_id, id, round(price * 0.35), round(price * 0.5) from products
       where partner_id = ${PARTNER} and id % 3 = 0
      on conflict do nothing`);
  }
}

async function promotionFile(pool: pg.Pool): Promise<Buffer> {
  const skus = (
    await pool.query<{ seller_sku: string }>(
      `select seller_sku from products where partner_id = ${PARTNER} order by id limit ${PRODUCTS}`,
    )
  ).rows.map((r) => r.seller_sku);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Товары в акции');
  ws.addRow(['Версия шаблона', PROMOTION_TEMPLATE_VERSION, 'Акция', 'Бенчмарк']);
  ws.addRow(['Артикул продавца', 'Артикул Moda', 'Название']);
  skus.forEach((s, i) => ws.addRow([s, `MD8${i}`, `Товар ${i}`]));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function runPromotionsBench(): Promise<void> {
  const dataDir = path.resolve('bench/.data/promotions');
  const { pg, pool, url } = await openBenchDatabase(dataDir);
  const { loadConfig } = await import('../apps/server/src/config');
  const { openRuntime } = await import('../apps/server/src/runtime');
  const { buildApp } = await import('../apps/server/src/app');
  const { createDb } = await import('../apps/server/src/db/client');
  const { issueServiceCredential } = await import('../apps/server/src/auth/service-credentials');
  const { checkPromotionFile } = await import('../apps/server/src/modules/promotions/promotions.file');
  try {
    await generate(pool);
    const file = await promotionFile(pool);
    const config = loadConfig(
      { ...process.env, NODE_ENV: 'production', DATABASE_URL: url },
      { dataDir, logLevel: 'error' },
    );
    // No workers: the job's work is run and timed here, as the worker would run it.
    const runtime = await openRuntime(config, () => {}, { workers: false, prepare: false });
    const { app, services } = await buildApp(config, runtime, { logger: false });
    await app.ready();
    try {
      const platform = (await issueServiceCredential(createDb(pool), 'bench-promotions')).token;
      const rpc = async (method: string, params: unknown, token: string) =>
        (
          await app.inject({
            method: 'POST',
            url: '/jsonrpc',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
          })
        ).json<{ result?: { id?: string }; error?: unknown }>();
      const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
      const announced = await rpc(
        'v1.platform.promotions.announce',
        {
          name: `Бенчмарк ${new Date().toISOString()}`,
          type: 'onsite',
          format: 'manual',
          discountPercent: 30,
          categories: [],
          gender: null,
          businessModels: ['consignment'],
          registrationStart: day(-1),
          registrationEnd: day(5),
          startDate: day(7),
          endDate: day(14),
        },
        platform,
      );
      const promotionId = announced.result!.id!;
      await rpc('v1.platform.promotions.move', { promotionId, action: 'open' }, platform);
      const login = await app.inject({
        method: 'POST',
        url: '/jsonrpc/v1/tokens.create',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: 'bench-promo@moda.test', password: 'Moda2026!' }),
      });
      const token = login.json<{ accessToken: string }>().accessToken;
      console.log(
        `\nPromotion file: ${PRODUCTS.toLocaleString('en')} seller SKUs, ${(file.length / 1024).toFixed(0)} KB; ` +
          `load average ${os
            .loadavg()
            .map((x) => x.toFixed(2))
            .join(' ')} on ${os.cpus().length} cores`,
      );
      const totals: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        await pool.query(`delete from promotion_products where partner_id = ${PARTNER}`);
        const boundary = '----promotions-bench';
        const head = Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="partner_code"\r\n\r\n${PARTNER}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="action"\r\n\r\nadd\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.xlsx"\r\n\r\n`,
        );
        const t0 = performance.now();
        const up = await app.inject({
          method: 'POST',
          url: `/rest/api/v1/promotions/${promotionId}/files`,
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            authorization: `Bearer ${token}`,
          },
          payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        });
        const uploadMs = performance.now() - t0;
        const id = up.json<{ id: string }>().id;
        const t1 = performance.now();
        await checkPromotionFile(
          { db: runtime.db, files: services.files, promotions: services.promotions },
          { partnerId: PARTNER, fileId: id },
        );
        const checkMs = performance.now() - t1;
        const rec = await services.files.row(runtime.db, PARTNER, id);
        const joined = (
          await pool.query<{ n: number }>(
            `select count(*)::int as n from promotion_products where partner_id = ${PARTNER} and promotion_id = $1`,
            [promotionId],
          )
        ).rows[0]!.n;
        totals.push(uploadMs + checkMs);
        console.log(
          `  round ${round + 1}: upload ${Math.round(uploadMs)} ms + check and apply ${Math.round(checkMs)} ms = ` +
            `${Math.round(uploadMs + checkMs)} ms; file ${rec?.status}${rec?.errorMessage ? ` (${rec.errorMessage})` : ''}, ` +
            `${joined.toLocaleString('en')} products in; peak RSS ${await peakRssMb(process.pid)} MB`,
        );
      }
      const worst = Math.max(...totals);
      console.log(
        `10,000 products by file under ${TARGET_MS / 1000} s: ${worst < TARGET_MS ? 'met' : 'NOT met'} ` +
          `(slowest round ${(worst / 1000).toFixed(2)} s; load average now ${os.loadavg()[0]!.toFixed(2)})`,
      );
    } finally {
      await app.close();
      await runtime.stop();
    }
  } finally {
    await pool.end();
    await pg.stop();
  }
}
