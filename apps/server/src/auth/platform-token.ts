// `npm run platform-token -- --name OMS`: creates a service credential for a marketplace system and prints
// its token once (only a hash is kept). Uses DATABASE_URL, or the embedded database of DATA_DIR while the
// server is stopped (the embedded database belongs to one process at a time).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDb, createPool } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { issueServiceCredential } from './service-credentials';

const { values } = parseArgs({ options: { name: { type: 'string' } } });
const name = values.name?.trim();
if (!name) {
  console.error('usage: npm run platform-token -- --name <system name, e.g. OMS>');
  process.exit(2);
}

const config = loadConfig();
let url = config.databaseUrl;
let stopEmbedded: (() => Promise<void>) | undefined;
if (!url) {
  const pidFile = path.join(config.dataDir, 'pg', 'postmaster.pid');
  const pid = fs.existsSync(pidFile) ? Number.parseInt(fs.readFileSync(pidFile, 'utf8'), 10) : NaN;
  let running = false;
  try {
    if (Number.isFinite(pid)) running = process.kill(pid, 0);
  } catch {
    running = false;
  }
  if (running) {
    console.error(
      `The embedded database in ${config.dataDir} is in use by a running server: stop it first, or set DATABASE_URL.`,
    );
    process.exit(1);
  }
  const embedded = await startEmbeddedPostgres(config.dataDir);
  const admin = createPool(embedded.url, 1);
  const exists = await admin.query(`select 1 from pg_database where datname = 'moda'`);
  if (exists.rowCount === 0) await admin.query('create database moda');
  await admin.end();
  url = embedded.urlFor('moda');
  stopEmbedded = () => embedded.stop();
}
const pool = createPool(url, 1);
try {
  await runMigrations(pool);
  const { id, token } = await issueServiceCredential(createDb(pool), name);
  console.error(`service credential ${id} (${name}) created; the token is shown only now:`);
  console.log(token);
} finally {
  await pool.end();
  await stopEmbedded?.();
}
