// The guard's view of the session: authenticated or not, roles, new-seller flag and current partner.
import { useSession } from '../../lib/session/session';
import type { SessionState } from '../../lib/session/session-store';
import { ANONYMOUS, type GuardSession } from './guard';

export function toGuardSession(state: SessionState): GuardSession {
  if (state.status !== 'ready') return ANONYMOUS;
  return {
    authenticated: true,
    roles: state.user.roles,
    isNewSeller: state.user.isNewSeller,
    partner: state.partner,
  };
}

export function useGuardSession(): GuardSession {
  return toGuardSession(useSession());
}
