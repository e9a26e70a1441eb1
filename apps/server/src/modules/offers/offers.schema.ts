// The offers module's table: versions of the cooperation terms published for a partner, and who signed
// each.
import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';
import { partners } from '../../db/core.schema';

/** Versions of the cooperation terms published for a partner, and who signed each. The PDF is rendered on download. */
export const offers = pgTable(
  'offers',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: uuid('id').notNull().defaultRandom(),
    version: text('version').notNull(),
    fileName: text('file_name').notNull(),
    actDate: text('act_date').notNull(),
    superseded: boolean('superseded').notNull().default(false),
    approvedAt: ts('approved_at'),
    approvedBy: uuid('approved_by'),
    approvedEmail: text('approved_email'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('offers_partner_created_idx').on(t.partnerId, t.createdAt),
  ],
);
