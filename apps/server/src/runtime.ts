// What a server process holds besides HTTP: the database (embedded or external), migrations, demo
// data, the token signing key, file storage and the job queue. Built once, stopped once.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Config } from './config';
import { createDb, createPool, type Db } from './db/client';
import { LAPTOP_SETTINGS, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { runMigrations } from './db/migrate';
import { serverSettings } from './db/core.schema';
import { seedDemo } from './seed/demo';
import { LocalStorage, type FileStorage } from './files/storage';
import { Jobs, type Heartbeat } from './jobs/jobs';
import { Mailer } from './jobs/mailer';

export type Log = (obj: object | string, msg?: string) => void;

export interface Runtime {
  pool: pg.Pool;
  db: Db;
  jwtSecret: string;
  storage: FileStorage;
  mailer: Mailer;
  jobs: Jobs;
  seeded: boolean;
  /** Milliseconds each start-up phase took, in order (database, migrations, demo data, queue). */
  phases: [string, number][];
  /** The embedded PostgreSQL this process started and supervises; undefined with DATABASE_URL. */
  embedded: EmbeddedDatabase | undefined;
  stop(): Promise<void>;
}

export interface RuntimeOptions {
  /** Start job workers in this process (false: the queue is usable for sending only). */
  workers: boolean;
  /** Apply migrations and load demo data (false when a test template already has them). */
  prepare: boolean;
  jobPollingSeconds?: number;
  /** Tests: a faster heartbeat of running jobs. */
  jobHeartbeat?: Heartbeat;
}

async function signingSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  // Shared through the database so that every instance signs and verifies with the same key.
  await db
    .insert(serverSettings)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const res = await db.execute<{ value: string }>(
    sql`select value from server_settings where key = 'jwt_secret'`,
  );
  return res.rows[0]!.value;
}

export async function openRuntime(config: Config, log: Log, opts: RuntimeOptions): Promise<Runtime> {
  let embedded: EmbeddedDatabase | undefined;
  const phases: [string, number][] = [];
  let mark = Date.now();
  const phase = (name: string) => {
    const now = Date.now();
    phases.push([name, now - mark]);
    mark = now;
  };
  // Once stopping, PostgreSQL and the queue report the connections being closed: that is expected, not news.
  let stopping = false;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(
      config.dataDir,
      (m) => {
        if (!stopping && /error|fatal|panic/i.test(m)) log(`postgres: ${m}`);
      },
      (m) => log(`postgres supervisor: ${m}`),
      LAPTOP_SETTINGS,
    );
    const admin = createPool(embedded.url, 1);
    const exists = await admin.query(`select 1 from pg_database where datname = 'moda'`);
    if (exists.rowCount === 0) await admin.query('create database moda');
    await admin.end();
    url = embedded.urlFor('moda');
    phase('database');
  }
  const pool = createPool(url);
  const db = createDb(pool);
  let seeded = false;
  const storage = new LocalStorage(path.join(config.dataDir, 'files'));
  if (opts.prepare) {
    await runMigrations(pool);
    phase('migrations');
    if (config.seedDemo) {
      seeded = await seedDemo(db, { dataDir: config.dataDir, storage });
      phase('demo data');
    }
  }
  const jwtSecret = await signingSecret(db, config.jwtSecret);
  const mailer = new Mailer({
    storage,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    mailDir: path.join(config.dataDir, 'mail'),
    log: (m) => log(m),
  });
  const jobs = new Jobs(
    url,
    (obj, msg) => {
      if (!stopping) log(obj, msg);
    },
    opts.jobPollingSeconds,
    opts.jobHeartbeat,
  );
  await jobs.start(opts.workers ? { mailer } : null);
  phase('job queue');

  return {
    pool,
    db,
    jwtSecret,
    storage,
    mailer,
    jobs,
    seeded,
    phases,
    embedded,
    async stop() {
      stopping = true;
      await jobs.stop();
      // A connection left hanging by a database that died under it must not hold the shutdown forever.
      await Promise.race([pool.end(), new Promise((r) => setTimeout(r, 5_000).unref())]);
      if (embedded) await embedded.stop();
    },
  };
}
