// Once per test run: a PostgreSQL (embedded, or the one DATABASE_URL names) and a template database
// with migrations, demo data and the job queue's schema. Each test file clones the template.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { testEnv } from '../src/config';
import { createDb, createPool } from '../src/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { seedDemo } from '../src/seed/demo';
import { Jobs } from '../src/jobs/jobs';
import { databaseUrl } from './db-url';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dir: string | undefined;
  let adminUrl = testEnv.databaseUrl();
  if (!adminUrl) {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'moda-test-'));
    await fs.chmod(dir, 0o755);
    embedded = await startEmbeddedPostgres(dir);
    adminUrl = embedded.url;
  }
  const template = `moda_tpl_${process.pid}`;
  const admin = createPool(adminUrl, 1);
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const pool = createPool(databaseUrl(adminUrl, template), 2);
  await runMigrations(pool);
  await seedDemo(createDb(pool));
  await pool.end();
  const jobs = new Jobs(databaseUrl(adminUrl, template), () => {});
  await jobs.start(null);
  await jobs.stop();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);

  return async () => {
    const left = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 't\\_${process.pid}\\_%' or datname = $1`,
      [template],
    );
    for (const { datname } of left.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
    if (embedded) await embedded.stop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  };
}
