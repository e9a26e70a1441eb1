// The team module's table: invitations to a partner's team, each an emailed link (only its hash is kept).
// Members themselves are the rows of user_partners with their role (db/core.schema).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';
import { partners, users } from '../../db/core.schema';

export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [
    uniqueIndex('team_invitations_token_uq').on(t.tokenHash),
    index('team_invitations_partner_idx').on(t.partnerId, t.createdAt),
    // One open invitation per address and partner: inviting again replaces the link.
    uniqueIndex('team_invitations_open_uq')
      .on(t.partnerId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.cancelledAt} is null`),
  ],
);
