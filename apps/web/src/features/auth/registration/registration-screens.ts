// The screens of /registration and what each receives. The screen is in the address (?screen=…, or
// ?hash=… for the emailed link); what it shows about the user travels in the history state, so a
// reload keeps it and a shared link does not carry an email.
export type RegistrationScreen = 'sent' | 'exists' | 'marketplace';

export const REGISTRATION_PATH = '/registration';

export const registrationScreen = (screen: RegistrationScreen) => `${REGISTRATION_PATH}?screen=${screen}`;

/** The confirmation screen: where the letter went and when another may be sent. */
export interface SentState {
  email: string;
  resendAt: number;
}

export interface ExistsState {
  email?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function sentStateOf(state: unknown): SentState | null {
  return isObject(state) && typeof state.email === 'string' && typeof state.resendAt === 'number'
    ? { email: state.email, resendAt: state.resendAt }
    : null;
}

export function existsStateOf(state: unknown): ExistsState {
  return isObject(state) && typeof state.email === 'string' ? { email: state.email } : {};
}
