// A job whose process died (a worker killed mid-import) runs again within a minute of the death: noticed
// within the heartbeat's limit and retried at once, not after its queue's retryDelay (the reliability suite's
// worker kill found a 40,000-row import finishing 116 s after the kill: 60–70 s to notice, then the import
// queue's 30 s retry delay).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defineJob, HEARTBEAT, worker } from '../src/jobs/jobs';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
const ran: number[] = [];
const slowRetry = defineJob<{ n: number }>('test.dead-process', {
  retryLimit: 1,
  retryDelay: 300,
  expireInSeconds: 1800,
});

beforeAll(async () => {
  t = await createTestApp({ workers: true, jobHeartbeat: { everyMs: 60_000, staleAfterMs: 2_000 } });
  await t.runtime.jobs.run([worker(slowRetry, async (d) => void ran.push(d.n))]);
});
afterAll(() => t.close());

it('a dead process is noticed within 50 s of its last beat', () => {
  expect(HEARTBEAT.staleAfterMs + HEARTBEAT.everyMs).toBeLessThanOrEqual(50_000);
  // …with room for a busy process: at least three beats may be late before it counts as dead.
  expect(HEARTBEAT.staleAfterMs).toBeGreaterThanOrEqual(3 * HEARTBEAT.everyMs);
});

it('its job is retried at once, not after the queue’s retry delay', async () => {
  const [row] = await t.sql<{ id: string }>(
    `insert into pgboss.job (name, data, state, retry_limit, retry_delay, retry_count, started_on, expire_in)
     values ('test.dead-process', '{"n":1}', 'active', 1, 300, 0, now() - interval '5 minutes', interval '30 minutes')
     returning id`,
  );
  await t.runtime.jobs.beat();
  await expect.poll(() => ran, { timeout: 10_000 }).toContain(1);
  const [job] = await t.sql<{ state: string; retry_count: number }>(
    `select state, retry_count from pgboss.job where id = $1`,
    [row!.id],
  );
  expect(job).toMatchObject({ retry_count: 1 });
});
