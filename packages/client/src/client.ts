// The sellers' API client: `createClient({ baseUrl, token })`, then `client.call('v1.orders.list', params)` with
// the params and the result typed by the method's zod schemas in @moda/contracts. Calls go to the gateway form
// (POST /v1/{area}.{action}, errors as HTTP status with {error: {code, message, data}}); an error answer is an
// RpcError with the API's code and its Russian message. A call refused for the rate limit (HTTP 429) is tried
// again after the server's Retry-After, a bounded number of times, waiting longer each time.
import {
  METHODS,
  RpcCode,
  type MethodDef,
  type MethodName,
  type Methods,
  type ParamsOf,
  type ResultOf,
} from '@moda/contracts';
import { assertRequiredParams, readBody, transportError, unwrap, type Sent } from './core';

/** The methods a program may call (the marketplace's own v1.platform.* methods are not offered). */
export type ApiMethod = Exclude<MethodName, `v${number}.platform.${string}`>;
export type Params<N extends MethodName> = ParamsOf<Methods[N]>;
export type Result<N extends MethodName> = ResultOf<Methods[N]>;

/** The rate-limit state the server sent with the last answer (X-RateLimit-*). */
export interface RateLimit {
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSec: number;
}

export interface ClientOptions {
  /** The server, e.g. `https://seller.moda.ru` (no trailing path). */
  baseUrl: string;
  /** The API token issued in Profile → API (`mst_…`). */
  token: string;
  /** Retries of a call refused with 429 before the error is thrown (default 3; 0: never retry). */
  maxRetries?: number;
  /** The longest wait before one retry, in ms (default 60 000): a longer Retry-After throws at once. */
  maxDelayMs?: number;
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  sleep?: (ms: number) => Promise<void>;
}

export interface ModaClient {
  /** Call a method: its result, or an RpcError (`code`, `apiMessage` in Russian, `data.reason`). */
  call<N extends ApiMethod>(method: N, params: Params<N>): Promise<Result<N>>;
  /** The rate-limit state of the last answer that carried one. */
  readonly rateLimit: RateLimit | null;
}

/** 'v1.orders.list' → '/v1/orders.list'. */
export const apiPath = (method: string) => `/${method.replace(/^(v\d+)\./, '$1/')}`;

const header = (r: Response, name: string): number | null => {
  const v = r.headers.get(name);
  const n = v === null || v.trim() === '' ? NaN : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** The wait before retry number `attempt` (0-based): the server's Retry-After, doubling from 1 s at least. */
export function retryDelayMs(retryAfterSec: number | null, attempt: number): number {
  return Math.max((retryAfterSec ?? 0) * 1000, 1000 * 2 ** attempt);
}

export function createClient(opts: ClientOptions): ModaClient {
  const doFetch = opts.fetch ?? ((url: string, init: RequestInit) => globalThis.fetch(url, init));
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const maxRetries = opts.maxRetries ?? 3;
  const maxDelayMs = opts.maxDelayMs ?? 60_000;
  const base = opts.baseUrl.replace(/\/+$/, '');
  let rateLimit: RateLimit | null = null;

  async function send(method: string, params: unknown): Promise<{ sent: Sent; retryAfter: number | null }> {
    let response: Response;
    try {
      response = await doFetch(`${base}${apiPath(method)}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${opts.token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(params ?? {}),
      });
    } catch (cause) {
      throw transportError(method, params, cause);
    }
    const limit = header(response, 'x-ratelimit-limit');
    const remaining = header(response, 'x-ratelimit-remaining');
    const resetSec = header(response, 'x-ratelimit-reset');
    if (limit !== null && remaining !== null && resetSec !== null) rateLimit = { limit, remaining, resetSec };
    const data = await readBody(response);
    return {
      sent: { request: params, status: response.status, data },
      retryAfter: header(response, 'retry-after'),
    };
  }

  return {
    get rateLimit() {
      return rateLimit;
    },
    async call(method, params) {
      const def: MethodDef = METHODS[method];
      assertRequiredParams(method, def.params, params);
      for (let attempt = 0; ; attempt++) {
        const { sent, retryAfter } = await send(method, params);
        const limited =
          sent.status === 429 || (sent.status >= 400 && codeOf(sent) === RpcCode.TooManyRequests);
        const delay = retryDelayMs(retryAfter, attempt);
        if (!limited || attempt >= maxRetries || delay > maxDelayMs)
          return unwrap(method, sent) as Result<typeof method>;
        await sleep(delay);
      }
    },
  };
}

function codeOf(sent: Sent): unknown {
  const d = sent.data as { error?: { code?: unknown } } | undefined;
  return d?.error?.code;
}
