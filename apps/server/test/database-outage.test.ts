// The database dying under the server: the embedded PostgreSQL is killed (kill -9) while requests run. The
// process must not die, calls during the outage answer «unavailable» (503 and Retry-After over HTTP), the
// supervisor restarts PostgreSQL, and the same server answers normally again without a person's help.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openRuntime, type Runtime } from '../src/runtime';
import { buildApp, type BuiltApp } from '../src/app';

let runtime: Runtime;
let built: BuiltApp;
let dataDir: string;
const news: string[] = [];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'moda-outage-'));
  await fs.chmod(dataDir, 0o755);
  const config = loadConfig({}, { databaseUrl: undefined, dataDir, seedDemo: false, buildId: 'test-build' });
  runtime = await openRuntime(
    config,
    (o, m) => news.push(typeof o === 'string' ? o : `${m} ${JSON.stringify(o)}`),
    {
      workers: false,
      prepare: true,
      jobPollingSeconds: 0.5,
    },
  );
  built = await buildApp(config, runtime, { logger: false });
  await built.app.ready();
}, 120_000);

afterAll(async () => {
  await built?.app.close();
  await runtime?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}, 60_000);

// A failed login reads the database; a new name and address each time keep the login limits out of it.
let seq = 0;
const login = () => {
  seq++;
  return built.app.inject({
    method: 'POST',
    url: '/v1/tokens.create',
    headers: { 'content-type': 'application/json' },
    remoteAddress: `10.77.${(seq >> 8) & 255}.${seq & 255}`,
    payload: JSON.stringify({ username: `nobody${seq}@moda.test`, password: 'wrong-password-1' }),
  });
};
const ready = () => built.app.inject({ method: 'GET', url: '/health/ready' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > deadline) return v;
    await sleep(100);
  }
}

describe('the database dies under load', () => {
  it('answers «unavailable» during the outage and recovers by itself', async () => {
    expect((await login()).statusCode).toBe(401);

    // A client checked out of the pool when the server dies: pg-pool does not listen on it, so its error
    // event once ended the process.
    const held = await runtime.pool.connect();
    let load = true;
    const statuses: number[] = [];
    const traffic = (async () => {
      while (load) {
        const res = await Promise.all([login(), login(), ready()]);
        statuses.push(...res.map((r) => r.statusCode));
        await sleep(20);
      }
    })();
    const pid = runtime.embedded!.pid()!;
    try {
      await sleep(200);
      process.kill(pid, 'SIGKILL');

      const during = await until(login, (r) => r.statusCode === 503, 10_000);
      expect(during.statusCode).toBe(503);
      expect(during.headers['retry-after']).toBe('5');
      expect(during.json().error).toMatchObject({
        code: 50500,
        message: 'Сервис временно недоступен. Повторите попытку через несколько секунд',
        data: { reason: 'rpc.unavailable' },
      });
      // The backend of the held client is gone too; its query fails instead of the process.
      await expect(held.query('select 1')).rejects.toThrow();

      // Back by itself: the supervisor restarts PostgreSQL and the pool reconnects.
      const back = await until(login, (r) => r.statusCode === 401, 20_000);
      expect(back.statusCode).toBe(401);
      expect((await until(ready, (r) => r.statusCode === 200, 5_000)).statusCode).toBe(200);
    } finally {
      load = false;
      await traffic;
      held.release(true);
    }

    expect(runtime.embedded!.pid()).not.toBe(pid);
    expect(news.some((m) => /exited unexpectedly/.test(m))).toBe(true);
    expect(news.some((m) => /restarted/.test(m))).toBe(true);
    // Nothing during the outage was an internal error.
    expect(statuses.filter((s) => s === 500)).toEqual([]);
  }, 60_000);
});
