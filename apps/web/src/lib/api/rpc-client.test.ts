// The API client against a fake server: what it returns, the errors it throws with the spec's
// messages, the required-parameter check, and the single shared token refresh.
import { describe, expect, it, vi } from 'vitest';
import type { TokensResult } from '@moda/contracts';
import { createRpcClient, fileNameFromDisposition, gatewayPath, type Tokens } from './rpc-client';
import { MissingParameterError, RpcError, SessionExpiredError } from './rpc-error';

type Handler = (
  url: string,
  body: unknown,
  headers: Headers,
) => { status?: number; body?: unknown; headers?: Record<string, string> };

function fakeFetch(handler: Handler) {
  const calls: { url: string; body: unknown; headers: Headers }[] = [];
  const fn = vi.fn(async (url: string, init: RequestInit) => {
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const headers = new Headers(init.headers);
    calls.push({ url, body, headers });
    // Let parallel requests really overlap.
    await new Promise((r) => setTimeout(r, 5));
    const reply = handler(url, body, headers);
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  return { fn, calls };
}

function tokenStore(initial: Tokens | null = { accessToken: 'old-access', refreshToken: 'old-refresh' }) {
  let tokens = initial;
  return {
    get: () => tokens,
    set: (t: TokensResult) => {
      tokens = { accessToken: t.accessToken, refreshToken: t.refreshToken };
    },
  };
}

const newTokens: TokensResult = {
  accessToken: 'new-access',
  refreshToken: 'new-refresh',
  scope: ['partner_user'],
  expiresIn: 900,
};
const rpcBody = (b: unknown) => b as { id: string; method: string; params: unknown };

describe('JSON-RPC calls', () => {
  it('sends a random id, the method and params with the bearer token, and returns result', async () => {
    const { fn, calls } = fakeFetch((_u, b) => ({
      body: { jsonrpc: '2.0', id: rpcBody(b).id, result: { ok: true } },
    }));
    const client = createRpcClient({ tokens: tokenStore(), fetch: fn });
    await expect(client.call('v1.partners.activate-in-ui', { partnerId: 10001 })).resolves.toEqual({
      ok: true,
    });
    await client.call('v1.partners.activate-in-ui', { partnerId: 10001 });
    const [first, second] = calls;
    expect(first!.url).toBe('/jsonrpc');
    expect(rpcBody(first!.body)).toMatchObject({
      jsonrpc: '2.0',
      method: 'v1.partners.activate-in-ui',
      params: { partnerId: 10001 },
    });
    expect(rpcBody(first!.body).id).not.toBe(rpcBody(second!.body).id);
    expect(first!.headers.get('authorization')).toBe('Bearer old-access');
  });

  it('returns the whole data when the reply has no result', async () => {
    const { fn } = fakeFetch(() => ({ body: { items: [1, 2] } }));
    const client = createRpcClient({ tokens: tokenStore(), fetch: fn });
    await expect(client.call('v1.partners.search', { query: 'x' })).resolves.toEqual({ items: [1, 2] });
  });

  it('throws an error holding method, request, response, API message and code', async () => {
    const reply = {
      jsonrpc: '2.0',
      id: 1,
      error: { code: 50404, message: 'Партнёр не найден', data: { reason: 'partner.notFound' } },
    };
    const { fn } = fakeFetch(() => ({ body: reply }));
    const client = createRpcClient({ tokens: tokenStore(), fetch: fn });
    const error = await client.call('v1.partners.features.list', { partnerId: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    const e = error as RpcError;
    expect(e.message).toBe('API client got error response on v1.partners.features.list: Партнёр не найден');
    expect(e.method).toBe('v1.partners.features.list');
    expect(e.code).toBe(50404);
    expect(e.apiMessage).toBe('Партнёр не найден');
    expect(e.response).toEqual(reply);
    expect(e.request).toMatchObject({ method: 'v1.partners.features.list', params: { partnerId: 1 } });
    expect(e.data?.reason).toBe('partner.notFound');
  });

  it('says only the method when the server gave no message', async () => {
    const client = createRpcClient({
      tokens: tokenStore(),
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(client.call('v1.dictionaries.get', {})).rejects.toThrow(
      'API client got error on v1.dictionaries.get',
    );
  });

  it('keeps field errors of a form-style reply', async () => {
    const errors = [{ field: 'query', message: 'Не более 100 символов' }];
    const { fn } = fakeFetch(() => ({
      body: { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Проверьте поля', data: { errors } } },
    }));
    const client = createRpcClient({ tokens: tokenStore(), fetch: fn });
    const e = (await client.call('v1.partners.search', { query: 'x' }).catch((x: unknown) => x)) as RpcError;
    expect(e.fieldErrors).toEqual(errors);
  });

  it('refuses to send a call without a required parameter, naming it and the method', async () => {
    const { fn } = fakeFetch(() => ({ body: {} }));
    const client = createRpcClient({ tokens: tokenStore(), fetch: fn });
    const call = () =>
      client.call('v1.partners.activate-in-ui', { partnerId: undefined } as unknown as { partnerId: number });
    await expect(call()).rejects.toBeInstanceOf(MissingParameterError);
    await expect(call()).rejects.toThrow(
      'Required parameter partnerId was null or undefined when calling v1.partners.activate-in-ui.',
    );
    await expect(
      client.call('v1.tokens.update', null as unknown as { refreshToken: string }),
    ).rejects.toThrow('Required parameter params was null or undefined when calling v1.tokens.update.');
    expect(fn).not.toHaveBeenCalled();
  });

  it('lets optional and defaulted parameters be left out', async () => {
    const { fn } = fakeFetch((_u, b) => ({
      body: { jsonrpc: '2.0', id: rpcBody(b).id, result: { items: [] } },
    }));
    const client = createRpcClient({ tokens: tokenStore(), fetch: fn });
    await expect(client.call('v1.partners.search', {})).resolves.toEqual({ items: [] });
  });

  it('sends the visitor id and keeps the one the server answers with', async () => {
    let lid: string | null = 'lid-1';
    const { fn, calls } = fakeFetch((_u, b) => ({
      body: { jsonrpc: '2.0', id: rpcBody(b).id, result: {} },
      headers: { 'x-lid': 'lid-2' },
    }));
    const client = createRpcClient({
      tokens: tokenStore(),
      fetch: fn,
      lid: { get: () => lid, set: (v) => (lid = v) },
    });
    await client.call('v1.dictionaries.get', {});
    expect(calls[0]!.headers.get('x-lid')).toBe('lid-1');
    expect(lid).toBe('lid-2');
  });
});

describe('token refresh', () => {
  /** A server whose access tokens before refresh are expired: 50401 inside the RPC reply. */
  function expiringServer() {
    return fakeFetch((url, b, headers) => {
      if (url === '/jsonrpc/v1/tokens.update') {
        return (b as { refreshToken: string }).refreshToken === 'old-refresh'
          ? { body: newTokens }
          : { status: 401, body: { error: { code: 50401, message: 'Сессия завершена. Войдите снова' } } };
      }
      const id = rpcBody(b).id;
      if (headers.get('authorization') !== 'Bearer new-access') {
        return {
          body: {
            jsonrpc: '2.0',
            id,
            error: {
              code: 50401,
              message: 'Срок действия сессии истёк',
              data: { reason: 'auth.tokenExpired' },
            },
          },
        };
      }
      return { body: { jsonrpc: '2.0', id, result: { method: rpcBody(b).method } } };
    });
  }

  it('refreshes once for parallel calls, each retried once with the new token', async () => {
    const { fn, calls } = expiringServer();
    const tokens = tokenStore();
    const client = createRpcClient({ tokens, fetch: fn });
    const results = await Promise.all([
      client.call('v1.dictionaries.get', {}),
      client.call('v1.audit.list', { partnerId: 1 }),
      client.call('v1.partners.features.list', { partnerId: 1 }),
    ]);
    expect(results).toEqual([
      { method: 'v1.dictionaries.get' },
      { method: 'v1.audit.list' },
      { method: 'v1.partners.features.list' },
    ]);
    expect(calls.filter((c) => c.url === '/jsonrpc/v1/tokens.update')).toHaveLength(1);
    expect(calls.filter((c) => c.url === '/jsonrpc')).toHaveLength(6);
    expect(tokens.get()).toEqual({ accessToken: 'new-access', refreshToken: 'new-refresh' });
  });

  it('makes calls that start during a refresh wait for it instead of failing', async () => {
    const { fn, calls } = expiringServer();
    const client = createRpcClient({ tokens: tokenStore(), fetch: fn });
    const first = client.call('v1.dictionaries.get', {});
    await new Promise((r) => setTimeout(r, 7));
    const second = client.call('v1.audit.list', { partnerId: 1 });
    await Promise.all([first, second]);
    const auditCalls = calls.filter(
      (c) => c.url === '/jsonrpc' && rpcBody(c.body).method === 'v1.audit.list',
    );
    expect(auditCalls.map((c) => c.headers.get('authorization'))).toEqual(['Bearer new-access']);
  });

  it('logs out when the refresh fails: every waiting call gets "Error on tokens.update"', async () => {
    const { fn, calls } = expiringServer();
    const onSessionExpired = vi.fn();
    const client = createRpcClient({
      tokens: tokenStore({ accessToken: 'a', refreshToken: 'stolen' }),
      fetch: fn,
      onSessionExpired,
    });
    const results = await Promise.allSettled([
      client.call('v1.dictionaries.get', {}),
      client.call('v1.audit.list', { partnerId: 1 }),
    ]);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(SessionExpiredError);
      expect(((r as PromiseRejectedResult).reason as Error).message).toBe('Error on tokens.update');
    }
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.url === '/jsonrpc/v1/tokens.update')).toHaveLength(1);
  });

  it('retries only once: a second 50401 is the caller’s error', async () => {
    const { fn } = fakeFetch((url, b) =>
      url === '/jsonrpc/v1/tokens.update'
        ? { body: newTokens }
        : {
            body: {
              jsonrpc: '2.0',
              id: rpcBody(b).id,
              error: { code: 50401, message: 'Требуется авторизация' },
            },
          },
    );
    const client = createRpcClient({ tokens: tokenStore(), fetch: fn });
    await expect(client.call('v1.dictionaries.get', {})).rejects.toMatchObject({ code: 50401 });
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('never refreshes for public methods (a wrong password is not an expired session)', async () => {
    const { fn } = fakeFetch(() => ({
      status: 401,
      body: {
        error: {
          code: 50401,
          message: 'Неверный email или пароль',
          data: { reason: 'auth.invalidGrant', error: 'invalid_grant' },
        },
      },
    }));
    const client = createRpcClient({ tokens: tokenStore(null), fetch: fn });
    const e = (await client
      .gateway('v1.tokens.create', { username: 'a', password: 'b' })
      .catch((x: unknown) => x)) as RpcError;
    expect(e.data?.error).toBe('invalid_grant');
    expect(e.status).toBe(401);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn.mock.calls[0]![0]).toBe('/jsonrpc/v1/tokens.create');
  });

  it('refreshes on an HTTP 401 of a REST call and retries it once', async () => {
    const { fn, calls } = fakeFetch((url, _b, headers) => {
      if (url === '/jsonrpc/v1/tokens.update') return { body: newTokens };
      return headers.get('authorization') === 'Bearer new-access'
        ? { body: [{ name: 'offersEnabled', enabled: true }] }
        : { status: 401, body: { error: { code: 50401, message: 'Срок действия сессии истёк' } } };
    });
    const client = createRpcClient({ tokens: tokenStore(), fetch: fn });
    const response = await client.rest('/api/v1/partners/10001/features');
    await expect(response.json()).resolves.toEqual([{ name: 'offersEnabled', enabled: true }]);
    expect(calls.map((c) => c.url)).toEqual([
      '/rest/api/v1/partners/10001/features',
      '/jsonrpc/v1/tokens.update',
      '/rest/api/v1/partners/10001/features',
    ]);
  });

  it('turns a REST error into an RpcError with the server’s message', async () => {
    const { fn } = fakeFetch(() => ({
      status: 404,
      body: { error: { code: 50404, message: 'Файл не найден' } },
    }));
    const client = createRpcClient({ tokens: tokenStore(), fetch: fn });
    await expect(client.rest('/api/v1/files/x')).rejects.toThrow(
      'API client got error response on GET /api/v1/files/x: Файл не найден',
    );
  });
});

describe('helpers', () => {
  it('builds the gateway path of a method', () => {
    expect(gatewayPath('v1.tokens.create')).toBe('/jsonrpc/v1/tokens.create');
    expect(gatewayPath('v2.promotions.list')).toBe('/jsonrpc/v2/promotions.list');
  });

  it.each([
    ['attachment; filename="report.xlsx"', 'report.xlsx'],
    ["attachment; filename*=UTF-8''%D0%BE%D1%82%D1%87%D1%91%D1%82.csv", 'отчёт.csv'],
    [null, 'fallback.bin'],
  ])('reads the file name of %s', (header, name) => {
    expect(fileNameFromDisposition(header, 'fallback.bin')).toBe(name);
  });
});
