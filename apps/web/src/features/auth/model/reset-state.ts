// What the recovery screens pass each other in the history state: the email or login typed, and the
// masked address the letter went to. Kept out of the address so that no login lands in a URL.
export const RESET_PATH = '/reset';
export const RESET_CONFIRM_PATH = '/reset/confirm';
export const RESET_PASSWORD_PATH = '/reset/password';

export interface ResetState {
  username: string;
  email?: string;
}

export function resetStateOf(state: unknown): ResetState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { username, email } = state as Record<string, unknown>;
  if (typeof username !== 'string') return null;
  return typeof email === 'string' ? { username, email } : { username };
}
