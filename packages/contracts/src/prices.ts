// Prices and discounts (spec 001 §5 "Prices and discounts", §8 "Prices"): the rules' limits, one price
// change, bulk changes with an answer per product, critical changes, quarantine and approvals, and the
// auto-conversion of RU prices into BY and KZ.
import { z } from 'zod';
import { Category, Country, PriceApprovalStatus, PriceReviewType, ProductStatus } from './enums';
import { ERRORS, type ErrorKey } from './errors';
import { fill } from './messages';
import { NOMENCLATURE_LIMITS, NomenclatureFilter, ProductSort } from './nomenclatures';
import { PARENT_SKU_FIELD, SKU_FIELD } from './product';
import { defineMethod, partnerParams } from './rpc';
import { DigitsId } from './text';

export const PRICE_RULES = {
  /** RU prices are whole rubles in steps of 10. */
  multipleOf: 10,
  /**
   * The largest price or special price in any currency: prices are numeric(12, 2), and an RU price
   * auto-converted into tenge is several times larger, so a billion leaves room for the conversion.
   */
  maximum: 1_000_000_000,
  minimum: { RU: 100, BY: 5, KZ: 500 } as Record<string, number>,
  discount: { min: 5, max: 80 },
  /** The special price as a share of the form's price, in percent. */
  specialShare: { min: 20, max: 95 },
  /** A change beyond this many percent needs explicit confirmation (the server's figure). */
  criticalThresholdPercent: 30,
  /** A drop beyond this many percent is held for review instead of applied (price quarantine). */
  quarantineDropPercent: 50,
  bulkMax: 10_000,
} as const;

export const PriceCountry = z.enum(['RU', 'BY', 'KZ']);
export type PriceCountry = z.infer<typeof PriceCountry>;

/** The currency each country's prices are written in. */
export const PRICE_CURRENCY: Record<PriceCountry, { code: string; sign: string }> = {
  RU: { code: 'RUB', sign: '₽' },
  BY: { code: 'BYN', sign: 'Br' },
  KZ: { code: 'KZT', sign: '₸' },
};

const saleDate = z.iso.date({ error: ERRORS['price.invalidDate'].message }).nullable().optional();
export const PriceChangeInput = z.strictObject({
  id: DigitsId(),
  country: PriceCountry.default('RU'),
  // A missing price is the one message the spec has for it: the country is on, so it needs a price.
  price: z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? ERRORS['price.requiredForCountry'].message
          : undefined,
    })
    .positive()
    .max(PRICE_RULES.maximum),
  /** The special (red) price; or give `discount` in percent instead. */
  salePrice: z.number().positive().max(PRICE_RULES.maximum).nullable().optional(),
  // Bounded so that no number is unbounded; within ±100 % the rules' narrower range answers on the field.
  discount: z
    .number()
    .min(-100, ERRORS['price.discountRange'].message)
    .max(100, ERRORS['price.discountRange'].message)
    .nullable()
    .optional(),
  saleStartDate: saleDate,
  saleEndDate: saleDate,
});
export type PriceChangeInput = z.infer<typeof PriceChangeInput>;
const confirmCritical = z.boolean({ error: ERRORS['price.booleanNeeded'].message }).default(false);

/** The fields of a price change that the rules speak about. */
export type PriceField = 'price' | 'salePrice' | 'discount' | 'saleStartDate' | 'saleEndDate';
export interface PriceRuleError {
  field: PriceField;
  reason: ErrorKey;
  message: string;
}
const ruleError = (field: PriceField, reason: ErrorKey, message = ERRORS[reason].message) => ({
  field,
  reason,
  message,
});
const decimals = (n: number) => (String(n).split('.')[1] ?? '').length;

/** A sale price for a discount in percent, rounded the way the country writes its prices. */
export function salePriceFor(price: number, discount: number, country: PriceCountry): number {
  const raw = price * (1 - discount / 100);
  if (country === 'RU') return Math.round(raw / PRICE_RULES.multipleOf) * PRICE_RULES.multipleOf;
  if (country === 'KZ') return Math.round(raw);
  return Math.round(raw * 100) / 100;
}

/** The discount a sale price gives, in whole percent (what lists show). */
export function discountOf(price: number | null, salePrice: number | null): number | null {
  if (!price || salePrice === null || salePrice >= price) return null;
  return Math.round((1 - salePrice / price) * 100);
}

