// Prices and discounts (spec 001 §5 "Prices and discounts", §8 "Prices"): the rules' limits, one price
// change, bulk changes with an answer per product, critical changes, quarantine and approvals, and the
// auto-conversion of RU prices into BY and KZ.
import { z } from 'zod';
import { Country, PriceApprovalStatus, PriceReviewType } from './enums';
import { defineMethod, partnerParams } from './rpc';

export const PRICE_RULES = {
  /** RU prices are whole rubles in steps of 10. */
  multipleOf: 10,
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
export const PriceChangeInput = z.strictObject({
  id: z.string().regex(/^\d+$/),
  country: PriceCountry.default('RU'),
  price: z.number().positive(),
  /** The special (red) price; or give `discount` in percent instead. */
  salePrice: z.number().positive().nullable().optional(),
  discount: z.number().nullable().optional(),
  saleStartDate: z.iso.date().nullable().optional(),
  saleEndDate: z.iso.date().nullable().optional(),
});
export type PriceChangeInput = z.infer<typeof PriceChangeInput>;

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
    confirmCritical: z.boolean().default(false),
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
    confirmCritical: z.boolean().default(false),
  }),
  result: z.strictObject({
    items: z.array(PriceItemResult),
    failed: z.number().int(),
    message: z.string().nullable(),
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
  params: z.strictObject({ ...partnerParams, id: z.string().regex(/^\d+$/) }),
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
    changeIds: z.array(z.string().regex(/^\d+$/)).min(1).max(1000),
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
  params: z.strictObject({ ...partnerParams, ruPrice: z.number().positive() }),
  result: z.strictObject({ BY: z.number(), KZ: z.number() }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'The BY and KZ prices auto-conversion gives for an RU price.',
});
