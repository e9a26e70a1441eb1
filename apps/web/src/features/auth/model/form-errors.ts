// Field errors of the auth forms: the contract's schema checked in the browser, and the server's
// `{field, message}` list, both as one message per field; and the Russian text of a refusal.
import { fill, toFieldErrors } from '@moda/contracts';
import { isRpcError } from '../../../lib/api/rpc-error';
import { authText, type AuthErrorReason } from '../locale';

export type FieldErrors = Partial<Record<string, string>>;

function firstPerField(list: readonly { field: string; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const { field, message } of list) out[field] ??= message;
  return out;
}

/** A contract schema, as far as the forms use it. */
export interface FormSchema {
  safeParse(
    values: unknown,
  ): { success: true } | { success: false; error: Parameters<typeof toFieldErrors>[0] };
}

/** The contract schema's verdict on the form: one message per field, none when the form is valid. */
export function schemaErrors(schema: FormSchema, values: unknown): FieldErrors {
  const parsed = schema.safeParse(values);
  return parsed.success ? {} : firstPerField(toFieldErrors(parsed.error));
}

/** The server's field errors (error.data.errors), keyed by field. */
export function serverFieldErrors(error: unknown): FieldErrors {
  return isRpcError(error) ? firstPerField(error.fieldErrors) : {};
}

export const hasErrors = (errors: FieldErrors) => Object.values(errors).some(Boolean);

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
