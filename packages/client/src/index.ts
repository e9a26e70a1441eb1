// @moda/client: a typed client of the Moda Seller API for sellers' programs (issue 27) — calls typed by the
// contracts, errors with the API's code and Russian message, 429 retried after Retry-After, and the webhook
// signature check. The web imports only './core' (no Node API there).
export { createClient, apiPath, retryDelayMs } from './client';
export type { ApiMethod, ClientOptions, ModaClient, Params, RateLimit, Result } from './client';
export { RpcError, isRpcError, MissingParameterError } from './core';
export { verifySignature } from './webhooks';
