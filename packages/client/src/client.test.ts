// The sellers' client against a mocked fetch: the gateway request it sends, results and typed errors, the
// 429 retry after Retry-After (bounded), a call refused before it goes out, and the webhook signature check.
import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createClient, MissingParameterError, RpcError, verifySignature } from '.';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const limited = (retryAfter: string) =>
  json(
    429,
    {
      error: {
        code: 50429,
        message: 'Слишком много запросов. Повторите попытку позже',
        data: { reason: 'common.tooManyRequests' },
      },
    },
    {
      'retry-after': retryAfter,
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': retryAfter,
    },
  );
const page = { items: [], total: 0, page: 1, pageSize: 20 };

function setup(replies: Response[], opts: { maxRetries?: number; maxDelayMs?: number } = {}) {
  const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
  for (const r of replies) fetch.mockResolvedValueOnce(r);
  const sleep = vi.fn(async (_ms: number) => {});
  const client = createClient({
    baseUrl: 'https://seller.example/',
    token: 'msk_abc.def',
    fetch,
    sleep,
    ...opts,
  });
  return { client, fetch, sleep };
}

describe('createClient', () => {
  it('posts the params to the gateway path with the token and returns the typed result', async () => {
    const { client, fetch } = setup([
      json(200, page, {
        'x-ratelimit-limit': '300',
        'x-ratelimit-remaining': '299',
        'x-ratelimit-reset': '60',
      }),
    ]);
    const r = await client.call('v1.orders.list', { partnerId: 10001, status: ['new'], page: 1 });
    expect(r.total).toBe(0);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://seller.example/v1/orders.list');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer msk_abc.def');
    expect(JSON.parse(init.body as string)).toEqual({ partnerId: 10001, status: ['new'], page: 1 });
    expect(client.rateLimit).toEqual({ limit: 300, remaining: 299, resetSec: 60 });
    // Types come from the contracts: a wrong param and a method no token may call do not compile.
    if (r.total < 0) {
      // @ts-expect-error `page` is a number
      await client.call('v1.orders.list', { partnerId: 10001, page: 'one' });
      // @ts-expect-error platform methods are not offered to a token
      await client.call('v1.platform.orders.move', {});
    }
  });

  it('an error answer is an RpcError with the API code, the Russian message and the reason', async () => {
    const { client } = setup([
      json(403, {
        error: {
          code: 50403,
          message: 'У токена нет доступа «Заказы — чтение и изменение»',
          data: { reason: 'apiToken.missingScope', missingScope: 'orders:write' },
        },
      }),
    ]);
    const err = await client
      .call('v1.orders.confirmation', { partnerId: 10001, orderNr: '1', action: 'confirm' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcError);
    expect(err).toMatchObject({
      code: 50403,
      status: 403,
      apiMessage: 'У токена нет доступа «Заказы — чтение и изменение»',
      reason: 'apiToken.missingScope',
      data: { missingScope: 'orders:write' },
    });
  });

  it('429: waits the Retry-After (at least a doubling backoff) and tries again', async () => {
    const { client, fetch, sleep } = setup([limited('3'), limited('0'), json(200, page)]);
    await expect(client.call('v1.orders.list', { partnerId: 10001 })).resolves.toEqual(page);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([3000, 2000]);
  });

  it('429: bounded — after maxRetries, or when Retry-After is past maxDelayMs, the error is thrown', async () => {
    const a = setup([limited('1'), limited('1'), limited('1')], { maxRetries: 2 });
    await expect(a.client.call('v1.orders.list', { partnerId: 10001 })).rejects.toMatchObject({
      code: 50429,
      apiMessage: 'Слишком много запросов. Повторите попытку позже',
    });
    expect(a.fetch).toHaveBeenCalledTimes(3);
    expect(a.client.rateLimit).toEqual({ limit: 60, remaining: 0, resetSec: 1 });

    const b = setup([limited('120')], { maxDelayMs: 60_000 });
    await expect(b.client.call('v1.orders.list', { partnerId: 10001 })).rejects.toMatchObject({
      code: 50429,
    });
    expect(b.sleep).not.toHaveBeenCalled();
  });

  it('refuses a call missing a required param before sending; a network failure is an RpcError without code', async () => {
    const { client, fetch } = setup([]);
    await expect(
      client.call('v1.orders.get', { partnerId: 10001, orderNr: undefined as unknown as string }),
    ).rejects.toBeInstanceOf(MissingParameterError);
    expect(fetch).not.toHaveBeenCalled();
    fetch.mockRejectedValueOnce(new TypeError('fetch failed'));
    await expect(client.call('v1.orders.list', { partnerId: 10001 })).rejects.toMatchObject({
      name: 'RpcError',
      code: undefined,
    });
  });
});

describe('verifySignature', () => {
  const secret = 'whsec_test';
  const body = '{"id":"e1","type":"order.created","data":{"orderNr":"Заказ-1"}}';
  const now = 1_767_225_600_000;
  const t = now / 1000;
  const sig = (s: string, ts: number, b: string) =>
    createHmac('sha256', s).update(`${ts}.${b}`).digest('hex');

  it('accepts our signature within the tolerance, over the raw bytes too', () => {
    expect(verifySignature(secret, `t=${t},v1=${sig(secret, t, body)}`, body, 300, now)).toBe(true);
    expect(verifySignature(secret, `t=${t},v1=${sig(secret, t, body)}`, Buffer.from(body), 300, now)).toBe(
      true,
    );
    // One of several v1 values (a secret rolled over) is enough.
    expect(
      verifySignature(secret, `t=${t},v1=${'0'.repeat(64)},v1=${sig(secret, t, body)}`, body, 300, now),
    ).toBe(true);
    expect(verifySignature(secret, `t=${t - 300},v1=${sig(secret, t - 300, body)}`, body, 300, now)).toBe(
      true,
    );
  });

  it('refuses another secret, a changed body, a stale or future timestamp, and malformed headers', () => {
    expect(verifySignature('other', `t=${t},v1=${sig(secret, t, body)}`, body, 300, now)).toBe(false);
    expect(verifySignature(secret, `t=${t},v1=${sig(secret, t, body)}`, `${body} `, 300, now)).toBe(false);
    expect(verifySignature(secret, `t=${t - 301},v1=${sig(secret, t - 301, body)}`, body, 300, now)).toBe(
      false,
    );
    expect(verifySignature(secret, `t=${t + 301},v1=${sig(secret, t + 301, body)}`, body, 300, now)).toBe(
      false,
    );
    for (const h of [
      undefined,
      null,
      '',
      'garbage',
      `t=${t}`,
      `v1=${sig(secret, t, body)}`,
      `t=x,v1=ab`,
      ['a'],
    ])
      expect(verifySignature(secret, h, body, 300, now)).toBe(false);
  });
});
