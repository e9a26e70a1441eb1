// Registers the modules' REST routes (core/rest) on the HTTP server: reads a request into a RestCall whose
// access checks and mutations go through the dispatcher, and sends the handler's reply — JSON, or a file named
// through content-disposition. Errors are sent as the REST paths' error objects.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import { plainContext, type CallContext } from '../core/context';
import type { RestCall, RestPart, RestReply, RestRoute } from '../core/rest';
import { partnerScope, type Caller, type Dispatcher } from '../rpc/dispatcher';
import { rateHeaders, transportOf } from '../rpc/routes';
import { sendError } from './reply';

export async function moduleRoutes(
  app: FastifyInstance,
  opts: { dispatcher: Dispatcher; routes: RestRoute[] },
) {
  const { dispatcher } = opts;
  // Limits are the route's own, given per request; these are the defaults for a route that sets none.
  await app.register(multipart, {
    limits: { files: 0, fields: 5, fieldSize: 64, parts: 5 },
    throwFileSizeLimit: false,
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  function callOf(req: FastifyRequest, route: RestRoute, caller: Caller): RestCall {
    return {
      params: (req.params ?? {}) as Record<string, string | undefined>,
      query: (req.query ?? {}) as Record<string, unknown>,
      body: req.body,
      ip: req.ip,
      isMultipart: req.isMultipart(),
      parts: () => partsOf(req, route),
      principal: () => caller.authenticate(),
      async signedIn() {
        const principal = await caller.authenticate();
        return plainContext(dispatcher.db, { principal, ip: req.ip, userAgent: req.headers['user-agent'] });
      },
      async authorize(access, partnerId) {
        const { principal, partnerId: checked } = await dispatcher.authorize(access, caller, partnerId);
        return plainContext(dispatcher.db, {
          principal,
          partnerId: checked,
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        });
      },
      mutate<T>(auditName: string, checked: CallContext, work: (ctx: CallContext) => Promise<T>) {
        const { principal, partnerId, ip, userAgent } = checked;
        return dispatcher.mutate(
          auditName,
          { principal, partnerId, ip, userAgent, audit: {} },
          undefined,
          work,
        );
      },
      scope: partnerScope,
      logError: (err, msg) => req.log.error({ err }, msg),
    };
  }

  for (const route of opts.routes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (req, reply) => {
        // An API token's call: the gateway's X-RateLimit-* headers and usage counting on these paths too.
        const caller = dispatcher.caller(transportOf(req));
        const name = `${route.method} ${route.url}`;
        try {
          const out = await route.handle(callOf(req, route, caller));
          dispatcher.restDone(caller, name);
          void reply.headers(rateHeaders(caller));
          return send(reply, out);
        } catch (err) {
          dispatcher.restDone(caller, name, err);
          void reply.headers(rateHeaders(caller));
          return sendError(reply, err);
        }
      },
    });
  }
}

async function* partsOf(req: FastifyRequest, route: RestRoute): AsyncIterable<RestPart> {
  if (!req.isMultipart()) return;
  const limits = { files: 0, fields: 5, fieldSize: 64, parts: 5, ...route.multipart };
  for await (const part of req.parts({ limits })) {
    if (part.type === 'field') {
      yield { kind: 'field', name: part.fieldname, value: String(part.value) };
      continue;
    }
    yield {
      kind: 'file',
      name: part.fieldname,
      fileName: part.filename,
      stream: part.file,
      toBuffer: () => part.toBuffer(),
      truncated: () => part.file.truncated,
    };
  }
}

function send(reply: FastifyReply, out: RestReply): FastifyReply {
  if (out.status) void reply.status(out.status);
  if ('json' in out) return reply.send(out.json);
  const f = out.file;
  void reply.header('content-type', f.contentType);
  if (f.size !== undefined) void reply.header('content-length', String(f.size));
  if (f.fileName)
    void reply.header(
      'content-disposition',
      contentDisposition(f.fileName, f.inline ? { type: 'inline' } : undefined),
    );
  if (f.cacheControl) void reply.header('cache-control', f.cacheControl);
  return reply.send(f.body);
}
