// Price index and competitor prices (spec 000 §3 "Price index row", spec 001 §3 sortable pi_value, §4 export
// check states, §7 "Matching manager", §9 price index thresholds): the marketplace's matching system posts the
// prices of the same goods elsewhere; each product's index compares its price on the marketplace with the
// lowest counted competitor price. The seller adds a competitor price or disputes a matched one (one by one or
// by file); the marketplace reviews the claim (v1.platform.matching-manager.*). A price change can be
// simulated first: the index it would land in, the critical threshold, quarantine, promotions.
import { z } from 'zod';
import { Category, ProductStatus } from './enums';
import { ExportRecord } from './exports';
import { NOMENCLATURE_LIMITS, NomenclatureFilter, ProductSort } from './nomenclatures';
import { PRICE_RULES, PriceChangeInput, PriceCountry, PriceIndexLevel, priceIndexLevel } from './prices';
import { PARENT_SKU_FIELD, SKU_FIELD } from './product';
import { PartnerId, defineMethod, partnerParams } from './rpc';
import { defineStateMachine } from './state-machine';
import { DigitsId, safeString } from './text';

type PriceIndexLevelValue = z.infer<typeof PriceIndexLevel>;

export const PRICE_INDEX_RULES = {
  /** Spec 001 §9: advantageous up to 1 % above the lowest competitor price. */
  optimalPercent: 1,
  /** Moderate up to 20 % above; unfavorable beyond. */
  averagePercent: 20,
  /** pi_value is numeric(6, 2): a product more than 100× its competitor's price is stored at this cap. */
  piValueCap: 9999.99,
  urlMax: 500,
  competitorMax: 100,
  commentMax: 1000,
  /** Rows of one competitor prices file. */
  fileRowsMax: 1000,
  /** Offers the matching system posts in one call. */
  postMax: 1000,
  simulateMax: PRICE_RULES.bulkMax,
} as const;

// ---- the index, exactly, in kopecks ----

const kopecks = (rubles: number) => BigInt(Math.round(rubles * 100));
/** ⌈a / b⌉ for b > 0. */
const ceilDiv = (a: bigint, b: bigint) => (a >= 0n ? (a + b - 1n) / b : -(-a / b));

/**
 * pi_value: how many percent the marketplace price is above the lowest competitor price, rounded UP to
 * hundredths, so that «up to 1 %» and «up to 20 %» hold exactly: 1.004 % is 1.01, never 1.00. Computed from
 * kopecks with integers; the database's price_index_pi() is the same formula. Null when there is no
 * competitor (a unique product).
 */
export function piValueOf(marketPrice: number, minCompetitor: number | null): number | null {
  if (minCompetitor === null || minCompetitor <= 0) return null;
  const m = kopecks(marketPrice);
  const c = kopecks(minCompetitor);
  return Number(ceilDiv((m - c) * 10_000n, c)) / 100;
}

/** The index value of a marketplace price against the lowest competitor price (spec 001 §9). */
export function priceIndexOf(marketPrice: number, minCompetitor: number | null): PriceIndexLevelValue {
  return priceIndexLevel(piValueOf(marketPrice, minCompetitor));
}

/**
 * The recommendation threshold: the highest price at which the product is advantageous (at most 1 % above the
 * lowest competitor price), by the spec's price rules — a multiple of 10 and not below the minimum. Below the
 * minimum the minimum is recommended (the product then stays above the threshold of advantage).
 */
export function recommendedPriceOf(minCompetitor: number | null): number | null {
  if (minCompetitor === null || minCompetitor <= 0) return null;
  const step = BigInt(PRICE_RULES.multipleOf * 100);
  const highest = (kopecks(minCompetitor) * BigInt(100 + PRICE_INDEX_RULES.optimalPercent)) / 100n;
  const rubles = Number((highest / step) * step) / 100;
  return Math.max(rubles, PRICE_RULES.minimum.RU!);
}

// ---- competitor offers, claims and their review ----

export const DisputeReason = z.enum(['WRONG_PRODUCT', 'OUT_OF_STOCK', 'WRONG_PRICE'], {
  error: 'Выберите причину',
});
export type DisputeReason = z.infer<typeof DisputeReason>;
export const CompetitorClaimKind = z.enum(['add', 'dispute']);
export const CompetitorClaimStatus = z.enum(['review', 'accepted', 'rejected']);
export type CompetitorClaimStatus = z.infer<typeof CompetitorClaimStatus>;
/** A matched offer counts while active; a dispute the marketplace accepted excludes it. */
export const CompetitorOfferStatus = z.enum(['active', 'excluded']);

const SELLER_WRITE = ['partner_user', 'b2b_manager', 'support_engineer'] as const;
const READ_ROLES = ['partner_user', 'b2b_manager', 'support_engineer', 'admin', 'cc_operator'] as const;

