// Auth: tokens (spec 001 §7 Auth), roles in scope. Login errors of spec 001 §8.
import { z } from 'zod';
import { Role } from './enums';
import { defineMethod, Ok } from './rpc';
import { safeString } from './text';

export const TokensResult = z.strictObject({
  accessToken: z.string(),
  refreshToken: z.string(),
  scope: z.array(Role),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
});
export type TokensResult = z.infer<typeof TokensResult>;

// Login fields are checked by the service so that the spec's login errors (empty_fields, invalid_error)
// come back instead of generic schema messages; LOGIN_ALLOWED there refuses every control character, so
// these two are the only strings of the catalogue not built by safeString.
export const TokensCreateParams = z.strictObject({
  username: z.string().max(254).optional(),
  password: z.string().max(128).optional(),
});
export const TokensUpdateParams = z.strictObject({ refreshToken: safeString().min(1).max(512) });
export const TokensRevokeParams = z.strictObject({ refreshToken: safeString().min(1).max(512) });

export const tokensCreate = defineMethod({
  name: 'v1.tokens.create',
  params: TokensCreateParams,
  result: TokensResult,
  roles: 'public',
  partner: false,
  mutates: true,
  description: 'Log in with an email or login and a password; returns access and refresh tokens and roles.',
});
export const tokensUpdate = defineMethod({
  name: 'v1.tokens.update',
  params: TokensUpdateParams,
  result: TokensResult,
  roles: 'public',
  partner: false,
  mutates: true,
  description: 'Exchange a refresh token for new tokens; the old refresh token stops working.',
});
export const tokensRevoke = defineMethod({
  name: 'v1.tokens.revoke',
  params: TokensRevokeParams,
  result: Ok,
  roles: 'public',
  partner: false,
  mutates: true,
  description: 'Log out: revoke the refresh token and every token issued from the same login.',
});

/** Login field rules (in ./constants, no zod: the login page reads them). */
export { LOGIN_ALLOWED } from './constants';
