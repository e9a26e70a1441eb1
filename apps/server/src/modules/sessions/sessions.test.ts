// Auth: login errors of spec 001 §8, token validation (tampered, expired, alg none, wrong type),
// refresh rotation with reuse detection, logout, disabled users and the login rate limits.
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { plainContext } from '../../core/context';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { loginRate: { perIpPerMinute: 8, failuresPerAccountIp: 3, failureWindowSec: 900 } },
  });
});
afterAll(() => t.close());

let ipSeq = 0;
/** Each test logs in from its own address, so the per-address limits of one test do not touch another. */
const freshIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const whoAmI = async (token: string) => t.rpc('v1.dictionaries.get', {}, token);

describe('login', () => {
  it('accepts an email or a login, in any case, and returns roles in scope', async () => {
    const ip = freshIp();
    for (const username of ['seller@moda.test', 'SELLER@Moda.Test', 'seller']) {
      const res = await t.rpc('v1.tokens.create', { username, password: 'Moda2026!' }, undefined, { ip });
      expect(res.result).toMatchObject({ scope: ['partner_user'], expiresIn: 900 });
      expect((await whoAmI(res.result.accessToken)).result.user.email).toBe('seller@moda.test');
    }
  });

  it('answers the same for an unknown user and a wrong password: invalid_grant', async () => {
    const ip = freshIp();
    const unknown = await t.rpc(
      'v1.tokens.create',
      { username: 'nobody@moda.test', password: 'Moda2026!' },
      undefined,
      { ip },
    );
    const wrong = await t.rpc(
      'v1.tokens.create',
      { username: 'fbs@moda.test', password: 'Wrong2026!' },
      undefined,
      { ip },
    );
    expect(unknown.error).toEqual(wrong.error);
    expect(wrong.error).toEqual({
      code: 50401,
      message: 'Неверный email или пароль',
      data: { reason: 'auth.invalidGrant', error: 'invalid_grant' },
    });
  });

  it('empty fields → empty_fields', async () => {
    for (const params of [
      {},
      { username: '', password: 'x' },
      { username: 'seller', password: '' },
      { username: '   ', password: 'x' },
    ]) {
      const res = await t.rpc('v1.tokens.create', params, undefined, { ip: freshIp() });
      expect(res.error).toMatchObject({
        code: 50400,
        message: 'Введите email и пароль',
        data: { error: 'empty_fields' },
      });
    }
  });

  it('disallowed characters → invalid_error', async () => {
    for (const params of [
      { username: 'продавец@moda.test', password: 'Moda2026!' },
      { username: 'seller', password: 'Пароль2026!' },
      { username: 'sel ler', password: 'Moda2026!' },
    ]) {
      const res = await t.rpc('v1.tokens.create', params, undefined, { ip: freshIp() });
      expect(res.error).toMatchObject({ code: 50400, data: { error: 'invalid_error' } });
    }
  });

  it('leaves an audit record of the login, and none of a failed one', async () => {
    const before = await t.sql<{ n: number }>(
      `select count(*)::int as n from audit_log where method = 'v1.tokens.create'`,
    );
    await t.rpc('v1.tokens.create', { username: 'dropship', password: 'bad-Pass1!' }, undefined, {
      ip: freshIp(),
    });
    await t.login('dropship', undefined, freshIp());
    const after = await t.sql<{ n: number }>(
      `select count(*)::int as n from audit_log where method = 'v1.tokens.create'`,
    );
    expect(after[0]!.n - before[0]!.n).toBe(1);
  });
});

