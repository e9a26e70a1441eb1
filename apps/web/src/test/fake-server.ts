// A fake of the server for component tests: answers the JSON-RPC calls the shell makes with demo-like
// data, so screens are tested through the real client, session and router.
import { vi } from 'vitest';
import {
  SITE_SECTION_FIELD,
  type DictionariesGetResult,
  type OrderCard,
  type Partner,
  type Role,
} from '@moda/contracts';
import { checkedReply } from './mock-api';

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

/** A new order of one item, as v1.orders.get answers it. */
function orderCardFor(orderNr: string): OrderCard {
  return {
    id: '1',
    orderNr,
    createdAt: '2026-11-20T07:05:00.000Z',
    cutOffAt: '2026-11-22T15:00:00.000Z',
    deliveryDate: null,
    sum: 6990,
    currency: 'RUB',
    itemCount: 1,
    status: 'new',
    country: 'RU',
    paymentMethod: 'Prepaid',
    isOverdue: false,
    hasDiscrepancyActs: false,
    trackingNumbers: [],
    packCount: 0,
    comment: '',
    businessModel: 'marketplace_crossdocking',
    delivery: { address: 'Москва, Тверская 1', method: 'Courier', serviceLevel: 'Standard' },
    payment: {
      productCost: 6990,
      deliveryCost: 0,
      totalDiscount: 0,
      partnerAgreedPrice: 6000,
      currency: 'RUB',
      paymentMethod: 'Prepaid',
    },
    items: [
      {
        id: '501',
        modaSku: 'MD1001',
        sellerSku: 'NW-1-42',
        name: 'Льняное платье',
        basePrice: 6990,
        totalDiscount: 0,
        paidPrice: 6990,
        status: 'new',
        cancelAction: null,
        imageUrl: null,
      },
    ],
    discrepancyActs: [],
    packs: [],
    actions: ['confirm', 'reject', 'collect', 'cancel'],
  };
}

/** The road of an applicant who has not started the questionnaire. */
const EMPTY_ROAD = {
  steps: (
    [
      'initialSeller',
      'assortmentConfirmation',
      'legalCheck',
      'contract',
      'productCards',
      'logistics',
    ] as const
  ).map((key, i) => ({ key, state: i === 0 ? 'notStarted' : 'locked' })),
  survey: {
    id: null,
    status: 'empty',
    answers: {},
    pagesSaved: [],
    clarifications: [],
    rejectionReason: null,
    submittedAt: null,
    reviewDueDate: null,
    reapplyFrom: null,
    draftExpiresOn: null,
    updatedAt: null,
    attachments: [],
  },
  committee: null,
  notifications: [],
  partnerId: null,
  businessModel: null,
  productCount: 0,
  minSkuCount: 10,
  logisticsNeeds: null,
  allComplete: false,
};

/** Installs a fetch that answers like the server; returns the list of RPC methods called. */
export function installFakeServer(dictionary: DictionariesGetResult) {
  const methods: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/jsonrpc')) {
      const req = JSON.parse(init?.body as string) as {
        id: string;
        method: string;
        params?: Record<string, unknown>;
      };
      methods.push(req.method);
      const results: Record<string, unknown> = {
        'v1.dictionaries.get': dictionary,
        'v1.audit.list': { items: [], total: 0, nextCursor: null, prevCursor: null },
        'v1.inbox.list': { items: [], incomplete: false },
        'v1.partners.search': { items: [] },
        'v1.tokens.revoke': { ok: true },
        'v1.partners.activate-in-ui': { ok: true },
        'v1.offers.statuses.list': { items: [] },
        'v1.orders.get': orderCardFor(String(req.params?.orderNr)),
        'v1.onboarding.road.get': EMPTY_ROAD,
      };
      return json({
        jsonrpc: '2.0',
        id: req.id,
        result: checkedReply(req.method, results[req.method] ?? null),
      });
    }
    if (url.endsWith('/jsonrpc/v1/tokens.create')) {
      methods.push('v1.tokens.create');
      return json(
        checkedReply('v1.tokens.create', {
          accessToken: 'a',
          refreshToken: 'r',
          scope: dictionary.user.roles,
          expiresIn: 900,
        }),
      );
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
