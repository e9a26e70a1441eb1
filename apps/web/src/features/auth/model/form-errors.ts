// Refusals of the auth screens: the server's reason and wait, and their Russian text (spec 001 §8); field
// errors themselves go through lib/forms like every other form's.
import { fill } from '@moda/contracts';
import { isRpcError } from '../../../lib/api/rpc-error';
import { authText, type AuthErrorReason } from '../locale';

export function reasonOf(error: unknown): string | undefined {
  return isRpcError(error) ? error.data?.reason : undefined;
}

/** Seconds to wait before the next email (tooEarlyToRefreshConfirm), when the refusal says so. */
export function secondsToWait(error: unknown): number | null {
  if (!isRpcError(error)) return null;
  const seconds = error.data?.seconds;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : null;
}

const isKnownReason = (reason: string | undefined): reason is AuthErrorReason =>
  reason !== undefined && reason in authText.registrationErrors;

/** Spec 001 §8 registration and recovery errors in Russian; otherwise the server's words or a retry. */
export function authErrorMessage(error: unknown): string {
  const reason = reasonOf(error);
  const seconds = secondsToWait(error);
  if (isKnownReason(reason) && (seconds !== null || !reason.endsWith('tooEarlyToRefreshConfirm'))) {
    return fill(authText.registrationErrors[reason], seconds === null ? {} : { seconds });
  }
  if (isRpcError(error) && error.apiMessage && error.code !== undefined) return error.apiMessage;
  return authText.unknownError;
}
