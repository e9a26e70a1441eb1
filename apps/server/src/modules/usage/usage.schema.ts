// The usage module's table: the web client's usage events (spec 001 §7 "Usage logging"), stored as they
// come; they carry the client's own ids, not a partner's.
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';

export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    clientId: text('client_id').notNull(),
    lid: text('lid'),
    userId: text('user_id'),
    name: text('name').notNull(),
    action: text('action').notNull(),
    url: text('url').notNull(),
    payload: jsonb('payload').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('usage_events_received_idx').on(t.receivedAt)],
);
