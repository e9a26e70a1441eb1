// Plain constants the web's shell and login page read, kept apart from the zod schemas of their modules
// (enums.ts, usage.ts, auth.ts re-export them) so the shell's bundle does not load zod for them.
import type { Country } from './enums';

/** Marketplace staff: may act for any partner the method allows (spec 000 §6). */
export const INTERNAL_ROLES = [
  'cc_operator',
  'stock_keeper',
  'b2b_manager',
  'admin',
  'support_engineer',
] as const;

export const DEFAULT_COUNTRY: Country = 'RU';

export const USAGE_LIMITS = { maxEvents: 100, maxBodyBytes: 256 * 1024, maxParamsBytes: 4096 } as const;

/** Login field rules: an email or a login; characters outside printable ASCII are refused (invalid_error). */
export const LOGIN_ALLOWED = /^[\x21-\x7e]+$/;
