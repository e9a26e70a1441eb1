// FBO stock balances and the shipment forecast (spec 001 §7 analytics forecast, §9): stock per SKU and
// warehouse with the last 7 days' sales, days of stock and what to ship. Consignment partners only.
import { z } from 'zod';
import { Category, DaysBucket, StockSyncStatus } from './enums';
import { FBO_LIMITS, FBO_READ_ROLES, FboWarehouseCode } from './fbo';
import { defineMethod, partnerParams } from './rpc';
import { safeString } from './text';

/**
 * Spec 001 §9 stock forecast: sales of 7 days, a 28-day horizon, the days-of-stock threshold of 7 days. The
 * forecast's pace is the last `salesDays` of sales. Stock performance (docs/decisions.md "Analytics") counts a SKU
 * out of stock when nothing of it is on hand while it sold in the last `staleDays`, and stale when units are on hand
 * and none sold in that time.
 */
export const FORECAST = { salesDays: 7, horizonDays: 28, thresholdDays: 7, staleDays: 30 } as const;

export const FboStockFilter = {
  ...partnerParams,
  brand: z.array(safeString().max(100)).max(50).optional(),
  category: z.array(Category).max(10).optional(),
  warehouseCode: z.array(FboWarehouseCode).max(4).optional(),
  daysBucket: DaysBucket.optional(),
  search: safeString({ trim: true }).max(100).optional(),
  /** Only goods that cannot be sold for want of marking. */
  lacksMarking: z.boolean().optional(),
};
export const FBO_STOCK_SORT_FIELDS = [
  'seller_sku',
  'on_hand',
  'sales7',
  'days_of_stock',
  'recommended',
  'in_transit',
] as const;
export const FboStockSort = z
  .string()
  .regex(new RegExp(`^-?(${FBO_STOCK_SORT_FIELDS.join('|')})$`), 'Недопустимая сортировка')
  .default('-recommended');

export const FboStockRow = z.strictObject({
  sellerSku: z.string(),
  modaSku: z.string(),
  title: z.string(),
  brand: z.string(),
  category: Category,
  warehouseCode: FboWarehouseCode,
  onHand: z.number().int(),
  reserved: z.number().int(),
  inTransit: z.number().int(),
  sales7: z.number().int(),
  /** Days the stock lasts at the last 7 days' pace; null when nothing sold. */
  daysOfStock: z.number().nullable(),
  daysBucket: DaysBucket,
  /** What to ship to cover 28 days of sales beyond the stock and what is on its way. */
  recommended: z.number().int(),
  syncStatus: StockSyncStatus,
  lacksMarking: z.boolean(),
});
export type FboStockRow = z.infer<typeof FboStockRow>;

export const fboForecastGet = defineMethod({
  name: 'v1.analytics.recommended-shipment.get',
  params: z.strictObject({
    ...FboStockFilter,
    sort: FboStockSort,
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(FBO_LIMITS.pageSize.max).default(FBO_LIMITS.pageSize.default),
  }),
  result: z.strictObject({
    items: z.array(FboStockRow),
    total: z.number().int(),
    totals: z.strictObject({
      onHand: z.number().int(),
      inTransit: z.number().int(),
      recommended: z.number().int(),
      lacksMarking: z.number().int(),
    }),
  }),
  roles: FBO_READ_ROLES,
  partner: true,
  mutates: false,
  description: 'Stock per SKU and warehouse with 7-day sales, days of stock and the recommended shipment.',
});

const ForecastGroup = z.strictObject({
  name: z.string(),
  onHand: z.number().int(),
  inTransit: z.number().int(),
  sales7: z.number().int(),
  recommended: z.number().int(),
  /** SKUs with nothing on hand that sold in the last FORECAST.staleDays. */
  outOfStock: z.number().int(),
  /** SKUs with units on hand and no sale in the last FORECAST.staleDays. */
  stale: z.number().int(),
});
export const fboForecastBrands = defineMethod({
  name: 'v1.analytics.recommended-shipment.brands',
  params: z.strictObject(FboStockFilter),
  result: z.strictObject({ items: z.array(ForecastGroup) }),
  roles: FBO_READ_ROLES,
  partner: true,
  mutates: false,
  description: 'The recommended shipment summed by brand under the stock screen’s filters.',
});
export const fboForecastCategories = defineMethod({
  name: 'v1.analytics.recommended-shipment.categories',
  params: z.strictObject(FboStockFilter),
  result: z.strictObject({ items: z.array(ForecastGroup) }),
  roles: FBO_READ_ROLES,
  partner: true,
  mutates: false,
  description: 'The recommended shipment summed by category under the stock screen’s filters.',
});
