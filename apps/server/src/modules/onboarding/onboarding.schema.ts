// The onboarding module's table: one applicant's questionnaire and assortment committee case. An applicant
// has no partner yet, so the row is keyed by the user; the partner it becomes is written once the legal
// check passes.
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';
import { partners, users } from '../../db/core.schema';

export const onboardingSurveys = pgTable(
  'onboarding_surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** The saved pages (contract SurveyAnswers), each validated whole when it was saved. */
    answers: jsonb('answers').notNull().default({}),
    pagesSaved: text('pages_saved').array().notNull().default([]),
    /** The reviewer's questions per field (contract SurveyClarification[]). */
    clarifications: jsonb('clarifications').notNull().default([]),
    rejectionReason: text('rejection_reason'),
    submittedAt: ts('submitted_at'),
    /** ISO dates in Moscow. */
    reviewDueDate: text('review_due_date'),
    reapplyFrom: text('reapply_from'),
    /** The draft version (its updated_at) whose deadline warning the applicant acknowledged. */
    warningActedFor: ts('warning_acted_for'),
    /** The draft version (its updated_at) whose deadline warning was emailed: once per draft deadline. */
    warningSentFor: ts('warning_sent_for'),
    committeeStatus: text('committee_status'),
    committeeItems: jsonb('committee_items'),
    committeeComment: text('committee_comment'),
    committeeUpdatedAt: ts('committee_updated_at'),
    /** pending once the committee approves, then passed or failed (the platform's legal check). */
    legalCheck: text('legal_check'),
    partnerId: integer('partner_id').references(() => partners.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The applicant's last change: the 90-day clock of a draft. */
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('onboarding_surveys_user_uq').on(t.userId),
    index('onboarding_surveys_review_idx').on(t.status, t.submittedAt),
    index('onboarding_surveys_committee_idx').on(t.committeeStatus, t.committeeUpdatedAt),
  ],
);

/**
 * Trademark documents of the questionnaire's brands: reserved by the applicant, then uploaded through the
 * shared upload pipeline (kind survey_trademark); a brand of the answers names them by id.
 */
export const onboardingAttachments = pgTable(
  'onboarding_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => onboardingSurveys.id, { onDelete: 'cascade' }),
    /** The applicant who reserved it: the only one who may upload into it. */
    userId: uuid('user_id').notNull(),
    /** reserved, then uploaded. */
    status: text('status').notNull(),
    name: text('name').notNull(),
    format: text('format'),
    size: bigint('size', { mode: 'number' }),
    storageKey: text('storage_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    uploadedAt: ts('uploaded_at'),
  },
  (t) => [index('onboarding_attachments_survey_idx').on(t.surveyId)],
);
