// Errors the API client throws. The server's error class and the missing-parameter error are shared with the
// sellers' API client (@moda/client's core); the session's own error is here.
export { RpcError, MissingParameterError, isRpcError } from '@moda/client/core';

/** Raised when the session cannot be renewed; the user is logged out (spec 001 §8). */
export class SessionExpiredError extends Error {
  constructor(cause?: unknown) {
    super('Error on tokens.update', cause === undefined ? undefined : { cause });
    this.name = 'SessionExpiredError';
  }
}
