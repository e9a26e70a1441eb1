// Benchmark of the price index (issue 22) on the catalogue benchmark's database (partner 30001 with 100,000
// products): competitor offers are matched to about 85 % of its products, then
//   - the index list with its totals, as the tab asks for them (both calls at once), p95 — target < 50 ms;
//   - a simulation of 10,000 price changes in one call — target < 3 s.
// `npm run bench -- price-index`; never part of `npm test`.
import path from 'node:path';
import { createDb } from '../apps/server/src/db/client';
import { DEFAULT_SETTINGS } from '../apps/server/src/modules/price-index/price-index.service';
import { refresh, saveSettings } from '../apps/server/src/modules/price-index/price-index.queries';
import { prepareCatalogue } from './catalogue';
import { closedLoop, login, openBenchDatabase, peakRssMb, startServer } from './lib';

const BIG = 30001;
const COMPETITORS = DEFAULT_SETTINGS.competitors;

export async function runPriceIndexBench(): Promise<void> {
  const dataDir = path.resolve('bench/.data/catalogue');
  const { pg, pool, url } = await openBenchDatabase(dataDir);
  try {
    await prepareCatalogue(pg.url, pool);
    const { rows: have } = await pool.query<{ n: number }>(
      `select count(*)::int as n from competitor_offers where partner_id = $1`,
      [BIG],
    );
    if (have[0]!.n < 50_000) {
      console.log('matching competitor offers to the partner’s products…');
      const t0 = Date.now();
      // About 85 % of products matched, at 80–110 % of their price; a second competitor for a third of them.
      await pool.query(
        `insert into competitor_offers (partner_id, product_id, competitor, country, url, price, source, status)
         select partner_id, id, $2, 'RU', 'https://stylemarket.example/item/' || id,
                greatest(50, round(price * (0.8 + random() * 0.3) / 10) * 10), 'matching', 'active'
           from products where partner_id = $1 and price is not null and random() < 0.85
         on conflict do nothing`,
        [BIG, COMPETITORS[0]],
      );
      await pool.query(
        `insert into competitor_offers (partner_id, product_id, competitor, country, url, price, source, status)
         select partner_id, product_id, $2, 'RU', 'https://modbazar.example/item/' || product_id,
                round(price * (0.95 + random() * 0.2) / 10) * 10, 'matching', 'active'
           from competitor_offers where partner_id = $1 and competitor = $3 and random() < 0.33
         on conflict do nothing`,
        [BIG, COMPETITORS[1], COMPETITORS[0]],
      );
      const db = createDb(pool);
      await saveSettings(db, BIG, DEFAULT_SETTINGS.competitors, DEFAULT_SETTINGS.countries);
      await refresh(db, BIG, null, DEFAULT_SETTINGS);
      console.log(`  done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
    await pool.query(`vacuum analyze products, competitor_offers, price_index_products`);
    const { rows: counts } = await pool.query<{ products: number; matched: number }>(
      `select (select count(*)::int from products where partner_id = $1 and not archived) as products,
              (select count(*)::int from price_index_products where partner_id = $1) as matched`,
      [BIG],
    );
    console.log(`partner ${BIG}: ${counts[0]!.products} products, ${counts[0]!.matched} with a competitor`);

    const server = await startServer(dataDir, { DATABASE_URL: url });
    try {
      const token = await login(server.base, 'bench@moda.test');
      const call = async <T>(method: string, params: object): Promise<T> => {
        const res = await fetch(`${server.base}/jsonrpc`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        });
        const body = (await res.json()) as { result?: T; error?: unknown };
        if (!body.result) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
        return body.result;
      };

      // --- the index list with its totals, as the tab loads them -----------------------------------
      const shapes = [
        { sort: '-pi_value', page: 1 },
        { sort: 'pi_value', page: 20, index: 'OVERPRICED' },
        { sort: '-date_create', page: 5, index: 'OPTIMAL' },
        { sort: 'base_price', page: 3, brand: 'Бренд 2' },
      ];
      const first = await call<{ items: unknown[]; total: number }>('v1.matching-manager.price-index.list', {
        partnerId: BIG,
        ...shapes[0],
        pageSize: 20,
      });
      if (first.items.length !== 20) throw new Error(`the index page is not full: ${first.items.length}`);
      let n = 0;
      const pair = (shape: Record<string, unknown>) => {
        const { sort: _s, page: _p, index: _i, ...filter } = shape;
        return Promise.all([
          call('v1.matching-manager.price-index.list', { partnerId: BIG, ...shape, pageSize: 20 }),
          call('v1.matching-manager.price-index.total', { partnerId: BIG, ...filter }),
        ]);
      };
      const once = () => pair(shapes[n++ % shapes.length]!);
      for (let i = 0; i < 20; i++) await once(); // warm-up
      const figures = await closedLoop(10, 4, once);
      console.log(
        `\nindex list + totals (4 clients, 10 s): ${figures.rps.toFixed(0)} pairs/s, p95 ${figures.p95.toFixed(1)} ms, ` +
          `p99 ${figures.p99.toFixed(1)} ms (target p95 < 50 ms: ${figures.p95 < 50 ? 'met' : 'NOT met'})`,
      );
      const single = await closedLoop(5, 1, once);
      console.log(
        `index list + totals (1 client, 5 s): p95 ${single.p95.toFixed(1)} ms (target < 50 ms: ${single.p95 < 50 ? 'met' : 'NOT met'})`,
      );

      // A name search is the catalogue's own trigram search over the partner's names (the products list's too).
      const search = await closedLoop(5, 1, () => pair({ sort: 'title', page: 1, search: 'Платье' }));
      console.log(`index list + totals with a name search (1 client, 5 s): p95 ${search.p95.toFixed(1)} ms`);

      // --- a simulation of 10,000 price changes ------------------------------------------------------
      const { rows } = await pool.query<{ id: string; price: string }>(
        `select id::text, price::text from products where partner_id = $1 and not archived and price is not null
          order by id limit 10000`,
        [BIG],
      );
      const items = rows.map((r) => ({
        id: r.id,
        price: Math.max(100, Math.round((Number(r.price) * 0.95) / 10) * 10),
      }));
      const before = await peakRssMb(server.pid);
      const t0 = performance.now();
      const sim = await call<{ items: unknown[]; counts: Record<string, number> }>(
        'v1.matching-manager.simulate',
        {
          partnerId: BIG,
          items,
        },
      );
      const seconds = (performance.now() - t0) / 1000;
      console.log(
        `\nsimulation of ${sim.items.length} price changes: ${seconds.toFixed(2)} s (target < 3 s: ${seconds < 3 ? 'met' : 'NOT met'}); ` +
          `counts ${JSON.stringify(sim.counts)}; server peak RSS ${await peakRssMb(server.pid)} MB (before ${before} MB)`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await pool.end();
    await pg.stop();
  }
}
