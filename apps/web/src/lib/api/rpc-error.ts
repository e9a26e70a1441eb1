// Errors the API client throws: a server (or transport) error with everything needed to report it,
// and the error for a call that refuses to go out because a required parameter is missing.
import type { FieldError, RpcErrorData } from '@moda/contracts';

export interface RpcErrorInit {
  method: string;
  request: unknown;
  response: unknown;
  apiMessage: string | undefined;
  code: number | undefined;
  data?: RpcErrorData | undefined;
  status?: number | undefined;
  cause?: unknown;
}

/** Spec 001 §8 "Transport": the message names the method and, when there is one, the server's message. */
export class RpcError extends Error {
  readonly method: string;
  readonly request: unknown;
  readonly response: unknown;
  /** The server's message, in Russian: what a notification shows. */
  readonly apiMessage: string | undefined;
  readonly code: number | undefined;
  readonly data: RpcErrorData | undefined;
  readonly status: number | undefined;

  constructor(init: RpcErrorInit) {
    super(
      init.apiMessage
        ? `API client got error response on ${init.method}: ${init.apiMessage}`
        : `API client got error on ${init.method}`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.name = 'RpcError';
    this.method = init.method;
    this.request = init.request;
    this.response = init.response;
    this.apiMessage = init.apiMessage;
    this.code = init.code;
    this.data = init.data;
    this.status = init.status;
  }

  /** Field errors of a form-style reply (spec 001 §8), or none. */
  get fieldErrors(): FieldError[] {
    return this.data?.errors ?? [];
  }
}

/** Spec 001 §5 "General": a call refuses to go out when a required parameter is missing. */
export class MissingParameterError extends Error {
  constructor(
    readonly parameter: string,
    readonly method: string,
  ) {
    super(`Required parameter ${parameter} was null or undefined when calling ${method}.`);
    this.name = 'MissingParameterError';
  }
}

/** Raised when the session cannot be renewed; the user is logged out (spec 001 §8). */
export class SessionExpiredError extends Error {
  constructor(cause?: unknown) {
    super('Error on tokens.update', cause === undefined ? undefined : { cause });
    this.name = 'SessionExpiredError';
  }
}

export const isRpcError = (e: unknown): e is RpcError => e instanceof RpcError;
