// The session: tokens, the user and partners of the dictionary response, and the current partner.
// It boots from cookies and the stored dictionary, logs in and out, and ends when a refresh fails.
import type { DictionariesGetResult, Partner, Role } from '@moda/contracts';
import { INTERNAL_ROLES } from '@moda/contracts/constants';
import { mayCall } from '../api/may-call';
import type { RpcClient, TokenStore } from '../api/rpc-client';
import { SessionExpiredError } from '../api/rpc-error';
import { clearAllCookies } from './cookies';
import type { dictionaryStorage as DictionaryStorage } from '../storage/dictionary-storage';
import type { partnerChoice as PartnerChoice } from './partner-choice';

export type SessionUser = DictionariesGetResult['user'];

export type SessionState =
  | { status: 'anonymous'; reason?: 'logout' | 'expired' }
  | { status: 'loading' }
  | { status: 'ready'; dictionaries: DictionariesGetResult; user: SessionUser; partner: Partner | null }
  | { status: 'failed'; error: Error };

export type ReadySession = Extract<SessionState, { status: 'ready' }>;

export interface SessionStore {
  getState: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  /** Boot: a stored dictionary makes the session ready at once; the server's copy follows. */
  start(): Promise<void>;
  login(username: string, password: string): Promise<void>;
  logout(): Promise<void>;
  /** The session ended because the tokens could not be renewed. */
  expire(): void;
  selectPartner(partner: Partner): void;
  /** Fetch the dictionary response again (after a change that affects it). */
  reload(): Promise<void>;
  /** Forget the stored dictionary and fetch it again. */
  resetDictionaries(): Promise<void>;
}

export interface SessionDeps {
  api: RpcClient;
  tokens: TokenStore & { clear(): void };
  dictionaries: typeof DictionaryStorage;
  partnerChoice: typeof PartnerChoice;
  clearCookies?: () => void;
}

export const EMPTY_PARTNERS_MESSAGE = 'Empty partners list';

export const isInternalUser = (roles: readonly Role[]) =>
  roles.some((r) => (INTERNAL_ROLES as readonly Role[]).includes(r));

export function createSessionStore(deps: SessionDeps): SessionStore {
  let state: SessionState = { status: deps.tokens.get() ? 'loading' : 'anonymous' };
  const listeners = new Set<() => void>();
  // Every login or logout starts a new generation; answers for an older one are ignored.
  let generation = 0;
  const activated = new Set<number>();

  function set(next: SessionState) {
    state = next;
    listeners.forEach((l) => l());
  }

  function choosePartner(d: DictionariesGetResult, previous: Partner | null): Partner | null {
    const remembered = previous?.partnerId ?? deps.partnerChoice.read(d.user.id)?.partnerId;
    const linked = d.partners.find((p) => p.partnerId === remembered);
    if (linked) return linked;
    if (isInternalUser(d.user.roles) && remembered !== undefined) {
      if (previous?.partnerId === remembered) return previous;
      const stored = deps.partnerChoice.read(d.user.id)?.partner;
      if (stored?.partnerId === remembered) return stored;
    }
    return d.partners[0] ?? null;
  }

  function becomeReady(d: DictionariesGetResult) {
    const previous = state.status === 'ready' ? state.partner : null;
    const partner = choosePartner(d, previous);
    if (!partner && !isInternalUser(d.user.roles) && !d.user.isNewSeller) {
      set({ status: 'failed', error: new Error(EMPTY_PARTNERS_MESSAGE) });
      return;
    }
    set({ status: 'ready', dictionaries: d, user: d.user, partner });
    if (partner) void activateIfNew(partner, d.user.roles);
  }

  /** Spec 000 §6: new partners are activated in the interface after login for partner users. */
  async function activateIfNew(partner: Partner, roles: readonly Role[]) {
    if (!partner.isNewInUiApp || activated.has(partner.partnerId)) return;
    if (!mayCall('v1.partners.activate-in-ui', roles)) return;
    activated.add(partner.partnerId);
    try {
      await deps.api.call('v1.partners.activate-in-ui', { partnerId: partner.partnerId });
      await fetchDictionaries(generation);
    } catch {
      // Not fatal: the next session tries again.
      activated.delete(partner.partnerId);
    }
  }

  async function fetchDictionaries(gen: number): Promise<void> {
    const d = await deps.api.call('v1.dictionaries.get', {});
    if (gen !== generation) return;
    deps.dictionaries.write(d);
    becomeReady(d);
  }

  function clearLocal(reason: 'logout' | 'expired') {
    generation++;
    deps.tokens.clear();
    (deps.clearCookies ?? clearAllCookies)();
    deps.dictionaries.reset();
    activated.clear();
    set({ status: 'anonymous', reason });
  }

  async function revalidate(gen: number, hasCopy: boolean) {
    try {
      await fetchDictionaries(gen);
    } catch (error) {
      if (gen !== generation || error instanceof SessionExpiredError) return;
      // With a stored copy the session goes on; without one there is nothing to show.
      if (!hasCopy)
        set({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async start() {
      const gen = ++generation;
      if (!deps.tokens.get()) {
        set({ status: 'anonymous' });
        return;
      }
      const stored = deps.dictionaries.read();
      if (stored) becomeReady(stored.dictionaries);
      else set({ status: 'loading' });
      await revalidate(gen, stored !== undefined);
    },

    async login(username, password) {
      const gen = ++generation;
      try {
        const tokens = await deps.api.gateway('v1.tokens.create', { username, password });
        deps.tokens.set(tokens);
      } catch (error) {
        // Spec 001 §8: a login failure resets the session if there was one.
        if (deps.tokens.get()) clearLocal('logout');
        throw error;
      }
      deps.dictionaries.reset();
      await fetchDictionaries(gen);
    },

    async logout() {
      const refreshToken = deps.tokens.get()?.refreshToken;
      clearLocal('logout');
      if (refreshToken) {
        // The server forgets the login; the local session is already gone whatever it answers.
        await deps.api.call('v1.tokens.revoke', { refreshToken }).catch(() => undefined);
      }
    },

    expire() {
      if (state.status === 'anonymous') return;
      clearLocal('expired');
    },

    selectPartner(partner) {
      if (state.status !== 'ready') return;
      const linked = state.dictionaries.partners.some((p) => p.partnerId === partner.partnerId);
      deps.partnerChoice.write(state.user.id, partner, !linked);
      set({ ...state, partner });
      void activateIfNew(partner, state.user.roles);
    },

    async reload() {
      await revalidate(generation, state.status === 'ready');
    },

    async resetDictionaries() {
      deps.dictionaries.reset();
      await revalidate(generation, state.status === 'ready');
    },
  };
}
