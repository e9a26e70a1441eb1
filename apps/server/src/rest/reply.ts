// Error replies of the REST paths: HTTP status plus the same error object JSON-RPC carries.
import type { FastifyReply } from 'fastify';
import type { RpcErrorObject } from '@moda/contracts';
import type { CallOutcome } from '../rpc/dispatcher';
import { httpOf, toRpcError } from '../rpc/errors';

function sendRpcError(reply: FastifyReply, error: RpcErrorObject, status?: number): FastifyReply {
  const http = httpOf(error);
  void reply.headers(http.headers);
  return reply.status(status ?? http.status).send({ error });
}

export function sendError(reply: FastifyReply, err: unknown, status?: number): FastifyReply {
  return sendRpcError(reply, toRpcError(err), status);
}

export function sendOutcome(reply: FastifyReply, outcome: CallOutcome): FastifyReply {
  if (outcome.ok) return reply.send(outcome.result);
  return sendRpcError(reply, outcome.error);
}