/** Format rules of one amount in one country's currency (spec 001 §5: multiple of 10, two decimals, minimum). */
function amountErrors(field: PriceField, country: PriceCountry, amount: number): PriceRuleError[] {
  const out: PriceRuleError[] = [];
  if (country === 'RU' && amount % PRICE_RULES.multipleOf !== 0)
    out.push(ruleError(field, 'price.multipleOf10'));
  else if (country === 'KZ' && !Number.isInteger(amount)) out.push(ruleError(field, 'price.integerNeeded'));
  else if (decimals(amount) > 2) out.push(ruleError(field, 'price.maxTwoDecimals'));
  const minimum = PRICE_RULES.minimum[country] ?? 0;
  if (amount < minimum)
    out.push(ruleError(field, 'price.belowMinimum', `${ERRORS['price.belowMinimum'].message}: ${minimum}`));
  return out;
}

/**
 * A price in one country's currency as a schema: positive, at most the largest price, and the format of spec 001
 * §5 (RU in steps of 10, KZ whole, at most two decimals, the country's minimum), each with the catalogue's
 * message. The card's price (manual form, its edit, Excel import, the store call) is this for RU; price changes
 * (price table, bulk) check the same rules through priceRuleErrors, which answers per product.
 */
export const PriceAmount = (country: PriceCountry) =>
  z
    .number()
    .positive({ abort: true })
    .max(PRICE_RULES.maximum, { abort: true })
    .superRefine((amount, ctx) => {
      for (const e of amountErrors('price', country, amount))
        ctx.addIssue({ code: 'custom', message: e.message });
    });

/**
 * The rules of spec 001 §5 "Prices and discounts" that need nothing but the form: the price's format, the
 * discount or special price range, the sale fields together, the period's order. The server adds the rules
 * that need the product (country, pending change, promotions, threshold); the web checks these as one types.
 */
export function priceRuleErrors(item: {
  country: PriceCountry;
  price: number;
  salePrice?: number | null | undefined;
  discount?: number | null | undefined;
  saleStartDate?: string | null | undefined;
  saleEndDate?: string | null | undefined;
}): { errors: PriceRuleError[]; salePrice: number | null } {
  const errors = amountErrors('price', item.country, item.price);
  let salePrice = item.salePrice ?? null;
  if (item.discount !== undefined && item.discount !== null) {
    if (item.discount < PRICE_RULES.discount.min || item.discount > PRICE_RULES.discount.max)
      errors.push(ruleError('discount', 'price.discountRange'));
    salePrice = salePriceFor(item.price, item.discount, item.country);
  } else if (salePrice !== null) {
    const share = (salePrice / item.price) * 100;
    if (share < PRICE_RULES.specialShare.min || share > PRICE_RULES.specialShare.max)
      errors.push(ruleError('salePrice', 'price.specialPriceRange'));
    errors.push(...amountErrors('salePrice', item.country, salePrice));
  }
  const hasPeriod = Boolean(item.saleStartDate) || Boolean(item.saleEndDate);
  const fullPeriod = Boolean(item.saleStartDate) && Boolean(item.saleEndDate);
  if (
    (salePrice !== null && !fullPeriod) ||
    (salePrice === null && hasPeriod) ||
    (hasPeriod && !fullPeriod)
  ) {
    const field = salePrice === null ? 'salePrice' : item.saleStartDate ? 'saleEndDate' : 'saleStartDate';
    errors.push(ruleError(field, 'price.saleFieldsTogether'));
  }
  if (fullPeriod && item.saleStartDate! > item.saleEndDate!)
    errors.push(ruleError('saleStartDate', 'price.startAfterEnd'));
  return { errors, salePrice };
}

/** How far a new price is from the current one, in percent; null without a current price. */
export function priceChangePercent(current: number | null, next: number): number | null {
  return current ? (Math.abs(next - current) / current) * 100 : null;
}

/** Price index levels of spec 001 §9: up to 1 % above the minimum, up to 20 %, beyond; none when unique. */
export const PriceIndexLevel = z.enum(['OPTIMAL', 'AVERAGE', 'OVERPRICED', 'UNCOUNTED']);
export function priceIndexLevel(piValue: number | null): z.infer<typeof PriceIndexLevel> {
  if (piValue === null) return 'UNCOUNTED';
  if (piValue <= 1) return 'OPTIMAL';
  if (piValue <= 20) return 'AVERAGE';
  return 'OVERPRICED';
}

