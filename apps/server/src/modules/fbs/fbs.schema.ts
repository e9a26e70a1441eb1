// The FBS module's tables: shipments of the seller's warehouse with their orders, pallets and history, and the
// return boxes that bring refused, claimed or cancelled goods back to the seller.
import {
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ts } from '../../db/columns';
import { partners } from '../../db/core.schema';

/**
 * One hand-over of collected orders from the partner's active warehouse to the marketplace (courier pick-up
 * or drop-off at a point). `pallets`, `packs` and `items` are kept with the orders so the list never counts.
 */
export const fbsShipments = pgTable(
  'fbs_shipments',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: uuid('id').notNull().defaultRandom(),
    shipmentNr: text('shipment_nr').notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
    warehouseName: text('warehouse_name').notNull(),
    handoverType: text('handover_type').notNull(),
    destination: text('destination').notNull(),
    /** The planned hand-over (the truck's arrival or the drop-off time). */
    handoverAt: ts('handover_at').notNull(),
    status: text('status').notNull(),
    pallets: integer('pallets').notNull().default(0),
    packs: integer('packs').notNull().default(0),
    items: integer('items').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    uniqueIndex('fbs_shipments_nr_uq').on(t.shipmentNr),
    index('fbs_shipments_partner_handover_idx').on(t.partnerId, t.handoverAt, t.id),
    index('fbs_shipments_partner_status_idx').on(t.partnerId, t.status, t.handoverAt, t.id),
    // One shipment being formed per hand-over of a warehouse: the last guard of the automatic grouping.
    uniqueIndex('fbs_shipments_forming_uq')
      .on(t.partnerId, t.warehouseId, t.handoverAt)
      .where(sql`status = 'new'`),
  ],
);

/**
 * Shipments per partner and status, kept by statement-level triggers on fbs_shipments (written into the
 * migration by hand, as order_status_counts is): the list's total with no filter or a status filter reads a few
 * rows here instead of counting the partner's shipments on every page.
 */
export const fbsShipmentCounts = pgTable(
  'fbs_shipment_counts',
  {
    partnerId: integer('partner_id').notNull(),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'fbs_shipment_counts_pk', columns: [t.partnerId, t.status] })],
);

/** An order in a shipment, on a pallet (its cargo space number). */
export const fbsShipmentOrders = pgTable(
  'fbs_shipment_orders',
  {
    partnerId: integer('partner_id').notNull(),
    shipmentId: uuid('shipment_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderNr: text('order_nr').notNull(),
    cargoSpace: integer('cargo_space').notNull(),
    packs: integer('packs').notNull(),
    items: integer('items').notNull(),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.shipmentId, t.orderId] }),
    index('fbs_shipment_orders_order_idx').on(t.partnerId, t.orderId),
    index('fbs_shipment_orders_nr_idx').on(t.partnerId, t.orderNr),
  ],
);

/** Pallets of a shipment with barcodes of their own (`PLT` + partner + number). */
export const fbsPallets = pgTable(
  'fbs_pallets',
  {
    partnerId: integer('partner_id').notNull(),
    shipmentId: uuid('shipment_id').notNull(),
    cargoSpace: integer('cargo_space').notNull(),
    barcode: text('barcode').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.shipmentId, t.cargoSpace] }),
    uniqueIndex('fbs_pallets_barcode_uq').on(t.barcode),
  ],
);

/** Every status change of a shipment, with who made it. */
export const fbsShipmentEvents = pgTable(
  'fbs_shipment_events',
  {
    partnerId: integer('partner_id').notNull(),
    shipmentId: uuid('shipment_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.shipmentId, t.id] })],
);

/** A box of returned goods on its way back to the seller. */
export const fbsReturnBoxes = pgTable(
  'fbs_return_boxes',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: uuid('id').notNull().defaultRandom(),
    code: text('code').notNull(),
    status: text('status').notNull(),
    length: integer('length'),
    width: integer('width'),
    height: integer('height'),
    itemQuantity: integer('item_quantity').notNull().default(0),
    shippedAt: ts('shipped_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    uniqueIndex('fbs_return_boxes_code_uq').on(t.code),
    index('fbs_return_boxes_partner_status_idx').on(t.partnerId, t.status, t.createdAt),
    // One box being filled per partner.
    uniqueIndex('fbs_return_boxes_filling_uq')
      .on(t.partnerId)
      .where(sql`status = 'inProgress'`),
  ],
);

/** A returned unit in a box; a unit of an order comes back once. */
export const fbsReturnItems = pgTable(
  'fbs_return_items',
  {
    partnerId: integer('partner_id').notNull(),
    boxId: uuid('box_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderNr: text('order_nr').notNull(),
    orderItemId: bigint('order_item_id', { mode: 'number' }).notNull(),
    sellerSku: text('seller_sku').notNull(),
    itemName: text('item_name').notNull(),
    image: text('image'),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    dataMatrix: text('data_matrix'),
    rejectType: text('reject_type').notNull(),
    rejectedAt: ts('rejected_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.boxId, t.id] }),
    uniqueIndex('fbs_return_items_unit_uq').on(t.partnerId, t.orderItemId),
    index('fbs_return_items_order_idx').on(t.partnerId, t.orderNr),
  ],
);
