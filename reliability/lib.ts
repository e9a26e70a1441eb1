// The reliability suite's plumbing: the real server and worker as child processes (the commands of
// `npm start` and `npm run worker`, production settings), Debian's PostgreSQL for the scale-out, HTTP calls,
// resident memory, and the figures table.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { env as parentEnv } from 'node:process';
import { promisify } from 'node:util';
import pg from 'pg';

const exec = promisify(execFile);
export const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_DIR = path.join(ROOT, 'apps/server');

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export const now = () => performance.now();

export function say(msg: string): void {
  const t = new Date().toISOString().slice(11, 19);
  console.log(`[reliability ${t}] ${msg}`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface Proc {
  name: string;
  child: ChildProcess;
  pid: number;
  /** Resolves when the process ends, with how. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** Whether it has ended. */
  done(): boolean;
  /** Lines it printed (stdout and stderr), also written to its log file. */
  lines: string[];
}

function startProc(name: string, args: string[], env: Record<string, string>, logFile: string): Proc {
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    // The parent's environment (PATH, …) with the child's settings over it.
    env: { ...parentEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = createWriteStream(logFile, { flags: 'a' });
  const lines: string[] = [];
  let finished = false;
  const onData = (buf: Buffer) => {
    out.write(buf);
    for (const l of buf.toString('utf8').split('\n')) if (l.trim()) lines.push(l);
    if (lines.length > 5000) lines.splice(0, lines.length - 5000);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((r) =>
    child.once('exit', (code, signal) => {
      finished = true;
      out.end();
      r({ code, signal, at: now() });
    }),
  );
  return { name, child, pid: child.pid!, exited, done: () => finished, lines };
}

export interface ServerProc extends Proc {
  base: string;
  port: number;
  dataDir: string;
}

/** `npm start`'s server (apps/server/src/main.ts) with NODE_ENV=production on a loopback port. */
export async function startServer(opts: {
  name: string;
  dataDir: string;
  logDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerProc> {
  const port = await freePort();
  const proc = startProc(
    opts.name,
    ['--import', 'tsx', 'src/main.ts'],
    {
      NODE_ENV: 'production',
      DATA_DIR: opts.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    path.join(opts.logDir, `${opts.name}.log`),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = now() + (opts.timeoutMs ?? 180_000);
  for (;;) {
    if (proc.done())
      throw new Error(`${opts.name} exited while starting:\n${proc.lines.slice(-20).join('\n')}`);
    if ((await ready(base)) === 200) break;
    if (now() > deadline) throw new Error(`${opts.name} not ready in time`);
    await sleep(250);
  }
  return { ...proc, base, port, dataDir: opts.dataDir };
}

/** `npm run worker` (apps/server/src/worker.ts with its heap flags) against DATABASE_URL. */
export async function startWorker(opts: {
  name: string;
  dataDir: string;
  logDir: string;
  env: Record<string, string>;
}): Promise<Proc> {
  const pkg = JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
    scripts: { worker: string };
  };
  // The script's node flags, as `npm run worker` passes them: node <flags> --import tsx src/worker.ts.
  const args = pkg.scripts.worker.split(/\s+/).slice(1);
  const proc = startProc(
    opts.name,
    args,
    { NODE_ENV: 'production', DATA_DIR: opts.dataDir, LOG_LEVEL: 'warn', ...opts.env },
    path.join(opts.logDir, `${opts.name}.log`),
  );
  const deadline = now() + 60_000;
  while (!proc.lines.some((l) => l.includes('running jobs'))) {
    if (proc.done()) throw new Error(`${opts.name} exited while starting:\n${proc.lines.join('\n')}`);
    if (now() > deadline) throw new Error(`${opts.name} not running in time`);
    await sleep(200);
  }
  return proc;
}

export async function ready(base: string): Promise<number> {
  try {
    const res = await fetch(`${base}/health/ready`, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** An answer's body, as far as the suite reads it (a text that is not JSON is kept as `text`). */
export interface ApiBody {
  id?: string | number;
  status?: string;
  accessToken?: string;
  error?: { code?: number; message?: string };
  text?: string;
  [k: string]: unknown;
}

export function parseBody(text: string): ApiBody {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as ApiBody) : { text };
  } catch {
    return { text };
  }
}

/** The gateway: POST /v1/<method without v1.>, params as the body; errors as HTTP statuses. */
export async function call(
  base: string,
  method: string,
  params: unknown,
  token?: string,
  ip?: string,
): Promise<{ status: number; body: ApiBody }> {
  const res = await fetch(`${base}/${method.replace(/^v1\./, 'v1/')}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(ip ? { 'x-forwarded-for': ip } : {}),
    },
    body: JSON.stringify(params),
    signal: AbortSignal.timeout(30_000),
  });
  const body = parseBody(await res.text());
  return { status: res.status, body };
}

export async function login(base: string, username: string): Promise<string> {
  const r = await call(base, 'v1.tokens.create', { username, password: 'Moda2026!' });
  if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${JSON.stringify(r.body)}`);
  return String(r.body.accessToken);
}

/** Resident memory of a process, MB (0 once it is gone). */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/**
 * CPU seconds (user + system) used so far by a process and every live process under it (the server and its
 * embedded PostgreSQL's backends): what the server costs, whatever else the machine is doing.
 */
export function treeCpuSeconds(rootPid: number): number {
  const parent = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command (which may hold spaces): state ppid … utime(14) stime(15).
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(f[1]));
      cpu.set(Number(name), (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 20; p = parent.get(p) ?? 0, hops++)
      if (p === rootPid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, c] of cpu) if (inTree(pid)) total += c;
  return total;
}

/** The embedded PostgreSQL of a data folder: its postmaster's pid and a connection URL. */
export async function embeddedDatabase(dataDir: string): Promise<{ pid: number; url: string }> {
  const pidFile = (await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n');
  const password = (await fs.readFile(path.join(dataDir, 'pg.secret'), 'utf8')).trim();
  return {
    pid: Number(pidFile[0]),
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pidFile[3]}/moda`,
  };
}

export function pool(url: string): pg.Pool {
  const p = new pg.Pool({ connectionString: url, max: 2 });
  p.on('error', () => undefined);
  return p;
}

export function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return '?';
  }
}

// ---------------------------------------------------------------------------------------------------------
// Debian's PostgreSQL, as CI starts it: initdb and pg_ctl as the postgres user, in a folder of its own.

export interface ExternalPg {
  url: (db: string) => string;
  stop(): Promise<void>;
}

export async function startDebianPostgres(dir: string): Promise<ExternalPg> {
  const bins = (await fs.readdir('/usr/lib/postgresql').catch(() => [] as string[])).sort(
    (a, b) => Number(a) - Number(b),
  );
  if (!bins.length)
    throw new Error("Debian's PostgreSQL is not installed: apt-get update && apt-get install -y postgresql");
  const bin = `/usr/lib/postgresql/${bins.at(-1)}/bin`;
  await fs.mkdir(dir, { recursive: true });
  await fs.chmod(dir, 0o755);
  const asPostgres = async (cmd: string) => {
    if (process.getuid?.() === 0) await exec('su', ['postgres', '-s', '/bin/sh', '-c', cmd]);
    else await exec('/bin/sh', ['-c', cmd]);
  };
  if (process.getuid?.() === 0) await exec('chown', ['postgres', dir]);
  const port = await freePort();
  await asPostgres(`${bin}/initdb -D ${dir}/data -A trust -U postgres >/dev/null`);
  await asPostgres(
    `${bin}/pg_ctl -D ${dir}/data -l ${dir}/log -w -o "-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=200" start >/dev/null`,
  );
  return {
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    stop: () => asPostgres(`${bin}/pg_ctl -D ${dir}/data -m fast -w stop >/dev/null`).catch(() => undefined),
  };
}

// ---------------------------------------------------------------------------------------------------------

export interface Figure {
  figure: string;
  value: string;
  target: string;
  /** pass / FAIL, or `info` for a figure recorded against a target that does not fail the run. */
  verdict: 'pass' | 'FAIL' | 'info';
  /** A hard invariant: failing it fails the run. */
  hard: boolean;
}

export function printTable(rows: Figure[]): void {
  const w = [
    Math.max(6, ...rows.map((r) => r.figure.length)),
    Math.max(5, ...rows.map((r) => r.value.length)),
    Math.max(6, ...rows.map((r) => r.target.length)),
  ];
  const line = (a: string, b: string, c: string, d: string) =>
    `${a.padEnd(w[0]!)}  ${b.padEnd(w[1]!)}  ${c.padEnd(w[2]!)}  ${d}`;
  console.log('');
  console.log(line('figure', 'value', 'target', 'result'));
  console.log('-'.repeat(w[0]! + w[1]! + w[2]! + 16));
  for (const r of rows)
    console.log(line(r.figure, r.value, r.target, r.verdict === 'info' ? 'info (not gating)' : r.verdict));
}
