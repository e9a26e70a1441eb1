// The analytics tables: daily aggregates per partner, dimension (total, brand, category, product) and device
// class, kept by triggers on order_items, storefront_events and analytics_order_devices (migration 0024), and the
// storefront's raw events they are rebuilt from.
import { bigint, date, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { partners } from '../../db/core.schema';
import { ts } from '../../db/columns';

const money = (name: string) =>
  numeric(name, { precision: 16, scale: 2, mode: 'number' }).notNull().default(0);
const count = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * One Moscow day of one partner along one dimension: `total` (key ''), `brand` (the brand), `category` (its
 * code) or `product` (the product id), per device class (`unknown` for orders no storefront reported). Ordered
 * items count on the day their order was placed; as an item moves, it moves between the bought, returned,
 * cancelled and in-flight buckets of that day. `orders` counts the orders holding the key.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    partnerId: integer('partner_id').notNull(),
    dim: text('dim').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    device: text('device').notNull(),
    orders: count('orders'),
    orderedQty: count('ordered_qty'),
    orderedSum: money('ordered_sum'),
    boughtQty: count('bought_qty'),
    boughtSum: money('bought_sum'),
    returnedQty: count('returned_qty'),
    returnedSum: money('returned_sum'),
    cancelledQty: count('cancelled_qty'),
    cancelledSum: money('cancelled_sum'),
    views: count('views'),
    carts: count('carts'),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.dim, t.day, t.key, t.device] })],
);

/**
 * The daily aggregates summed over the devices: reads without a device filter — the charts by day or week, the
 * days at the edges of a period — take one row per day and key instead of one per device class.
 */
export const analyticsDays = pgTable(
  'analytics_days',
  {
    partnerId: integer('partner_id').notNull(),
    dim: text('dim').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    orders: count('orders'),
    orderedQty: count('ordered_qty'),
    orderedSum: money('ordered_sum'),
    boughtQty: count('bought_qty'),
    boughtSum: money('bought_sum'),
    returnedQty: count('returned_qty'),
    returnedSum: money('returned_sum'),
    cancelledQty: count('cancelled_qty'),
    cancelledSum: money('cancelled_sum'),
    views: count('views'),
    carts: count('carts'),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.dim, t.day, t.key] })],
);

/**
 * The daily aggregates summed per Moscow month over every device: a year's read by brand, category or product
 * takes whole months from here (12 rows per key, not 365 × devices) and only the days at its edges from
 * `analytics_daily`. Written by the same trigger function as the days (`analytics_add`), so the two never part.
 */
export const analyticsMonthly = pgTable(
  'analytics_monthly',
  {
    partnerId: integer('partner_id').notNull(),
    dim: text('dim').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    orders: count('orders'),
    orderedQty: count('ordered_qty'),
    orderedSum: money('ordered_sum'),
    boughtQty: count('bought_qty'),
    boughtSum: money('bought_sum'),
    returnedQty: count('returned_qty'),
    returnedSum: money('returned_sum'),
    cancelledQty: count('cancelled_qty'),
    cancelledSum: money('cancelled_sum'),
    views: count('views'),
    carts: count('carts'),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.dim, t.month, t.key] })],
);

/** When a partner's aggregates last changed (the board's «Данные обновлены»). */
export const analyticsFreshness = pgTable('analytics_freshness', {
  partnerId: integer('partner_id').primaryKey(),
  updatedAt: ts('updated_at').notNull(),
});

/** The device class an order was placed from, as the storefront reported it (checkout event). */
export const analyticsOrderDevices = pgTable(
  'analytics_order_devices',
  {
    partnerId: integer('partner_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    device: text('device').notNull(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.orderId] })],
);

/** Product views and additions to cart the storefront reported (counters: `count` units at `at`). */
export const storefrontEvents = pgTable(
  'storefront_events',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    device: text('device').notNull(),
    at: ts('at').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('storefront_events_partner_at_idx').on(t.partnerId, t.at),
  ],
);
