// The one API client (spec 001 §7–§8): JSON-RPC calls typed from the contracts' METHODS, the gateway
// form for tokens, REST for bytes, and the single-flight token refresh every authenticated call shares.
// At run time it reads each method's roles and required parameters from METHOD_META (plain data), not
// from the zod schemas: the shell does not load every area's contracts to make a call.
import type { MethodName, Methods, ParamsOf, ResultOf, TokensResult } from '@moda/contracts';
import { RpcCode } from '@moda/contracts/constants';
import {
  assertRequired,
  errorObjectOf,
  readBody,
  transportError,
  unwrap,
  type Sent,
} from '@moda/client/core';
import { METHOD_META, type MethodMeta } from './method-meta';
import { SessionExpiredError } from './rpc-error';

export type Params<N extends MethodName> = ParamsOf<Methods[N]>;
export type Result<N extends MethodName> = ResultOf<Methods[N]>;

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}
export interface TokenStore {
  get(): Tokens | null;
  set(tokens: TokensResult): void;
}
export interface LidStore {
  get(): string | null;
  set(lid: string): void;
}

export interface RpcClientOptions {
  tokens: TokenStore;
  lid?: LidStore;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  baseUrl?: string;
  newId?: () => string;
  /** Called once per failed refresh: the session is over and the user must log in again. */
  onSessionExpired?: (error: SessionExpiredError) => void;
}

export interface RpcClient {
  /** A JSON-RPC call: returns `result`, throws RpcError on an error reply. */
  call<N extends MethodName>(method: N, params: Params<N>): Promise<Result<N>>;
  /** The same method through the gateway path /jsonrpc/v1/{area}.{action} (spec 001 §7 Auth). */
  gateway<N extends MethodName>(method: N, params: Params<N>): Promise<Result<N>>;
  /** A REST request under /rest; an HTTP 401 refreshes the tokens and retries once. */
  rest(path: string, init?: RequestInit): Promise<Response>;
  /** Renew the tokens now (joins a refresh already running). */
  refresh(): Promise<void>;
}

/** Spec 001 §4: a 401-type error inside a reply (code 50401), or HTTP 401 on the gateway and REST. */
function isAuthFailure(sent: Sent): boolean {
  return sent.status === 401 || errorObjectOf(sent.data)?.code === RpcCode.Unauthorized;
}

/** 'v1.tokens.create' → '/jsonrpc/v1/tokens.create'. */
export const gatewayPath = (method: string) => `/jsonrpc/${method.replace(/^(v\d+)\./, '$1/')}`;

export function createRpcClient(opts: RpcClientOptions): RpcClient {
  const doFetch = opts.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
  const base = opts.baseUrl ?? '';
  const newId = opts.newId ?? (() => crypto.randomUUID());
  let refreshing: Promise<void> | null = null;

  function headersFor(auth: boolean, extra?: HeadersInit): Headers {
    const headers = new Headers(extra);
    const lid = opts.lid?.get();
    if (lid) headers.set('x-lid', lid);
    const token = auth ? opts.tokens.get()?.accessToken : undefined;
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  }

  function rememberLid(response: Response) {
    const lid = response.headers.get('x-lid');
    if (lid && opts.lid && opts.lid.get() !== lid) opts.lid.set(lid);
  }

  async function post(url: string, method: string, request: unknown, auth: boolean): Promise<Sent> {
    const headers = headersFor(auth, { 'content-type': 'application/json', accept: 'application/json' });
    let response: Response;
    try {
      response = await doFetch(url, { method: 'POST', headers, body: JSON.stringify(request) });
    } catch (cause) {
      throw transportError(method, request, cause);
    }
    rememberLid(response);
    return { request, status: response.status, data: await readBody(response) };
  }

  async function runRefresh(): Promise<void> {
    const refreshToken = opts.tokens.get()?.refreshToken;
    try {
      if (!refreshToken) throw new Error('No refresh token');
      const method = 'v1.tokens.update';
      const sent = await post(`${base}${gatewayPath(method)}`, method, { refreshToken }, false);
      opts.tokens.set(unwrap(method, sent) as TokensResult);
    } catch (cause) {
      const error = new SessionExpiredError(cause);
      opts.onSessionExpired?.(error);
      throw error;
    }
  }

  function refresh(): Promise<void> {
    // Single flight: every request that meets an expired token waits for this one refresh.
    refreshing ??= runRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function withAuth<T extends { status: number }>(
    auth: boolean,
    attempt: () => Promise<T>,
    failed: (r: T) => boolean,
  ): Promise<T> {
    if (!auth) return attempt();
    if (refreshing) await refreshing;
    const used = opts.tokens.get()?.accessToken;
    const first = await attempt();
    if (!failed(first)) return first;
    // Another request may already have renewed the token while this one was in flight.
    if (refreshing) await refreshing;
    else if (opts.tokens.get()?.accessToken === used) await refresh();
    return attempt();
  }

  const isPublic = (meta: MethodMeta) => meta.roles === 'public';

  return {
    async call(method, params) {
      const def = METHOD_META[method];
      assertRequired(method, def.params, params);
      const sent = await withAuth(
        !isPublic(def),
        () =>
          post(
            `${base}/jsonrpc`,
            method,
            { jsonrpc: '2.0', id: newId(), method, params: params ?? {} },
            !isPublic(def),
          ),
        isAuthFailure,
      );
      return unwrap(method, sent) as Result<typeof method>;
    },

    async gateway(method, params) {
      const def = METHOD_META[method];
      assertRequired(method, def.params, params);
      const sent = await withAuth(
        !isPublic(def),
        () => post(`${base}${gatewayPath(method)}`, method, params ?? {}, !isPublic(def)),
        isAuthFailure,
      );
      return unwrap(method, sent) as Result<typeof method>;
    },

    async rest(path, init = {}) {
      const url = `${base}/rest${path}`;
      const label = `${init.method ?? 'GET'} ${path}`;
      const response = await withAuth(
        true,
        async () => {
          try {
            const r = await doFetch(url, { ...init, headers: headersFor(true, init.headers) });
            rememberLid(r);
            return r;
          } catch (cause) {
            throw transportError(label, init.body, cause);
          }
        },
        (r) => r.status === 401,
      );
      if (!response.ok)
        unwrap(label, { request: init.body, status: response.status, data: await readBody(response) });
      return response;
    },

    refresh,
  };
}

/** A file name from a content-disposition header (spec 001 §7: downloads take their name from it). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoded name: fall through to the plain one.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}
