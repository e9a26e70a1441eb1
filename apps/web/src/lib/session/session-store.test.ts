// The session: boot from cookies and the stored dictionary, login and logout, partner choice,
// the "Empty partners list" failure and first-login activation of a new partner.
import { describe, expect, it, vi } from 'vitest';
import {
  SITE_SECTION_FIELD,
  type DictionariesGetResult,
  type Partner,
  type TokensResult,
} from '@moda/contracts';
import type { RpcClient, Tokens } from '../api/rpc-client';
import { RpcError, SessionExpiredError } from '../api/rpc-error';
import { dictionaryStorage } from '../storage/dictionary-storage';
import { checkedReply } from '../../test/mock-api';
import { partnerChoice } from './partner-choice';
import { createSessionStore } from './session-store';

const partner = (id: number, extra: Partial<Partner> = {}): Partner => ({
  partnerId: id,
  shopName: `Магазин ${id}`,
  businessModel: 'consignment',
  enabledFeatures: [],
  [SITE_SECTION_FIELD]: { feedback: false, promotions: 'open', analyticsBoard: false },
  isNewInUiApp: false,
  ...extra,
});

function dictionaries(
  partners: Partner[],
  roles: DictionariesGetResult['user']['roles'] = ['partner_user'],
): DictionariesGetResult {
  return {
    partners,
    businessModels: [],
    countries: [],
    exportParameters: [],
    orderStatuses: [],
    itemStatuses: [],
    user: {
      id: 'u1',
      externalId: 'EXT-1',
      email: 'seller@moda.test',
      name: 'Анна Петрова',
      roles,
      isNewSeller: roles.includes('onboarding_user') && !roles.includes('partner_user'),
    },
  };
}

const TOKENS: TokensResult = { accessToken: 'a', refreshToken: 'r', scope: ['partner_user'], expiresIn: 900 };

type LooseCall = (method: string, params?: unknown) => Promise<unknown>;
/** The fake's replies as the contract's result schemas accept them. */
const checked =
  (answer: LooseCall): LooseCall =>
  async (method, params) =>
    checkedReply(method, await answer(method, params));

function setup(
  opts: { tokens?: Tokens | null; dict?: DictionariesGetResult; call?: LooseCall; gateway?: LooseCall } = {},
) {
  let tokens: Tokens | null =
    opts.tokens === undefined ? { accessToken: 'a', refreshToken: 'r' } : opts.tokens;
  const tokenStore = {
    get: () => tokens,
    set: (t: TokensResult) => {
      tokens = { accessToken: t.accessToken, refreshToken: t.refreshToken };
    },
    clear: vi.fn(() => {
      tokens = null;
    }),
  };
  const dict = opts.dict ?? dictionaries([partner(10001)]);
  const call = vi.fn<LooseCall>(
    checked(
      opts.call ??
        (async (method: string) => {
          if (method === 'v1.dictionaries.get') return dict;
          return { ok: true };
        }),
    ),
  );
  const gateway = vi.fn<LooseCall>(checked(opts.gateway ?? (async () => TOKENS)));
  // The fake answers loosely; the session only reads what the contract promises.
  const api = { call, gateway, rest: vi.fn(), refresh: vi.fn() } as unknown as RpcClient;
  const clearCookies = vi.fn();
  const store = createSessionStore({
    api,
    tokens: tokenStore,
    dictionaries: dictionaryStorage,
    partnerChoice,
    clearCookies,
  });
  return { store, call, gateway, tokenStore, clearCookies };
}

