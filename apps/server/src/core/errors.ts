// The one coded error type services throw (spec 001 §8). Transport-neutral: rpc/ maps it to the wire.
import { ERRORS, type ErrorKey, type FieldError } from '@moda/contracts';

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
