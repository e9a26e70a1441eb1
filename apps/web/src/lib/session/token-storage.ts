// Where the login stores its tokens: cookies of this origin, so that every tab shares one session
// and logout's "clear cookies" ends it. The access token is sent as a bearer header, never as a cookie.
import type { TokensResult } from '@moda/contracts';
import type { TokenStore, Tokens } from '../api/rpc-client';
import { deleteCookie, readCookie, writeCookie } from './cookies';

export const TOKEN_COOKIES = { access: 'moda_access_token', refresh: 'moda_refresh_token' } as const;
/** The refresh token lives 30 days on the server; the cookies may not outlive it. */
const SESSION_MAX_AGE_SEC = 30 * 24 * 3600;

export const cookieTokenStore: TokenStore & { clear(): void } = {
  get(): Tokens | null {
    const accessToken = readCookie(TOKEN_COOKIES.access);
    const refreshToken = readCookie(TOKEN_COOKIES.refresh);
    return accessToken && refreshToken ? { accessToken, refreshToken } : null;
  },
  set(tokens: TokensResult) {
    writeCookie(TOKEN_COOKIES.access, tokens.accessToken, SESSION_MAX_AGE_SEC);
    writeCookie(TOKEN_COOKIES.refresh, tokens.refreshToken, SESSION_MAX_AGE_SEC);
  },
  clear() {
    deleteCookie(TOKEN_COOKIES.access);
    deleteCookie(TOKEN_COOKIES.refresh);
  },
};
