// The transport: JSON-RPC 2.0 at POST /jsonrpc (to the letter of the standard), and the gateway form
// POST /v1/{area}.{action} and /jsonrpc/v1/{...} (body = params, reply = result, errors as HTTP status).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, type RpcErrorObject } from '@moda/contracts';
import { httpOf } from './errors';
import type { Caller, Dispatcher, TransportInfo } from './dispatcher';

const RPC_BODY_LIMIT = 1024 * 1024;

type Id = string | number | null;
type Reply = { jsonrpc: '2.0'; id: Id; result: unknown } | { jsonrpc: '2.0'; id: Id; error: RpcErrorObject };

const errorOf = (key: keyof typeof ERRORS, data?: RpcErrorObject['data']): RpcErrorObject => ({
  code: ERRORS[key].code,
  message: ERRORS[key].message,
  ...(data ? { data } : {}),
});

export function transportOf(req: FastifyRequest): TransportInfo {
  return { authorization: req.headers.authorization, ip: req.ip, userAgent: req.headers['user-agent'] };
}

/**
 * An API token's rate-limit state on every answer to its calls (issue 27): the class's limit, what is left in
 * the window, and the seconds until it starts again; past the limit also Retry-After. The REST routes send them too.
 */
export function rateHeaders(caller: Caller): Record<string, string> {
  const rl = caller.rateLimit;
  if (!rl) return {};
  return {
    'x-ratelimit-limit': String(rl.limit),
    'x-ratelimit-remaining': String(rl.remaining),
    'x-ratelimit-reset': String(rl.resetSec),
    ...(rl.remaining === 0 ? { 'retry-after': String(rl.resetSec) } : {}),
  };
}

const isValidId = (id: unknown): id is Id =>
  id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));

export async function rpcRoutes(app: FastifyInstance, opts: { dispatcher: Dispatcher; batchLimit: number }) {
  const { dispatcher, batchLimit } = opts;

  // Bodies are parsed here, not by Fastify, so that malformed JSON becomes -32700 rather than an HTTP error.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: RPC_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );

  app.setErrorHandler((err: { statusCode?: number }, _req, reply) => {
    const tooLarge = err.statusCode === 413;
    const status = tooLarge ? 413 : (err.statusCode ?? 500);
    void reply.status(status).send({
      jsonrpc: '2.0',
      id: null,
      error: errorOf(tooLarge ? 'rpc.payloadTooLarge' : status < 500 ? 'rpc.invalidRequest' : 'rpc.internal'),
    });
  });

  async function one(request: unknown, caller: ReturnType<Dispatcher['caller']>): Promise<Reply | null> {
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      return { jsonrpc: '2.0', id: null, error: errorOf('rpc.invalidRequest') };
    }
    const r = request as Record<string, unknown>;
    const isNotification = !('id' in r);
    const validId = isNotification || isValidId(r.id);
    if (
      r.jsonrpc !== '2.0' ||
      typeof r.method !== 'string' ||
      !validId ||
      ('params' in r && (typeof r.params !== 'object' || r.params === null))
    ) {
      return {
        jsonrpc: '2.0',
        id: validId && !isNotification ? (r.id as Id) : null,
        error: errorOf('rpc.invalidRequest'),
      };
    }
    // Our methods take named parameters; positional ones cannot match any schema.
    const outcome = Array.isArray(r.params)
      ? dispatcher.hasMethod(r.method)
        ? {
            ok: false as const,
            error: errorOf('rpc.invalidParams', {
              reason: 'rpc.invalidParams',
              errors: [{ field: '-', message: 'Параметры передаются объектом' }],
            }),
          }
        : { ok: false as const, error: errorOf('rpc.methodNotFound', { reason: 'rpc.methodNotFound' }) }
      : await dispatcher.call(r.method, r.params, caller);
    if (isNotification) return null;
    const id = r.id as Id;
    return outcome.ok
      ? { jsonrpc: '2.0', id, result: outcome.result ?? null }
      : { jsonrpc: '2.0', id, error: outcome.error };
  }

  app.post('/jsonrpc', async (req, reply) => {
    let body: unknown;
    try {
      body = JSON.parse(typeof req.body === 'string' ? req.body : '');
    } catch {
      return reply.send({ jsonrpc: '2.0', id: null, error: errorOf('rpc.parseError') });
    }
    const caller = dispatcher.caller(transportOf(req));
    if (Array.isArray(body)) {
      if (body.length === 0)
        return reply.send({ jsonrpc: '2.0', id: null, error: errorOf('rpc.invalidRequest') });
      if (body.length > batchLimit) {
        return reply.send({
          jsonrpc: '2.0',
          id: null,
          error: errorOf('rpc.batchTooLarge', { limit: batchLimit }),
        });
      }
      const replies = (await Promise.all(body.map((r) => one(r, caller)))).filter(
        (r): r is Reply => r !== null,
      );
      void reply.headers(rateHeaders(caller));
      // A batch of notifications only gets no body at all.
      return replies.length === 0 ? reply.status(204).send() : reply.send(replies);
    }
    const single = await one(body, caller);
    void reply.headers(rateHeaders(caller));
    return single === null ? reply.status(204).send() : reply.send(single);
  });

  async function gateway(method: string, req: FastifyRequest, reply: FastifyReply) {
    let params: unknown = {};
    const raw = typeof req.body === 'string' ? req.body.trim() : '';
    if (raw !== '') {
      try {
        params = JSON.parse(raw);
      } catch {
        return reply.status(400).send({ error: errorOf('rpc.parseError') });
      }
    }
    if (typeof params !== 'object' || params === null || Array.isArray(params)) {
      return reply.status(400).send({
        error: errorOf('rpc.invalidParams', {
          errors: [{ field: '-', message: 'Тело запроса должно быть объектом' }],
        }),
      });
    }
    const caller = dispatcher.caller(transportOf(req));
    const outcome = await dispatcher.call(method, params, caller);
    void reply.headers(rateHeaders(caller));
    if (outcome.ok) return reply.send(outcome.result ?? null);
    const http = httpOf(outcome.error);
    return reply.status(http.status).headers(http.headers).send({ error: outcome.error });
  }

  app.post<{ Params: { method: string } }>('/v1/:method', (req, reply) =>
    gateway(`v1.${req.params.method}`, req, reply),
  );
  app.post<{ Params: { method: string } }>('/v2/:method', (req, reply) =>
    gateway(`v2.${req.params.method}`, req, reply),
  );
  // Spec 001 §7 Auth: /jsonrpc/v1/tokens.create, /jsonrpc/v1/user/registration.complete…
  app.post<{ Params: { '*': string } }>('/jsonrpc/v1/*', (req, reply) =>
    gateway(`v1.${req.params['*'].replaceAll('/', '.')}`, req, reply),
  );
}
