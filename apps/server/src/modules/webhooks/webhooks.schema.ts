// The webhooks module's tables: a partner's endpoints, the outbox of events (written in the transaction of the
// change they report), one delivery per event and endpoint, and each delivery's attempts.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';
import { partners } from '../../db/core.schema';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    /** Kept in clear: the server signs every delivery with it (as Stripe does); shown to the seller once. */
    secret: text('secret').notNull(),
    status: text('status').notNull().default('active'),
    disabledAt: ts('disabled_at'),
    /** The first failure since the last success; cleared by a success. */
    failingSince: ts('failing_since'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_partner_idx').on(t.partnerId, t.status)],
);

/** The outbox: one row per event, in the same transaction as the change; kept for replays. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    type: text('type').notNull(),
    objectId: text('object_id').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_events_partner_idx').on(t.partnerId, t.createdAt)],
);

/** One event to one endpoint; `seq` orders the deliveries of one object. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    partnerId: integer('partner_id').notNull(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id),
    /** The object's key across types (`order:123`): a later delivery of it waits for the earlier. */
    objectKey: text('object_key').notNull(),
    status: text('status').notNull().default('pending'),
    attempt: integer('attempt').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** A worker took it at this time (another worker leaves it alone for a minute). */
    claimedAt: ts('claimed_at'),
    replay: text('replay'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_log_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_open_idx')
      .on(t.endpointId, t.objectKey, t.seq)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_queue_idx')
      .on(t.endpointId, t.seq)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: ts('at').notNull(),
    responseCode: integer('response_code'),
    latencyMs: integer('latency_ms'),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);
