// Benchmark: the home page's action inbox (issue 28) for the FBS partner of the FBS benchmark (bench/.data/fbs:
// 20,000 shipments, 2,000,000 packs), given an order history at scale — 200,000 orders (cloned from the demo's
// FBS orders, so every column and trigger is as the intake leaves it), 2% of them still open, some past their
// cut-off, and 20,000 questions and reviews. `v1.inbox.list` asks every area's provider at once; target p95
// under 100 ms, 8 connections, alternating rounds. Run `npm run bench -- fbs` once first (it makes the data).
import type pg from 'pg';
import {
  benchDataDir,
  combine,
  figureColumns,
  hammer,
  rpcBody,
  runBench,
  withCpu,
  type Measured,
} from './lib';

const SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 8;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PARTNER = 60001;
const ORDERS = Number(process.env.BENCH_INBOX_ORDERS ?? 200_000);
const QUESTIONS = 20_000;
const TARGET_MS = 100;

async function generate(pool: pg.Pool): Promise<void> {
  const count = async (q: string) => (await pool.query<{ n: number }>(q)).rows[0]!.n;
  if ((await count(`select count(*)::int as n from partners where id = ${PARTNER}`)) === 0)
    throw new Error('bench/.data/fbs has no FBS benchmark partner: run `npm run bench -- fbs` first');
  await pool.query(
    `update partners set enabled_features = '{ShowFeedbackSection,assemblingOrder}',
            site_section = site_section || '{"feedback":true}'::jsonb where id = ${PARTNER}`,
  );
  if ((await count(`select count(*)::int as n from orders where partner_id = ${PARTNER}`)) < ORDERS) {
    const t0 = Date.now();
    console.log(`generating ${ORDERS.toLocaleString('en')} orders for ${PARTNER}…`);
    await pool.query(`delete from orders where partner_id = ${PARTNER}`);
    const chunk = 50_000;
    for (let lo = 1; lo <= ORDERS; lo += chunk) {
      const hi = Math.min(ORDERS, lo + chunk - 1);
      // 2% open (new, confirmed, awaiting shipment), a fifth of those past the cut-off; the rest delivered.
      await pool.query(`
        insert into orders overriding system value
        select (jsonb_populate_record(null::orders, to_jsonb(o) || jsonb_build_object(
                 'partner_id', ${PARTNER}, 'id', 800000000 + g, 'order_nr', 'BI' || lpad(g::text, 9, '0'),
                 'status', case when g % 50 = 0 then (array['new','confirmed','awaiting_shipment'])[1 + g / 50 % 3]
                                else 'delivered' end,
                 'created_at', now() - (${ORDERS} - g) * interval '2 minutes',
                 'cut_off_at', case when g % 250 = 0 then now() - interval '3 hours'
                                    else now() + (g % 72) * interval '1 hour' end,
                 'search_text', 'bi' || lpad(g::text, 9, '0')))).*
          from (select * from orders where partner_id = 10002 limit 1) o, generate_series(${lo}, ${hi}) g`);
      console.log(`  ${hi.toLocaleString('en')} orders`);
    }
    await pool.query(`
      insert into questions (partner_id, type, seller_sku, seller_parent_sku, moda_sku, moda_parent_sku, product_title,
                             brand, text, author_name, created_at, answer_status, search_text)
      select ${PARTNER}, case when g % 3 = 0 then 'question' else 'review' end, 'S' || g, 'P' || g, 'M' || g, 'MP' || g,
             'Товар ' || g, 'Бренд', 'Текст', 'Покупатель', now() - (g % 500) * interval '1 hour',
             case when g % 10 = 0 then 'new' when g % 97 = 0 then 'rejected' else 'answered' end, 'товар ' || g
        from generate_series(1, ${QUESTIONS}) g`);
    await pool.query('analyze orders; analyze questions; analyze fbs_shipments');
    console.log(`generated in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
}

export async function runInboxBench(): Promise<void> {
  await runBench(benchDataDir('fbs'), 'bench-fbs@moda.test', {
    prepare: generate,
    measure: async (server) => {
      const body = rpcBody('v1.inbox.list', { partnerId: PARTNER });
      const probe = await server.post(body);
      const reply = (await probe.json()) as { result?: { items: { kind: string; count: number }[] } };
      if (!reply.result) throw new Error(`v1.inbox.list failed: ${JSON.stringify(reply)}`);
      console.log('items:', reply.result.items.map((i) => `${i.kind} ${i.count}`).join(', '));
      const rounds: Measured[] = [];
      for (let round = 0; round < ROUNDS; round++)
        rounds.push(
          await withCpu({ postmaster: server.postmaster, server: server.pid }, () =>
            hammer(server.url, body, server.auth, SECONDS, CONNECTIONS),
          ),
        );
      const m = combine(rounds);
      console.log(
        `\nAction inbox of FBS partner ${PARTNER}: ${ORDERS.toLocaleString('en')} orders, 20,000 shipments, ` +
          `${QUESTIONS.toLocaleString('en')} questions; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s`,
      );
      console.table({
        'v1.inbox.list': {
          ...figureColumns(m),
          'server CPU µs/req': Math.round(m.cpu.server),
          'PostgreSQL CPU µs/req': Math.round(m.cpu.postgres),
        },
      });
      console.log(
        `inbox p95 < ${TARGET_MS} ms: ${m.p95 < TARGET_MS ? 'met' : 'NOT met'} (${m.p95.toFixed(1)} ms)`,
      );
    },
  });
}
