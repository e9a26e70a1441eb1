// JSON-RPC 2.0 conformance: the examples section of the standard, replayed against our methods,
// plus batches that mix good, bad and notification calls, and the gateway form of the same methods.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHODS } from '@moda/contracts';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login('seller@moda.test')).accessToken;
});
afterAll(() => t.close());

const call = (method: string, params: unknown, id: unknown = 1) => ({ jsonrpc: '2.0', method, params, id });

describe('JSON-RPC 2.0 examples', () => {
  it('rpc call with named parameters returns the result under the same id', async () => {
    const res = await t.post(call('v1.dictionaries.get', {}, 'abc'), token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      jsonrpc: '2.0',
      id: 'abc',
      result: { user: { email: 'seller@moda.test' } },
    });
  });

  it('a notification gets no reply at all', async () => {
    const res = await t.post({ jsonrpc: '2.0', method: 'v1.dictionaries.get', params: {} }, token);
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
  });

  it('a notification of an unknown method gets no reply either', async () => {
    const res = await t.post({ jsonrpc: '2.0', method: 'foobar' });
    expect(res.status).toBe(204);
  });

  it('non-existent method → -32601', async () => {
    const res = await t.post({ jsonrpc: '2.0', method: 'foobar', id: '1' });
    expect(res.json).toMatchObject({ jsonrpc: '2.0', id: '1', error: { code: -32601 } });
  });

  it('invalid JSON → -32700 with id null', async () => {
    const res = await t.post('{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]');
    expect(res.json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: expect.any(String) },
    });
  });

  it('invalid Request object → -32600 with id null', async () => {
    const res = await t.post({ jsonrpc: '2.0', method: 1, params: 'bar' });
    expect(res.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
  });

  it('batch with invalid JSON → a single -32700', async () => {
    const res = await t.post(
      '[{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},{"jsonrpc": "2.0", "method"]',
    );
    expect(res.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
  });

  it('empty batch → a single -32600, not an array', async () => {
    const res = await t.post([]);
    expect(Array.isArray(res.json)).toBe(false);
    expect(res.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
  });

  it('invalid batch of one → an array of one -32600', async () => {
    const res = await t.post([1]);
    expect(res.json).toEqual([
      { jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32600 }) },
    ]);
  });

  it('invalid batch of three → three -32600', async () => {
    const res = await t.post([1, 2, 3]);
    expect(res.json).toHaveLength(3);
    for (const r of res.json as { error: { code: number } }[]) expect(r.error.code).toBe(-32600);
  });

  it('a mixed batch answers each call that has an id, in order, and skips notifications', async () => {
    const res = await t.post(
      [
        call('v1.dictionaries.get', {}, '1'),
        { jsonrpc: '2.0', method: 'v1.dictionaries.get', params: {} },
        call('v1.partners.features.list', { partnerId: 10001 }, '2'),
        { foo: 'boo' },
        call('foo.get', { name: 'myself' }, '5'),
        call('v1.files.get', { partnerId: 10001, fileImportId: 'nope' }, '9'),
      ],
      token,
    );
    const replies = res.json as { id: unknown; result?: unknown; error?: { code: number } }[];
    expect(replies.map((r) => r.id)).toEqual(['1', '2', null, '5', '9']);
    expect(replies[0]!.result).toBeDefined();
    expect(replies[1]!.result).toBeDefined();
    expect(replies[2]!.error!.code).toBe(-32600);
    expect(replies[3]!.error!.code).toBe(-32601);
    expect(replies[4]!.error!.code).toBe(-32602);
  });

  it('a batch of notifications only → no body', async () => {
    const res = await t.post(
      [
        { jsonrpc: '2.0', method: 'v1.dictionaries.get', params: {} },
        { jsonrpc: '2.0', method: 'v1.dictionaries.get', params: {} },
      ],
      token,
    );
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
  });
});

