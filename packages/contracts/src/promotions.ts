// Promotions (spec 000 §2–§4 Promotion, promotion file import; spec 001 §5 Files and Prices, §7 Promotions
// and Products, §8 Promotion, §9): the marketplace's calendar, who sees which, a partner's products in a
// promotion by hand or by file, the files' records, the floor prices the server never goes below, and the
// marketplace's v1.platform.* side that announces, opens, starts, ends and reports promotions.
import { z } from 'zod';
import {
  BusinessModel,
  Category,
  Gender,
  PromotionApiState,
  PromotionFileStatus,
  PromotionFilter,
  PromotionType,
  type Role,
} from './enums';
import { FEE_MODEL } from './analytics';
import { NomenclatureFilter } from './nomenclatures';
import { PRICE_RULES } from './prices';
import { defineMethod, Ok, PartnerId, partnerParams } from './rpc';
import { defineStateMachine } from './state-machine';
import { DigitsId, safeString } from './text';
import { ExportRecord } from './exports';

const MB = 1024 * 1024;

export const PROMOTION_LIMITS = {
  /** Spec 001 §5 Files: promotion products files are at most 10 MB. */
  fileMaxBytes: 10 * MB,
  /** Rows of one file (the benchmark adds 10,000 at once). */
  fileMaxRows: 20_000,
  /** Products added or removed by hand in one call. */
  bulkMax: 1000,
  /** Spec 001 §9: registration ends at 12:00 Moscow time on its last day. */
  registrationEndsAtMoscowHour: 12,
  /** Spec 001 §9: new files are polled every 10 s; failed records go after 1 hour; the notice stays 10 min. */
  filePollMs: 10_000,
  failedFileTtlMs: 60 * 60_000,
  failedNoticeMs: 10 * 60_000,
  /** Spec 001 §8: a file name in a notice title is cut to 46 characters when longer than 49. */
  titleCut: 46,
  titleMax: 49,
  /** The sales the card shows beside the promo price: the last 28 days at the current price. */
  salesDays: 28,
  discount: { min: 5, max: 80 },
  pageSize: { max: 100, default: 20 },
  /** Cost and floor prices: whole rubles, within the prices' bounds. */
  priceMax: PRICE_RULES.maximum,
} as const;

/** The template's version: a file saved from an older template is refused (spec 001 §5). */
export const PROMOTION_TEMPLATE_VERSION = 3;

export type PromotionState = z.infer<typeof PromotionApiState>;
export type PromotionFilterValue = z.infer<typeof PromotionFilter>;

/**
 * The promotion's API states (spec 000 §4) and the marketplace's moves between them. Sellers move none: they
 * join or leave while registration is open. idle: announced; open: registration open; planed: registration
 * over, not started; active: running; passed: over, sales being counted; finished: results reported.
 */
export const PROMOTION_MACHINE = defineStateMachine({
  name: 'promotion',
  states: PromotionApiState.options,
  initial: 'idle',
  transitions: {
    open: { from: ['idle'], to: 'open', by: ['platform'] },
    closeRegistration: { from: ['open'], to: 'planed', by: ['platform'] },
    start: { from: ['planed'], to: 'active', by: ['platform'] },
    end: { from: ['active'], to: 'passed', by: ['platform'] },
    finish: { from: ['passed'], to: 'finished', by: ['platform'] },
  },
});
export type PromotionAction = keyof typeof PROMOTION_MACHINE.transitions;
export const PromotionAction = z.enum(
  Object.keys(PROMOTION_MACHINE.transitions) as [PromotionAction, ...PromotionAction[]],
);

/** How the seller reads a promotion (spec 000 §4): available, registration ended, my active, my finished. */
export const PromotionSellerStatus = z.enum(['available', 'registrationEnded', 'myActive', 'myFinished']);
export type PromotionSellerStatus = z.infer<typeof PromotionSellerStatus>;

/** The instant registration ends: 12:00 Moscow (UTC+3 all year) on its last day. */
export function registrationDeadline(lastDay: string): Date {
  return new Date(
    `${lastDay}T${String(PROMOTION_LIMITS.registrationEndsAtMoscowHour - 3).padStart(2, '0')}:00:00Z`,
  );
}

