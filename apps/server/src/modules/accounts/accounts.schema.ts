// The accounts module's tables: one-time email links, seller profiles, brands and support requests.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';
import { partners, users } from '../../db/core.schema';

/** One-time links sent by email: confirmation of registration and password reset. Stored hashed. */
export const userTokens = pgTable(
  'user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.kind, t.createdAt)],
);

export const sellerProfiles = pgTable('seller_profiles', {
  partnerId: integer('partner_id')
    .primaryKey()
    .references(() => partners.id),
  partnershipStart: text('partnership_start'),
  contractNumber: text('contract_number'),
  contacts: jsonb('contacts'),
  ceoName: text('ceo_name'),
  bankAccount: jsonb('bank_account'),
  countries: text('countries')
    .array()
    .notNull()
    .default(sql`'{RU}'::text[]`),
});

export const sellerBrands = pgTable(
  'seller_brands',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    name: text('name').notNull(),
    countries: text('countries').array().notNull(),
    needsPermission: boolean('needs_permission').notNull().default(false),
    permissionGranted: boolean('permission_granted').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.name] })],
);

export const supportRequests = pgTable(
  'support_requests',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id'),
    reasonCode: text('reason_code').notNull(),
    text: text('text').notNull(),
    attachmentFileId: uuid('attachment_file_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.id] })],
);
