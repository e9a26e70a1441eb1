// API tokens through the API, as a seller's program uses them: issue and its limits, every scopable method
// refused without its scope (generated from the catalogue), the partner, expiry, revocation (also heard by a
// second instance on the same database), IP ranges, the 21st token, the rate limit at its boundary across two
// instances, the headers, the audit credential, usage and the reminder.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  API_RATE_LIMITS,
  API_SCOPE_AREAS,
  API_TOKEN_LIMITS,
  METHODS,
  accessNeeded,
  type MethodDef,
  type MethodName,
  type Methods,
  type ResultOf,
  type RpcErrorObject,
} from '@moda/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { openRuntime, type Runtime } from '../../runtime';
import { buildApp, type BuiltApp } from '../../app';
import { LEASE_SHARE, RateLimiter } from '../../auth/rate-limit';
import type { Db } from '../../db/client';

const DAY = 86_400_000;
let clock = Date.now();
let t: TestApp;
let second: { built: BuiltApp; runtime: Runtime };
let user: string;
let fbsUser: string;

async function issue(params: Record<string, unknown>, token = user) {
  return t.rpc(
    'v1.api-tokens.issue',
    { partnerId: 10001, name: 'ERP', expiresInDays: 30, scopes: { questions: 'write' }, ...params },
    token,
  );
}
async function secretOf(params: Record<string, unknown>): Promise<{ id: string; secret: string }> {
  const r = await issue(params);
  if (!r.result) throw new Error(JSON.stringify(r.error));
  return { id: r.result.token.id, secret: r.result.secret };
}
/** A v1 method as the REST gateway names it: `questions.list` for `v1.questions.list`. */
type GatewayMethod = MethodName extends infer N ? (N extends `v1.${infer A}` ? A : never) : never;

