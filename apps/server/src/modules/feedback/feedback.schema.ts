// The feedback module's tables: buyers' questions and reviews with the seller's answer, the rejections that
// count as strikes, reply templates, the seller's answering switch, and the counts per kind and status kept
// by triggers (migration 0023).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';
import { partners } from '../../db/core.schema';

/**
 * A buyer's question or review of one of the partner's products, created by the marketplace's storefront
 * (v1.platform.*), with the seller's current answer in the same row. The product is copied in at creation
 * (the list shows it without a join, and a renamed or archived card keeps its feedback); `search_text` holds
 * the text, the buyer's name, the product's name and SKUs in lower case for the list's search.
 */
export const questions = pgTable(
  'questions',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    sellerSku: text('seller_sku').notNull(),
    sellerParentSku: text('seller_parent_sku').notNull(),
    modaSku: text('moda_sku').notNull(),
    modaParentSku: text('moda_parent_sku').notNull(),
    productTitle: text('product_title').notNull(),
    brand: text('brand').notNull(),
    /** The size bought; null for a one-size product. */
    size: text('size'),
    text: text('text').notNull(),
    rating: smallint('rating'),
    sizeFit: text('size_fit'),
    authorName: text('author_name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The answer's state (ANSWER_MACHINE); `new` while there is no answer. */
    answerStatus: text('answer_status').notNull().default('new'),
    answerText: text('answer_text'),
    answerAuthor: text('answer_author'),
    /** When the current answer was first sent (an edit keeps it): the response time counts to it. */
    answerSentAt: ts('answer_sent_at'),
    answerUpdatedAt: ts('answer_updated_at'),
    answerPublishedAt: ts('answer_published_at'),
    /** The rules of the automatic check the answer broke when last sent or edited. */
    answerFlags: text('answer_flags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rejectionReason: text('rejection_reason'),
    rejectionComment: text('rejection_comment'),
    rejectedAt: ts('rejected_at'),
    /** Who published or rejected the answer: `auto`, `platform:<credential>` or a specialist's user id. */
    moderatedBy: text('moderated_by'),
    searchText: text('search_text').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    // Migration 0023 adds, in custom SQL, questions_created_idx (partner_id, created_at) covering the
    // answer's columns (the timely-answer share reads the index alone) and a GIN over the product's SKUs.
    index('questions_type_created_idx').on(t.partnerId, t.type, t.createdAt, t.id),
    index('questions_status_created_idx').on(t.partnerId, t.type, t.answerStatus, t.createdAt, t.id),
    index('questions_rating_idx').on(t.partnerId, t.type, t.rating, t.createdAt, t.id),
    index('questions_parent_idx').on(t.partnerId, t.sellerParentSku),
    index('questions_brand_idx').on(t.partnerId, t.brand),
    index('questions_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The moderation queue: only answers waiting for a decision, which are few.
    index('questions_moderation_idx')
      .on(t.answerSentAt)
      .where(sql`answer_status = 'on_moderation'`),
  ],
);

/** Kept by triggers on questions: counts per kind and status without counting a partner's rows. */
export const feedbackCounts = pgTable(
  'feedback_counts',
  {
    partnerId: integer('partner_id').notNull(),
    type: text('type').notNull(),
    answerStatus: text('answer_status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'feedback_counts_pk', columns: [t.partnerId, t.type, t.answerStatus] })],
);

/**
 * Rated items per kind, answer status and rating, kept by the same kind of statement triggers on questions
 * (migration 0035): a rating filter (with or without statuses) reads these rows instead of counting the reviews.
 */
export const feedbackRatingCounts = pgTable(
  'feedback_rating_counts',
  {
    partnerId: integer('partner_id').notNull(),
    type: text('type').notNull(),
    answerStatus: text('answer_status').notNull(),
    rating: smallint('rating').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'feedback_rating_counts_pk',
      columns: [t.partnerId, t.type, t.rating, t.answerStatus],
    }),
  ],
);

/**
 * Every rejection of a partner's answer: a strike (spec 001 §9). The rejected text is kept here, so cancelling
 * the answer does not erase the record; the marketplace's staff may delete a strike, which then stops counting.
 */
export const feedbackStrikes = pgTable(
  'feedback_strikes',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: uuid('id').notNull().defaultRandom(),
    feedbackId: bigint('feedback_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    productTitle: text('product_title').notNull(),
    sellerParentSku: text('seller_parent_sku').notNull(),
    answerText: text('answer_text').notNull(),
    reason: text('reason').notNull(),
    comment: text('comment'),
    rejectedAt: ts('rejected_at').notNull(),
    rejectedBy: text('rejected_by').notNull(),
    deletedAt: ts('deleted_at'),
    deletedBy: uuid('deleted_by'),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('feedback_strikes_partner_idx').on(t.partnerId, t.rejectedAt),
  ],
);

/** Reply templates of a partner, for questions or for reviews; a name is used once per kind. */
export const feedbackTemplates = pgTable(
  'feedback_templates',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: uuid('id').notNull().defaultRandom(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    uniqueIndex('feedback_templates_name_uq').on(t.partnerId, t.kind, sql`lower(${t.name})`),
  ],
);

/** A partner's choices about feedback; a partner without a row answers its buyers itself. */
export const feedbackSettings = pgTable('feedback_settings', {
  partnerId: integer('partner_id')
    .primaryKey()
    .references(() => partners.id),
  sellerAnswers: boolean('seller_answers').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
