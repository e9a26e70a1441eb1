// Analytics (spec 000 §2 screens and gating, §3 Revenue summary and device classes; spec 001 §7 Analytics
// methods, §9 chart grouping): the board, sales dynamics, the sales funnel, ABC, and the storefront's events.
import { z } from 'zod';
import { type Category, ChartGrouping, DeviceClass, type BusinessModel, type Role } from './enums';
import { defineMethod, PartnerId, partnerParams } from './rpc';
import { safeString } from './text';

export const ANALYTICS_LIMITS = {
  /** The longest period of one request, in days (a year and a leap day). */
  periodMaxDays: 366,
  /** Series in a split by brands or categories; the rest is summed as «Другие». */
  splitSeriesMax: 8,
  pageSize: { max: 100, default: 20 },
  /** Storefront events per platform call. */
  eventsPerCall: 1000,
  /** Units one event may count (a storefront may send counters, not single hits). */
  eventCountMax: 100_000,
  /** How far back a storefront event may be dated, in days. */
  eventMaxAgeDays: 400,
} as const;

/** ABC classes by the share of the cumulative total: A up to 80 %, B up to 95 %, C the rest. */
export const ABC_THRESHOLDS = { A: 0.8, B: 0.95 } as const;

/** Orders not reported by the storefront carry this device class (an order placed by phone, an API). */
export const UNKNOWN_DEVICE = 'unknown';
export const AnalyticsDevice = z.enum([...DeviceClass.options, UNKNOWN_DEVICE]);
export type AnalyticsDevice = z.infer<typeof AnalyticsDevice>;

/**
 * Item statuses counted as bought out (the buyer kept it), as returned (it came back or never arrived), and
 * as cancelled; every other status is still on its way. Shared by the aggregates' SQL and the tests.
 */
export const SALES_BUCKETS = {
  bought: ['delivered', 'claimed'],
  returned: ['returned', 'refund_requested', 'refunded', 'not_delivered'],
  cancelled: ['cancelled'],
} as const;

/**
 * The marketplace's fees (docs/decisions.md "Analytics"): commission as a share of bought-out sales per
 * category and business model; logistics per unit delivered to a buyer (returned units included); storage per
 * bought-out unit kept at the marketplace's warehouse (FBO only); return logistics per returned unit.
 */
export const FEE_MODEL: {
  commission: Record<BusinessModel, Record<z.infer<typeof Category>, number>>;
  logisticsPerUnit: Record<BusinessModel, number>;
  storagePerUnit: Record<BusinessModel, number>;
  returnPerUnit: Record<BusinessModel, number>;
} = {
  commission: {
    consignment: {
      clothes: 0.25,
      footwear: 0.23,
      accessories: 0.22,
      beauty: 0.18,
      home: 0.2,
      toys: 0.17,
      food: 0.12,
    },
    marketplace_crossdocking: {
      clothes: 0.2,
      footwear: 0.19,
      accessories: 0.18,
      beauty: 0.15,
      home: 0.16,
      toys: 0.14,
      food: 0.1,
    },
    dropshipping: {
      clothes: 0.15,
      footwear: 0.14,
      accessories: 0.14,
      beauty: 0.12,
      home: 0.12,
      toys: 0.11,
      food: 0.08,
    },
  },
  logisticsPerUnit: { consignment: 90, marketplace_crossdocking: 120, dropshipping: 0 },
  storagePerUnit: { consignment: 15, marketplace_crossdocking: 0, dropshipping: 0 },
  returnPerUnit: { consignment: 60, marketplace_crossdocking: 80, dropshipping: 0 },
};

