// The action inbox on the home page (issue 28): what needs the seller now, each with its deadline and the place
// to act. Each area contributes its own items from its own queries (the module descriptor's `inbox`); this file
// is the one list of kinds both ends agree on.
import { z } from 'zod';
import { defineMethod, partnerParams } from './rpc';

export const InboxKind = z.enum([
  /** Orders to collect before their cut-off. */
  'orders_to_collect',
  /** Orders whose collection cut-off has passed. */
  'orders_overdue',
  /** FBO discrepancy acts waiting for the seller's answer. */
  'fbo_discrepancy_acts',
  /** Cooperation terms (the offer) waiting for the seller's signature. */
  'terms_to_sign',
  /** Price changes held in quarantine, waiting for the seller's approval. */
  'prices_quarantine',
  /** Answers to buyers rejected by moderation; `limit` shows how close the partner is to a block. */
  'feedback_rejected',
  /** Questions waiting longer than the timely-answer level allows. */
  'questions_late',
  /** FBO stock that runs out within 7 days at the current sales pace (the forecast's threshold). */
  'fbo_stock_running_out',
  /** FBS shipments to hand over today. */
  'fbs_shipments_today',
  /** Imports that failed. */
  'imports_failed',
  /** Promotions whose registration ends within 3 days. */
  'promotions_registration_ending',
  /** API tokens ending within 3 days (issue 27; Wildberries' reminder). */
  'api_tokens_expiring',
]);
export type InboxKind = z.infer<typeof InboxKind>;

/** How far ahead the inbox looks for each kind that has a horizon. */
export const INBOX_HORIZONS = {
  promotionRegistrationDays: 3,
  /** Failed imports are news for this long; older ones are history in the imports list. */
  failedImportsDays: 7,
} as const;

export const InboxItem = z.strictObject({
  kind: InboxKind,
  /** How many objects need the seller; an item with nothing to do is not listed. */
  count: z.number().int().min(1),
  /** The earliest deadline among them (an instant), or null when the item has none. */
  deadline: z.string().nullable(),
  /** The deadline has already passed. */
  overdue: z.boolean(),
  /** Where to act: a path of the web application, with the list's filter in its query. */
  link: z.string(),
  /** A limit the count is measured against (the rejected answers' strikes before a block). */
  limit: z.strictObject({ used: z.number().int().min(0), max: z.number().int().min(1) }).nullable(),
});
export type InboxItem = z.infer<typeof InboxItem>;

export const inboxList = defineMethod({
  name: 'v1.inbox.list',
  params: z.strictObject({ ...partnerParams }),
  result: z.strictObject({
    /** Overdue first, then by deadline, items without one last. */
    items: z.array(InboxItem),
    /** Some area could not answer: the list may miss its items. */
    incomplete: z.boolean(),
  }),
  roles: ['partner_user', 'b2b_manager', 'support_engineer', 'admin'],
  partner: true,
  mutates: false,
  description: 'What needs the seller now: each item with its count, earliest deadline and link.',
});

/** Overdue first, then by the earliest deadline, items without one last. */
export function sortInbox(items: InboxItem[]): InboxItem[] {
  const key = (i: InboxItem) => (i.deadline ? Date.parse(i.deadline) : Number.POSITIVE_INFINITY);
  return [...items].sort((a, b) => Number(b.overdue) - Number(a.overdue) || key(a) - key(b));
}