async function gateway<A extends GatewayMethod>(
  app: BuiltApp['app'],
  method: A,
  body: unknown,
  token: string,
  ip?: string,
) {
  const res = await app.inject({
    method: 'POST',
    url: `/v1/${method}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify(body),
    ...(ip ? { remoteAddress: ip } : {}),
  });
  // The gateway answers with the method's result itself, or with `{error}` under an HTTP error status.
  const failed = res.statusCode >= 400;
  return {
    status: res.statusCode,
    headers: res.headers,
    result: failed ? undefined : res.json<ResultOf<Methods[`v1.${A}`]>>(),
    error: failed ? res.json<{ error: RpcErrorObject }>().error : undefined,
  };
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  user = (await t.login('seller@moda.test')).accessToken;
  fbsUser = (await t.login('fbs@moda.test')).accessToken;
  // A second server instance on the same database, as behind a load balancer.
  const runtime = await openRuntime(t.config, () => {}, { workers: false, prepare: false });
  const built = await buildApp(t.config, runtime, { logger: false, now: () => new Date(clock) });
  await built.app.ready();
  second = { built, runtime };
}, 60_000);

afterAll(async () => {
  await second?.built.app.close();
  await second?.runtime.stop();
  await t?.close();
});

describe('issuing', () => {
  it('refuses bad input with Russian messages on its fields, saving nothing', async () => {
    const r = await issue({
      name: 'E',
      expiresInDays: API_TOKEN_LIMITS.maxDays + 1,
      scopes: {},
      ipRanges: ['10.0.0.0/33', '203.0.113.5'],
    });
    expect(r.error?.code).toBe(-32602);
    const byField = Object.fromEntries(r.error!.data!.errors!.map((e) => [e.field, e.message]));
    expect(byField).toMatchObject({
      name: 'Слишком короткий текст: нужно не меньше 2 символов',
      expiresInDays: 'Срок действия — не больше 180 дней',
      scopes: 'Выберите хотя бы одну область доступа',
      'ipRanges.0': 'Укажите адрес или диапазон в формате CIDR, например 203.0.113.0/24',
    });
    expect(byField['ipRanges.1']).toBeUndefined();
    const rows = await t.sql<{ n: number }>(`select count(*)::int as n from api_tokens`);
    expect(rows[0]!.n).toBe(0);
    // 180 days is still allowed.
    expect((await issue({ expiresInDays: API_TOKEN_LIMITS.maxDays })).result?.token.status).toBe('active');
  });

  it('shows the secret once and keeps only its hash', async () => {
    const r = await issue({ name: 'Склад', scopes: { orders: 'read', prices: 'write' } });
    const { token, secret } = r.result;
    expect(secret).toMatch(/^msk_[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'Склад', status: 'active', createdBy: 'seller@moda.test' });
    expect(secret.startsWith(token.hint.replace('…', ''))).toBe(true);
    const rows = await t.sql<{ secret_hash: string }>(`select secret_hash from api_tokens where id = $1`, [
      token.id,
    ]);
    expect(rows[0]!.secret_hash).not.toContain(secret.split('.')[1]);
    const list = await t.rpc('v1.api-tokens.list', { partnerId: 10001 }, user);
    expect(JSON.stringify(list.result)).not.toContain(secret.split('.')[1]);
    expect(list.result.items.some((i: { id: string }) => i.id === token.id)).toBe(true);
  });

  it('allows at most 20 active tokens per partner: the 21st is refused', async () => {
    const ask = (name: string) =>
      t.rpc(
        'v1.api-tokens.issue',
        { partnerId: 10002, name, expiresInDays: 10, scopes: { fbs: 'read' } },
        fbsUser,
      );
    for (let i = 1; i <= API_TOKEN_LIMITS.activePerPartner; i++)
      expect((await ask(`T${i}`)).result).toBeDefined();
    const refused = await ask('T21');
    expect(refused.error).toMatchObject({
      code: 50400,
      message: 'У партнёра может быть не больше 20 действующих токенов',
    });
    // A revoked one frees its place.
    const list = await t.rpc('v1.api-tokens.list', { partnerId: 10002 }, fbsUser);
    await t.rpc('v1.api-tokens.revoke', { partnerId: 10002, id: list.result.items[0].id }, fbsUser);
    expect((await ask('T21')).result).toBeDefined();
  });

  it("answers another partner's token as a missing one", async () => {
    const { id } = await secretOf({ name: 'Чужой' });
    const r = await t.rpc('v1.api-tokens.revoke', { partnerId: 10002, id }, fbsUser);
    expect(r.error).toMatchObject({ code: 50404, message: 'Токен не найден' });
    const u = await t.rpc('v1.api-tokens.usage', { partnerId: 10002, id }, fbsUser);
    expect(u.error?.code).toBe(50404);
  });
});

describe('what a token may call', () => {
  it('refuses every scopable method without its scope, naming the scope', async () => {
    // Every area but one at read-write, and that one at read: each method must name what it lacks.
    const failures: string[] = [];
    let checked = 0;
    for (const area of API_SCOPE_AREAS) {
      const scopes = Object.fromEntries(API_SCOPE_AREAS.map((a) => [a, a === area ? 'read' : 'write']));
      const { id: readOnlyId, secret: readOnly } = await secretOf({ name: `Без записи ${area}`, scopes });
      const { id: noneId, secret: none } = await secretOf({
        name: `Без ${area}`,
        scopes: Object.fromEntries(API_SCOPE_AREAS.filter((a) => a !== area).map((a) => [a, 'write'])),
      });
      for (const def of Object.values<MethodDef>(METHODS)) {
        const need = accessNeeded(def);
        if (!need || need.area !== area || def.roles === 'public' || def.roles === 'platform') continue;
        if (!def.roles.includes('partner_user')) continue;
        const tokens = need.level === 'write' ? [readOnly, none] : [none];
        for (const token of tokens) {
          const r = await t.rpc(def.name, { partnerId: 10001 }, token);
          checked++;
          if (r.error?.code !== 50403 || r.error.data?.missingScope !== `${area}:${need.level}`)
            failures.push(`${def.name}: ${JSON.stringify(r.error ?? r.result).slice(0, 120)}`);
          else if (!r.error.message.startsWith('Токену не хватает доступа: '))
            failures.push(`${def.name}: ${r.error.message}`);
        }
      }
      // Out of the way of the partner's 20 active tokens.
      for (const id of [readOnlyId, noneId])
        await t.rpc('v1.api-tokens.revoke', { partnerId: 10001, id }, user);
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('reaches its partner within its scopes, never another partner, the account or token management', async () => {
    const { secret } = await secretOf({ name: 'Вопросы', scopes: { questions: 'read' } });
    const ok = await t.rpc('v1.questions.list', { partnerId: 10001 }, secret);
    expect(ok.result).toBeDefined();
    const refused = await t.rpc('v1.feedback.templates.save', { partnerId: 10001 }, secret);
    expect(refused.error).toMatchObject({
      code: 50403,
      message: 'Токену не хватает доступа: Вопросы и отзывы — чтение и запись (questions:write)',
    });
    const other = await t.rpc('v1.questions.list', { partnerId: 10002 }, secret);
    expect(other.error?.code).toBe(50404);
    expect(other.error?.message).toBe(
      (await t.rpc('v1.questions.list', { partnerId: 99999 }, secret)).error?.message,
    );
    for (const method of ['v1.api-tokens.list', 'v1.audit.list']) {
      const r = await t.rpc(method, { partnerId: 10001 }, secret);
      expect(r.error?.code).toBe(50403);
      expect(r.error?.message).toContain('недоступен по API-токену');
    }
    // Staff and platform methods stay closed too.
    expect((await t.rpc('v1.partners.search', { query: '1' }, secret)).error?.code).toBe(50403);
    expect((await t.rpc('v1.platform.orders.create', {}, secret)).error?.code).toBe(50403);
  });

  it('names the token as the credential in the audit trail', async () => {
    const { id, secret } = await secretOf({ name: 'Шаблоны', scopes: { questions: 'write' } });
    const r = await t.rpc(
      'v1.feedback.templates.save',
      { partnerId: 10001, kind: 'question', name: 'Из API', content: 'Спасибо за вопрос!' },
      secret,
    );
    expect(r.error).toBeUndefined();
    const rows = await t.sql<{ credential: string; user_id: string; partner_id: number }>(
      `select credential, user_id::text, partner_id from audit_log where method = 'v1.feedback.templates.save' order by at desc limit 1`,
    );
    expect(rows[0]).toMatchObject({ credential: `api-token:${id}`, partner_id: 10001 });
    const [issuer] = await t.sql<{ id: string }>(
      `select id::text from users where email = 'seller@moda.test'`,
    );
    expect(rows[0]!.user_id).toBe(issuer!.id);
    // The journal names the token beside its issuer; another partner's journal does not show the record.
    const list = await t.rpc('v1.audit.list', { partnerId: 10001, area: 'questions' }, user);
    expect(list.result.items[0]).toMatchObject({
      userEmail: 'seller@moda.test',
      credential: `api-token:${id}`,
      tokenName: 'Шаблоны',
    });
    const other = await t.rpc('v1.audit.list', { partnerId: 10002, area: 'questions' }, fbsUser);
    expect(JSON.stringify(other.result.items)).not.toContain(id);
  });
});

describe('lifetime', () => {
  it('refuses an expired token from the moment it expires', async () => {
    const { secret } = await secretOf({ name: 'Короткий', expiresInDays: 1, scopes: { questions: 'read' } });
    expect((await t.rpc('v1.questions.list', { partnerId: 10001 }, secret)).result).toBeDefined();
    const before = clock;
    try {
      clock += DAY + 1000;
      const r = await t.rpc('v1.questions.list', { partnerId: 10001 }, secret);
      expect(r.error).toMatchObject({ code: 50401, message: 'Срок действия токена истёк' });
      const list = await t.rpc('v1.api-tokens.list', { partnerId: 10001 }, user);
      expect(list.result.items.find((i: { name: string }) => i.name === 'Короткий').status).toBe('expired');
    } finally {
      clock = before;
    }
  });

  it('refuses a revoked token at its next call, on this instance and on another', async () => {
    const { id, secret } = await secretOf({ name: 'Отзываемый', scopes: { questions: 'read' } });
    const call = (app: BuiltApp['app']) => gateway(app, 'questions.list', { partnerId: 10001 }, secret);
    expect((await call(t.app)).status).toBe(200);
    expect((await call(second.built.app)).status).toBe(200); // cached there now
    await t.rpc('v1.api-tokens.revoke', { partnerId: 10001, id }, user);
    const here = await call(t.app);
    expect(here.status).toBe(401);
    expect(here.error?.message).toBe('Токен отозван');
    // The other instance hears the revocation through NOTIFY: refused within moments, without waiting a TTL.
    let there = await call(second.built.app);
    for (let i = 0; i < 50 && there.status === 200; i++) {
      await new Promise((r) => setTimeout(r, 20));
      there = await call(second.built.app);
    }
    expect(there.status).toBe(401);
  });

  it('ends the tokens of a member taken out of the team', async () => {
    const { secret } = await secretOf({ name: 'Уволенный', scopes: { questions: 'read' } });
    expect((await t.rpc('v1.questions.list', { partnerId: 10001 }, secret)).result).toBeDefined();
    const { revokeTokensOf } = await import('./index');
    const [issuer] = await t.sql<{ id: string }>(
      `select id::text from users where email = 'seller@moda.test'`,
    );
    const n = await revokeTokensOf(t.runtime.db, issuer!.id, 10001);
    expect(n).toBeGreaterThan(0);
    let r = await t.rpc('v1.questions.list', { partnerId: 10001 }, secret);
    for (let i = 0; i < 50 && r.result; i++) {
      await new Promise((res) => setTimeout(res, 20));
      r = await t.rpc('v1.questions.list', { partnerId: 10001 }, secret);
    }
    expect(r.error?.message).toBe('Токен отозван');
  });

  it('accepts calls only from its IP ranges', async () => {
    const { secret } = await secretOf({
      name: 'Сеть',
      scopes: { questions: 'read' },
      ipRanges: ['203.0.113.0/24', '2001:db8::/32'],
    });
    const call = (ip: string) => t.rpc('v1.questions.list', { partnerId: 10001 }, secret, { ip });
    expect((await call('203.0.113.7')).result).toBeDefined();
    expect((await call('::ffff:203.0.113.200')).result).toBeDefined();
    expect((await call('2001:db8::1')).result).toBeDefined();
    const refused = await call('198.51.100.1');
    expect(refused.error).toMatchObject({
      code: 50403,
      message: 'Запросы с адреса 198.51.100.1 этому токену не разрешены',
    });
    expect((await call('203.0.114.1')).error?.code).toBe(50403);
  });
});

describe('rate limits, usage, last use', () => {
  it('holds the limit of a class at its boundary across two instances, with the headers on every answer', async () => {
    const limit = API_RATE_LIMITS.files.perMinute;
    const { secret } = await secretOf({ name: 'Файлы', scopes: { files: 'read', questions: 'read' } });
    const apps = [t.app, second.built.app];
    let last: Awaited<ReturnType<typeof gateway<'files.get'>>> | undefined;
    for (let i = 1; i <= limit; i++) {
      last = await gateway(apps[i % 2]!, 'files.get', { partnerId: 10001, id: 999999 }, secret);
      expect(last.status).not.toBe(429);
      expect(last.headers['x-ratelimit-limit']).toBe(String(limit));
      expect(last.headers['x-ratelimit-remaining']).toBe(String(limit - i));
      expect(Number(last.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    }
    const over = await gateway(apps[(limit + 1) % 2]!, 'files.get', { partnerId: 10001, id: 999999 }, secret);
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    expect(over.error?.message).toMatch(/^Превышен лимит токена: 20 запросов в минуту/);
    // Another class of the same token has its own budget; a JSON-RPC answer carries the headers too.
    const read = await t.app.inject({
      method: 'POST',
      url: '/jsonrpc',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      payload: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'v1.questions.list',
        params: { partnerId: 10001 },
      }),
    });
    expect(read.json<{ result?: ResultOf<Methods['v1.questions.list']> }>().result).toBeDefined();
    expect(read.headers['x-ratelimit-limit']).toBe(String(API_RATE_LIMITS.read.perMinute));
  });

  it('spends a busy token from leases: numbers exact on one instance, the limit exact across two', async () => {
    // Statements counted by wrapping the database each limiter uses.
    let statements = 0;
    const counted = (db: Db) =>
      ({ execute: (q: unknown) => ((statements += 1), db.execute(q as never)) }) as unknown as Db;
    // A keeps its leases a minute (longer than the test), B a twentieth of a second.
    const a = new RateLimiter(counted(t.runtime.db), 60_000);
    const b = new RateLimiter(counted(second.runtime.db), 50);
    const limit = 10 * LEASE_SHARE;

    // One instance, 300 calls in bursts of 30 at once: numbered 1…300 without a gap or a repeat, in far
    // fewer statements than calls.
    const numbers: number[] = [];
    for (let burst = 0; burst < 10; burst++) {
      const hits = await Promise.all(Array.from({ length: 30 }, () => a.take('lease:one', 60, 100_000)));
      numbers.push(...hits.map((h) => h.count));
    }
    expect(numbers.sort((x, y) => x - y)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(statements).toBeLessThan(60);

    // Two instances on one budget: A spends 30 at once and goes quiet holding the rest of its lease; B spends
    // until refused — the limit less what A spent and holds —, and once A gives its unspent calls back (as at
    // its lease's end or at shutdown) B spends them too: in all exactly the limit, never more.
    const burst = await Promise.all(Array.from({ length: 30 }, () => a.take('lease:two', 60, limit)));
    expect(burst.every((h) => h.count <= 30 + limit / LEASE_SHARE)).toBe(true);
    const countOf = async (key: string) =>
      (await t.sql<{ count: number }>(`select count from rate_limits where key = $1`, [key]))[0]!.count;
    const held = (await countOf('lease:two')) - 30;
    expect(held).toBeGreaterThan(0);
    const spend = async (limiter: RateLimiter) => {
      let ok = 0;
      for (;;) {
        const hits = await Promise.all(Array.from({ length: 8 }, () => limiter.take('lease:two', 60, limit)));
        const now = hits.filter((h) => h.count <= limit).length;
        ok += now;
        if (now === 0) return ok;
      }
    };
    expect(await spend(b)).toBe(limit - 30 - held);
    await a.release();
    expect(await spend(b)).toBe(held);

    // A lease nobody spends goes back by itself when its time is up.
    await Promise.all(Array.from({ length: 30 }, () => b.take('lease:three', 60, limit)));
    expect(await countOf('lease:three')).toBeGreaterThan(30);
    await vi.waitFor(async () => expect(await countOf('lease:three')).toBe(30), { timeout: 5_000 });
    await Promise.all([a.release(), b.release()]);
  });

  it('counts calls per day and method with errors and 429s, keeps the last failures and the last use', async () => {
    const { id, secret } = await secretOf({ name: 'Счётчик', scopes: { questions: 'read' } });
    for (let i = 0; i < 3; i++)
      await t.rpc('v1.questions.list', { partnerId: 10001 }, secret, { ip: '192.0.2.10' });
    await t.rpc('v1.questions.list', { partnerId: 10001, page: 0 }, secret);
    await t.rpc('v1.feedback.templates.save', { partnerId: 10001 }, secret);
    const u = await t.rpc('v1.api-tokens.usage', { partnerId: 10001, id, days: 7 }, user);
    expect(u.result.days).toHaveLength(7);
    expect(u.result.days.at(-1)).toMatchObject({ calls: 5, errors: 2, limited: 0 });
    expect(u.result.methods).toEqual([
      { method: 'v1.questions.list', calls: 4, errors: 1, limited: 0 },
      { method: 'v1.feedback.templates.save', calls: 1, errors: 1, limited: 0 },
    ]);
    expect(u.result.failures[0]).toMatchObject({
      method: 'v1.feedback.templates.save',
      code: 50403,
      reason: 'apiToken.missingScope',
    });
    expect(u.result.failures[1]).toMatchObject({ method: 'v1.questions.list', code: -32602 });
    const list = await t.rpc('v1.api-tokens.list', { partnerId: 10001 }, user);
    const row = list.result.items.find((i: { id: string }) => i.id === id);
    expect(row.lastUsedIp).toBe('192.0.2.10');
    expect(Date.parse(row.lastUsedAt)).toBeGreaterThan(clock - 60_000);
  });

  it('counts a call a moment before Moscow midnight on its day and the next one on the next day', async () => {
    const { id, secret } = await secretOf({ name: 'Полночь', scopes: { questions: 'read' } });
    const before = clock;
    try {
      // 23:59:59.999 and 00:00:00.000 in Moscow (UTC+3), two days ahead of the suite's clock.
      const midnight = Date.parse(
        `${new Date(before + 2 * DAY + 3 * 3600_000).toISOString().slice(0, 10)}T00:00:00+03:00`,
      );
      clock = midnight - 1;
      await t.rpc('v1.questions.list', { partnerId: 10001 }, secret);
      clock = midnight;
      await t.rpc('v1.questions.list', { partnerId: 10001 }, secret);
      await t.rpc('v1.questions.list', { partnerId: 10001 }, secret);
      const u = await t.rpc('v1.api-tokens.usage', { partnerId: 10001, id, days: 7 }, user);
      expect(u.result.days.slice(-2).map((d: { calls: number }) => d.calls)).toEqual([1, 2]);
      // The secret that matched is remembered; another one for the same token is still refused.
      const forged = `${secret.slice(0, -4)}${secret.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
      expect((await t.rpc('v1.questions.list', { partnerId: 10001 }, forged)).error).toMatchObject({
        data: { reason: 'auth.unauthorized' },
      });
    } finally {
      clock = before;
    }
  });

  it('REST file routes answer with the same headers and count in the usage, as on the gateway', async () => {
    const { id, secret } = await secretOf({ name: 'Файлы REST', scopes: { files: 'read' } });
    const created = await t.rpc(
      'v1.exports.create',
      { partnerId: 10001, type: 'nomenclatures_with_reduced_attributes', filter: { tab: 'all' } },
      user,
    );
    const get = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } });
    // A module's route (the export is still being made: 400) and the files route (no such file: 404).
    const answers = [
      await get(`/rest/api/v1/exports/${created.result.id}/download`),
      await get('/rest/api/v1/files/00000000-0000-4000-8000-000000000000'),
    ];
    const limit = API_RATE_LIMITS.files.perMinute;
    expect(
      answers.map((r) => [r.statusCode, r.headers['x-ratelimit-limit'], r.headers['x-ratelimit-remaining']]),
    ).toEqual([
      [400, String(limit), String(limit - 1)],
      [404, String(limit), String(limit - 2)],
    ]);
    const u = await t.rpc('v1.api-tokens.usage', { partnerId: 10001, id, days: 7 }, user);
    expect(u.result.methods).toEqual(
      expect.arrayContaining([
        { method: 'v1.exports.list', calls: 1, errors: 1, limited: 0 },
        { method: 'v1.files.get', calls: 1, errors: 1, limited: 0 },
      ]),
    );
    expect(u.result.methods).toHaveLength(2);
  });

  it('reminds once of a token ending within 3 days, on the home page and by email', async () => {
    const { id } = await secretOf({ name: 'Скоро конец', expiresInDays: 3, scopes: { questions: 'read' } });
    const expiring = await t.rpc('v1.api-tokens.expiring', { partnerId: 10001 }, user);
    expect(expiring.result.items.map((i: { id: string }) => i.id)).toContain(id);
    const inbox = await t.rpc('v1.inbox.list', { partnerId: 10001 }, user);
    expect(inbox.result.items).toContainEqual(
      expect.objectContaining({ kind: 'api_tokens_expiring', link: '/profile/api' }),
    );
    const sent = await t.services.apiTokens.remindExpiring();
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(await t.services.apiTokens.remindExpiring()).toBe(0);
    const rows = await t.sql<{ reminded: boolean }>(
      `select reminded_at is not null as reminded from api_tokens where id = $1`,
      [id],
    );
    expect(rows[0]!.reminded).toBe(true);
  });
});

describe('documentation', () => {
  it('serves GET /docs without sign-in: methods with their scope and curl, the limits and the errors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('id="v1.questions.list"');
    expect(html).toContain('<code>questions:read</code>');
    expect(html).toContain('X-RateLimit-Remaining');
    expect(html).toContain(`<td>${API_RATE_LIMITS.files.perMinute}</td>`);
    expect(html).toContain('apiToken.missingScope');
    expect(html).toContain('curl -sS -X POST &#39;'.replace('&#39;', "'"));
    // Methods no token may call are not offered.
    expect(html).not.toContain('id="v1.api-tokens.issue"');
    expect(html).not.toContain('id="v1.platform.');
  });
});
