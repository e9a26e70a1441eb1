// The API tokens module's tables: tokens (only the secret's hash), daily usage counters per token and method
// (one row upserted per token, method and Moscow day — not a row per call), and the last failures.
import { sql } from 'drizzle-orm';
import { bigserial, date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';
import { partners, users } from '../../db/core.schema';

export const apiTokens = pgTable(
  'api_tokens',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** sha256 of the secret, hex. */
    secretHash: text('secret_hash').notNull(),
    /** The secret's first characters, shown to tell tokens apart. */
    hint: text('hint').notNull(),
    /** { area: 'read' | 'write' } */
    scopes: jsonb('scopes').notNull(),
    ipRanges: text('ip_ranges')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    /** When the issuer was emailed that the token ends soon (once). */
    remindedAt: ts('reminded_at'),
  },
  (t) => [
    index('api_tokens_partner_idx').on(t.partnerId, t.createdAt),
    index('api_tokens_creator_idx').on(t.createdBy),
  ],
);

export const apiTokenUsage = pgTable(
  'api_token_usage',
  {
    partnerId: integer('partner_id').notNull(),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => apiTokens.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    calls: integer('calls').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    limited: integer('limited').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.day, t.method] })],
);

export const apiTokenFailures = pgTable(
  'api_token_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: integer('partner_id').notNull(),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => apiTokens.id, { onDelete: 'cascade' }),
    at: ts('at').notNull(),
    method: text('method').notNull(),
    code: integer('code').notNull(),
    reason: text('reason'),
    message: text('message').notNull(),
    ip: text('ip'),
  },
  (t) => [index('api_token_failures_token_idx').on(t.tokenId, t.at)],
);
