// A fake of the server for component tests: answers the JSON-RPC calls the shell makes with demo-like
// data, so screens are tested through the real client, session and router.
import { vi } from 'vitest';
import { SITE_SECTION_FIELD, type DictionariesGetResult, type Partner, type Role } from '@moda/contracts';

export const SELLER_PARTNER: Partner = {
  partnerId: 10001,
  shopName: 'Северный ветер',
  businessModel: 'consignment',
  enabledFeatures: ['analyticsEnabled', 'ShowFeedbackSection', 'offersEnabled'],
  [SITE_SECTION_FIELD]: { feedback: true, promotions: 'open', analyticsBoard: true },
  isNewInUiApp: false,
};

export const FBS_PARTNER: Partner = {
  partnerId: 10002,
  shopName: 'Urban Loft',
  businessModel: 'marketplace_crossdocking',
  enabledFeatures: ['assemblingOrder', 'ShowFeedbackSection', 'analyticsEnabled'],
  [SITE_SECTION_FIELD]: { feedback: true, promotions: 'partial', analyticsBoard: true },
  isNewInUiApp: false,
};

export function dictionaryFor(partners: Partner[], roles: Role[] = ['partner_user']): DictionariesGetResult {
  return {
    partners,
    businessModels: [
      { code: 'consignment', name: 'FBO — товар на складе маркетплейса' },
      { code: 'marketplace_crossdocking', name: 'FBS — товар на складе продавца' },
      { code: 'dropshipping', name: 'Дропшиппинг' },
    ],
    countries: [{ code: 'RU', name: 'Россия' }],
    exportParameters: [],
    orderStatuses: [],
    itemStatuses: [],
    user: {
      id: 'user-1',
      externalId: 'EXT-1',
      email: 'seller@moda.test',
      name: 'Анна Петрова',
      roles,
      isNewSeller: roles.includes('onboarding_user') && !roles.includes('partner_user'),
    },
  };
}

/** Installs a fetch that answers like the server; returns the list of RPC methods called. */
export function installFakeServer(dictionary: DictionariesGetResult) {
  const methods: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/jsonrpc')) {
      const req = JSON.parse(init?.body as string) as { id: string; method: string };
      methods.push(req.method);
      const results: Record<string, unknown> = {
        'v1.dictionaries.get': dictionary,
        'v1.audit.list': { items: [], total: 0 },
        'v1.partners.search': { items: [] },
        'v1.tokens.revoke': { ok: true },
        'v1.partners.activate-in-ui': { ok: true },
      };
      return json({ jsonrpc: '2.0', id: req.id, result: results[req.method] ?? null });
    }
    if (url.endsWith('/jsonrpc/v1/tokens.create')) {
      methods.push('v1.tokens.create');
      return json({ accessToken: 'a', refreshToken: 'r', scope: dictionary.user.roles, expiresIn: 900 });
    }
    if (url.includes('/batch/')) return json({ accepted: 1 });
    if (url.includes('/get-lid')) return json({ lid: 'lid-test' });
    return json({ error: { code: 50404, message: 'Не найдено' } }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, methods };
}

export function setTokenCookies() {
  document.cookie = 'moda_access_token=a; Path=/';
  document.cookie = 'moda_refresh_token=r; Path=/';
}