/** Whether products may still join or leave: registration has opened and its deadline is not reached. */
export function registrationOpen(state: PromotionState, lastDay: string, now: Date): boolean {
  return state === 'open' && now.getTime() < registrationDeadline(lastDay).getTime();
}

/** The seller's reading of a promotion's state, given whether the partner has products in it. */
export function sellerStatus(
  state: PromotionState,
  lastDay: string,
  now: Date,
  participates: boolean,
): PromotionSellerStatus {
  if ((state === 'idle' || state === 'open') && now.getTime() < registrationDeadline(lastDay).getTime())
    return 'available';
  if (participates && (state === 'planed' || state === 'active' || state === 'open')) return 'myActive';
  if (participates && (state === 'passed' || state === 'finished')) return 'myFinished';
  return 'registrationEnded';
}

/** Which seller statuses each list filter shows (`filter list`). */
export const PROMOTION_FILTER_STATUSES: Record<PromotionFilterValue, readonly PromotionSellerStatus[]> = {
  all: PromotionSellerStatus.options,
  active: ['myActive'],
  finished: ['myFinished'],
  available: ['available'],
};

/**
 * The promo price of a product: the promotion's discount off its price, in whole rubles rounded down to the
 * prices' step of 10 (spec 001 §5: a price is a multiple of 10).
 */
export function promoPriceOf(price: number, discountPercent: number): number {
  const step = PRICE_RULES.multipleOf;
  return Math.floor((price * (100 - discountPercent)) / 100 / step) * step;
}

/** The marketplace's commission on a sale (analytics' FEE_MODEL: per business model and category). */
export function commissionRate(model: BusinessModel, category: string): number {
  const rates = FEE_MODEL.commission[model];
  return rates[category as keyof typeof rates] ?? rates.clothes;
}

/** What is left of a sale at `price` after the commission and the cost (null without a cost price). */
export function marginAt(price: number, rate: number, cost: number | null): number | null {
  if (cost === null) return null;
  return Math.round((price * (1 - rate) - cost) * 100) / 100;
}

/** The change from the current price to the promo price, in percent, beyond the critical threshold. */
export function thresholdExceeded(price: number, promoPrice: number): boolean {
  return price > 0 && ((price - promoPrice) / price) * 100 > PRICE_RULES.criticalThresholdPercent;
}

/**
 * Why a product may not join (its price status in the promotion), or `ok`. `belowFloor`: the promo price is
 * under the seller's floor price, and the server never puts it in.
 */
export const PromotionPriceStatus = z.enum(['ok', 'noPrice', 'belowFloor', 'notEligible', 'archived']);
export type PromotionPriceStatus = z.infer<typeof PromotionPriceStatus>;
export const PROMOTION_PRICE_STATUS_LABELS: Record<PromotionPriceStatus, string> = {
  ok: 'Можно добавить',
  noPrice: 'Нет цены',
  belowFloor: 'Цена по акции ниже минимальной',
  notEligible: 'Категория или пол не подходят для акции',
  archived: 'Товар в архиве',
};

export const PROMOTION_TYPE_LABELS: Record<z.infer<typeof PromotionType>, string> = {
  onsite: 'Акция на сайте',
  coupon: 'Купон',
};
/** Participation format: the seller adds products, or the marketplace adds those that respect their floor. */
export const PromotionFormat = z.enum(['manual', 'auto']);
export const PROMOTION_FORMAT_LABELS: Record<z.infer<typeof PromotionFormat>, string> = {
  manual: 'Продавец добавляет товары сам',
  auto: 'Маркетплейс добавляет товары с минимальной ценой не выше цены по акции',
};
export const PROMOTION_SELLER_STATUS_LABELS: Record<PromotionSellerStatus, string> = {
  available: 'Доступна',
  registrationEnded: 'Регистрация завершена',
  myActive: 'Мои активные',
  myFinished: 'Мои завершённые',
};
export const PROMOTION_FILTER_LABELS: Record<PromotionFilterValue, string> = {
  all: 'Все',
  active: 'Активные',
  finished: 'Завершённые',
  available: 'Доступные',
};

