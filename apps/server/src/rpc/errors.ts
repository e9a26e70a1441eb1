// The mapping of the coded domain error (core/errors) to the wire (spec 001 §8).
// Only this file turns domain errors into codes and Russian messages; nothing else builds error objects.
import { ERRORS, LOGIN_ERROR_NAMES, RpcCode, type RpcErrorObject } from '@moda/contracts';
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

/** Anything that is not an AppError is a bug: the client learns only that the server failed. */
export function toRpcError(err: unknown): RpcErrorObject {
  if (err instanceof AppError) return appErrorToRpc(err);
  return {
    code: RpcCode.ServerError,
    message: ERRORS['rpc.internal'].message,
    data: { reason: 'rpc.internal' },
  };
}
