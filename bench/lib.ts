// Shared pieces of the benchmarks: a run's database, server and login, a forked server, autocannon runs, and a
// closed-loop load of direct SQL through pg for the same time (the floor an API call is compared with).
import { fork, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { createDb, createPool } from '../apps/server/src/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../apps/server/src/db/embedded';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedDemo } from '../apps/server/src/seed/demo';

export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ base: string; pid: number; stop: () => Promise<void> }> {
  const child: ChildProcess = fork(new URL('./bench-server.ts', import.meta.url), [dataDir], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    env: { ...process.env, ...env },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      child.send('stop');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export async function login(base: string, username: string, password = 'Moda2026!'): Promise<string> {
  const res = await fetch(`${base}/jsonrpc/v1/tokens.create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { accessToken?: string };
  if (!body.accessToken) throw new Error(`bench login failed: ${JSON.stringify(body)}`);
  return body.accessToken;
}

/** A JSON-RPC request's body for `method`, as the benchmarks post it. */
export function rpcBody(method: string, params: object): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
}

export interface Figures {
  rps: number;
  p95: number;
  p99: number;
  /** Requests completed in the measured time. */
  requests: number;
}

export async function hammer(
  url: string,
  body: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<Figures> {
  const r = await autocannon({
    url,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
    connections,
    duration: seconds,
  });
  if (r.non2xx || r.errors)
    throw new Error(`benchmark requests failed: ${r.non2xx} non-2xx, ${r.errors} errors`);
  // autocannon reports p97.5 and p99 but no p95: p97.5 stands in for it, a stricter figure.
  return { rps: r.requests.average, p95: r.latency.p97_5, p99: r.latency.p99, requests: r.requests.total };
}

/** The columns every benchmark's table starts with: throughput and the latency percentiles, rounded. */
export function figureColumns(m: Figures): { 'req/s': number; 'p95 (p97.5) ms': number; 'p99 ms': number } {
  return {
    'req/s': Math.round(m.rps),
    'p95 (p97.5) ms': Math.round(m.p95 * 10) / 10,
    'p99 ms': Math.round(m.p99 * 10) / 10,
  };
}

/** `connections` clients each running `once` back to back for `seconds`: throughput and latency percentiles. */
export async function closedLoop(
  seconds: number,
  connections: number,
  once: () => Promise<unknown>,
): Promise<Figures> {
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        await once();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!;
  return { rps: latencies.length / seconds, p95: at(0.95), p99: at(0.99), requests: latencies.length };
}

/** `connections` clients each running `text` back to back for `seconds`: throughput and latency percentiles. */
export function directSql(
  pool: pg.Pool,
  text: string,
  values: unknown[],
  seconds: number,
  connections: number,
): Promise<Figures> {
  return closedLoop(seconds, connections, () => pool.query(text, values));
}

/** Peak resident memory of a process so far, in MB (Linux: VmHWM). */
export async function peakRssMb(pid: number): Promise<number> {
  const fs = await import('node:fs/promises');
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** CPU seconds (user + system) a process has used, its reaped children included (Linux /proc). */
function cpuSeconds(pid: number | 'self', withChildren = false): number {
  try {
    // Fields after the command name: state is field 3; utime 14, stime 15, cutime 16, cstime 17.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(f[11]) + Number(f[12]) + (withChildren ? Number(f[13]) + Number(f[14]) : 0);
    return ticks / CLOCK_TICKS;
  } catch {
    return 0; // the process has gone
  }
}
const CLOCK_TICKS = 100;

/** PostgreSQL's CPU: the postmaster (with the backends it has reaped) and every live child of it. */
function postgresSeconds(postmasterPid: number): number {
  let total = cpuSeconds(postmasterPid, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmasterPid) total += cpuSeconds(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** The whole machine's busy CPU seconds (all cores; other work on it included), and of it interrupts'. */
function machineSeconds(): { busy: number; interrupts: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal
  const interrupts = cpu[5]! + cpu[6]!;
  return {
    busy: (cpu[0]! + cpu[1]! + cpu[2]! + interrupts + cpu[7]!) / CLOCK_TICKS,
    interrupts: interrupts / CLOCK_TICKS,
  };
}

export interface CpuShare {
  /** CPU microseconds per request in: the load generator (this process: autocannon or the pg loop), */
  client: number;
  /** the API server process (0 for direct SQL), */
  server: number;
  /** PostgreSQL (postmaster and backends), */
  postgres: number;
  /** the kernel's interrupt work (loopback TCP delivery is done in softirq), */
  interrupts: number;
  /** and everything else on the machine meanwhile (other work: noise). */
  other: number;
}

/**
 * Runs `work` (which reports how many requests it made) and splits the CPU it cost per request between
 * the load generator, the server and PostgreSQL. On a machine where all three share two cores this is
 * the honest way to compare an API call with the bare statement: whose microseconds are they.
 */
export async function withCpu<T extends { requests: number }>(
  pids: { server?: number; postmaster: number },
  work: () => Promise<T>,
): Promise<T & { cpu: CpuShare }> {
  const read = () => ({
    client: cpuSeconds('self'),
    server: pids.server ? cpuSeconds(pids.server) : 0,
    postgres: postgresSeconds(pids.postmaster),
    machine: machineSeconds(),
  });
  const a = read();
  const result = await work();
  const b = read();
  const per = (s: number) => (s * 1e6) / Math.max(1, result.requests);
  const client = per(b.client - a.client);
  const server = per(b.server - a.server);
  const postgres = per(b.postgres - a.postgres);
  const interrupts = per(b.machine.interrupts - a.machine.interrupts);
  const other = Math.max(0, per(b.machine.busy - a.machine.busy) - client - server - postgres - interrupts);
  return { ...result, cpu: { client, server, postgres, interrupts, other } };
}

/** The postmaster's pid of a PostgreSQL data folder. */
export function postmasterPid(pgDir: string): number {
  return Number.parseInt(readFileSync(`${pgDir}/postmaster.pid`, 'utf8').split('\n')[0]!, 10);
}

export interface Measured extends Figures {
  cpu: CpuShare;
}

/** Averages of alternating rounds: throughput and CPU averaged, latency percentiles at their worst. */
export function combine(rounds: Measured[]): Measured {
  const avg = (f: (m: Measured) => number) => rounds.reduce((a, m) => a + f(m), 0) / rounds.length;
  return {
    rps: avg((m) => m.rps),
    p95: Math.max(...rounds.map((m) => m.p95)),
    p99: Math.max(...rounds.map((m) => m.p99)),
    requests: rounds.reduce((a, m) => a + m.requests, 0),
    cpu: {
      client: avg((m) => m.cpu.client),
      server: avg((m) => m.cpu.server),
      postgres: avg((m) => m.cpu.postgres),
      interrupts: avg((m) => m.cpu.interrupts),
      other: avg((m) => m.cpu.other),
    },
  };
}

/**
 * A benchmark's own embedded PostgreSQL in `dataDir` with its database `moda`, migrated and holding the demo
 * data, and a pool built as the server's is (createPool's default size), so that the direct side runs its
 * statements over as many connections as the server does.
 */
export async function openBenchDatabase(
  dataDir: string,
): Promise<{ pg: EmbeddedDatabase; pool: pg.Pool; url: string }> {
  const pg = await startEmbeddedPostgres(dataDir);
  const admin = createPool(pg.url, 1);
  if ((await admin.query(`select 1 from pg_database where datname = 'moda'`)).rowCount === 0)
    await admin.query('create database moda');
  await admin.end();
  const url = pg.urlFor('moda');
  const pool = createPool(url);
  try {
    await runMigrations(pool);
    await seedDemo(createDb(pool));
  } catch (err) {
    await pool.end();
    await pg.stop();
    throw err;
  }
  return { pg, pool, url };
}

/**
 * Bulk loading with a table's secondary indexes set aside: they are saved (resumably, in `bench_saved_<table>`),
 * dropped, `load` runs, and they are rebuilt once at the end — far cheaper than keeping them up row by row.
 * An interrupted run finds the saved definitions and rebuilds them after its next load.
 */
export async function loadWithIndexesAside(
  client: pg.PoolClient,
  table: string,
  load: () => Promise<void>,
): Promise<void> {
  const saved = `bench_saved_${table}`;
  await client.query(`set maintenance_work_mem = '512MB'`);
  if (!(await client.query(`select to_regclass($1) as t`, [saved])).rows[0].t) {
    await client.query(
      `create table ${saved} as select indexname, indexdef from pg_indexes
        where tablename = $1 and indexname not like '%_pk'`,
      [table],
    );
  }
  const indexes = (await client.query<{ indexname: string; indexdef: string }>(`select * from ${saved}`))
    .rows;
  for (const r of indexes) await client.query(`drop index if exists ${r.indexname}`);
  await load();
  console.log(`rebuilding the indexes of ${table}…`);
  for (const r of indexes) {
    const i0 = Date.now();
    await client.query(r.indexdef.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
    console.log(`  ${r.indexname}: ${((Date.now() - i0) / 1000).toFixed(0)} s`);
  }
  await client.query(`drop table ${saved}`);
}

/**
 * A benchmark's data folder, bench/.data/<name>. A run at another scale than the usual one keeps its data apart
 * (bench/.data/<name>-<total>), so that switching scales never regenerates the usual data.
 */
export function benchDataDir(name: string, scale?: { total: number; usual: number }): string {
  const suffix = !scale || scale.total === scale.usual ? '' : `-${scale.total}`;
  return path.resolve(`bench/.data/${name}${suffix}`);
}

/** A benchmark's own user who works for `partnerId`, with the demo seller's password (so `login` takes it). */
export async function addBenchUser(
  db: pg.Pool | pg.PoolClient,
  user: { email: string; login: string; externalId: string },
  partnerId: number,
): Promise<void> {
  await db.query(
    `insert into users (email, login, password_hash, roles, external_id, confirmed_at)
     select $1::text, $2::text, password_hash, '{partner_user}', $3::text, now()
       from users where email = 'seller@moda.test'
     on conflict do nothing`,
    [user.email, user.login, user.externalId],
  );
  await db.query(
    `insert into user_partners (user_id, partner_id) select id, $2::int from users where email = $1::text
     on conflict do nothing`,
    [user.email, partnerId],
  );
}

/** The API server of a benchmark's run, with a logged-in user's authorization header. */
interface BenchServer {
  /** The JSON-RPC endpoint. */
  url: string;
  pid: number;
  /** The postmaster's pid of the run's PostgreSQL (for `withCpu`). */
  postmaster: number;
  auth: { authorization: string };
  /** One JSON-RPC request with the user's token. */
  post: (body: string) => Promise<Response>;
}

/**
 * A benchmark's run on its data folder: the database opened (`openBenchDatabase`) and `prepare`d, the server
 * started on it, `username` logged in and `measure` run; then the server stopped and `after` run on the pool
 * (work with no server running). The server, the pool and PostgreSQL are stopped whatever fails.
 */
export async function runBench(
  dataDir: string,
  username: string,
  steps: {
    prepare: (pool: pg.Pool) => Promise<void>;
    measure: (server: BenchServer) => Promise<void>;
    after?: (pool: pg.Pool) => Promise<void>;
  },
): Promise<void> {
  const { pg, pool, url } = await openBenchDatabase(dataDir);
  try {
    await steps.prepare(pool);
    const postmaster = postmasterPid(path.join(dataDir, 'pg'));
    const server = await startServer(dataDir, { DATABASE_URL: url });
    try {
      const auth = { authorization: `Bearer ${await login(server.base, username)}` };
      const endpoint = `${server.base}/jsonrpc`;
      await steps.measure({
        url: endpoint,
        pid: server.pid,
        postmaster,
        auth,
        post: (body) =>
          fetch(endpoint, { method: 'POST', body, headers: { 'content-type': 'application/json', ...auth } }),
      });
    } finally {
      await server.stop();
    }
    await steps.after?.(pool);
  } finally {
    await pool.end();
    await pg.stop();
  }
}