/** The promotion file's columns, as the template names them, and the messages of its rows. */
export const PROMOTION_COLUMNS = {
  version: 'Версия шаблона',
  promotion: 'Акция',
  sellerSku: 'Артикул продавца',
  modaSku: 'Артикул Moda',
  title: 'Название',
  price: 'Цена, ₽',
  promoPrice: 'Цена по акции, ₽',
  floorPrice: 'Минимальная цена, ₽',
} as const;
export const PROMOTION_ROW_ERRORS = {
  blank: 'Значение не заполнено',
  notUnique: 'Артикул продавца повторяется в файле',
  skuNotFound: 'Товар с таким артикулом продавца не найден',
  notInPromotion: 'Товара нет в акции',
  noPrice: 'У товара нет цены',
  notEligible: 'Категория или пол товара не подходят для акции',
  archived: 'Товар в архиве',
  /** {promoPrice}, {floorPrice}: rubles. */
  belowFloor: 'Цена по акции {promoPrice} ₽ ниже минимальной цены {floorPrice} ₽',
} as const;

export const PromotionFileAction = z.enum(['add', 'remove']);
export type PromotionFileAction = z.infer<typeof PromotionFileAction>;

// ---- shapes --------------------------------------------------------------------------------------------

const Day = z.iso.date();
export const PromotionId = z.string().regex(/^\d{1,12}$/, 'Акция не найдена');
const Money = z.number();

export const PromotionRow = z.strictObject({
  id: z.string(),
  name: z.string(),
  type: PromotionType,
  format: PromotionFormat,
  state: PromotionApiState,
  sellerStatus: PromotionSellerStatus,
  discountPercent: z.number().int(),
  categories: z.array(Category),
  gender: Gender.nullable(),
  registrationStart: z.string(),
  registrationEnd: z.string(),
  /** The instant registration ends (12:00 Moscow on registrationEnd), ISO. */
  registrationDeadline: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** The partner's products in it. */
  productsCount: z.number().int(),
});
export type PromotionRow = z.infer<typeof PromotionRow>;

export const PromotionCard = PromotionRow.extend({
  description: z.string(),
  businessModels: z.array(BusinessModel),
  /** Products may join now / leave now (the server's rule, spec 001 §9 and docs/decisions.md). */
  canAdd: z.boolean(),
  canRemove: z.boolean(),
  /** The partner's results: for running and finished promotions. */
  results: z.strictObject({ soldQuantity: z.number().int(), salesSum: Money }).nullable(),
  templateVersion: z.number().int(),
});
export type PromotionCard = z.infer<typeof PromotionCard>;

export const PromotionProductRow = z.strictObject({
  id: z.string(),
  photo: z.string().nullable(),
  title: z.string(),
  modaSku: z.string(),
  sellerSku: z.string(),
  parentSku: z.string(),
  brand: z.string(),
  category: z.string(),
  price: Money.nullable(),
  salePrice: Money.nullable(),
  promoPrice: Money.nullable(),
  stock: z.number().int(),
  /** Sold in the promotion (the marketplace's report). */
  sold: z.number().int(),
  inPromotion: z.boolean(),
  priceStatus: PromotionPriceStatus,
  costPrice: Money.nullable(),
  floorPrice: Money.nullable(),
  /** The marketplace's commission at the promo price, and what is left after it and the cost. */
  commissionPercent: z.number(),
  marginAtPromo: Money.nullable(),
  marginAtCurrent: Money.nullable(),
  /** The promo price is beyond the critical change threshold from the current price. */
  thresholdExceeded: z.boolean(),
  /** The lowest price at which the promo price still respects the floor (null without a floor). */
  recommendedPrice: Money.nullable(),
  /** Units sold and their sum in the last 28 days at the current price. */
  sales28: z.strictObject({ quantity: z.number().int(), sum: Money }),
});
export type PromotionProductRow = z.infer<typeof PromotionProductRow>;