/** The message a bulk change answers with when some products were refused: «у 1 товара», «у 5 товаров». */
export function correctionFailedMessage(count: number): string {
  const singular = count % 10 === 1 && count % 100 !== 11;
  return fill(ERRORS['price.correctionFailed'].message, { count }).replace(
    /товаров$/,
    singular ? 'товара' : 'товаров',
  );
}

export const PriceConfirmation = z.strictObject({ newPrice: z.number(), thresholdPercent: z.number() });
export const PriceItemResult = z.strictObject({
  id: z.string(),
  country: Country,
  /** applied: in force now; pending: held in quarantine for review; failed: see errors. */
  status: z.enum(['applied', 'pending', 'failed']),
  errors: z.array(z.strictObject({ field: z.string(), message: z.string(), reason: z.string() })),
  /** Set when the change is beyond the threshold and was not confirmed. */
  confirmation: PriceConfirmation.nullable(),
  warnings: z.array(z.enum(['removedFromPlannedPromotion'])),
});
export type PriceItemResult = z.infer<typeof PriceItemResult>;

const WRITE_ROLES = ['partner_user', 'b2b_manager', 'support_engineer'] as const;
const READ_ROLES = ['partner_user', 'b2b_manager', 'support_engineer', 'admin', 'cc_operator'] as const;

export const nomenclaturesValidatePrice = defineMethod({
  name: 'v1.nomenclatures.validate-price',
  params: z.strictObject({ ...partnerParams, item: PriceChangeInput }),
  result: PriceItemResult,
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description:
    'Check a price change before saving: errors on fields, the critical-change confirmation, warnings.',
});
export const nomenclaturesUpdatePrice = defineMethod({
  name: 'v1.nomenclatures.update-price',
  params: z.strictObject({
    ...partnerParams,
    item: PriceChangeInput,
    confirmCritical,
  }),
  result: PriceItemResult,
  roles: WRITE_ROLES,
  partner: true,
  mutates: true,
  description: 'Change one product’s price; a change beyond the threshold needs confirmCritical.',
});
export const nomenclaturesSetPrices = defineMethod({
  name: 'v1.nomenclatures.set-prices',
  params: z.strictObject({
    ...partnerParams,
    items: z.array(PriceChangeInput).min(1).max(PRICE_RULES.bulkMax),
    confirmCritical,
  }),
  result: z.strictObject({
    items: z.array(PriceItemResult),
    failed: z.number().int(),
    message: z.string().nullable(),
    /** The prices validation report of the refused items (download it by PRICE_FILES), when any. */
    reportId: z.string().nullable(),
  }),
  roles: WRITE_ROLES,
  partner: true,
  mutates: true,
  description: 'Change many prices in one call: each product is saved or refused on its own.',
});

