// Benchmark: `set prices` for 10,000 products in one call (issue "Prices"): seconds and the server's peak
// memory. Uses the catalogue benchmark's database (partner 30001 with 100,000 products).
// Target: under 5 s.
import path from 'node:path';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { createPool } from '../apps/server/src/db/client';
import { login, peakRssMb, startServer } from './lib';
import { prepareCatalogue } from './catalogue';

export async function runPricesBench(): Promise<void> {
  const dataDir = path.resolve('bench/.data/catalogue');
  const pg = await startEmbeddedPostgres(dataDir);
  const url = pg.urlFor('moda');
  const pool = createPool(url, 4);
  try {
    await prepareCatalogue(pg.url, pool);
    await pool.query(
      `delete from price_changes where partner_id = 30001; delete from product_prices where partner_id = 30001`,
    );
    await pool.query(
      `insert into seller_profiles (partner_id, countries) values (30001, '{RU}') on conflict (partner_id) do nothing`,
    );
    const { rows } = await pool.query<{ id: string; price: string }>(
      `select id::text, price::text from products where partner_id = 30001 and not archived order by id limit 10000`,
    );
    const server = await startServer(dataDir, { DATABASE_URL: url });
    try {
      const token = await login(server.base, 'bench@moda.test');
      // Each price goes up 10 % (rounded to 10 ₽): a valid change that needs no review.
      const items = rows.map((r) => ({
        id: r.id,
        price: Math.max(100, Math.round((Number(r.price) * 1.1) / 10) * 10),
      }));
      const before = await peakRssMb(server.pid);
      const t0 = performance.now();
      const res = await fetch(`${server.base}/jsonrpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'v1.nomenclatures.set-prices',
          params: { partnerId: 30001, items, confirmCritical: true },
        }),
      });
      const body = (await res.json()) as {
        result?: { failed: number; items: { status: string }[] };
        error?: unknown;
      };
      const seconds = (performance.now() - t0) / 1000;
      if (!body.result) throw new Error(`set-prices failed: ${JSON.stringify(body.error)}`);
      const applied = body.result.items.filter((i) => i.status === 'applied').length;
      const peak = await peakRssMb(server.pid);
      console.log(
        `\nset-prices, 10,000 products in one call: ${seconds.toFixed(2)} s (target < 5 s: ${seconds < 5 ? 'met' : 'NOT met'})`,
      );
      console.log(
        `applied ${applied}, failed ${body.result.failed}; server peak RSS ${peak} MB (before the call ${before} MB)`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await pool.end();
    await pg.stop();
  }
}
