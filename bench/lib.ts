// Shared pieces of the benchmarks: a forked server, a login, autocannon runs, and a closed-loop load of
// direct SQL through pg for the same time (the floor an API call is compared with).
import { fork, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import type pg from 'pg';

export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ base: string; pid: number; stop: () => Promise<void> }> {
  const child: ChildProcess = fork(new URL('./bench-server.ts', import.meta.url), [dataDir], {
    execArgv: ['--import', 'tsx'],
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

export interface Figures {
  rps: number;
  p95: number;
  p99: number;
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
  return { rps: r.requests.average, p95: r.latency.p97_5, p99: r.latency.p99 };
}

/** `connections` clients each running `text` back to back for `seconds`: throughput and latency percentiles. */
export async function directSql(
  pool: pg.Pool,
  text: string,
  values: unknown[],
  seconds: number,
  connections: number,
): Promise<Figures> {
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        await pool.query(text, values);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!;
  return { rps: latencies.length / seconds, p95: at(0.95), p99: at(0.99) };
}

/** Peak resident memory of a process so far, in MB (Linux: VmHWM). */
export async function peakRssMb(pid: number): Promise<number> {
  const fs = await import('node:fs/promises');
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
