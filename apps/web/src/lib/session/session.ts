// The application's session instance and the React hooks that read it.
import { useSyncExternalStore } from 'react';
import type { Partner } from '@moda/contracts';
import { api, onSessionExpired } from '../api/client';
import { dictionaryStorage } from '../storage/dictionary-storage';
import { partnerChoice } from './partner-choice';
import { createSessionStore, type ReadySession, type SessionState } from './session-store';
import { cookieTokenStore } from './token-storage';

export const session = createSessionStore({
  api,
  tokens: cookieTokenStore,
  dictionaries: dictionaryStorage,
  partnerChoice,
});

onSessionExpired(() => session.expire());

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}

/** For screens behind the guard: the session is ready there by construction. */
export function useReadySession(): ReadySession {
  const state = useSession();
  if (state.status !== 'ready') throw new Error('The session is not ready');
  return state;
}

export function useCurrentPartner(): Partner | null {
  const state = useSession();
  return state.status === 'ready' ? state.partner : null;
}
