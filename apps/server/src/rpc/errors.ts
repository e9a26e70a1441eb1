// The mapping of the coded domain error (core/errors) to the wire (spec 001 §8).
// Only this file turns domain errors into codes and Russian messages; nothing else builds error objects.
import {
  ERRORS,
  HTTP_STATUS_BY_CODE,
  LOGIN_ERROR_NAMES,
  RpcCode,
  type RpcErrorObject,
} from '@moda/contracts';
import { isDatabaseUnavailable } from '../db/client';
import { AppError } from '../core/errors';

export { AppError };

export function appErrorToRpc(err: AppError): RpcErrorObject {
  const def = ERRORS[err.key];
  const errors =
    err.details.errors ??
    (err.details.field ? [{ field: err.details.field, message: err.message }] : undefined);
  const loginName = LOGIN_ERROR_NAMES[err.key];
  return {
    code: def.code,
    message: err.message,
    data: {
      reason: err.key,
      ...(loginName ? { error: loginName } : {}),
      ...(errors ? { errors } : {}),
      ...(err.details.retryAfter !== undefined ? { retryAfter: err.details.retryAfter } : {}),
      ...err.details.data,
    },
  };
}

/** Seconds a client is told to wait while the database is unreachable (it restarts within ~10 s). */
const UNAVAILABLE_RETRY_AFTER = 5;

/**
 * Anything that is not an AppError is a bug: the client learns only that the server failed — unless the
 * database cannot be reached, which is no bug: the client is told to try again shortly.
 */
export function toRpcError(err: unknown): RpcErrorObject {
  if (err instanceof AppError) return appErrorToRpc(err);
  if (isDatabaseUnavailable(err))
    return appErrorToRpc(new AppError('rpc.unavailable', { retryAfter: UNAVAILABLE_RETRY_AFTER }));
  return {
    code: RpcCode.ServerError,
    message: ERRORS['rpc.internal'].message,
    data: { reason: 'rpc.internal' },
  };
}

/** The HTTP status and headers of an error on the gateway and REST paths. */
export function httpOf(error: RpcErrorObject): { status: number; headers: Record<string, string> } {
  const unavailable = error.data?.reason === 'rpc.unavailable';
  const status = unavailable ? 503 : (HTTP_STATUS_BY_CODE[error.code] ?? 500);
  const retryAfter = error.data?.retryAfter;
  return { status, headers: retryAfter ? { 'retry-after': String(retryAfter) } : {} };
}
