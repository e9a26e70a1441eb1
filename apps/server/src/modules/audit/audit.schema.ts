// The audit module's table: one record per mutating call, written by the dispatcher in the call's
// transaction and read back by the seller's change history.
import { bigserial, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * What the call changed, where its service records it (prices, cards: each field's value before and after).
     * Filled by a trigger from the transaction's `moda.audit_detail` setting (recordAuditDetail), so the
     * dispatcher's insert stays the one place a record is written.
     */
    data: jsonb('data'),
  },
  // The log's filters (person, method or area, object) each read newest first within one partner.
  (t) => [
    index('audit_log_partner_at_idx').on(t.partnerId, t.at),
    index('audit_log_partner_user_at_idx').on(t.partnerId, t.userId, t.at),
    index('audit_log_partner_method_at_idx').on(t.partnerId, t.method, t.at),
    index('audit_log_partner_object_at_idx').on(t.partnerId, t.objectId, t.at),
  ],
);
