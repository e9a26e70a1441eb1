// Benchmark: questions and reviews of a partner with 200,000 of them (2,000,000 in all, ten partners): the
// list (new questions, page 3; reviews of 1–2 stars) and the timely-answer share through the API, beside the
// same SQL run directly through pg. Target (issue «Questions and reviews»): p95 under 50 ms for both.
//
// Generating is resumable: rows go in by chunks, the indexes are dropped while loading and rebuilt at the end.
import path from 'node:path';
import type pg from 'pg';
import { TIMELY_ANSWER } from '@moda/contracts';
import {
  statementsOf,
  statsStatementOf,
  type ListFilter,
} from '../apps/server/src/modules/feedback/feedback.queries';
import {
  closedLoop,
  combine,
  loadWithIndexesAside,
  hammer,
  login,
  openBenchDatabase,
  postmasterPid,
  startServer,
  withCpu,
  type Figures,
  type Measured,
} from './lib';

const SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 8;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PARTNERS = 10;
const FIRST = 50001;
const TOTAL = Number(process.env.BENCH_QUESTIONS ?? 2_000_000);
const CHUNK = 250_000;

async function generate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    const count = async () =>
      (
        await client.query<{ n: number }>(
          `select count(*)::int as n from questions where partner_id >= ${FIRST}`,
        )
      ).rows[0]!.n;
    let done = await count();
    const saved = await client.query(`select to_regclass('bench_saved_questions') as t`);
    if (done >= TOTAL && !saved.rows[0].t) return;
    const t0 = Date.now();
    await client.query(`
      insert into partners (id, shop_name, business_model, enabled_features, site_section, is_new_in_ui_app)
      select ${FIRST - 1} + g, 'Бенчмарк отзывов ' || g, 'consignment', '{ShowFeedbackSection}',
             '{"feedback":true,"promotions":"open","analyticsBoard":false}', false
        from generate_series(1, ${PARTNERS}) g
      on conflict (id) do nothing`);
    console.log(
      `generating ${TOTAL.toLocaleString('en')} questions and reviews (resumable), ${done} present…`,
    );
    await loadWithIndexesAside(client, 'questions', async () => {
      while (done < TOTAL) {
        const lo = done + 1;
        const hi = Math.min(TOTAL, done + CHUNK);
        const c0 = Date.now();
        // A year of history per partner; 80 % answered (in 1–48 h), 12 % new, 3 % on moderation, 5 % rejected.
        await client.query(`
          insert into questions (partner_id, type, seller_sku, seller_parent_sku, moda_sku, moda_parent_sku, product_title,
            brand, size, text, rating, size_fit, author_name, created_at, answer_status, answer_text, answer_author,
            answer_sent_at, answer_updated_at, answer_published_at, search_text, updated_at)
          select pid, typ, 'BQ-' || p || '-42', 'BQ-' || p, 'MD' || lpad((p * 10)::text, 11, '0'), 'MDP' || lpad(p::text, 11, '0'),
                 title, (array['Nord Wind','Urban Loft','Levi’s','Calvin Klein'])[1 + (h / 7) % 4], '42', txt,
                 case when typ = 'review' then 1 + (h / 11) % 5 end,
                 case when typ = 'review' then (array['true_to_size','true_to_size','runs_small','runs_large'])[1 + (h / 13) % 4] end,
                 'Покупатель ' || (h % 1000), c, st,
                 case when st <> 'new' then 'Спасибо за вопрос!' end, case when st <> 'new' then 'seller' end,
                 case when st <> 'new' then c + ((h / 17) % 48 + 1) * interval '1 hour' end,
                 case when st <> 'new' then c + ((h / 17) % 48 + 1) * interval '1 hour' end,
                 case when st = 'answered' then c + ((h / 17) % 48 + 1) * interval '1 hour' end,
                 lower(txt || ' ' || title || ' bq-' || p), c
            from (select g, h, ${FIRST} + (g - 1) % ${PARTNERS} as pid, (h / 19) % 5000 as p,
                         case when (h / 3) % 2 = 0 then 'question' else 'review' end as typ,
                         now() - ((g * 7919) % (365 * 24 * 60)) * interval '1 minute' as c,
                         case when (h / 23) % 100 < 80 then 'answered' when (h / 23) % 100 < 92 then 'new'
                              when (h / 23) % 100 < 95 then 'on_moderation' else 'rejected' end as st,
                         (array['Платье','Футболка','Джинсы','Куртка','Кроссовки'])[1 + (h / 29) % 5] || ' ' ||
                         (array['чёрный','белый','синий','бежевый'])[1 + (h / 31) % 4] as title,
                         (array['Какой рост у модели?','Маломерит?','Отличное качество','Ткань тонкая','Пришло быстро'])[1 + (h / 37) % 5] as txt
                    -- h: a pseudo-random number per row, so kind, rating, status… do not follow the partner
                    from (select g, (g * 48271) % 2147483647 as h from generate_series(${lo}::bigint, ${hi}::bigint) g) gg) s`);
        done = hi;
        console.log(
          `  ${done.toLocaleString('en')} rows (${((Date.now() - c0) / 1000).toFixed(0)} s for this chunk)`,
        );
      }
    });
    await client.query(`
      insert into users (email, login, password_hash, roles, external_id, confirmed_at)
      select 'bench-questions@moda.test', 'bench-questions', password_hash, '{partner_user}', 'EXT-BENCH-Q', now()
        from users where email = 'seller@moda.test'
      on conflict do nothing`);
    await client.query(
      `insert into user_partners (user_id, partner_id) select id, ${FIRST} from users where email = 'bench-questions@moda.test' on conflict do nothing`,
    );
    console.log(`generated in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    client.release();
  }
}

interface Scenario {
  name: string;
  params: Record<string, unknown>;
  filter: ListFilter;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'new questions, page 3',
    params: { type: 'question', status: ['new'], page: 3 },
    filter: { partnerId: FIRST, type: 'question', answerStates: ['new'], createdAt: null },
  },
  {
    name: 'reviews of 1–2 stars, page 1',
    params: { type: 'review', rating: [1, 2], page: 1 },
    filter: { partnerId: FIRST, type: 'review', answerStates: null, ratings: [1, 2], createdAt: null },
  },
];

export async function runQuestionsBench(): Promise<void> {
  const dataDir = path.resolve(`bench/.data/questions-v2${TOTAL === 2_000_000 ? '' : `-${TOTAL}`}`);
  const { pg, pool, url } = await openBenchDatabase(dataDir);
  try {
    const g0 = Date.now();
    await generate(pool);
    console.log(`data ready in ${Math.round((Date.now() - g0) / 1000)} s`);
    await pool.query(`vacuum analyze questions`);
    const postmaster = postmasterPid(path.join(dataDir, 'pg'));
    const server = await startServer(dataDir, { DATABASE_URL: url });
    try {
      const token = await login(server.base, 'bench-questions@moda.test');
      const auth = { authorization: `Bearer ${token}` };
      const rpc = (method: string, params: object) =>
        JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
      const run = (st: { text: string; values: unknown[] }) =>
        pool.query({ text: st.text, values: st.values, rowMode: 'array' });
      const to = new Date();
      const from = new Date(to.getTime() - TIMELY_ANSWER.periodDays * 86_400_000);
      const stats = statsStatementOf(FIRST, undefined, from, to, TIMELY_ANSWER.withinHours * 3600);

      const phases: Record<string, () => Promise<Figures>> = {};
      for (const [i, s] of SCENARIOS.entries()) {
        const sent = statementsOf(s.filter, { column: 'created_at', desc: true }, Number(s.params.page), 20);
        phases[`api${i}`] = () =>
          hammer(
            `${server.base}/jsonrpc`,
            rpc('v1.questions.list', { partnerId: FIRST, ...s.params, pageSize: 20 }),
            auth,
            SECONDS,
            CONNECTIONS,
          );
        phases[`sql${i}`] = () =>
          closedLoop(SECONDS, CONNECTIONS, () => Promise.all([run(sent.list), run(sent.count)]));
      }
      phases.apiStats = () =>
        hammer(
          `${server.base}/jsonrpc`,
          rpc('v1.questions.stats', { partnerId: FIRST }),
          auth,
          SECONDS,
          CONNECTIONS,
        );
      phases.sqlStats = () => closedLoop(SECONDS, CONNECTIONS, () => run(stats));

      for (const p of Object.values(phases)) await withCpu({ postmaster }, p);
      const measured: Record<string, Measured[]> = {};
      for (let round = 0; round < ROUNDS; round++) {
        for (const [name, p] of Object.entries(phases)) {
          const pids = name.startsWith('api') ? { postmaster, server: server.pid } : { postmaster };
          (measured[name] ??= []).push(await withCpu(pids, p));
        }
      }
      const r = Object.fromEntries(Object.entries(measured).map(([k, v]) => [k, combine(v)]));
      const rows: Record<string, Measured> = {};
      SCENARIOS.forEach((s, i) => {
        rows[`list (${s.name}) via API`] = r[`api${i}`]!;
        rows[`list (${s.name}), same SQL direct`] = r[`sql${i}`]!;
      });
      rows['timely-answer share via API'] = r.apiStats!;
      rows['timely-answer share, same SQL direct'] = r.sqlStats!;
      console.log(
        `\nQuestions: partner with ${(TOTAL / PARTNERS).toLocaleString('en')} of ${TOTAL.toLocaleString('en')} ` +
          `questions and reviews; ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s`,
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
      const worst = Math.max(...SCENARIOS.map((_s, i) => r[`api${i}`]!.p95), r.apiStats!.p95);
      console.log(
        `list and stats p95 < 50 ms: ${worst < 50 ? 'met' : 'NOT met'} (worst ${worst.toFixed(1)} ms)`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await pool.end();
    await pg.stop();
  }
}