export const PromotionFileRecord = z.strictObject({
  id: z.string(),
  name: z.string(),
  status: PromotionFileStatus,
  partnerId: PartnerId,
  action: PromotionFileAction,
  promotionId: z.string(),
  promotionName: z.string(),
  updatedAt: z.string(),
  /** The error's code (null unless failed). */
  code: z.string().nullable(),
  /** The first error, as the notice says it. */
  promoFileErrorTxt: z.string().nullable(),
  hasErrorFile: z.boolean(),
  rowsTotal: z.number().int().nullable(),
});
export type PromotionFileRecord = z.infer<typeof PromotionFileRecord>;

/** The notice title's file name: cut to 46 characters plus an ellipsis when longer than 49 (spec 001 §8). */
export function noticeFileName(name: string): string {
  return name.length > PROMOTION_LIMITS.titleMax ? `${name.slice(0, PROMOTION_LIMITS.titleCut)}...` : name;
}

// ---- the seller's methods ------------------------------------------------------------------------------

const READ_ROLES = [
  'partner_user',
  'b2b_manager',
  'support_engineer',
  'admin',
  'cc_operator',
] as const satisfies Role[];
const WRITE_ROLES = ['partner_user', 'b2b_manager', 'support_engineer'] as const satisfies Role[];
const promotionRef = { ...partnerParams, promotionId: PromotionId };
const Page = {
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z
    .number()
    .int()
    .min(1)
    .max(PROMOTION_LIMITS.pageSize.max)
    .default(PROMOTION_LIMITS.pageSize.default),
};

