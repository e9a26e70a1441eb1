// The one coded error type services throw, and its mapping to the wire (spec 001 §8).
// Only this file turns domain errors into codes and Russian messages; nothing else builds error objects.
import {
  ERRORS,
  LOGIN_ERROR_NAMES,
  RpcCode,
  type ErrorKey,
  type FieldError,
  type RpcErrorObject,
} from '@moda/contracts';

export interface AppErrorDetails {
  /** The field the error concerns: the reply carries `data.errors: [{field, message}]`. */
  field?: string;
  /** Several field errors at once. */
  errors?: FieldError[];
  /** A message more precise than the catalogue's (already Russian). */
  message?: string;
  retryAfter?: number;
  data?: Record<string, unknown>;
}

export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly details: AppErrorDetails = {},
  ) {
    super(details.message ?? ERRORS[key].message);
    this.name = 'AppError';
  }
}

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
