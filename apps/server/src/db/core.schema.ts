// Identity and tenancy: the tables that auth/, rpc/ and the runtime need below the modules (partners, users,
// sessions, rate limits, service credentials, settings). Each module keeps its own in <area>.schema.ts.
// Seller-owned tables are keyed by partner_id first (DESIGN "Scaling out"). Migrations are generated from
// this file and modules/*/*.schema.ts (drizzle.config.ts) and committed under db/migrations.
import { sql } from 'drizzle-orm';
import {
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
import { ts } from './columns';

export const partners = pgTable('partners', {
  id: integer('id').primaryKey(),
  shopName: text('shop_name').notNull(),
  businessModel: text('business_model').notNull(),
  enabledFeatures: text('enabled_features')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  siteSection: jsonb('site_section').notNull(),
  isNewInUiApp: boolean('is_new_in_ui_app').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    login: text('login'),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull(),
    externalId: text('external_id').notNull(),
    displayName: text('display_name').notNull().default(''),
    disabledAt: ts('disabled_at'),
    /** Null until the emailed confirmation link is followed. */
    confirmedAt: ts('confirmed_at'),
    passwordChangedAt: ts('password_changed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').using('btree', sql`lower(${t.email})`),
    uniqueIndex('users_login_uq').using('btree', sql`lower(${t.login})`),
  ],
);

export const userPartners = pgTable(
  'user_partners',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** The user's role in this partner's team (issue 28; TeamRole in contracts): existing links are owners. */
    role: text('role').notNull().default('owner'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.partnerId] }),
    index('user_partners_partner_idx').on(t.partnerId),
  ],
);

/** One login: every refresh token it produces belongs to it, and reuse of an old one revokes it whole. */
export const tokenFamilies = pgTable('token_families', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  revokedAt: ts('revoked_at'),
  revokedReason: text('revoked_reason'),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => tokenFamilies.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Fixed-window counters shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull(),
  /** What the last update added: the lease an instance was granted (see auth/rate-limit.ts). */
  lastGrant: integer('last_grant').notNull().default(1),
});

/** Credentials of marketplace systems (OMS, WMS, the simulator) for v1.platform.*: only a hash is kept. */
export const serviceCredentials = pgTable('service_credentials', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  secretHash: text('secret_hash').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  revokedAt: ts('revoked_at'),
});

/** Server-wide settings shared by every instance (the token signing key when JWT_SECRET is not set). */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
