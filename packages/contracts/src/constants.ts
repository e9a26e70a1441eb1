// Plain constants the web's shell and login page read, kept apart from the zod schemas of their modules
// (enums.ts, usage.ts, auth.ts, errors.ts re-export them) so the shell's bundle does not load zod for them.
/** Marketplace staff: may act for any partner the method allows (spec 000 §6). */
export const INTERNAL_ROLES = [
  'cc_operator',
  'stock_keeper',
  'b2b_manager',
  'admin',
  'support_engineer',
] as const;

/** One of enums.ts's `Country` (a type import from there would make the two modules a cycle). */
export const DEFAULT_COUNTRY = 'RU' as const;

export const USAGE_LIMITS = { maxEvents: 100, maxBodyBytes: 256 * 1024, maxParamsBytes: 4096 } as const;

/** Login field rules: an email or a login; characters outside printable ASCII are refused (invalid_error). */
export const LOGIN_ALLOWED = /^[\x21-\x7e]+$/;

/** Spec 001 §8: the RPC error codes (errors.ts re-exports them beside the messages). */
export const RpcCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  BadRequest: 50400,
  Unauthorized: 50401,
  Forbidden: 50403,
  NotFound: 50404,
  /** Not in the spec's list: rate limiting needs its own code so clients can wait instead of retrying. */
  TooManyRequests: 50429,
  ServerError: 50500,
} as const;
export type RpcCode = (typeof RpcCode)[keyof typeof RpcCode];
