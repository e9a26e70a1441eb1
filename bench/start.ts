// Benchmark of `npm start` as a user runs it (issue 26): the warm start — data already there, the web build
// current — from the command to /health/ready answering, against 3 s; and the memory of the whole process
// tree (every process under the npm command, npm included) once the server is idle, against 300 MB RSS.
//
//   npm run bench -- start          (START_DATA_DIR=… to use another data folder; the first start loads it)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../scripts/web-build';
import { freePort } from '../e2e/support/server';

const WARM_START_TARGET_S = 3;
const IDLE_RSS_TARGET_MB = 300;
const ROUNDS = 3;
/** How long the server is left alone before its memory is read: the start's own garbage settles. */
const IDLE_MS = 10_000;

interface Proc {
  pid: number;
  ppid: number;
  name: string;
  rssKb: number;
  /** Proportional set size: shared pages (PostgreSQL's shared buffers, its binary) divided among their users. */
  pssKb: number;
}

function readProc(pid: number): Proc | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (key: string) => new RegExp(`^${key}:\\s*(.+)$`, 'm').exec(status)?.[1]?.trim() ?? '';
    return {
      pid,
      ppid: Number(field('PPid')),
      name: field('Name'),
      rssKb: Number.parseInt(field('VmRSS') || '0', 10),
      pssKb: Number(/^Pss:\s*(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0),
    };
  } catch {
    return null; // gone between the listing and the read
  }
}

/** The process `root` and all its descendants, read from /proc. */
export function processTree(root: number): Proc[] {
  const all = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => readProc(Number(d)))
    .filter((p): p is Proc => p !== null);
  const tree: Proc[] = [];
  const wanted = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of all) {
      if (tree.some((t) => t.pid === p.pid)) continue;
      if (p.pid !== root && !wanted.has(p.ppid)) continue;
      tree.push(p);
      wanted.add(p.pid);
      grew = true;
    }
  }
  return tree;
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/health/ready`);
      if (r.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the server did not answer ${url}/health/ready within ${timeoutMs} ms`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Start {
  seconds: number;
  tree: Proc[];
  output: string;
}

async function startOnce(dataDir: string, timeoutMs: number, idleMs: number): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  try {
    await waitReady(`http://127.0.0.1:${port}`, child, timeoutMs);
    const seconds = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, idleMs));
    return { seconds, tree: processTree(child.pid!), output };
  } catch (err) {
    console.log(output);
    throw err;
  } finally {
    await stop(child);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (kb: number) => kb / 1024;

export async function runStartBench(): Promise<void> {
  const dataDir = path.resolve(process.env.START_DATA_DIR ?? path.join(REPO_ROOT, 'bench/.data/start'));
  if (!fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))) {
    console.log(`First start in ${dataDir}: loads the demo data (not measured)…`);
    const first = await startOnce(dataDir, 300_000, 0);
    console.log(`  first start: ${first.seconds.toFixed(1)} s`);
  } else {
    // The measured starts must find the web build current, as a warm start does: one start brings it up to date.
    const settle = await startOnce(dataDir, 300_000, 0);
    console.log(`Start to bring the web build up to date (not measured): ${settle.seconds.toFixed(1)} s`);
  }

  const rounds: { seconds: number; rssMb: number; processes: number; phases: string; tree: Proc[] }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const load = os.loadavg()[0]!.toFixed(2);
    const run = await startOnce(dataDir, 120_000, IDLE_MS);
    const rssMb = mb(run.tree.reduce((sum, p) => sum + p.rssKb, 0));
    const pssMb = mb(run.tree.reduce((sum, p) => sum + p.pssKb, 0));
    const phases = /ready in \d+ ms at \S+ \(([^)]*)\)/.exec(run.output)?.[1] ?? '?';
    const build = /web app ([^\n]*)/.exec(run.output)?.[1] ?? '';
    console.log(
      `round ${i + 1} (load ${load}): warm start ${run.seconds.toFixed(2)} s, idle ${rssMb.toFixed(0)} MB RSS (${pssMb.toFixed(0)} MB PSS) in ` +
        `${run.tree.length} processes\n  server phases: ${phases}\n  web: ${build}`,
    );
    rounds.push({ seconds: run.seconds, rssMb, processes: run.tree.length, phases, tree: run.tree });
  }

  const last = rounds.at(-1)!;
  const byName = new Map<string, { count: number; kb: number; pss: number }>();
  for (const p of last.tree) {
    const entry = byName.get(p.name) ?? { count: 0, kb: 0, pss: 0 };
    byName.set(p.name, { count: entry.count + 1, kb: entry.kb + p.rssKb, pss: entry.pss + p.pssKb });
  }
  console.log('\nThe idle tree of the last round, by process name:');
  for (const [name, { count, kb }] of [...byName].sort((a, b) => b[1].kb - a[1].kb)) {
    console.log(
      `  ${name.padEnd(16)} ${String(count).padStart(3)} × → ${mb(kb).toFixed(0).padStart(5)} MB RSS`,
    );
  }

  const seconds = median(rounds.map((r) => r.seconds));
  const rss = median(rounds.map((r) => r.rssMb));
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `\nWarm npm start (median of ${ROUNDS}): ${seconds.toFixed(2)} s — target < ${WARM_START_TARGET_S} s: ` +
      `${verdict(seconds < WARM_START_TARGET_S)}`,
  );
  console.log(
    `Idle memory (median of ${ROUNDS}): ${rss.toFixed(0)} MB RSS over all processes — target < ${IDLE_RSS_TARGET_MB} MB: ` +
      `${verdict(rss < IDLE_RSS_TARGET_MB)}`,
  );
  console.log(
    `Load average now: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (2 cores)`,
  );
}
