// The audit module's table: one record per mutating call, written by the dispatcher in the call's
// transaction and read back by the seller's change history.
import { bigserial, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    partnerId: integer('partner_id'),
    at: ts('at').notNull().defaultNow(),
    userId: uuid('user_id'),
    method: text('method').notNull(),
    objectId: text('object_id'),
    credential: text('credential'),
    ip: text('ip'),
  },
  (t) => [index('audit_log_partner_at_idx').on(t.partnerId, t.at)],
);