describe('access tokens', () => {
  let good: string;
  beforeAll(async () => {
    good = (await t.login('seller', undefined, freshIp())).accessToken;
  });

  const expect401 = async (token: string) => {
    const res = await whoAmI(token);
    expect(res.error?.code).toBe(50401);
    expect(res.result).toBeUndefined();
  };

  it('a valid token works', async () => {
    expect((await whoAmI(good)).result).toBeDefined();
  });

  it('no token, garbage, or another scheme → 50401', async () => {
    expect((await t.rpc('v1.dictionaries.get', {})).error?.code).toBe(50401);
    await expect401('not-a-jwt');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/dictionaries.get',
      headers: { authorization: `Basic ${good}` },
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });

  it('a tampered payload → 50401', async () => {
    const [h, p, s] = good.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    payload.scope = ['admin'];
    await expect401(`${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`);
  });

  it('alg: none → 50401', async () => {
    const payload = JSON.parse(Buffer.from(good.split('.')[1]!, 'base64url').toString());
    await expect401(new UnsecuredJWT(payload).encode());
  });

  it('signed with another key → 50401', async () => {
    const payload = JSON.parse(Buffer.from(good.split('.')[1]!, 'base64url').toString());
    const forged = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .sign(new TextEncoder().encode('x'.repeat(64)));
    await expect401(forged);
  });

  it('wrong type: a plain JWT of our key without typ at+jwt, or a refresh token → 50401', async () => {
    const payload = JSON.parse(Buffer.from(good.split('.')[1]!, 'base64url').toString());
    const untyped = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(t.runtime.jwtSecret));
    await expect401(untyped);
    await expect401((await t.login('seller', undefined, freshIp())).refreshToken);
  });

  it('an expired token → 50401 with reason auth.tokenExpired', async () => {
    const payload = JSON.parse(Buffer.from(good.split('.')[1]!, 'base64url').toString());
    const expired = await new SignJWT({
      ...payload,
      iat: Math.floor(Date.now() / 1000) - 3600,
      exp: Math.floor(Date.now() / 1000) - 60,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .sign(new TextEncoder().encode(t.runtime.jwtSecret));
    const res = await whoAmI(expired);
    expect(res.error).toMatchObject({ code: 50401, data: { reason: 'auth.tokenExpired' } });
  });
});

describe('refresh tokens', () => {
  it('rotate on every use: the new pair works, the old refresh token does not', async () => {
    const first = await t.login('fbs', undefined, freshIp());
    const second = (await t.rpc('v1.tokens.update', { refreshToken: first.refreshToken })).result;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await whoAmI(second.accessToken)).result).toBeDefined();
    const third = (await t.rpc('v1.tokens.update', { refreshToken: second.refreshToken })).result;
    expect(third.scope).toEqual(['partner_user']);
  });

  it('reusing an old refresh token revokes the whole login', async () => {
    const first = await t.login('fbs', undefined, freshIp());
    const second = (await t.rpc('v1.tokens.update', { refreshToken: first.refreshToken })).result;
    const replay = await t.rpc('v1.tokens.update', { refreshToken: first.refreshToken });
    expect(replay.error).toMatchObject({ code: 50401, data: { reason: 'auth.invalidRefreshToken' } });
    // The legitimate holder's newer tokens stop working too: the thief and the owner both must log in again.
    expect((await t.rpc('v1.tokens.update', { refreshToken: second.refreshToken })).error?.code).toBe(50401);
    expect((await whoAmI(second.accessToken)).error?.code).toBe(50401);
    // Another login of the same user is untouched.
    const other = await t.login('fbs', undefined, freshIp());
    expect((await whoAmI(other.accessToken)).result).toBeDefined();
  });

  it('two concurrent uses of one refresh token: exactly one succeeds', async () => {
    const first = await t.login('multi', undefined, freshIp());
    const [a, b] = await Promise.all([
      t.rpc('v1.tokens.update', { refreshToken: first.refreshToken }),
      t.rpc('v1.tokens.update', { refreshToken: first.refreshToken }),
    ]);
    expect([a, b].filter((r) => r.result).length).toBe(1);
  });

  it('an unknown refresh token → 50401', async () => {
    expect((await t.rpc('v1.tokens.update', { refreshToken: 'made-up' })).error?.code).toBe(50401);
  });

  it('logout revokes the refresh token and the access tokens of that login', async () => {
    const s = await t.login('dropship', undefined, freshIp());
    expect((await t.rpc('v1.tokens.revoke', { refreshToken: s.refreshToken })).result).toEqual({ ok: true });
    expect((await t.rpc('v1.tokens.update', { refreshToken: s.refreshToken })).error?.code).toBe(50401);
    expect((await whoAmI(s.accessToken)).error?.code).toBe(50401);
  });
});

