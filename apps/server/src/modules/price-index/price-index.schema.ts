// The price index module's tables: competitor offers the matching system posts (and the seller's accepted
// ones), the seller's claims waiting for review, the marketplace's settings per partner, and the lowest counted
// competitor price of each product. products.pi_value follows them: this module recomputes it when offers,
// claims or settings change, and a trigger (migration) when the product's price changes, whoever changes it.
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';
import { partners } from '../../db/core.schema';

/** One competitor's offer of the same goods as a product (one per product, competitor and country). */
export const competitorOffers = pgTable(
  'competitor_offers',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    competitor: text('competitor').notNull(),
    country: text('country').notNull(),
    url: text('url').notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** matching: posted by the matching system; seller: a seller's price the review accepted. */
    source: text('source').notNull(),
    /** active, or excluded by an accepted dispute. */
    status: text('status').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    uniqueIndex('competitor_offers_product_uq').on(t.partnerId, t.productId, t.competitor, t.country),
  ],
);

/** A seller's added competitor price or dispute, waiting for (or decided by) the marketplace's review. */
export const competitorClaims = pgTable(
  'competitor_claims',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    competitor: text('competitor'),
    url: text('url'),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }),
    reason: text('reason'),
    comment: text('comment'),
    competitorOfferId: bigint('competitor_offer_id', { mode: 'number' }),
    screenshotFileId: uuid('screenshot_file_id'),
    answer: text('answer'),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('competitor_claims_product_idx').on(t.partnerId, t.productId, t.createdAt),
    index('competitor_claims_review_idx').on(t.status, t.createdAt),
    // One claim of a product under review at a time.
    uniqueIndex('competitor_claims_open_uq')
      .on(t.partnerId, t.productId)
      .where(sql`status = 'review'`),
  ],
);

/** Which competitors and countries count for a partner's index: the marketplace's choice. */
export const priceIndexSettings = pgTable('price_index_settings', {
  partnerId: integer('partner_id')
    .primaryKey()
    .references(() => partners.id),
  competitors: jsonb('competitors').$type<string[]>().notNull(),
  countries: jsonb('countries').$type<string[]>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The lowest counted competitor offer of each matched product (absent: the product is unique). */
export const priceIndexProducts = pgTable(
  'price_index_products',
  {
    partnerId: integer('partner_id').notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    minPrice: numeric('min_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    offerId: bigint('offer_id', { mode: 'number' }).notNull(),
    competitor: text('competitor').notNull(),
    url: text('url').notNull(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.productId] })],
);

/**
 * How many products outside the archive each partner has per index value, kept by statement triggers on
 * products (migration): the totals of the unfiltered list without counting the partner's rows.
 */
export const priceIndexCounts = pgTable(
  'price_index_counts',
  {
    partnerId: integer('partner_id').notNull(),
    level: text('level').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.level] })],
);
