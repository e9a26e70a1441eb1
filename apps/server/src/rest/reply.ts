// Error replies of the REST paths: HTTP status plus the same error object JSON-RPC carries.
import type { FastifyReply } from 'fastify';
import { HTTP_STATUS_BY_CODE, RpcCode, type RpcErrorObject } from '@moda/contracts';
import type { CallOutcome } from '../rpc/dispatcher';
import { toRpcError } from '../rpc/errors';

export function sendError(reply: FastifyReply, err: unknown, status?: number): FastifyReply {
  const error: RpcErrorObject = toRpcError(err);
  if (error.code === RpcCode.TooManyRequests && error.data?.retryAfter)
    reply.header('retry-after', String(error.data.retryAfter));
  return reply.status(status ?? HTTP_STATUS_BY_CODE[error.code] ?? 500).send({ error });
}

export function sendOutcome(reply: FastifyReply, outcome: CallOutcome): FastifyReply {
  if (outcome.ok) return reply.send(outcome.result);
  return reply.status(HTTP_STATUS_BY_CODE[outcome.error.code] ?? 500).send({ error: outcome.error });
}
