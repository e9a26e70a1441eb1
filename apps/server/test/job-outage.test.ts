// Jobs running in the web process while PostgreSQL is killed: pg-boss ends each job with complete/fail without
// awaiting them, and with the database down their rejection used to reach no one — Node ended the process (the
// reliability suite's kill -9 of PostgreSQL under load took the server down this way). The process stays up,
// and once PostgreSQL is back (the supervisor restarts it) jobs run again.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openRuntime, type Runtime } from '../src/runtime';
import { defineJob, worker } from '../src/jobs/jobs';

let runtime: Runtime;
let dataDir: string;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);
const failing = defineJob<{ n: number }>('test.outage-fail', { retryLimit: 0, expireInSeconds: 60 });
const finishing = defineJob<{ n: number }>('test.outage-complete', { retryLimit: 0, expireInSeconds: 60 });
const gates: Record<string, () => void> = {};
const ran: number[] = [];

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'moda-job-outage-'));
  await fs.chmod(dataDir, 0o755);
  const config = loadConfig({}, { databaseUrl: undefined, dataDir, seedDemo: false, buildId: 'test-build' });
  runtime = await openRuntime(config, () => undefined, {
    workers: true,
    prepare: true,
    jobPollingSeconds: 0.5,
  });
  const held = (name: string, after: () => void) => async (d: { n: number }) => {
    await new Promise<void>((r) => (gates[name] = r));
    ran.push(d.n);
    after();
  };
  await runtime.jobs.run([
    worker(
      failing,
      held('fail', () => {
        throw new Error('the job failed during the outage');
      }),
    ),
    worker(
      finishing,
      held('complete', () => undefined),
    ),
  ]);
}, 120_000);

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await runtime?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}, 60_000);

it('a job ending while PostgreSQL is down leaves no unhandled rejection, and jobs run again after', async () => {
  await runtime.jobs.send(failing, { n: 1 });
  await runtime.jobs.send(finishing, { n: 2 });
  await expect.poll(() => Object.keys(gates).sort(), { timeout: 20_000 }).toEqual(['complete', 'fail']);
  const pid = Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
  process.kill(pid, 'SIGKILL');
  await new Promise((r) => setTimeout(r, 100));
  gates.fail!();
  gates.complete!();
  await new Promise((r) => setTimeout(r, 2_000));
  expect(unhandled.map(String)).toEqual([]);
  // PostgreSQL is back (supervised) and the queue works again.
  await expect
    .poll(
      async () =>
        runtime.pool.query('select 1').then(
          () => true,
          () => false,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  await runtime.jobs.send(finishing, { n: 3 });
  await expect.poll(() => Object.keys(gates).length > 0 && ran.includes(2), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => (gates.complete?.(), ran), { timeout: 30_000, interval: 200 }).toContain(3);
}, 90_000);
