// Benchmark: the FBS shipments list of a partner with 20,000 shipments and 2,000,000 packs (100 orders of
// one pack each per shipment, on 5 pallets). Measures the list's first page as it opens (newest hand-overs
// first; the automatic grouping runs before it), a status filter, and a search by an order number, through
// the API. Target (issue «FBS»): p95 under 50 ms.
import type pg from 'pg';
import {
  addBenchUser,
  benchDataDir,
  closedLoop,
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
const PARTNER = 60001;
const SHIPMENTS = Number(process.env.BENCH_FBS_SHIPMENTS ?? 20_000);
const PACKS_PER = 100;
const STATUSES = ['closed', 'closed', 'closed', 'closed', 'received', 'sent', 'cancelled', 'rejected'];

async function generate(pool: pg.Pool): Promise<void> {
  const has = async (q: string) => (await pool.query<{ n: number }>(q)).rows[0]!.n;
  await pool.query(`
    insert into partners (id, shop_name, business_model, enabled_features, site_section, is_new_in_ui_app)
    values (${PARTNER}, 'Бенчмарк FBS', 'marketplace_crossdocking', '{}', '{"feedback":false,"promotions":"open","analyticsBoard":false}', false)
    on conflict (id) do nothing`);
  await addBenchUser(
    pool,
    { email: 'bench-fbs@moda.test', login: 'bench-fbs', externalId: 'EXT-BENCH-FBS' },
    PARTNER,
  );
  if ((await has(`select count(*)::int as n from fbs_shipments where partner_id = ${PARTNER}`)) < SHIPMENTS) {
    const t0 = Date.now();
    console.log(`generating ${SHIPMENTS.toLocaleString('en')} shipments with ${PACKS_PER} packs each…`);
    await pool.query(`delete from fbs_shipments where partner_id = ${PARTNER}`);
    await pool.query(`delete from fbs_shipment_orders where partner_id = ${PARTNER}`);
    await pool.query(`delete from fbs_pallets where partner_id = ${PARTNER}`);
    const statuses = `array[${STATUSES.map((s) => `'${s}'`).join(',')}]`;
    await pool.query(`
      insert into fbs_shipments (partner_id, id, shipment_nr, warehouse_id, warehouse_name, handover_type, destination,
                                 handover_at, status, pallets, packs, items, created_at, updated_at)
      select ${PARTNER}, md5('fbs' || g)::uuid, 'FBS${PARTNER}-' || lpad(g::text, 6, '0'), md5('wh')::uuid,
             'Склад', 'DROP_OFF', 'Новохохловская', now() - (${SHIPMENTS} - g) * interval '2 hours',
             (${statuses})[1 + g % ${STATUSES.length}], 5, ${PACKS_PER}, ${PACKS_PER * 2},
             now() - (${SHIPMENTS} - g) * interval '2 hours' - interval '1 day', now()
        from generate_series(1, ${SHIPMENTS}) g`);
    await pool.query(`
      insert into fbs_pallets (partner_id, shipment_id, cargo_space, barcode)
      select ${PARTNER}, md5('fbs' || g)::uuid, c, 'PLT${PARTNER}-' || lpad(g::text, 6, '0') || '-0' || c
        from generate_series(1, ${SHIPMENTS}) g, generate_series(1, 5) c`);
    const client = await pool.connect();
    try {
      await loadWithIndexesAside(client, 'fbs_shipment_orders', async () => {
        const chunk = 2_000;
        for (let lo = 1; lo <= SHIPMENTS; lo += chunk) {
          const hi = Math.min(SHIPMENTS, lo + chunk - 1);
          await client.query(`
            insert into fbs_shipment_orders (partner_id, shipment_id, order_id, order_nr, cargo_space, packs, items)
            select ${PARTNER}, md5('fbs' || g)::uuid, g * ${PACKS_PER} + k, 'BF' || lpad((g * ${PACKS_PER} + k)::text, 9, '0'),
                   1 + k / 20, 1, 2
              from generate_series(${lo}, ${hi}) g, generate_series(0, ${PACKS_PER - 1}) k`);
          console.log(`  ${(hi * PACKS_PER).toLocaleString('en')} packs`);
        }
      });
    } finally {
      client.release();
    }
    await pool.query('analyze fbs_shipments; analyze fbs_shipment_orders; analyze fbs_pallets');
    console.log(`generated in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
}

export async function runFbsBench(): Promise<void> {
  await runBench(benchDataDir('fbs'), 'bench-fbs@moda.test', {
    prepare: generate,
    measure: async (server) => {
      const body = (params: object) => rpcBody('v1.shipments.list', { partnerId: PARTNER, ...params });
      const cases: Record<string, string> = {
        'first page (newest hand-overs)': body({ page: 1, pageSize: 20 }),
        'status received+sent, page 3': body({ status: ['received', 'sent'], page: 3, pageSize: 20 }),
        'search by an order number': body({ search: `BF${String(SHIPMENTS * 50 + 7).padStart(9, '0')}` }),
      };
      const measured: Record<string, Measured[]> = {};
      for (const b of Object.values(cases)) await closedLoop(1, 2, () => server.post(b));
      for (let round = 0; round < ROUNDS; round++)
        for (const [name, b] of Object.entries(cases))
          (measured[name] ??= []).push(
            await withCpu({ postmaster: server.postmaster, server: server.pid }, () =>
              hammer(server.url, b, server.auth, SECONDS, CONNECTIONS),
            ),
          );
      console.log(
        `\nFBS shipments list: ${SHIPMENTS.toLocaleString('en')} shipments, ${(SHIPMENTS * PACKS_PER).toLocaleString('en')} packs; ` +
          `${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s`,
      );
      const rows = Object.fromEntries(Object.entries(measured).map(([k, v]) => [k, combine(v)]));
      console.table(Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, figureColumns(v)])));
      const worst = Math.max(...Object.values(rows).map((r) => r.p95));
      console.log(
        `shipments list p95 < 50 ms: ${worst < 50 ? 'met' : 'NOT met'} (worst ${worst.toFixed(1)} ms)`,
      );
    },
  });
}
