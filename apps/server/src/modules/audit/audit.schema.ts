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
    /**
     * The method's access area (auditAreaOf), stored when the record is written so that the area filter reads
     * one index range instead of a list of methods; null for calls outside any area.
     */
    area: text('area'),
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
  // The log's filters (person, area, object) each read newest first within one partner; the area's index
  // holds the whole keyset (at, id), so a page after a cursor is one index range read in order.
  (t) => [
    index('audit_log_partner_at_idx').on(t.partnerId, t.at),
    index('audit_log_partner_user_at_idx').on(t.partnerId, t.userId, t.at),
    index('audit_log_partner_area_at_idx').on(t.partnerId, t.area, t.at.desc(), t.id.desc()),
    index('audit_log_partner_object_at_idx').on(t.partnerId, t.objectId, t.at),
  ],
);