/**
 * A claim (an added competitor price or a dispute) waits for the marketplace's review; only the matching
 * system decides it, and an accepted claim changes the index.
 */
export const COMPETITOR_CLAIM_MACHINE = defineStateMachine({
  name: 'competitorClaim',
  states: CompetitorClaimStatus.options,
  initial: 'review',
  transitions: {
    accept: { from: ['review'], to: 'accepted', by: ['platform'] },
    reject: { from: ['review'], to: 'rejected', by: ['platform'] },
  },
});
export const CompetitorClaimDecision = z.enum(['accept', 'reject']);

const CompetitorUrl = safeString({ trim: true })
  .min(1, 'Укажите ссылку на товар конкурента')
  .max(PRICE_INDEX_RULES.urlMax, `Ссылка длиннее ${PRICE_INDEX_RULES.urlMax} символов`)
  .regex(/^https?:\/\/[^\s/]+\.[^\s]+$/i, 'Ссылка должна начинаться с http:// или https://');
const CompetitorPrice = z
  .number({ error: 'Укажите цену конкурента числом' })
  .positive('Цена конкурента должна быть больше нуля')
  .max(PRICE_RULES.maximum, `Цена конкурента не больше ${PRICE_RULES.maximum}`)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
    message: 'Не больше двух знаков после запятой',
  });
const CompetitorName = safeString({ trim: true })
  .min(1, 'Укажите конкурента')
  .max(PRICE_INDEX_RULES.competitorMax, `Не длиннее ${PRICE_INDEX_RULES.competitorMax} символов`);

/**
 * A competitor price the seller found: the same schema for the form, the API and each row of the file
 * (the file names the product by its seller SKU instead of its id).
 */
export const CompetitorPriceFields = {
  competitor: CompetitorName,
  url: CompetitorUrl,
  price: CompetitorPrice,
};
export const CompetitorPriceRow = z.strictObject({
  sellerSku: safeString({ trim: true }).min(1, 'Укажите артикул продавца').max(100),
  ...CompetitorPriceFields,
});
/** The competitor prices file's columns (the template we give). */
export const COMPETITOR_FILE_COLUMNS = {
  sellerSku: 'Артикул продавца',
  competitor: 'Конкурент',
  url: 'Ссылка на товар конкурента',
  price: 'Цена конкурента, ₽',
} as const;

