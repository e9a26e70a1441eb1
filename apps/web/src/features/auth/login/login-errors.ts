// Which login error of spec 001 §8 a failed login is, and what the user reads for it.
import { LOGIN_ALLOWED } from '@moda/contracts/constants';
import { isRpcError } from '../../../lib/api/rpc-error';
import { authText, type LoginErrorName } from '../locale';

const NAMES = Object.keys(authText.loginErrors) as LoginErrorName[];
const isName = (v: unknown): v is LoginErrorName => typeof v === 'string' && (NAMES as string[]).includes(v);

/** Checks the form before it is sent: the same rules the server applies. */
export function validateLogin(username: string, password: string): LoginErrorName | null {
  if (!username.trim() || !password) return 'empty_fields';
  if (!LOGIN_ALLOWED.test(username.trim()) || !LOGIN_ALLOWED.test(password)) return 'invalid_error';
  return null;
}

/** The message for a failed login: the spec's four cases; a rate limit keeps the server's own words. */
export function loginErrorMessage(error: unknown): string {
  if (isRpcError(error)) {
    if (isName(error.data?.error)) return authText.loginErrors[error.data.error];
    if (error.status === 429 && error.apiMessage) return error.apiMessage;
    // An account whose email is not confirmed yet: the server's words say what to do.
    if (error.data?.reason === 'registration.userNotConfirmed' && error.apiMessage) return error.apiMessage;
  }
  return authText.loginErrors.unknown_error;
}
