// Benchmark: analytics on the orders benchmark's scale (issue «Analytics»). 5,000,000 orders across 1,000
// partners, 500,000 of them for one, whose orders carry 1–3 items over 2,000 products, and a year of that
// partner's storefront events (views and additions to cart per product, day and device). Through the API at 8
// connections, each over a year: the board (revenue summary, and its chart by weeks), sales dynamics by weeks,
// and the funnel by product. Target: p95 under 100 ms each. Then the upkeep: 10,000 new orders with their items
// inserted as the order intake does (batches of 500), timed with the aggregate triggers and without them, and
// the full rebuild of the partner's aggregates.
//
// Generating is resumable (bench/.data/analytics): orders go in by chunks with the indexes set aside; the big
// partner's items and events go in with the triggers off, then its aggregates are rebuilt once.
import type pg from 'pg';
import { addDays, moscowDay } from '@moda/contracts';
import { createDb } from '../apps/server/src/db/client';
import { rebuildPartner } from '../apps/server/src/modules/analytics/analytics.queries';
import {
  addBenchUser,
  benchDataDir,
  combine,
  figureColumns,
  hammer,
  loadWithIndexesAside,
  rpcBody,
  runBench,
  withCpu,
  type Measured,
} from './lib';

const SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 8;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BIG = 60001;
const TOTAL = Number(process.env.BENCH_ORDERS ?? 5_000_000);
const BIG_SHARE = TOTAL / 10;
const PRODUCTS = 2_000;
const CHUNK = 250_000;
const NEW_ORDERS = 10_000;
const BATCH = 500;
const TARGET_MS = 100;
const DEVICES = `array['a_phone','a_tablet','iphone','iPad','mobile','desktop']`;
const STATUSES = `array['delivered','delivered','delivered','delivered','delivered','delivered','cancelled',
  'returned','claimed','in_delivery','shipped','awaiting_shipment','confirmed','new','delivered','refunded']`;

/** The item rows of orders [lo, hi] of the big partner (by their generation number, = order_nr). */
const itemsOf = (lo: number, hi: number) => `
  insert into order_items (partner_id, order_id, product_id, moda_sku, seller_sku, name, base_price, total_discount,
                           paid_price, status)
  select o.partner_id, o.id, p.id, p.moda_sku, p.seller_sku, p.title, p.price, 0, p.price, o.status
    from orders o
    cross join lateral generate_series(1, 1 + (o.id % 3)::int) k
    join products p on p.partner_id = o.partner_id and p.seller_sku = 'ASKU-' || ((o.id * 7 + k * 131) % ${PRODUCTS})
   where o.partner_id = ${BIG} and o.order_nr between 'AO' || lpad('${lo}', 9, '0') and 'AO' || lpad('${hi}', 9, '0')`;

/** Orders numbered [lo, hi]: the first tenth for the big partner, the rest shared by 999 others. */
const ordersOf = (
  lo: number,
  hi: number,
  createdAt = `now() - ((g * 7919) % (365 * 24 * 60)) * interval '1 minute'`,
) => `
  insert into orders (partner_id, order_nr, status, country, business_model, created_at, cut_off_at, delivery_date,
                      sum, item_count, tracking_numbers, delivery, payment_method, product_cost, delivery_cost,
                      total_discount, partner_agreed_price, has_discrepancy_act, search_text, updated_at)
  select pid, nr, st, 'RU', 'consignment', c, c + interval '36 hours',
         case when st in ('delivered','returned','claimed','refunded') then c + interval '4 days' end,
         price, 1 + g % 3, '{}', '{"address":"Москва","method":"Курьер","serviceLevel":"Стандарт"}', 'Prepaid',
         price, 0, 0, price * 0.85, false, lower(nr), c
    from (select g, case when g <= ${BIG_SHARE} or g > ${TOTAL} then ${BIG} else 60002 + (g - ${BIG_SHARE}) % 999 end as pid,
                 'AO' || lpad(g::text, 9, '0') as nr, (${STATUSES})[1 + (g * 7) % 16] as st,
                 ${createdAt} as c, 100 + (g * 7919) % 20000 as price
            from generate_series(${lo}::bigint, ${hi}::bigint) g) s`;

