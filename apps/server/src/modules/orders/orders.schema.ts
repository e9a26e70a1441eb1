// The orders' tables: orders with their items, packs, discrepancy acts and events, and the counts per
// partner and status kept by triggers (migration 0016).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { partners } from '../../db/core.schema';
import { ts } from '../../db/columns';

/**
 * Buyers' orders of a partner's products, created and moved by marketplace systems (v1.platform.*).
 * `order_nr` is the seller-facing number; `search_text` holds the number, SKUs and item names (lower case)
 * for the list's full-text search.
 */
export const orders = pgTable(
  'orders',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    orderNr: text('order_nr').notNull(),
    status: text('status').notNull(),
    country: text('country').notNull().default('RU'),
    businessModel: text('business_model').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The time by which the seller must ship; past it and not shipped, the order is overdue. */
    cutOffAt: ts('cut_off_at').notNull(),
    /** Delivered (or planned delivery) date; empty while unknown. */
    deliveryDate: ts('delivery_date'),
    sum: numeric('sum', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    itemCount: integer('item_count').notNull(),
    comment: text('comment'),
    trackingNumbers: text('tracking_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Address, method, service level. */
    delivery: jsonb('delivery').notNull(),
    paymentMethod: text('payment_method').notNull(),
    currency: text('currency').notNull().default('RUB'),
    productCost: numeric('product_cost', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    deliveryCost: numeric('delivery_cost', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    totalDiscount: numeric('total_discount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    partnerAgreedPrice: numeric('partner_agreed_price', {
      precision: 14,
      scale: 2,
      mode: 'number',
    }).notNull(),
    hasDiscrepancyAct: boolean('has_discrepancy_act').notNull().default(false),
    searchText: text('search_text').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    uniqueIndex('orders_order_nr_uq').on(t.orderNr),
    index('orders_partner_created_idx').on(t.partnerId, t.createdAt, t.id),
    index('orders_partner_status_created_idx').on(t.partnerId, t.status, t.createdAt, t.id),
    index('orders_partner_cut_off_idx').on(t.partnerId, t.cutOffAt),
    index('orders_partner_delivery_idx').on(t.partnerId, t.deliveryDate),
    index('orders_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The overdue count: only orders still waiting for the seller, which are few.
    index('orders_open_cut_off_idx')
      .on(t.partnerId, t.status, t.cutOffAt)
      .where(sql`status in ('new', 'confirmed', 'awaiting_shipment')`),
    // Migrations 0014/0015 (custom SQL, Drizzle has no INCLUDE) add covering indexes for totals and counts;
    // 0018 adds order_search_sig(search_text) to their keys (a search within a date range tests it first).
  ],
);

/** Kept by triggers on orders (migration 0016): counts per status without counting a partner's orders. */
export const orderStatusCounts = pgTable(
  'order_status_counts',
  {
    partnerId: integer('partner_id').notNull(),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    /** Of them, orders with a discrepancy act. */
    acts: bigint('acts', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'order_status_counts_pk', columns: [t.partnerId, t.status] })],
);

/**
 * Partners whose orders' search words are kept (migration 0050, orders.search-words.ts): those with 20,000
 * orders or more, keyed by a job once; from then on the triggers on orders keep their words.
 */
export const orderSearchPartners = pgTable('order_search_partners', {
  partnerId: integer('partner_id').primaryKey(),
  builtAt: ts('built_at').notNull().defaultNow(),
});

/**
 * The words of a keyed partner's orders (runs of letters: anything but an ASCII non-letter), every word any of
 * its orders ever held. A search of one word finds here the words holding it.
 */
export const orderSearchWords = pgTable(
  'order_search_words',
  {
    partnerId: integer('partner_id').notNull(),
    word: text('word').notNull(),
  },
  (t) => [
    primaryKey({ name: 'order_search_words_pk', columns: [t.partnerId, t.word] }),
    index('order_search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
  ],
);

/** A keyed partner's orders holding a word, per Moscow day of creation and status (kept by triggers). */
export const orderSearchWordDays = pgTable(
  'order_search_word_days',
  {
    partnerId: integer('partner_id').notNull(),
    word: text('word').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
    /** Of them, orders with a discrepancy act. */
    acts: integer('acts').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'order_search_word_days_pk', columns: [t.partnerId, t.word, t.day, t.status] })],
);

/** One unit of a product in an order; items are cancelled one by one (CLAIM, REJECT, CANCEL). */
export const orderItems = pgTable(
  'order_items',
  {
    partnerId: integer('partner_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    productId: bigint('product_id', { mode: 'number' }),
    modaSku: text('moda_sku').notNull(),
    sellerSku: text('seller_sku').notNull(),
    name: text('name').notNull(),
    basePrice: numeric('base_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    totalDiscount: numeric('total_discount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    paidPrice: numeric('paid_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    status: text('status').notNull(),
    cancelAction: text('cancel_action'),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.orderId, t.id] }),
    index('order_items_sku_idx').on(t.partnerId, t.sellerSku),
  ],
);

/** Pack numbers of an order: `PACK` + partner id + a number unique for the partner. */
export const orderPacks = pgTable(
  'order_packs',
  {
    partnerId: integer('partner_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    barcode: text('barcode').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.orderId, t.barcode] }),
    uniqueIndex('order_packs_barcode_uq').on(t.barcode),
  ],
);

/** Discrepancy acts opened by the marketplace on an order: reason, comment, attached files. */
export const discrepancyActs = pgTable(
  'discrepancy_acts',
  {
    partnerId: integer('partner_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    id: uuid('id').notNull().defaultRandom(),
    reason: text('reason').notNull(),
    comment: text('comment'),
    files: jsonb('files')
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.orderId, t.id] })],
);

/** Every status change of an order or item, with who made it (seller, staff or the platform). */
export const orderEvents = pgTable(
  'order_events',
  {
    partnerId: integer('partner_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    itemId: bigint('item_id', { mode: 'number' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.orderId, t.id] })],
);
