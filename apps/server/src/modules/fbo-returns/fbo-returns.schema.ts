// The FBO returns module's tables: returns with their items (asked, reserved, picked, failed), status
// history, files (the seller's file, the warehouse's picking list and handover act) and checked return files.
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';
import { partners } from '../../db/core.schema';

export const fboReturns = pgTable(
  'fbo_returns',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: uuid('id').notNull().defaultRandom(),
    /** The seller-facing number, VZ-<partner>-<n>. */
    returnId: text('return_id').notNull(),
    warehouseCode: text('warehouse_code').notNull(),
    status: text('status').notNull(),
    /** The day the seller wants the goods back, then the booked window's day. */
    returnAt: date('return_at', { mode: 'string' }),
    fileId: uuid('file_id'),
    creatorName: text('creator_name'),
    /** Why the warehouse rejected or failed it. */
    reason: text('reason'),
    cancelRequestedAt: ts('cancel_requested_at'),
    /** Windows the warehouse offers: [{date, fromHour, toHour}]. */
    slotsOffered: jsonb('slots_offered')
      .notNull()
      .default(sql`'[]'::jsonb`),
    slotDate: date('slot_date', { mode: 'string' }),
    slotFrom: integer('slot_from'),
    slotTo: integer('slot_to'),
    pickedAt: ts('picked_at'),
    skuCount: integer('sku_count').notNull(),
    quantity: integer('quantity').notNull(),
    /** The number and seller SKUs, lower case, for the list's search. */
    searchText: text('search_text').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    uniqueIndex('fbo_returns_id_uq').on(t.id),
    uniqueIndex('fbo_returns_number_uq').on(t.returnId),
    index('fbo_returns_partner_created_idx').on(t.partnerId, t.createdAt),
    index('fbo_returns_status_idx').on(t.status, t.createdAt),
    index('fbo_returns_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const fboReturnItems = pgTable(
  'fbo_return_items',
  {
    partnerId: integer('partner_id').notNull(),
    returnUuid: uuid('return_uuid').notNull(),
    sellerSku: text('seller_sku').notNull(),
    modaSku: text('moda_sku').notNull(),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
    exportedQuantity: integer('exported_quantity').notNull().default(0),
    exportedFailQuantity: integer('exported_fail_quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.returnUuid, t.sellerSku] }),
    index('fbo_return_items_sku_idx').on(t.partnerId, t.sellerSku),
  ],
);

export const fboReturnEvents = pgTable(
  'fbo_return_events',
  {
    partnerId: integer('partner_id').notNull(),
    returnUuid: uuid('return_uuid').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    reason: text('reason'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.returnUuid, t.id] })],
);

/** The return's files: the seller's upload (source), the picking list and the handover act (built on demand). */
export const fboReturnFiles = pgTable(
  'fbo_return_files',
  {
    partnerId: integer('partner_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    returnUuid: uuid('return_uuid').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    warehouseCode: text('warehouse_code').notNull(),
    count: integer('count').notNull(),
    status: text('status').notNull(),
    /** The uploaded file (source only). */
    uploadId: uuid('upload_id'),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('fbo_return_files_return_idx').on(t.partnerId, t.returnUuid),
  ],
);

/** A return file that passed the check, waiting to become a return. */
export const fboReturnCheckedFiles = pgTable(
  'fbo_return_checked_files',
  {
    partnerId: integer('partner_id').notNull(),
    fileId: uuid('file_id').notNull(),
    warehouseCode: text('warehouse_code').notNull(),
    returnAt: date('return_at', { mode: 'string' }),
    lines: jsonb('lines').notNull(),
    usedBy: uuid('used_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.fileId] })],
);
