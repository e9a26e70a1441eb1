// The warehouses module's tables: a partner's FBS warehouses with their events, the delivery profile set up
// by the marketplace's managers, and the marketplace's own warehouses (reference data).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
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

/** FBS warehouses of a partner. At most one active per partner: the partial unique index is the last guard. */
export const warehouses = pgTable(
  'warehouses',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: uuid('id').notNull().defaultRandom(),
    status: text('status').notNull(),
    general: jsonb('general').notNull(),
    deliveryMethod: jsonb('delivery_method'),
    returnMethod: jsonb('return_method'),
    reviewComment: text('review_comment'),
    scheduleEffectiveFrom: ts('schedule_effective_from'),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    uniqueIndex('warehouses_one_active_uq')
      .on(t.partnerId)
      .where(sql`status = 'active' and deleted_at is null`),
    index('warehouses_review_idx')
      .on(t.updatedAt)
      .where(sql`status = 'action_required' and deleted_at is null`),
  ],
);

export const warehouseEvents = pgTable(
  'warehouse_events',
  {
    partnerId: integer('partner_id').notNull(),
    id: bigserial('id', { mode: 'bigint' }).notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
    event: text('event').notNull(),
    orderNr: text('order_nr'),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('warehouse_events_wh_idx').on(t.partnerId, t.warehouseId, t.occurredAt),
  ],
);

/** How a partner's orders may travel; set up by the marketplace's managers. */
export const deliveryProfiles = pgTable('delivery_profiles', {
  partnerId: integer('partner_id')
    .primaryKey()
    .references(() => partners.id),
  configured: boolean('configured').notNull().default(false),
  allowedMethods: text('allowed_methods')
    .array()
    .notNull()
    .default(sql`'{PICK_UP,DROP_OFF}'::text[]`),
  managerName: text('manager_name'),
  managerEmail: text('manager_email'),
});

/** The marketplace's own warehouses (reference data, loaded by a migration). */
export const baseWarehouses = pgTable('base_warehouses', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  acceptsDropOff: boolean('accepts_drop_off').notNull().default(true),
  fulfilment: boolean('fulfilment').notNull().default(true),
});