export const CompetitorClaim = z.strictObject({
  id: z.string(),
  productId: z.string(),
  kind: CompetitorClaimKind,
  status: CompetitorClaimStatus,
  competitor: z.string().nullable(),
  url: z.string().nullable(),
  price: z.number().nullable(),
  reason: DisputeReason.nullable(),
  comment: z.string().nullable(),
  competitorOfferId: z.string().nullable(),
  hasScreenshot: z.boolean(),
  answer: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CompetitorClaim = z.infer<typeof CompetitorClaim>;

// ---- the list ----

export const PriceIndexRow = z.strictObject({
  id: z.string(),
  [SKU_FIELD]: z.string(),
  [PARENT_SKU_FIELD]: z.string(),
  sellerSku: z.string(),
  title: z.string(),
  brand: z.string(),
  category: Category,
  status: ProductStatus,
  thumbnailUrl: z.string().nullable(),
  /** The base price (RU). */
  price: z.number().nullable(),
  salePrice: z.number().nullable(),
  /** The price on the marketplace, after discounts: the sale price when there is one. */
  marketPrice: z.number().nullable(),
  /** The lowest counted competitor price; null for a unique product. */
  minCompetitorPrice: z.number().nullable(),
  competitor: z.string().nullable(),
  competitorUrl: z.string().nullable(),
  competitorOfferId: z.string().nullable(),
  piValue: z.number().nullable(),
  index: PriceIndexLevel,
  recommendedPrice: z.number().nullable(),
  /** The claim of this product waiting for the marketplace's review. */
  openClaim: z.strictObject({ id: z.string(), kind: CompetitorClaimKind }).nullable(),
});
export type PriceIndexRow = z.infer<typeof PriceIndexRow>;

export const PriceIndexFilter = {
  ...NomenclatureFilter,
  index: PriceIndexLevel.optional(),
};

export const matchingPriceIndexList = defineMethod({
  name: 'v1.matching-manager.price-index.list',
  params: z.strictObject({
    ...PriceIndexFilter,
    sort: ProductSort,
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z
      .number()
      .int()
      .min(1)
      .max(NOMENCLATURE_LIMITS.pageSize.max)
      .default(NOMENCLATURE_LIMITS.pageSize.default),
  }),
  result: z.strictObject({
    items: z.array(PriceIndexRow),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description:
    'Price-index products: the marketplace price against the lowest competitor price, the index and the ' +
    'recommendation threshold, filtered (index value, brand, category, search), sorted and paged.',
});

export const matchingPriceIndexTotal = defineMethod({
  name: 'v1.matching-manager.price-index.total',
  params: z.strictObject({ ...NomenclatureFilter }),
  result: z.strictObject({
    OPTIMAL: z.number().int(),
    AVERAGE: z.number().int(),
    OVERPRICED: z.number().int(),
    UNCOUNTED: z.number().int(),
    total: z.number().int(),
  }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'How many products have each index value under the list’s filters (total get).',
});

export const PriceIndexSettings = z.strictObject({
  /** The competitors whose prices count, chosen by the marketplace. */
  competitors: z.array(z.string()),
  /** The countries whose competitor offers count. */
  countries: z.array(PriceCountry),
  optimalPercent: z.number(),
  averagePercent: z.number(),
  updatedAt: z.string().nullable(),
});
export const matchingSettingsGet = defineMethod({
  name: 'v1.matching-manager.settings.get',
  params: z.strictObject(partnerParams),
  result: PriceIndexSettings,
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description:
    'Which competitors and countries the index counts (the marketplace’s choice) and its thresholds.',
});

export const matchingCompetitorPriceCreate = defineMethod({
  name: 'v1.matching-manager.rfc.competitor-price.create',
  params: z.strictObject({
    ...partnerParams,
    productId: DigitsId(),
    ...CompetitorPriceFields,
    /** A screenshot uploaded as competitor_screenshot (optional). */
    fileId: z.string().uuid().optional(),
  }),
  result: CompetitorClaim,
  roles: SELLER_WRITE,
  partner: true,
  mutates: true,
  description:
    'The seller adds a competitor price (link, price, optional screenshot): it goes to the marketplace’s review.',
});

export const matchingCompetitorPriceDispute = defineMethod({
  name: 'v1.matching-manager.rfc.competitor-price.dispute',
  params: z.strictObject({
    ...partnerParams,
    competitorOfferId: DigitsId(),
    reason: DisputeReason,
    comment: safeString({ trim: true, multiline: true })
      .max(PRICE_INDEX_RULES.commentMax, `Не длиннее ${PRICE_INDEX_RULES.commentMax} символов`)
      .optional(),
  }),
  result: CompetitorClaim,
  roles: SELLER_WRITE,
  partner: true,
  mutates: true,
  description:
    'The seller disputes a matched competitor price (wrong product, out of stock, wrong price): it goes to review.',
});

export const matchingClaimsList = defineMethod({
  name: 'v1.matching-manager.rfc.list',
  params: z.strictObject({
    ...partnerParams,
    productId: DigitsId().optional(),
    status: CompetitorClaimStatus.optional(),
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(20),
  }),
  result: z.strictObject({ items: z.array(CompetitorClaim), total: z.number().int() }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description:
    'The partner’s competitor price claims and disputes with the marketplace’s answers, newest first.',
});

/** The export's filter: the list's, without sort and paging. */
export const PriceIndexExportFilter = z.strictObject({
  brand: PriceIndexFilter.brand,
  category: PriceIndexFilter.category,
  search: PriceIndexFilter.search,
  index: PriceIndexFilter.index,
});
export const matchingExportCreate = defineMethod({
  name: 'v1.matching-manager.export.create',
  params: z.strictObject({ ...partnerParams, filter: PriceIndexExportFilter.default({}) }),
  result: ExportRecord,
  roles: READ_ROLES,
  partner: true,
  mutates: true,
  allowWhenRestricted: true,
  description: 'Start the price index export of the list’s filters (the file manager’s price_index type).',
});
export const matchingExportCheck = defineMethod({
  name: 'v1.matching-manager.export.check',
  params: z.strictObject({ ...partnerParams, id: z.string().uuid() }),
  result: ExportRecord,
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'The state of a price index export: OK, PROCESSING, ERROR or QUARANTINE.',
});

// ---- the simulation: see a price change's consequences before saving ----

export const PriceSimulationItem = z.strictObject({
  id: z.string(),
  /** Null when the product is not the partner's. */
  sellerSku: z.string().nullable(),
  currentPrice: z.number().nullable(),
  currentMarketPrice: z.number().nullable(),
  newPrice: z.number(),
  newMarketPrice: z.number(),
  currentIndex: PriceIndexLevel,
  newIndex: PriceIndexLevel,
  newPiValue: z.number().nullable(),
  minCompetitorPrice: z.number().nullable(),
  recommendedPrice: z.number().nullable(),
  /** New marketplace price minus the recommendation threshold: above it when positive. */
  gapToRecommended: z.number().nullable(),
  changePercent: z.number().nullable(),
  /** Beyond the critical change threshold: saving needs confirmation. */
  critical: z.boolean(),
  /** A sharp drop: the change would be held in quarantine for review. */
  quarantine: z.boolean(),
  promotions: z.strictObject({
    /** Planned promotions the product would leave. */
    leaves: z.array(z.strictObject({ id: z.string(), name: z.string(), state: z.string() })),
    /** Active promotions that block the change. */
    blockedBy: z.array(z.strictObject({ id: z.string(), name: z.string(), state: z.string() })),
  }),
  /** Whether the change could be saved (with confirmation when critical). */
  status: z.enum(['applied', 'pending', 'failed']),
  errors: z.array(z.strictObject({ field: z.string(), message: z.string(), reason: z.string() })),
});
export type PriceSimulationItem = z.infer<typeof PriceSimulationItem>;

export const matchingSimulate = defineMethod({
  name: 'v1.matching-manager.simulate',
  params: z.strictObject({
    ...partnerParams,
    items: z.array(PriceChangeInput).min(1).max(PRICE_INDEX_RULES.simulateMax),
  }),
  result: z.strictObject({
    thresholdPercent: z.number(),
    items: z.array(PriceSimulationItem),
    counts: z.strictObject({
      OPTIMAL: z.number().int(),
      AVERAGE: z.number().int(),
      OVERPRICED: z.number().int(),
      UNCOUNTED: z.number().int(),
      critical: z.number().int(),
      quarantine: z.number().int(),
      failed: z.number().int(),
    }),
  }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description:
    'Simulate price changes without saving: per product the index it would land in, the critical threshold, ' +
    'quarantine, promotions it would leave or be blocked by, and the gap to the recommendation threshold.',
});

// ---- the marketplace's matching system: service credential only ----

export const platformMatchingOffersPost = defineMethod({
  name: 'v1.platform.matching-manager.offers.post',
  params: z.strictObject({
    partnerId: PartnerId,
    items: z
      .array(
        z.strictObject({
          productId: DigitsId(),
          competitor: CompetitorName,
          country: PriceCountry.default('RU'),
          url: CompetitorUrl,
          price: CompetitorPrice,
        }),
      )
      .min(1)
      .max(PRICE_INDEX_RULES.postMax),
  }),
  result: z.strictObject({ posted: z.number().int() }),
  roles: 'platform',
  partner: false,
  mutates: true,
  description:
    'The matching system posts competitor offers of a partner’s products (one per product and competitor, ' +
    'replacing the previous price); the index follows.',
});

export const platformMatchingOffersList = defineMethod({
  name: 'v1.platform.matching-manager.offers.list',
  params: z.strictObject({ partnerId: PartnerId, limit: z.number().int().min(1).max(1000).default(100) }),
  result: z.strictObject({
    items: z.array(
      z.strictObject({
        competitorOfferId: z.string(),
        productId: z.string(),
        competitor: z.string(),
        country: PriceCountry,
        url: z.string(),
        price: z.number(),
        status: CompetitorOfferStatus,
      }),
    ),
  }),
  roles: 'platform',
  partner: false,
  mutates: false,
  description:
    'A partner’s matched offers, least recently updated first: what the matching system re-checks.',
});

export const platformMatchingClaimsList = defineMethod({
  name: 'v1.platform.matching-manager.rfc.list',
  params: z.strictObject({ limit: z.number().int().min(1).max(500).default(100) }),
  result: z.strictObject({
    items: z.array(CompetitorClaim.extend({ partnerId: PartnerId })),
  }),
  roles: 'platform',
  partner: false,
  mutates: false,
  description: 'Claims waiting for review, oldest first: the matching team’s queue.',
});

export const platformMatchingClaimDecide = defineMethod({
  name: 'v1.platform.matching-manager.rfc.decide',
  params: z.strictObject({
    competitorClaimId: DigitsId(),
    decision: CompetitorClaimDecision,
    answer: safeString({ trim: true }).max(500).optional(),
  }),
  result: CompetitorClaim,
  roles: 'platform',
  partner: false,
  mutates: true,
  description:
    'The review’s outcome: an accepted price is counted, an accepted dispute excludes the offer; the index follows.',
});

export const platformMatchingSettingsSet = defineMethod({
  name: 'v1.platform.matching-manager.settings.set',
  params: z.strictObject({
    partnerId: PartnerId,
    competitors: z.array(CompetitorName).min(1).max(20),
    countries: z.array(PriceCountry).min(1).max(3),
  }),
  result: PriceIndexSettings,
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'The marketplace chooses which competitors and countries count for a partner’s index.',
});

/** Downloads under /rest: the competitor prices file's template. */
export const PRICE_INDEX_FILES = {
  template: (partnerId: number) =>
    `/rest/api/v1/matching-manager/rfc/competitor-price-create/template?partnerId=${partnerId}`,
} as const;
