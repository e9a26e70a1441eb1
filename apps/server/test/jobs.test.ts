// Background jobs on pg-boss: email goes out through the queue, written to data/mail without SMTP,
// and a failing delivery is retried with backoff instead of being lost.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJob, emailJob, worker } from '../src/jobs/jobs';
import { createTestApp, type TestApp } from './helpers';

describe('email through the job queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: true });
  });
  afterAll(() => t.close());

  it('a queued message is written to data/mail with its Russian subject and link', async () => {
    await t.runtime.jobs.send(emailJob, {
      to: 'seller@moda.test',
      subject: 'Подтвердите адрес почты',
      text: 'Перейдите по ссылке: http://localhost:3000/registration/confirm?token=abc',
    });
    const dir = path.join(t.config.dataDir, 'mail');
    await expect
      .poll(async () => (await fs.readdir(dir).catch(() => [])).length, { timeout: 10_000 })
      .toBe(1);
    const [file] = await fs.readdir(dir);
    const eml = await fs.readFile(path.join(dir, file!), 'utf8');
    expect(eml).toContain('To: seller@moda.test');
    expect(eml).toMatch(/Subject: =\?UTF-8\?/);
    // The body is quoted-printable: undo soft line breaks and =XX escapes before reading the link.
    const decoded = eml
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    expect(decoded).toContain('http://localhost:3000/registration/confirm?token=abc');
  });
});

describe('a failing delivery', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every SMTP attempt fails.
    t = await createTestApp({ workers: true, config: { smtpUrl: 'smtp://127.0.0.1:1' } });
  });
  afterAll(() => t.close());

  it('is retried, not lost', async () => {
    const id = await t.runtime.jobs.send(emailJob, { to: 'a@moda.test', subject: 'Тест', text: 'x' });
    await expect
      .poll(
        async () =>
          (
            await t.sql<{ state: string; retry_count: number }>(
              `select state, retry_count from pgboss.job where id = $1`,
              [id],
            )
          )[0],
        {
          timeout: 10_000,
        },
      )
      .toMatchObject({ state: 'retry' });
  });
});

describe('a job whose process died', () => {
  let t: TestApp;
  const ran: number[] = [];
  const abandoned: number[] = [];
  const stuck = defineJob<{ n: number }>('test.stuck', {
    retryLimit: 1,
    retryDelay: 0,
    expireInSeconds: 1800,
  });
  beforeAll(async () => {
    t = await createTestApp({ workers: true, jobHeartbeat: { everyMs: 60_000, staleAfterMs: 2_000 } });
    await t.runtime.jobs.run([
      worker(
        stuck,
        async (d) => void ran.push(d.n),
        async (d) => void abandoned.push(d.n),
      ),
    ]);
  });
  afterAll(() => t.close());

  /** A job another process claimed and then died running: active, started long ago, no heartbeat. */
  const orphan = (n: number, retryCount: number) =>
    t.sql(
      `insert into pgboss.job (name, data, state, retry_limit, retry_count, started_on, expire_in)
       values ('test.stuck', $1, 'active', 1, $2, now() - interval '5 minutes', interval '30 minutes')
       returning id`,
      [JSON.stringify({ n }), retryCount],
    );
  const stateOf = async (id: string) =>
    (await t.sql<{ state: string }>(`select state from pgboss.job where id = $1`, [id]))[0]?.state;

  it('is retried within the heartbeat limit, not after its 30-minute expiry', async () => {
    const [row] = await orphan(1, 0);
    await t.runtime.jobs.beat();
    await expect.poll(() => ran, { timeout: 10_000 }).toContain(1);
    await expect.poll(() => stateOf(row!.id as string), { timeout: 10_000 }).toBe('completed');
    expect(abandoned).toEqual([]);
  });

  it('on its last try is failed and its worker told, so the user sees what happened', async () => {
    const [row] = await orphan(2, 1);
    await t.runtime.jobs.beat();
    expect(await stateOf(row!.id as string)).toBe('failed');
    expect(abandoned).toEqual([2]);
    expect(ran).not.toContain(2);
  });

  it('a running job that beats is left alone', async () => {
    let release!: () => void;
    const slow = defineJob<{ n: number }>('test.slow', { retryLimit: 0, expireInSeconds: 1800 });
    await t.runtime.jobs.run([worker(slow, () => new Promise<void>((r) => (release = r)))]);
    const id = await t.runtime.jobs.send(slow, { n: 3 });
    await expect.poll(() => stateOf(id!), { timeout: 10_000 }).toBe('active');
    await new Promise((r) => setTimeout(r, 2_500));
    await t.runtime.jobs.beat();
    expect(await stateOf(id!)).toBe('active');
    release();
    await expect.poll(() => stateOf(id!), { timeout: 10_000 }).toBe('completed');
  });

  it('an import given up on its last try marks its file failed with a message', async () => {
    const importWorker = t.modules.workers.find((w) => w.job.name === 'file.import');
    expect(importWorker?.abandoned).toBeTypeOf('function');
    const [file] = await t.sql<{ id: string }>(
      `insert into files (partner_id, type, name, format, size, status, storage_key)
       values (10002, 'nomenclature_import', 'товары.xlsx', 'xlsx', 10, 'executing', 'x') returning id`,
    );
    await importWorker!.abandoned!({ partnerId: 10002, fileId: file!.id });
    const [rec] = await t.sql<{ status: string; error_message: string }>(
      `select status, error_message from files where id = $1`,
      [file!.id],
    );
    expect(rec).toMatchObject({ status: 'fail' });
    expect(rec!.error_message).toMatch(/^Обработка файла прервалась/);
  });
});