const ANALYTICS_ROLES = [
  'partner_user',
  'b2b_manager',
  'support_engineer',
  'admin',
] as const satisfies Role[];

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A Moscow calendar day, YYYY-MM-DD, that exists. */
export const AnalyticsDay = z
  .string()
  .regex(DAY_RE, 'Дата в формате ГГГГ-ММ-ДД')
  .refine((s) => {
    if (!DAY_RE.test(s)) return true;
    const ms = Date.parse(`${s}T00:00:00Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === s;
  }, 'Такой даты нет');

export const DAY_MS = 86_400_000;
/** Days from one YYYY-MM-DD to another, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
/** The YYYY-MM-DD `n` days after `day` (before, when negative). */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** The period of equal length just before [from, to]. */
export const previousPeriod = (from: string, to: string) => {
  const n = daysBetween(from, to);
  return { from: addDays(from, -n), to: addDays(from, -1) };
};

/** A period of Moscow calendar days, both ends included, at most a year long. */
const periodShape = { ...partnerParams, dateFrom: AnalyticsDay, dateTo: AnalyticsDay };
type PeriodInput = { dateFrom: string; dateTo: string };
const checkPeriod = (v: PeriodInput, ctx: z.RefinementCtx) => {
  if (!DAY_RE.test(v.dateFrom) || !DAY_RE.test(v.dateTo)) return;
  if (v.dateFrom > v.dateTo)
    ctx.addIssue({
      code: 'custom',
      path: ['dateFrom'],
      message: 'Дата начала не может быть позже даты окончания',
    });
  else if (daysBetween(v.dateFrom, v.dateTo) > ANALYTICS_LIMITS.periodMaxDays)
    ctx.addIssue({
      code: 'custom',
      path: ['dateTo'],
      message: `Период не может быть длиннее ${ANALYTICS_LIMITS.periodMaxDays} дней`,
    });
};
const period = <S extends z.ZodRawShape>(extra: S) =>
  z
    .strictObject({ ...periodShape, ...extra })
    .superRefine((v, ctx) => checkPeriod(v as unknown as PeriodInput, ctx));

export const AnalyticsPeriodParams = period({});
export type AnalyticsPeriodParams = z.input<typeof AnalyticsPeriodParams>;

/** Spec 000 §3 Revenue summary, with the previous period's values the changes are taken from. */
export const RevenueSummary = z.strictObject({
  revenue: z.number(),
  /** Change against the previous period of equal length, percent; null when that period had none. */
  diffRevenue: z.number().nullable(),
  items: z.number().int(),
  diffItems: z.number().nullable(),
  /** Bought-out share of the period's ordered items whose fate is known, percent; null when none is. */
  prcRansom: z.number().nullable(),
  reviewsCnt: z.number().int().nullable(),
  questionsCnt: z.number().int().nullable(),
  orders: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  daysCount: z.number().int(),
  previous: z.strictObject({
    revenue: z.number(),
    items: z.number().int(),
    startDate: z.string(),
    endDate: z.string(),
  }),
});
export type RevenueSummary = z.infer<typeof RevenueSummary>;

/** One bucket of a chart: a day, a week (Monday to Sunday) or a calendar month, cut to the period. */
export const SalesPoint = z.strictObject({
  /** First and last day of the bucket inside the period, YYYY-MM-DD. */
  from: z.string(),
  to: z.string(),
  revenue: z.number(),
  orders: z.number().int(),
  items: z.number().int(),
  boughtItems: z.number().int(),
  boughtRevenue: z.number(),
  returnedItems: z.number().int(),
  cancelledItems: z.number().int(),
});
export type SalesPoint = z.infer<typeof SalesPoint>;

const Grouping = { grouping: ChartGrouping.default('days') };

export const analyticsRevenueSummary = defineMethod({
  name: 'v1.analytics.revenue-summary.get',
  params: AnalyticsPeriodParams,
  result: RevenueSummary,
  roles: ANALYTICS_ROLES,
  partner: true,
  mutates: false,
  description: 'Revenue, items, buyout share, reviews and questions of a period against the previous one.',
});

export const analyticsMainChart = defineMethod({
  name: 'v1.analytics.main-chart.get',
  params: period(Grouping),
  result: z.strictObject({
    points: z.array(SalesPoint),
    /** The previous period of equal length, bucket by bucket. */
    previous: z.array(SalesPoint),
  }),
  roles: ANALYTICS_ROLES,
  partner: true,
  mutates: false,
  description: 'The board’s chart: revenue and items per day, week or month, with the previous period.',
});

export const IncomeAndExpenses = z.strictObject({
  /** Bought-out sales: what buyers paid for the items they kept. */
  sales: z.number(),
  commission: z.number(),
  logistics: z.number(),
  storage: z.number(),
  returns: z.number(),
  /** What the marketplace pays the seller: sales less the fees. */
  payouts: z.number(),
  boughtItems: z.number().int(),
  returnedItems: z.number().int(),
});
export type IncomeAndExpenses = z.infer<typeof IncomeAndExpenses>;

export const analyticsIncomeAndExpenses = defineMethod({
  name: 'v1.analytics.income-and-expenses.total',
  params: AnalyticsPeriodParams,
  result: IncomeAndExpenses,
  roles: ANALYTICS_ROLES,
  partner: true,
  mutates: false,
  description: 'Sales, the marketplace’s commission, logistics, storage, returns and payouts of a period.',
});

export const analyticsDataUpdatedOn = defineMethod({
  name: 'v1.analytics.data.updated-on',
  params: z.strictObject(partnerParams),
  result: z.strictObject({ updatedOn: z.string().nullable() }),
  roles: ANALYTICS_ROLES,
  partner: true,
  mutates: false,
  description: 'When the partner’s analytics last took in an order or a storefront event.',
});

export const analyticsSalesDynamics = defineMethod({
  name: 'v1.analytics.sales-dynamics.get',
  params: period(Grouping),
  result: z.strictObject({ points: z.array(SalesPoint) }),
  roles: ANALYTICS_ROLES,
  partner: true,
  mutates: false,
  description: 'Revenue, orders, items and buyouts per day, week or month.',
});

export const SalesSeries = z.strictObject({
  /** The brand, or the category's code; `null` for the sum of the rest («Другие»). */
  key: z.string().nullable(),
  name: z.string(),
  total: z.number(),
  points: z.array(SalesPoint),
});
export type SalesSeries = z.infer<typeof SalesSeries>;
const SplitResult = z.strictObject({ series: z.array(SalesSeries) });

export const analyticsSalesDynamicsBrands = defineMethod({
  name: 'v1.analytics.sales-dynamics.brands',
  params: period(Grouping),
  result: SplitResult,
  roles: ANALYTICS_ROLES,
  partner: true,
  mutates: false,
  description: 'Sales dynamics split by brand: the largest brands by revenue, the rest summed.',
});

export const analyticsSalesDynamicsCategories = defineMethod({
  name: 'v1.analytics.sales-dynamics.categories',
  params: period(Grouping),
  result: SplitResult,
  roles: ANALYTICS_ROLES,
  partner: true,
  mutates: false,
  description: 'Sales dynamics split by category: the largest categories by revenue, the rest summed.',
});

export const FunnelGroupBy = z.enum(['product', 'brand', 'category']);
export const FUNNEL_SORT_FIELDS = ['views', 'carts', 'items', 'bought_items', 'revenue'] as const;
const FunnelSort = z
  .string()
  .regex(new RegExp(`^-?(${FUNNEL_SORT_FIELDS.join('|')})$`), 'Недопустимая сортировка')
  .default('-views');

export const FunnelCounts = z.strictObject({
  views: z.number().int(),
  carts: z.number().int(),
  /** Ordered units. */
  items: z.number().int(),
  boughtItems: z.number().int(),
  revenue: z.number(),
  /** Percent at each step from the previous one; null when the previous step is zero. */
  cartRate: z.number().nullable(),
  orderRate: z.number().nullable(),
  buyoutRate: z.number().nullable(),
});
export type FunnelCounts = z.infer<typeof FunnelCounts>;

export const FunnelRow = FunnelCounts.extend({
  /** Product id, brand or category code. */
  key: z.string(),
  name: z.string(),
  sellerSku: z.string().nullable(),
  brand: z.string().nullable(),
  size: z.string().nullable(),
});
export type FunnelRow = z.infer<typeof FunnelRow>;

export const analyticsFunnel = defineMethod({
  name: 'v1.analytics.funnel.get',
  params: period({
    groupBy: FunnelGroupBy.default('product'),
    device: AnalyticsDevice.optional(),
    sort: FunnelSort,
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z
      .number()
      .int()
      .min(1)
      .max(ANALYTICS_LIMITS.pageSize.max)
      .default(ANALYTICS_LIMITS.pageSize.default),
  }),
  result: z.strictObject({
    total: FunnelCounts,
    devices: z.array(FunnelCounts.extend({ device: AnalyticsDevice })),
    rows: z.array(FunnelRow),
    rowCount: z.number().int(),
  }),
  roles: ANALYTICS_ROLES,
  partner: true,
  mutates: false,
  description:
    'Views → add to cart → orders → buyouts with conversions, per device and per product/brand/category.',
});

export const AbcMetric = z.enum(['revenue', 'margin']);
export const AbcLevel = z.enum(['model', 'size']);
export const AbcClass = z.enum(['A', 'B', 'C']);

export const AbcRow = z.strictObject({
  /** The model's parent SKU (level model) or the size's SKU (level size). */
  sellerSku: z.string(),
  title: z.string(),
  brand: z.string(),
  size: z.string().nullable(),
  boughtItems: z.number().int(),
  revenue: z.number(),
  margin: z.number(),
  share: z.number(),
  cumulativeShare: z.number(),
  abcClass: AbcClass,
  stock: z.number().int(),
});
export type AbcRow = z.infer<typeof AbcRow>;

export const analyticsAbc = defineMethod({
  name: 'v1.analytics.abc.get',
  params: period({
    metric: AbcMetric.default('revenue'),
    level: AbcLevel.default('model'),
    abcClass: AbcClass.optional(),
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z
      .number()
      .int()
      .min(1)
      .max(ANALYTICS_LIMITS.pageSize.max)
      .default(ANALYTICS_LIMITS.pageSize.default),
  }),
  result: z.strictObject({
    classes: z.array(
      z.strictObject({ abcClass: AbcClass, count: z.number().int(), value: z.number(), share: z.number() }),
    ),
    rows: z.array(AbcRow),
    rowCount: z.number().int(),
    /** Sizes (or models) in stock that sold nothing in the period: dead stock. */
    deadStock: z.strictObject({ count: z.number().int(), units: z.number().int(), rows: z.array(AbcRow) }),
  }),
  roles: ANALYTICS_ROLES,
  partner: true,
  mutates: false,
  description: 'ABC by bought-out revenue or margin per model or per size, with the dead stock.',
});

// --- the marketplace's storefront: service credential only ------------------------------------------

export const StorefrontEventType = z.enum(['view', 'cart', 'checkout']);
export const StorefrontEvent = z.strictObject({
  partnerId: PartnerId,
  type: StorefrontEventType,
  /** The size's SKU the buyer looked at or put in the cart (view, cart). */
  sellerSku: safeString().min(1).max(50).optional(),
  /** The order placed (checkout): its items are counted on this device. */
  orderNr: safeString().min(1).max(40).optional(),
  device: DeviceClass,
  at: z.iso.datetime({ offset: true }),
  count: z.number().int().min(1).max(ANALYTICS_LIMITS.eventCountMax).default(1),
});

export const platformAnalyticsEvents = defineMethod({
  name: 'v1.platform.analytics.events',
  params: z.strictObject({
    events: z
      .array(StorefrontEvent)
      .min(1)
      .max(ANALYTICS_LIMITS.eventsPerCall)
      .superRefine((events, ctx) => {
        events.forEach((e, i) => {
          if (e.type === 'checkout' ? !e.orderNr : !e.sellerSku)
            ctx.addIssue({
              code: 'custom',
              path: [i, e.type === 'checkout' ? 'orderNr' : 'sellerSku'],
              message: e.type === 'checkout' ? 'Укажите номер заказа' : 'Укажите артикул продавца',
            });
        });
      }),
  }),
  result: z.strictObject({ accepted: z.number().int() }),
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'The storefront reports product views, additions to cart and the device an order came from.',
});

export const platformAnalyticsRebuild = defineMethod({
  name: 'v1.platform.analytics.rebuild',
  params: z.strictObject({ partnerId: PartnerId.optional() }),
  result: z.strictObject({ partners: z.number().int(), rows: z.number().int() }),
  roles: 'platform',
  partner: false,
  mutates: true,
  description:
    'Recompute the analytics aggregates from the orders and storefront events (one partner or all).',
});
