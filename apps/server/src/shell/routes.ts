// Entry points around the API: visitor id (lid), usage log, build metadata, health and readiness.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { UsageBatch, USAGE_LIMITS, ZLOG_STREAM, toFieldErrors, type BuildMeta } from '@moda/contracts';
import type { Db } from '../db/client';
import type { RateLimiter } from '../auth/rate-limit';
import type { UsageService } from '../modules/usage/usage.service';
import { AppError } from '../core/errors';
import { sendError } from '../rest/reply';

const LID = /^[A-Za-z0-9-]{8,64}$/;
const LID_PER_IP_PER_MINUTE = 60;

/** Every response carries the visitor id the client sent (spec 001 §6: the x-lid header is stored). */
export async function lidHook(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const lid = req.headers['x-lid'];
  if (typeof lid === 'string' && LID.test(lid) && !reply.hasHeader('x-lid')) void reply.header('x-lid', lid);
}

export interface ShellOptions {
  db: Db;
  limiter: RateLimiter;
  usage: UsageService;
  buildId: string;
  startedAt: Date;
  isShuttingDown: () => boolean;
}

export async function shellRoutes(app: FastifyInstance, opts: ShellOptions) {
  app.get('/get-lid', async (req, reply) => {
    const hit = await opts.limiter.hit(`lid:${req.ip}`, 60);
    if (hit.count > LID_PER_IP_PER_MINUTE)
      return sendError(reply, new AppError('lid.limitExceeded', { retryAfter: hit.retryAfterSec }));
    const lid = randomUUID();
    return reply.header('x-lid', lid).header('cache-control', 'no-store').send({ lid });
  });

  app.post(`/batch/v2/${ZLOG_STREAM}`, { bodyLimit: USAGE_LIMITS.maxBodyBytes }, async (req, reply) => {
    const parsed = UsageBatch.safeParse(req.body);
    if (!parsed.success)
      return sendError(reply, new AppError('common.badRequest', { errors: toFieldErrors(parsed.error) }));
    const realIp = req.headers['x-real-ip'];
    const accepted = await opts.usage.store(parsed.data, {
      userAgent: req.headers['user-agent'],
      ip: typeof realIp === 'string' && realIp.length < 64 ? realIp : req.ip,
    });
    return reply.send({ accepted });
  });

  app.get<{ Params: { file: string } }>('/builds/meta/:file', async (req, reply) => {
    const m = /^([A-Za-z0-9._-]{1,64})\.json$/.exec(req.params.file);
    if (!m) return sendError(reply, new AppError('common.notFound'));
    const requested = m[1]!;
    const meta: BuildMeta = {
      buildId: requested,
      latestBuildId: opts.buildId,
      outdated: requested !== opts.buildId,
      // Server-side route rules (spec 000 §2 guard 7): path patterns the web redirects before rendering.
      routeRules: [],
    };
    return reply.header('cache-control', 'no-store').send(meta);
  });

  app.get('/health/live', async () => ({ status: 'ok', startedAt: opts.startedAt.toISOString() }));
  app.get('/health/ready', async (_req, reply) => {
    if (opts.isShuttingDown()) return reply.status(503).send({ status: 'shutting_down' });
    try {
      await opts.db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'database_unavailable' });
    }
  });
}