export const promotionsList = defineMethod({
  name: 'v1.promotions.list',
  params: z.strictObject({
    ...partnerParams,
    filter: PromotionFilter.default('all'),
    search: safeString({ trim: true }).max(100).optional(),
    ...Page,
  }),
  result: z.strictObject({ items: z.array(PromotionRow), total: z.number().int() }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description:
    'Promotions the partner may see, by the seller’s filter (all, active, finished, available), paged.',
});

const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Месяц в формате ГГГГ-ММ');
export const promotionsListV2 = defineMethod({
  name: 'v2.promotions.list',
  params: z
    .strictObject({ ...partnerParams, filter: PromotionFilter.default('all'), from: Month, to: Month })
    .refine((p) => p.from <= p.to, { path: ['to'], message: 'Конец периода раньше начала' }),
  result: z.strictObject({ items: z.array(PromotionRow) }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'The calendar: promotions the partner may see whose active period meets the months from–to.',
});

export const promotionsFilterList = defineMethod({
  name: 'v1.promotions.filter.list',
  params: z.strictObject(partnerParams),
  result: z.array(z.strictObject({ value: PromotionFilter, label: z.string(), count: z.number().int() })),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'The list’s filters with their Russian names and how many promotions each shows.',
});

export const promotionsGet = defineMethod({
  name: 'v1.promotions.get',
  params: z.strictObject(promotionRef),
  result: PromotionCard,
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description:
    'One promotion: conditions, dates, whether products may join or leave now, the partner’s results.',
});

export const promotionsPriceStatusesList = defineMethod({
  name: 'v1.promotions.product-price-statuses.list',
  params: z.strictObject({}),
  result: z.array(z.strictObject({ value: PromotionPriceStatus, label: z.string() })),
  roles: READ_ROLES,
  partner: false,
  mutates: false,
  description: 'Product price statuses in a promotion with their Russian names.',
});

export const promotionsProductsList = defineMethod({
  name: 'v1.promotions.products.list',
  params: z.strictObject({
    ...promotionRef,
    /** in: the partner's products in the promotion; candidates: those that are not (to add). */
    scope: z.enum(['in', 'candidates']).default('in'),
    brand: NomenclatureFilter.brand,
    category: NomenclatureFilter.category,
    search: NomenclatureFilter.search,
    ...Page,
  }),
  result: z.strictObject({ items: z.array(PromotionProductRow), total: z.number().int() }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description:
    'The partner’s products in a promotion, or those that could join, with the promo price, the margin after the commission, the critical threshold, the recommended price and the last 28 days’ sales.',
});

const ProductIds = z.array(DigitsId()).min(1, 'Выберите товары').max(PROMOTION_LIMITS.bulkMax);
const Changed = z.strictObject({ changed: z.number().int(), productsCount: z.number().int() });

export const promotionsProductsAdd = defineMethod({
  name: 'v1.promotions.products.add',
  params: z.strictObject({ ...promotionRef, productIds: ProductIds }),
  result: Changed,
  roles: WRITE_ROLES,
  partner: true,
  mutates: true,
  description:
    'Add products while registration is open; none is added if any is refused (below its floor, no price…).',
});

export const promotionsProductsDelete = defineMethod({
  name: 'v1.promotions.products.delete',
  params: z.strictObject({ ...promotionRef, productIds: ProductIds }),
  result: Changed,
  roles: WRITE_ROLES,
  partner: true,
  mutates: true,
  description: 'Remove products while registration is open (after it they stay until the promotion ends).',
});

export const promotionsFilesList = defineMethod({
  name: 'v1.promotions.files.list',
  params: z.strictObject(partnerParams),
  result: z.strictObject({ items: z.array(PromotionFileRecord) }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description:
    'The partner’s promotion files still to show: new ones, finished ones not yet closed, failed ones for an hour.',
});

export const promotionsFilesClose = defineMethod({
  name: 'v1.promotions.files.close',
  params: z.strictObject({ ...partnerParams, fileId: z.uuid() }),
  result: Ok,
  roles: READ_ROLES,
  partner: true,
  mutates: true,
  description: 'The seller closed a file’s notice (or saw its success): it leaves the list.',
});

const Rub = z
  .number()
  .min(0)
  .max(PROMOTION_LIMITS.priceMax)
  .multipleOf(0.01, 'Не больше двух знаков после запятой');
export const CostPriceInput = z
  .strictObject({ costPrice: Rub.nullable(), floorPrice: Rub.nullable() })
  .refine((v) => v.costPrice === null || v.floorPrice === null || v.floorPrice >= v.costPrice, {
    path: ['floorPrice'],
    message: 'Минимальная цена не может быть ниже себестоимости',
  });

export const promotionsCostPricesSet = defineMethod({
  name: 'v1.promotions.cost-prices.set',
  params: z.strictObject({
    ...partnerParams,
    items: z
      .array(z.strictObject({ id: DigitsId(), costPrice: Rub.nullable(), floorPrice: Rub.nullable() }))
      .min(1)
      .max(PROMOTION_LIMITS.bulkMax)
      .superRefine((items, c) =>
        items.forEach((it, i) => {
          const r = CostPriceInput.safeParse({ costPrice: it.costPrice, floorPrice: it.floorPrice });
          if (!r.success)
            for (const issue of r.error.issues)
              c.addIssue({ code: 'custom', path: [i, ...issue.path], message: issue.message });
        }),
      ),
  }),
  result: z.strictObject({ changed: z.number().int() }),
  roles: WRITE_ROLES,
  partner: true,
  mutates: true,
  description: 'Record the cost price and the floor price of products (null clears one).',
});

export const promotionsCostPricesSetBulk = defineMethod({
  name: 'v1.promotions.cost-prices.set-bulk',
  params: z
    .strictObject({
      ...partnerParams,
      /** Every product of this brand, or of this category (one of the two). */
      brand: safeString({ trim: true }).min(1).max(100).nullable(),
      category: Category.nullable(),
      costPrice: Rub.nullable(),
      floorPrice: Rub.nullable(),
    })
    .refine((p) => p.brand !== null || p.category !== null, {
      path: ['brand'],
      message: 'Выберите бренд или категорию',
    })
    .refine((p) => p.costPrice === null || p.floorPrice === null || p.floorPrice >= p.costPrice, {
      path: ['floorPrice'],
      message: 'Минимальная цена не может быть ниже себестоимости',
    }),
  result: z.strictObject({ changed: z.number().int() }),
  roles: WRITE_ROLES,
  partner: true,
  mutates: true,
  description: 'Record one cost price and floor price for every product of a brand or a category.',
});

// ---- cost and floor prices by file ---------------------------------------------------------------------

/**
 * The cost price file (issue 21: "or by file"): the partner's products by seller SKU (the promotion file's
 * identifier), the cost price and the floor price. Every row is checked by CostPriceInput, the rule of
 * v1.promotions.cost-prices.set; an empty cell clears that price (the template comes filled with the current
 * ones, so a cell left as it is keeps its value). All rows are saved or none.
 */
export const COST_PRICE_COLUMNS = {
  sellerSku: 'Артикул продавца',
  modaSku: 'Артикул Moda',
  title: 'Название',
  costPrice: 'Себестоимость, ₽',
  floorPrice: 'Минимальная цена, ₽',
} as const;
export const COST_PRICE_FILE = {
  /** The promotion products file's limit (spec 001 §5), the nearest the spec gives. */
  maxBytes: 10 * MB,
  /** Rows of one file: a large catalogue in one go. */
  maxRows: 100_000,
} as const;
export const COST_PRICE_ROW_ERRORS = {
  blank: PROMOTION_ROW_ERRORS.blank,
  notUnique: 'Артикул продавца повторяется в файле',
  skuNotFound: PROMOTION_ROW_ERRORS.skuNotFound,
  notANumber: 'Введите число, например 1250 или 1250,50',
  missingColumn: 'В файле нет обязательного столбца',
  noRows: 'В файле нет ни одного товара',
  tooManyRows: `В файле больше ${COST_PRICE_FILE.maxRows.toLocaleString('ru-RU')} товаров: разделите его`,
} as const;

/** A cell of the file as a price: empty is null (clear it), a number as it is, anything else not a number. */
export function costPriceCell(raw: string): number | null | 'nan' {
  const v = raw.trim().replace(/\s/g, '').replace(',', '.');
  if (!v) return null;
  return /^[-+]?\d+(\.\d+)?$/.test(v) ? Number(v) : 'nan';
}

/** One row of the file checked by the contract's rule: the errors by column (none when it may be saved). */
export function costPriceRowErrors(row: {
  costPrice: string;
  floorPrice: string;
}): { column: 'costPrice' | 'floorPrice'; message: string }[] {
  const cost = costPriceCell(row.costPrice);
  const floor = costPriceCell(row.floorPrice);
  const errors: { column: 'costPrice' | 'floorPrice'; message: string }[] = [];
  if (cost === 'nan') errors.push({ column: 'costPrice', message: COST_PRICE_ROW_ERRORS.notANumber });
  if (floor === 'nan') errors.push({ column: 'floorPrice', message: COST_PRICE_ROW_ERRORS.notANumber });
  if (errors.length) return errors;
  const r = CostPriceInput.safeParse({ costPrice: cost, floorPrice: floor });
  if (r.success) return [];
  return r.error.issues.map((i) => ({
    column: i.path[0] === 'costPrice' ? 'costPrice' : 'floorPrice',
    message: i.message,
  }));
}

// ---- products in a promotion (spec 001 §7 Products: total, added, added report and total) -------------

export const promotionsProductsTotal = defineMethod({
  name: 'v1.promotions.products.total',
  params: z.strictObject(promotionRef),
  result: z.strictObject({
    /** The partner's products the card lists (in it or not). */
    total: z.number().int(),
    /** Those in the promotion. */
    added: z.number().int(),
    /** Those not in it (the "add products" tab). */
    candidates: z.number().int(),
  }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'How many of the partner’s products the promotion’s card lists: all, those in it, the others.',
});

export const promotionsProductsAdded = defineMethod({
  name: 'v1.promotions.products.added',
  params: z.strictObject({
    ...promotionRef,
    brand: NomenclatureFilter.brand,
    category: NomenclatureFilter.category,
    search: NomenclatureFilter.search,
    ...Page,
  }),
  result: z.strictObject({ items: z.array(PromotionProductRow), total: z.number().int() }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description:
    'The partner’s products in a promotion, paged, with their promo price, sales in it, margin and threshold.',
});

export const promotionsProductsAddedTotal = defineMethod({
  name: 'v1.promotions.products.added.total',
  params: z.strictObject(promotionRef),
  result: z.strictObject({
    total: z.number().int(),
    soldQuantity: z.number().int(),
    salesSum: Money,
  }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'The partner’s products in a promotion: how many, and what they sold in it.',
});

export const promotionsProductsAddedReport = defineMethod({
  name: 'v1.promotions.products.added.report',
  params: z.strictObject(promotionRef),
  result: ExportRecord,
  roles: READ_ROLES,
  partner: true,
  mutates: true,
  allowWhenRestricted: true,
  description:
    'Start the report of the partner’s products in a promotion (xlsx, export type promotion_products) for the file manager.',
});

// ---- the marketplace's side: service credential only ---------------------------------------------------

const PlatformPromotionResult = z.strictObject({ id: z.string(), state: PromotionApiState });

export const platformPromotionsAnnounce = defineMethod({
  name: 'v1.platform.promotions.announce',
  params: z
    .strictObject({
      name: safeString({ trim: true }).min(3).max(200),
      description: safeString({ trim: true }).max(2000).default(''),
      type: PromotionType,
      format: PromotionFormat,
      discountPercent: z.number().int().min(PROMOTION_LIMITS.discount.min).max(PROMOTION_LIMITS.discount.max),
      categories: z.array(Category).max(Category.options.length),
      gender: Gender.nullable(),
      /** Who sees and may join it: closed to the others (spec 000 §2). */
      businessModels: z.array(BusinessModel).min(1).max(BusinessModel.options.length),
      registrationStart: Day,
      registrationEnd: Day,
      startDate: Day,
      endDate: Day,
    })
    .refine((p) => p.registrationStart <= p.registrationEnd, {
      path: ['registrationEnd'],
      message: 'Регистрация заканчивается раньше, чем начинается',
    })
    .refine((p) => p.registrationEnd <= p.startDate, {
      path: ['startDate'],
      message: 'Акция начинается раньше конца регистрации',
    })
    .refine((p) => p.startDate <= p.endDate, {
      path: ['endDate'],
      message: 'Акция заканчивается раньше начала',
    }),
  result: PlatformPromotionResult,
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'The marketplace announces a promotion (idle).',
});

export const platformPromotionsMove = defineMethod({
  name: 'v1.platform.promotions.move',
  params: z.strictObject({ promotionId: PromotionId, action: PromotionAction }),
  result: PlatformPromotionResult,
  roles: 'platform',
  partner: false,
  mutates: true,
  description:
    'Open registration (not before its first day), close it (only once its 12:00 Moscow deadline passed), start, end or finish a promotion.',
});

export const platformPromotionsReportSales = defineMethod({
  name: 'v1.platform.promotions.report-sales',
  params: z.strictObject({
    promotionId: PromotionId,
    items: z
      .array(
        z.strictObject({
          partnerId: PartnerId,
          productId: DigitsId(),
          quantity: z.number().int().min(1).max(100_000),
          sum: z.number().min(0).max(PRICE_RULES.maximum),
        }),
      )
      .min(1)
      .max(PROMOTION_LIMITS.bulkMax),
  }),
  result: z.strictObject({ counted: z.number().int() }),
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'Sales of promoted products while the promotion runs or is being counted (active, passed).',
});

export const platformPromotionsList = defineMethod({
  name: 'v1.platform.promotions.list',
  params: z.strictObject({ state: z.array(PromotionApiState).min(1).max(6) }),
  result: z.strictObject({
    items: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        state: PromotionApiState,
        registrationStart: z.string(),
        registrationEnd: z.string(),
        startDate: z.string(),
        endDate: z.string(),
        discountPercent: z.number().int(),
        products: z.array(
          z.strictObject({ partnerId: PartnerId, productId: z.string(), promoPrice: Money.nullable() }),
        ),
      }),
    ),
  }),
  roles: 'platform',
  partner: false,
  mutates: false,
  description: 'Promotions in some states with the products in them: the marketplace’s work queue.',
});