describe('session', () => {
  it('is anonymous without tokens', async () => {
    const { store, call } = setup({ tokens: null });
    await store.start();
    expect(store.getState()).toEqual({ status: 'anonymous' });
    expect(call).not.toHaveBeenCalled();
  });

  it('loads the dictionary, keeps it in local storage with country and user id, and picks the partner', async () => {
    const { store } = setup();
    await store.start();
    const state = store.getState();
    expect(state).toMatchObject({
      status: 'ready',
      partner: { partnerId: 10001 },
      user: { email: 'seller@moda.test' },
    });
    expect(dictionaryStorage.read()).toMatchObject({ country: 'RU', userId: 'u1', fulfilmentWarehouses: [] });
  });

  it('is ready at once from a stored dictionary and refreshes it in the background', async () => {
    dictionaryStorage.write(dictionaries([partner(10001, { shopName: 'Старое имя' })]));
    const fresh = dictionaries([partner(10001, { shopName: 'Новое имя' })]);
    const { store } = setup({ dict: fresh });
    const started = store.start();
    expect(store.getState()).toMatchObject({ status: 'ready', partner: { shopName: 'Старое имя' } });
    await started;
    expect(store.getState()).toMatchObject({ status: 'ready', partner: { shopName: 'Новое имя' } });
  });

  it('keeps the stored session when the refresh of the dictionary fails for another reason', async () => {
    dictionaryStorage.write(dictionaries([partner(10001)]));
    const { store } = setup({
      call: async () => {
        throw new RpcError({
          method: 'v1.dictionaries.get',
          request: {},
          response: undefined,
          apiMessage: undefined,
          code: undefined,
        });
      },
    });
    await store.start();
    expect(store.getState().status).toBe('ready');
  });

  it('fails with "Empty partners list" for a partner user without partners', async () => {
    const { store } = setup({ dict: dictionaries([]) });
    await store.start();
    const state = store.getState();
    expect(state.status).toBe('failed');
    if (state.status === 'failed') expect(state.error.message).toBe('Empty partners list');
  });

  it('lets a new seller and an internal user in without a partner', async () => {
    for (const roles of [['onboarding_user'], ['admin']] as const) {
      const { store } = setup({ dict: dictionaries([], [...roles]) });
      await store.start();
      expect(store.getState()).toMatchObject({ status: 'ready', partner: null });
    }
  });

  it('remembers the chosen partner for the next session', async () => {
    const dict = dictionaries([partner(10004), partner(10005)]);
    const first = setup({ dict });
    await first.store.start();
    expect(first.store.getState()).toMatchObject({ partner: { partnerId: 10004 } });
    first.store.selectPartner(partner(10005));
    expect(first.store.getState()).toMatchObject({ partner: { partnerId: 10005 } });

    const second = setup({ dict });
    await second.store.start();
    expect(second.store.getState()).toMatchObject({ partner: { partnerId: 10005 } });
  });

  it('remembers a partner an internal user found by search', async () => {
    const found = partner(10002, { businessModel: 'marketplace_crossdocking' });
    const dict = dictionaries([], ['support_engineer']);
    const first = setup({ dict });
    await first.store.start();
    first.store.selectPartner(found);
    const second = setup({ dict });
    await second.store.start();
    expect(second.store.getState()).toMatchObject({ partner: found });
  });

  it('logs in: tokens stored, dictionary fetched', async () => {
    const { store, gateway, tokenStore } = setup({ tokens: null });
    await store.start();
    await store.login('seller', 'Moda2026!');
    expect(gateway).toHaveBeenCalledWith('v1.tokens.create', { username: 'seller', password: 'Moda2026!' });
    expect(tokenStore.get()).toEqual({ accessToken: 'a', refreshToken: 'r' });
    expect(store.getState().status).toBe('ready');
  });

  it('resets an existing session when a login fails', async () => {
    const failure = new RpcError({
      method: 'v1.tokens.create',
      request: {},
      response: {},
      apiMessage: 'Неверный email или пароль',
      code: 50401,
    });
    const { store, tokenStore } = setup({
      gateway: async () => {
        throw failure;
      },
    });
    await store.start();
    await expect(store.login('seller', 'wrong')).rejects.toBe(failure);
    expect(tokenStore.get()).toBeNull();
    expect(store.getState().status).toBe('anonymous');
  });

  it('logs out: user, partner, cookies and the stored dictionary are gone; the server forgets the token', async () => {
    const { store, call, tokenStore, clearCookies } = setup();
    await store.start();
    await store.logout();
    expect(store.getState()).toEqual({ status: 'anonymous', reason: 'logout' });
    expect(tokenStore.clear).toHaveBeenCalled();
    expect(clearCookies).toHaveBeenCalled();
    expect(dictionaryStorage.read()).toBeUndefined();
    expect(call).toHaveBeenCalledWith('v1.tokens.revoke', { refreshToken: 'r' });
  });

  it('ends when a refresh fails, telling the user why', async () => {
    const { store } = setup({
      call: async () => {
        throw new SessionExpiredError();
      },
    });
    const started = store.start();
    store.expire();
    await started;
    expect(store.getState()).toEqual({ status: 'anonymous', reason: 'expired' });
  });

  it('activates a new partner in the interface once, for partner users', async () => {
    const fresh = partner(10006, { isNewInUiApp: true });
    let activated = false;
    const { store, call } = setup({
      call: async (method: string) => {
        if (method === 'v1.partners.activate-in-ui') {
          activated = true;
          return { ok: true };
        }
        return dictionaries([{ ...fresh, isNewInUiApp: !activated }], ['onboarding_user']);
      },
    });
    await store.start();
    await vi.waitFor(() => expect(store.getState()).toMatchObject({ partner: { isNewInUiApp: false } }));
    const activations = call.mock.calls.filter(([m]) => m === 'v1.partners.activate-in-ui');
    expect(activations).toEqual([['v1.partners.activate-in-ui', { partnerId: 10006 }]]);
  });

  it('does not activate partners for internal roles', async () => {
    const { store, call } = setup({
      dict: dictionaries([partner(10006, { isNewInUiApp: true })], ['b2b_manager']),
    });
    await store.start();
    expect(call.mock.calls.map(([m]) => m)).toEqual(['v1.dictionaries.get']);
  });

  it('can reset the stored dictionary', async () => {
    const { store, call } = setup();
    await store.start();
    await store.resetDictionaries();
    expect(call.mock.calls.filter(([m]) => m === 'v1.dictionaries.get')).toHaveLength(2);
    expect(dictionaryStorage.read()).toBeDefined();
  });
});