export const PriceChange = z.strictObject({
  id: z.string(),
  productId: z.string(),
  country: Country,
  oldPrice: z.number().nullable(),
  newPrice: z.number(),
  oldSalePrice: z.number().nullable(),
  newSalePrice: z.number().nullable(),
  saleStartDate: z.string().nullable(),
  saleEndDate: z.string().nullable(),
  reviewType: PriceReviewType.nullable(),
  status: z.enum([...PriceApprovalStatus.options, 'applied']),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export const nomenclaturesPriceHistory = defineMethod({
  name: 'v1.nomenclatures.price-history',
  params: z.strictObject({ ...partnerParams, id: DigitsId() }),
  result: z.strictObject({ items: z.array(PriceChange) }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'Every price change of a product, newest first, with its approval state.',
});
export const nomenclaturesPricesApprove = defineMethod({
  name: 'v1.nomenclatures.prices-approve',
  params: z.strictObject({
    ...partnerParams,
    changeIds: z.array(DigitsId()).min(1).max(1000),
    decision: z.enum(['approved', 'rejected']),
  }),
  result: z.strictObject({ items: z.array(PriceChange) }),
  roles: ['admin', 'support_engineer'],
  partner: true,
  mutates: true,
  description: 'Reviewers approve (the price is applied) or reject changes held in quarantine.',
});
export const nomenclaturesAutoConversionGet = defineMethod({
  name: 'v1.nomenclatures.auto-conversion-price.get',
  params: z.strictObject(partnerParams),
  result: z.strictObject({ enabled: z.boolean(), rates: z.record(z.string(), z.number()) }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'Whether BY and KZ prices are calculated from RU prices for this partner, and the rates.',
});
export const nomenclaturesAutoConversionCalculate = defineMethod({
  name: 'v1.nomenclatures.auto-conversion-price.calculate',
  params: z.strictObject({ ...partnerParams, ruPrice: z.number().positive().max(PRICE_RULES.maximum) }),
  result: z.strictObject({ BY: z.number(), KZ: z.number() }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'The BY and KZ prices auto-conversion gives for an RU price.',
});

const PriceCheckItem = z.strictObject({
  id: DigitsId(),
  country: PriceCountry.default('RU'),
  price: z.number().positive().max(PRICE_RULES.maximum),
});
export const nomenclaturesPriceThresholdExceeded = defineMethod({
  name: 'v1.nomenclatures.price-threshold-exceeded',
  params: z.strictObject({
    ...partnerParams,
    items: z.array(PriceCheckItem).max(PRICE_RULES.bulkMax).default([]),
  }),
  result: z.strictObject({
    thresholdPercent: z.number(),
    items: z.array(
      z.strictObject({
        id: z.string(),
        country: PriceCountry,
        currentPrice: z.number().nullable(),
        newPrice: z.number(),
        changePercent: z.number().nullable(),
        exceeded: z.boolean(),
      }),
    ),
  }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description:
    'The threshold of a critical price change, and for each given new price whether it goes beyond it.',
});

/** The latest change of a product's price that went to review, as the price table shows it. */
export const PriceApproval = z.strictObject({
  changeId: z.string(),
  status: PriceApprovalStatus,
  reviewType: PriceReviewType.nullable(),
  oldPrice: z.number().nullable(),
  newPrice: z.number(),
  oldSalePrice: z.number().nullable(),
  newSalePrice: z.number().nullable(),
  saleStartDate: z.string().nullable(),
  saleEndDate: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export const PriceListRow = z.strictObject({
  id: z.string(),
  [SKU_FIELD]: z.string(),
  [PARENT_SKU_FIELD]: z.string(),
  sellerSku: z.string(),
  sellerParentSku: z.string(),
  barcode: z.string().nullable(),
  title: z.string(),
  brand: z.string(),
  category: Category,
  status: ProductStatus,
  country: PriceCountry,
  price: z.number().nullable(),
  salePrice: z.number().nullable(),
  saleStartDate: z.string().nullable(),
  saleEndDate: z.string().nullable(),
  /** Whole percent the sale price takes off the price. */
  discount: z.number().nullable(),
  piValue: z.number().nullable(),
  /** The main photo's 320×461 rendition under /rest, or null without photos. */
  thumbnailUrl: z.string().nullable(),
  approval: PriceApproval.nullable(),
  /** Promotions the product takes part in: an active one blocks the change, others are left on change. */
  promotions: z.array(z.strictObject({ id: z.string(), name: z.string(), state: z.string() })),
});
export type PriceListRow = z.infer<typeof PriceListRow>;
export const PriceListApproval = z.enum(['all', 'pending']);

export const nomenclaturesPricesList = defineMethod({
  name: 'v1.nomenclatures.prices-list',
  params: z.strictObject({
    ...NomenclatureFilter,
    country: PriceCountry.default('RU'),
    /** `pending`: only products whose price change waits for review. */
    approval: PriceListApproval.default('all'),
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
    items: z.array(PriceListRow),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Countries the seller sells in (prices can be set for these). */
    countries: z.array(PriceCountry),
    autoConversion: z.boolean(),
    /** Changes of this country waiting for review under the same filters. */
    pendingCount: z.number().int(),
  }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description:
    'The price table: the partner’s products (outside the archive) with one country’s prices, discount, ' +
    'price index and approval state, filtered, sorted and paged like the products list.',
});

/** Downloads under /rest (spec 001 §7 "price history file", "prices validation report"): xlsx files. */
export const PRICE_FILES = {
  /** Every price change of one product, or of every product of the partner without `productId`. */
  historyFile: (partnerId: number, productId?: string) =>
    `/rest/api/v1/nomenclatures/${productId ? `${productId}/` : ''}price-history/file?partnerId=${partnerId}`,
  validationReport: (partnerId: number, reportId: string) =>
    `/rest/api/v1/nomenclatures/prices-validation-report/${reportId}?partnerId=${partnerId}`,
} as const;
