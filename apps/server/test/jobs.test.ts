// Background jobs on pg-boss: email goes out through the queue, written to data/mail without SMTP,
// and a failing delivery is retried with backoff instead of being lost.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailJob } from '../src/jobs/jobs';
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
