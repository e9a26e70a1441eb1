// The FBO module's tables: supplies with their items (per box), status history and box disputes, the
// warehouses' published unloading capacity, the checked supply files, and the stock moves at the
// marketplace's warehouses (what accepted supplies added; FBO returns take from it).
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
import { ts } from '../../db/columns';
import { partners } from '../../db/core.schema';

export const fboSupplies = pgTable(
  'fbo_supplies',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: uuid('id').notNull().defaultRandom(),
    /** The seller-facing number, FBO-<partner>-<n>. */
    number: text('number').notNull(),
    warehouseCode: text('warehouse_code').notNull(),
    /** The booked arrival slot's day (Moscow); empty while none is booked. */
    plannedDate: date('planned_date', { mode: 'string' }),
    status: text('status').notNull(),
    fileId: uuid('file_id'),
    fileName: text('file_name'),
    uploaderName: text('uploader_name'),
    /** When the supply was last sent to the document check: validation runs out 2 hours later. */
    submittedAt: ts('submitted_at'),
    validationErrors: text('validation_errors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    requestedWarehouse: text('requested_warehouse'),
    requestedDate: date('requested_date', { mode: 'string' }),
    waitlistWarehouse: text('waitlist_warehouse'),
    waitlistDate: date('waitlist_date', { mode: 'string' }),
    waitlistSince: ts('waitlist_since'),
    itemsQuantity: integer('items_quantity').notNull(),
    skuCount: integer('sku_count').notNull(),
    priceSum: numeric('price_sum', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    unknownSurplus: integer('unknown_surplus'),
    reportedAt: ts('reported_at'),
    /** The number and seller SKUs, lower case, for the list's search. */
    searchText: text('search_text').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    uniqueIndex('fbo_supplies_number_uq').on(t.number),
    uniqueIndex('fbo_supplies_id_uq').on(t.id),
    index('fbo_supplies_partner_created_idx').on(t.partnerId, t.createdAt),
    index('fbo_supplies_status_idx').on(t.status, t.warehouseCode, t.plannedDate),
    index('fbo_supplies_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** One line per SKU and box ('' when the file named no boxes). */
export const fboSupplyItems = pgTable(
  'fbo_supply_items',
  {
    partnerId: integer('partner_id').notNull(),
    supplyId: uuid('supply_id').notNull(),
    sellerSku: text('seller_sku').notNull(),
    box: text('box').notNull().default(''),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    modaSku: text('moda_sku').notNull(),
    ean: text('ean'),
    title: text('title').notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    declared: integer('declared').notNull(),
    received: integer('received'),
    surplus: integer('surplus'),
    missing: integer('missing'),
    damaged: integer('damaged'),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.supplyId, t.sellerSku, t.box] }),
    index('fbo_supply_items_sku_idx').on(t.partnerId, t.sellerSku),
  ],
);

export const fboSupplyEvents = pgTable(
  'fbo_supply_events',
  {
    partnerId: integer('partner_id').notNull(),
    supplyId: uuid('supply_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    reason: text('reason'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.supplyId, t.id] })],
);

/** A seller's dispute of one box's shortage, answered by the warehouse. */
export const fboDisputes = pgTable(
  'fbo_disputes',
  {
    partnerId: integer('partner_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    supplyId: uuid('supply_id').notNull(),
    box: text('box').notNull(),
    status: text('status').notNull(),
    comment: text('comment'),
    answer: text('answer'),
    found: integer('found'),
    createdAt: ts('created_at').notNull().defaultNow(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    uniqueIndex('fbo_disputes_id_uq').on(t.id),
    uniqueIndex('fbo_disputes_box_uq').on(t.partnerId, t.supplyId, t.box),
    index('fbo_disputes_open_idx')
      .on(t.createdAt)
      .where(sql`status = 'open'`),
  ],
);

/** The unloading capacity a warehouse published for a day (supplies); days without a row get the default. */
export const fboSlotCapacity = pgTable(
  'fbo_slot_capacity',
  {
    warehouseCode: text('warehouse_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    capacity: integer('capacity').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.warehouseCode, t.day] })],
);

/** A supply file that passed the check, waiting to become a supply: its lines, per box. */
export const fboCheckedFiles = pgTable(
  'fbo_checked_files',
  {
    partnerId: integer('partner_id').notNull(),
    fileId: uuid('file_id').notNull(),
    warehouseCode: text('warehouse_code'),
    lines: jsonb('lines').notNull(),
    usedBy: uuid('used_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.fileId] })],
);

/** Units put into (positive) or taken out of (negative) a partner's stock at a marketplace warehouse. */
export const fboStockMoves = pgTable(
  'fbo_stock_moves',
  {
    partnerId: integer('partner_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    sellerSku: text('seller_sku').notNull(),
    warehouseCode: text('warehouse_code').notNull(),
    quantity: integer('quantity').notNull(),
    /** supply (accepted), dispute (found after a dispute), return (an FBO return to the seller). */
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('fbo_stock_moves_sku_idx').on(t.partnerId, t.sellerSku, t.warehouseCode),
  ],
);

/**
 * The stock screen's rows as last computed for a partner (per SKU and warehouse, product fields and forecast
 * figures included): the screen pages, filters, sorts and sums these instead of aggregating every order item
 * of the partner per request. Rebuilt whole by `refreshStock` when `fbo_stock_state` says they are stale.
 */
export const fboStockRows = pgTable(
  'fbo_stock_rows',
  {
    partnerId: integer('partner_id').notNull(),
    sellerSku: text('seller_sku').notNull(),
    warehouseCode: text('warehouse_code').notNull(),
    modaSku: text('moda_sku').notNull(),
    title: text('title').notNull(),
    brand: text('brand').notNull(),
    category: text('category').notNull(),
    onHand: integer('on_hand').notNull(),
    reserved: integer('reserved').notNull(),
    inTransit: integer('in_transit').notNull(),
    sales7: integer('sales7').notNull(),
    salesStale: integer('sales_stale').notNull(),
    daysOfStock: numeric('days_of_stock', { precision: 12, scale: 1 }),
    daysBucket: text('days_bucket').notNull(),
    recommended: integer('recommended').notNull(),
    lacksMarking: boolean('lacks_marking').notNull(),
    /** The last stock move or order change of the SKU: a row moved in the last 15 minutes shows «обновляется». */
    lastAt: ts('last_at'),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.sellerSku, t.warehouseCode] }),
    // The screen's default order (`-recommended`: recommended desc nulls last, then SKU and warehouse) read in place.
    index('fbo_stock_rows_recommended_idx').on(
      t.partnerId,
      t.recommended.desc().nullsLast(),
      t.sellerSku,
      t.warehouseCode,
    ),
  ],
);

/**
 * When a partner's stock rows were built, and since when they are out of date: statement triggers on the order
 * items, stock moves, supplies and FBO returns set `changed_at` (once, while it is empty) in the changing
 * transaction; a rebuild clears it. Rows older than 15 minutes are rebuilt too (the 7-day sales move with time).
 */
export const fboStockState = pgTable('fbo_stock_state', {
  partnerId: integer('partner_id').primaryKey(),
  builtAt: ts('built_at').notNull(),
  changedAt: ts('changed_at'),
  rows: integer('rows').notNull(),
  /** The whole screen's totals as built: what the screen shows when no filter narrows it. */
  onHand: bigint('on_hand', { mode: 'number' }).notNull().default(0),
  inTransit: bigint('in_transit', { mode: 'number' }).notNull().default(0),
  recommended: bigint('recommended', { mode: 'number' }).notNull().default(0),
  lacksMarking: integer('lacks_marking').notNull().default(0),
});