describe('request rules', () => {
  it('refuses a wrong protocol version, a non-object params and an object id', async () => {
    for (const body of [
      { jsonrpc: '1.0', method: 'v1.dictionaries.get', id: 1 },
      { jsonrpc: '2.0', method: 'v1.dictionaries.get', params: 'x', id: 1 },
      { jsonrpc: '2.0', method: 'v1.dictionaries.get', id: { a: 1 } },
    ]) {
      const res = await t.post(body, token);
      expect((res.json as { error: { code: number } }).error.code).toBe(-32600);
    }
  });

  it('positional parameters → -32602', async () => {
    const res = await t.post(call('v1.dictionaries.get', [1, 2]), token);
    expect(res.json).toMatchObject({ error: { code: -32602 } });
  });

  it('invalid params → -32602 with Russian messages per field', async () => {
    const res = await t.rpc(
      'v1.partners.search',
      { query: 'x', limit: 500 },
      (await t.login('admin@moda.test')).accessToken,
    );
    expect(res.error).toMatchObject({
      code: -32602,
      data: { errors: [{ field: 'limit', message: 'Значение должно быть не больше 50' }] },
    });
  });

  it('unknown keys in params are refused, named', async () => {
    const res = await t.rpc('v1.dictionaries.get', { partnerId: 1, extra: true }, token);
    expect(res.error?.code).toBe(-32602);
    expect(res.error?.data?.errors).toEqual([
      { field: 'partnerId', message: 'Неизвестное поле' },
      { field: 'extra', message: 'Неизвестное поле' },
    ]);
  });

  it('a missing required param names the field', async () => {
    const res = await t.rpc('v1.files.get', { partnerId: 10001 }, token);
    expect(res.error?.data?.errors).toEqual([{ field: 'fileImportId', message: 'Обязательное поле' }]);
  });

  it('a batch larger than the cap is refused whole', async () => {
    const batch = Array.from({ length: t.config.rpcBatchLimit + 1 }, (_, i) =>
      call('v1.dictionaries.get', {}, i),
    );
    const res = await t.post(batch, token);
    expect(res.json).toMatchObject({
      id: null,
      error: { code: -32600, data: { limit: t.config.rpcBatchLimit } },
    });
  });

  it('a body over 1 MB → 413 with a JSON-RPC error', async () => {
    const res = await t.post(
      { jsonrpc: '2.0', method: 'v1.dictionaries.get', id: 1, params: { pad: 'x'.repeat(1_100_000) } },
      token,
    );
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ id: null, error: { code: 50400 } });
  });

  it('server errors leak no stack, SQL or message of the failure', async () => {
    // The partners table is gone for this call: the query fails inside the handler.
    await t.sql('alter table partners rename to partners_hidden');
    try {
      const res = await t.rpc('v1.dictionaries.get', {}, token);
      expect(res.error).toEqual({
        code: 50500,
        message: 'Внутренняя ошибка сервера. Попробуйте позже',
        data: { reason: 'rpc.internal' },
      });
      expect(JSON.stringify(res)).not.toMatch(/partners|select|stack|at /i);
    } finally {
      await t.sql('alter table partners_hidden rename to partners');
    }
  });
});

describe('method lookup and role order', () => {
  // Names of Object.prototype were once looked up as methods: some answered without authentication, others
  // failed with a logged stack on every call.
  const prototypeNames = Object.getOwnPropertyNames(Object.prototype);

  it.each(prototypeNames)(
    '«%s» is no method: -32601, anonymous or signed in, over JSON-RPC and the gateway',
    async (name) => {
      for (const who of [undefined, token]) {
        const res = await t.post({ jsonrpc: '2.0', method: name, params: {}, id: 7 }, who);
        expect(res.json).toMatchObject({ id: 7, error: { code: -32601 } });
      }
      const gw = await t.app.inject({ method: 'POST', url: `/v1/${name}`, payload: '{}' });
      expect(gw.statusCode).not.toBe(500);
      expect(gw.json().error.code).toBe(-32601);
    },
  );

  it('a caller without the role is refused before the params are read: no shape leaks through -32602', async () => {
    // Warehouse approval is support's: a seller sending nonsense learns only that it may not call it.
    const res = await t.rpc('v1.warehouses.approve', { nonsense: true }, token);
    expect(res.error).toMatchObject({ code: 50403 });
    expect(res.error?.data).not.toHaveProperty('errors');
  });
});

describe('gateway form and discovery', () => {
  it('POST /v1/{area}.{action}: body = params, reply = result', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/dictionaries.get',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: 'seller@moda.test' } });
  });

  it('gateway errors come as HTTP status + the same error object', async () => {
    const unauth = await t.app.inject({ method: 'POST', url: '/v1/dictionaries.get', payload: {} });
    expect(unauth.statusCode).toBe(401);
    expect(unauth.json()).toMatchObject({ error: { code: 50401 } });
    const missing = await t.app.inject({ method: 'POST', url: '/v1/nothing.here', payload: {} });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/files.get',
      headers: { authorization: `Bearer ${token}` },
      payload: { partnerId: 10001 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { code: -32602, data: { errors: [{ field: 'fileImportId' }] } },
    });
  });

  it('POST /jsonrpc/v1/tokens.create logs in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/jsonrpc/v1/tokens.create',
      payload: { username: 'fbs', password: 'Moda2026!' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      scope: ['partner_user'],
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
  });

  it('rpc.discover and GET /jsonrpc/openrpc.json describe every method of the catalogue', async () => {
    const viaRpc = (await t.rpc('rpc.discover')).result as { openrpc: string; methods: { name: string }[] };
    const viaGet = (await t.app.inject({ method: 'GET', url: '/jsonrpc/openrpc.json' })).json();
    expect(viaRpc).toEqual(viaGet);
    expect(viaRpc.openrpc).toBe('1.3.2');
    expect(viaRpc.methods.map((m) => m.name).sort()).toEqual(Object.keys(METHODS).sort());
    const search = viaRpc.methods.find((m) => m.name === 'v1.partners.search') as unknown as {
      params: { name: string }[];
    };
    expect(search.params.map((p) => p.name)).toEqual(['query', 'limit']);
  });
});