async function generate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    const count = async (q: string) => (await client.query<{ n: number }>(q)).rows[0]!.n;
    const t0 = Date.now();
    await client.query(`
      insert into partners (id, shop_name, business_model, enabled_features, site_section, is_new_in_ui_app)
      select 60000 + g, 'Бенчмарк аналитики ' || g, 'consignment', case when g = 1 then '{analyticsEnabled}'::text[] else '{}'::text[] end,
             '{"feedback":false,"promotions":"open","analyticsBoard":true}', false
        from generate_series(1, 1000) g
      on conflict (id) do nothing`);
    if ((await count(`select count(*)::int as n from products where partner_id = ${BIG}`)) < PRODUCTS) {
      await client.query(`
        insert into products (partner_id, moda_sku, moda_parent_sku, seller_sku, seller_parent_sku, title, brand, category,
                              price, quantity, status, moderation_status, created_at, updated_at)
        select ${BIG}, 'AM' || g, 'AMP' || (g / 4), 'ASKU-' || g, 'APSKU-' || (g / 4),
               (array['Платье','Футболка','Джинсы','Куртка','Кроссовки','Сумка','Шарф','Рубашка'])[1 + g % 8] || ' арт. ' || g,
               'Бренд ' || (g % 25), (array['clothes','footwear','accessories','home','beauty'])[1 + g % 5],
               100 + (g * 7919) % 20000, g % 40, 'online', 'approved', now() - interval '400 days', now()
          from generate_series(0, ${PRODUCTS - 1}) g`);
    }
    let done = await count(`select count(*)::int as n from orders where partner_id >= ${BIG}`);
    if (done < TOTAL) {
      console.log(`generating ${TOTAL.toLocaleString('en')} orders (resumable), ${done} present…`);
      // The big partner's items go in without the triggers: its aggregates are rebuilt once below.
      await client.query(`alter table order_items disable trigger user`);
      await loadWithIndexesAside(client, 'orders', async () => {
        while (done < TOTAL) {
          const lo = done + 1;
          const hi = Math.min(TOTAL, done + CHUNK);
          const c0 = Date.now();
          await client.query('begin');
          await client.query(ordersOf(lo, hi));
          if (lo <= BIG_SHARE) await client.query(itemsOf(lo, Math.min(hi, BIG_SHARE)));
          await client.query('commit');
          done = hi;
          console.log(`  ${done.toLocaleString('en')} orders (${((Date.now() - c0) / 1000).toFixed(0)} s)`);
        }
      });
      await client.query(`alter table order_items enable trigger user`);
    }
    if (
      (await count(`select count(*)::int as n from analytics_order_devices where partner_id = ${BIG}`)) === 0
    ) {
      await client.query(`alter table analytics_order_devices disable trigger user`);
      await client.query(`
        insert into analytics_order_devices (partner_id, order_id, device)
        select partner_id, id, (${DEVICES})[1 + id % 6] from orders where partner_id = ${BIG} and id % 10 <> 0`);
      await client.query(`alter table analytics_order_devices enable trigger user`);
    }
    if ((await count(`select count(*)::int as n from storefront_events where partner_id = ${BIG}`)) === 0) {
      console.log('a year of storefront events…');
      await client.query(`alter table storefront_events disable trigger user`);
      await client.query(`
        insert into storefront_events (partner_id, product_id, type, device, at, count)
        select ${BIG}, p.id, t, (${DEVICES})[1 + (p.id + d) % 6], now() - d * interval '1 day',
               case when t = 'view' then 5 + (p.id * d) % 40 else 1 + (p.id * d) % 4 end
          from products p cross join generate_series(0, 364) d cross join (values ('view'), ('cart')) e(t)
         where p.partner_id = ${BIG}`);
      await client.query(`alter table storefront_events enable trigger user`);
    }
    if ((await count(`select count(*)::int as n from analytics_daily where partner_id = ${BIG}`)) === 0) {
      const r0 = Date.now();
      await rebuildPartner(createDb(pool), BIG);
      console.log(`aggregates rebuilt in ${((Date.now() - r0) / 1000).toFixed(0)} s`);
    }
    await addBenchUser(
      client,
      { email: 'bench-analytics@moda.test', login: 'bench-analytics', externalId: 'EXT-BENCH-A' },
      BIG,
    );
    console.log(`data ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    client.release();
  }
}

/** 10,000 new orders of today with their items, in batches of 500 as the intake writes them; seconds taken. */
async function intake(pool: pg.Pool, triggers: boolean): Promise<number> {
  const client = await pool.connect();
  try {
    const first = TOTAL + 1;
    await client.query(`delete from order_items where partner_id = ${BIG} and order_id in
      (select id from orders where partner_id = ${BIG} and order_nr >= 'AO' || lpad('${first}', 9, '0'))`);
    await client.query(
      `delete from orders where partner_id = ${BIG} and order_nr >= 'AO' || lpad('${first}', 9, '0')`,
    );
    if (!triggers) await client.query(`alter table order_items disable trigger user`);
    const t0 = process.hrtime.bigint();
    for (let lo = first; lo < first + NEW_ORDERS; lo += BATCH) {
      const hi = lo + BATCH - 1;
      await client.query('begin');
      await client.query(ordersOf(lo, hi, `now() - (g % 600) * interval '1 second'`));
      await client.query(itemsOf(lo, hi));
      await client.query('commit');
    }
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    if (!triggers) await client.query(`alter table order_items enable trigger user`);
    return seconds;
  } finally {
    client.release();
  }
}

export async function runAnalyticsBench(): Promise<void> {
  await runBench(benchDataDir('analytics', { total: TOTAL, usual: 5_000_000 }), 'bench-analytics@moda.test', {
    prepare: async (pool) => {
      await generate(pool);
      await pool.query(
        `vacuum analyze orders, order_items, analytics_daily, analytics_days, analytics_monthly, storefront_events`,
      );
    },
    measure: async (server) => {
      const { postmaster, auth } = server;
      const dateTo = moscowDay(new Date());
      const year = { partnerId: BIG, dateFrom: addDays(dateTo, -364), dateTo };
      const calls: Record<string, string> = {
        'board: revenue summary': rpcBody('v1.analytics.revenue-summary.get', year),
        'board: chart by weeks': rpcBody('v1.analytics.main-chart.get', { ...year, grouping: 'weeks' }),
        'sales dynamics by weeks': rpcBody('v1.analytics.sales-dynamics.get', { ...year, grouping: 'weeks' }),
        'funnel by product': rpcBody('v1.analytics.funnel.get', { ...year, groupBy: 'product' }),
      };
      for (const body of Object.values(calls)) {
        const check = await server.post(body);
        const answer = (await check.json()) as { error?: unknown };
        if (answer.error) throw new Error(`bench call refused: ${JSON.stringify(answer.error)}`);
      }
      const phase = (body: string) => () => hammer(server.url, body, auth, SECONDS, CONNECTIONS);
      for (const body of Object.values(calls)) await withCpu({ postmaster }, phase(body));
      const measured: Record<string, Measured[]> = {};
      for (let round = 0; round < ROUNDS; round++)
        for (const [name, body] of Object.entries(calls))
          (measured[name] ??= []).push(await withCpu({ postmaster, server: server.pid }, phase(body)));
      const r = Object.fromEntries(Object.entries(measured).map(([k, v]) => [k, combine(v)]));
      console.log(
        `\nAnalytics: partner with ${BIG_SHARE.toLocaleString('en')} of ${TOTAL.toLocaleString('en')} orders, ` +
          `a year of events; each over a year; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s`,
      );
      console.table(
        Object.fromEntries(
          Object.entries(r).map(([k, v]) => [
            k,
            {
              ...figureColumns(v),
              'CPU µs/req: server': Math.round(v.cpu.server),
              postgres: Math.round(v.cpu.postgres),
              [`< ${TARGET_MS} ms`]: v.p95 < TARGET_MS ? 'met' : 'NOT met',
            },
          ]),
        ),
      );
      // The funnel's pages are kept while the partner's aggregates are unchanged: above, every call after the
      // first was answered from there. What a page costs when nothing is kept: pages never read before, one
      // client, one after another.
      const cold: number[] = [];
      for (let page = 1; page <= 30; page++) {
        const t0 = performance.now();
        await server
          .post(rpcBody('v1.analytics.funnel.get', { ...year, groupBy: 'product', page, pageSize: 50 }))
          .then((res) => res.text());
        cold.push(performance.now() - t0);
      }
      cold.sort((a, b) => a - b);
      console.log(
        `funnel by product, pages never read before (nothing kept), 1 client, 30 calls: ` +
          `p50 ${cold[14]!.toFixed(0)} ms, p95 ${cold[28]!.toFixed(0)} ms`,
      );
    },
    after: async (pool) => {
      const without = await intake(pool, false);
      const withTriggers = await intake(pool, true);
      const r0 = Date.now();
      await rebuildPartner(createDb(pool), BIG);
      const rebuild = (Date.now() - r0) / 1000;
      console.log(
        `\nUpkeep: ${NEW_ORDERS.toLocaleString('en')} new orders with their items in batches of ${BATCH}: ` +
          `${withTriggers.toFixed(1)} s with the aggregate triggers, ${without.toFixed(1)} s without ` +
          `(aggregates up to date when each batch commits; +${(((withTriggers - without) / without) * 100).toFixed(0)} %). ` +
          `Full rebuild of the partner's aggregates: ${rebuild.toFixed(1)} s.`,
      );
    },
  });
}