describe('disabled users', () => {
  it('tokens stop working at once and the user cannot log in or refresh', async () => {
    const s = await t.login('keeper', undefined, freshIp());
    expect((await whoAmI(s.accessToken)).result).toBeDefined();
    const id = (await t.sql<{ id: string }>(`select id from users where login = 'keeper'`))[0]!.id;
    await t.runtime.db.transaction((tx) => t.services.auth.setDisabled(plainContext(tx), id, true));
    expect((await whoAmI(s.accessToken)).error?.code).toBe(50401);
    expect((await t.rpc('v1.tokens.update', { refreshToken: s.refreshToken })).error?.code).toBe(50401);
    const login = await t.rpc('v1.tokens.create', { username: 'keeper', password: 'Moda2026!' }, undefined, {
      ip: freshIp(),
    });
    expect(login.error?.data?.error).toBe('invalid_grant');
  });

  it('another instance drops its cached copy through NOTIFY', async () => {
    const s = await t.login('operator', undefined, freshIp());
    expect((await whoAmI(s.accessToken)).result).toBeDefined();
    // Disable straight in the database, as another instance would, and announce it.
    const id = (await t.sql<{ id: string }>(`select id from users where login = 'operator'`))[0]!.id;
    await t.sql(`update users set disabled_at = now() where id = $1`, [id]);
    await t.sql(`select pg_notify('auth_changed', $1)`, [id]);
    await expect.poll(async () => (await whoAmI(s.accessToken)).error?.code, { timeout: 3000 }).toBe(50401);
  });
});

describe('rate limits', () => {
  it('too many failures for one account from one address → 429 with retry-after, even with the right password', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const r = await t.rpc('v1.tokens.create', { username: 'multi', password: 'Wrong1!x' }, undefined, {
        ip,
      });
      expect(r.error?.data?.error).toBe('invalid_grant');
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/jsonrpc/v1/tokens.create',
      payload: { username: 'multi', password: 'Moda2026!' },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({
      error: { code: 50429, message: 'Слишком много попыток входа. Повторите попытку позже' },
    });
  });

  it('the email and the login of one account share one count: another spelling gets no more guesses', async () => {
    const ip = freshIp();
    for (const username of ['fbs@moda.test', 'fbs', 'FBS@moda.test']) {
      const r = await t.rpc('v1.tokens.create', { username, password: 'Wrong1!x' }, undefined, { ip });
      expect(r.error?.data?.error, username).toBe('invalid_grant');
    }
    for (const username of ['fbs', 'Fbs@Moda.Test']) {
      const r = await t.rpc('v1.tokens.create', { username, password: 'Moda2026!' }, undefined, { ip });
      expect(r.error, username).toMatchObject({ code: 50429, data: { reason: 'auth.tooManyAttempts' } });
    }
    // Linking an account is a guess at its password too, under the same count.
    const seller = (await t.login('seller', undefined, freshIp())).accessToken;
    const link = await t.rpc('v1.accounts.add', { username: 'fbs', password: 'Moda2026!' }, seller, { ip });
    expect(link.error).toMatchObject({ code: 50429 });
    // Another account from the same address is not held.
    const ok = { username: 'dropship', password: 'Moda2026!' };
    const other = await t.rpc('v1.tokens.create', ok, undefined, { ip });
    expect(other.result?.scope).toEqual(['partner_user']);
  });

  it('an attacker elsewhere cannot lock the owner out', async () => {
    const attacker = freshIp();
    for (let i = 0; i < 5; i++)
      await t.rpc('v1.tokens.create', { username: 'admin', password: 'Guess1!x' }, undefined, {
        ip: attacker,
      });
    const owner = await t.rpc('v1.tokens.create', { username: 'admin', password: 'Moda2026!' }, undefined, {
      ip: freshIp(),
    });
    expect(owner.result?.scope).toEqual(['admin']);
  });

  it('too many attempts from one address → 429 whatever the accounts', async () => {
    const ip = freshIp();
    const codes: (number | undefined)[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await t.rpc(
        'v1.tokens.create',
        { username: `user${i}@moda.test`, password: 'Moda2026!' },
        undefined,
        { ip },
      );
      codes.push(r.error?.code);
    }
    expect(codes.slice(0, 8).every((c) => c === 50401)).toBe(true);
    expect(codes.slice(8)).toEqual([50429, 50429]);
  });
});
