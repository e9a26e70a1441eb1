// Customer questions and reviews (spec 000 §2 /questions, §3 Question and Reply template, §4 Question answer,
// §6 feedback section and strikes; spec 001 §7 Questions and Feedback, §8 Questions, §9 answer rejections):
// the answer's state machine, strikes and the block they cause, reply templates, the timely-answer share,
// size fit from reviews, the moderation queue and the marketplace's v1.platform.* side.
import { z } from 'zod';
import {
  FeedbackType,
  QuestionAnswerStatus,
  QuestionAuthor,
  QuestionStatus,
  TimelyAnswerLevel,
  type Role,
} from './enums';
import { CheckRule } from './feedback-check';
import { DateRange } from './orders';
import { defineMethod, Ok, PartnerId, partnerParams } from './rpc';
import { defineStateMachine } from './state-machine';
import { DigitsId, safeString } from './text';

type FeedbackType = z.infer<typeof FeedbackType>;
type QuestionStatus = z.infer<typeof QuestionStatus>;
type TimelyAnswerLevel = z.infer<typeof TimelyAnswerLevel>;

export const FEEDBACK_LIMITS = {
  pageSize: { max: 100, default: 20 },
  /** An answer: long enough to say something, short enough to read under a product. */
  answer: { min: 2, max: 1000 },
  template: { name: { max: 100 }, content: { min: 2, max: 1000 }, perKind: 200 },
  /** A buyer's question or review as the marketplace sends it. */
  text: { max: 5000 },
  authorName: { max: 100 },
  reasonComment: { max: 500 },
  /** Rejected answers cancelled in one call. */
  cancelMax: 100,
  /** Rows of one export of the list. */
  exportMax: 100_000,
} as const;

/** Spec 001 §9: two rejected answers block answering for 7 days, the third blocks it for good. */
export const STRIKE_RULES = { temporaryBlockAt: 2, blockDays: 7, permanentBlockAt: 3 } as const;

/** Who works with the feedback section (spec 000 §6: partners' users, and a B2B manager of the staff). */
export const FEEDBACK_ROLES = ['partner_user', 'b2b_manager'] as const satisfies Role[];
/** Moderation specialists: they decide answers the automatic check refused. */
export const MODERATOR_ROLES = ['support_engineer', 'admin'] as const satisfies Role[];
/** Internal roles that administer rejected answers in the settings: they may delete a strike (spec 000 §6). */
export const STRIKE_ADMIN_ROLES = ['support_engineer', 'admin'] as const satisfies Role[];
const SETTINGS_ROLES = [...FEEDBACK_ROLES, ...STRIKE_ADMIN_ROLES] as const satisfies Role[];

// --- the answer and its state machine ---------------------------------------------------------------

/**
 * The answer's states (spec 000 §4). «Rejected on moderation» is how the spec names `rejected` to the seller,
 * not a fifth state, so the machine leaves that enum value out.
 */
export const AnswerState = QuestionAnswerStatus.exclude(['rejected_on_moderation']);
export type AnswerState = z.infer<typeof AnswerState>;

export const ANSWER_MACHINE = defineStateMachine({
  name: 'questionAnswer',
  states: AnswerState.options,
  initial: 'new',
  transitions: {
    /** The seller answers: the automatic check runs; passed, the marketplace publishes it at once. */
    send: { from: ['new'], to: 'on_moderation', by: FEEDBACK_ROLES },
    /** A sent answer is changed and checked again. */
    edit: { from: ['on_moderation', 'answered'], to: 'on_moderation', by: FEEDBACK_ROLES },
    publish: { from: ['on_moderation'], to: 'answered', by: [...MODERATOR_ROLES, 'platform'] },
    /** A rejection is a strike (STRIKE_RULES). */
    reject: { from: ['on_moderation'], to: 'rejected', by: [...MODERATOR_ROLES, 'platform'] },
    /** Irreversible: the rejected text is gone and the question waits for a new answer. */
    cancel: { from: ['rejected'], to: 'new', by: FEEDBACK_ROLES },
    /** The marketplace's own support answers a buyer (author `platform`). */
    answer_as_platform: { from: ['new'], to: 'answered', by: ['platform'] },
  },
});
export type AnswerAction = keyof typeof ANSWER_MACHINE.transitions;
export const AnswerAction = z.enum(
  Object.keys(ANSWER_MACHINE.transitions) as [AnswerAction, ...AnswerAction[]],
);

/** The question's status as the API lists it follows its answer. */
export const QUESTION_STATUS_OF: Record<AnswerState, QuestionStatus> = {
  new: 'new',
  on_moderation: 'in_progress',
  rejected: 'rejected',
  answered: 'answered',
};
export const ANSWER_STATES_OF: Record<QuestionStatus, AnswerState> = {
  new: 'new',
  in_progress: 'on_moderation',
  rejected: 'rejected',
  answered: 'answered',
};

export const QUESTION_STATUS_LABELS: Record<QuestionStatus, string> = {
  new: 'Без ответа',
  in_progress: 'Ответ на модерации',
  answered: 'Ответ опубликован',
  rejected: 'Ответ отклонён',
};
export const ANSWER_STATE_LABELS: Record<AnswerState, string> = {
  new: 'Нет ответа',
  on_moderation: 'На модерации',
  rejected: 'Отклонён на модерации',
  answered: 'Опубликован',
};
export const FEEDBACK_TYPE_LABELS: Record<FeedbackType, string> = { question: 'Вопрос', review: 'Отзыв' };

export const RejectionReason = z.enum([
  'communication_rules',
  'contacts',
  'links',
  'other_shops',
  'insults',
  'off_topic',
]);
export type RejectionReason = z.infer<typeof RejectionReason>;
/** Why a specialist rejects an answer; the first is the spec's own wording (spec 001 §8). */
export const REJECTION_REASON_LABELS: Record<RejectionReason, string> = {
  communication_rules: 'Нарушение правил общения с покупателями',
  contacts: 'Контактные данные в ответе',
  links: 'Ссылки на сторонние сайты',
  other_shops: 'Упоминание других магазинов и их цен',
  insults: 'Оскорбления или ненормативная лексика',
  off_topic: 'Ответ не по существу вопроса',
};
/** The reason a specialist is offered first for an answer the automatic check refused. */
export const REASON_OF_RULE: Record<CheckRule, RejectionReason> = {
  contacts: 'contacts',
  links: 'links',
  other_shops: 'other_shops',
  insults: 'insults',
};

// --- size fit -------------------------------------------------------------------------------------

/** A buyer's size-fit mark on a review of a sized product. */
export const SizeFit = z.enum(['runs_small', 'true_to_size', 'runs_large']);
export type SizeFit = z.infer<typeof SizeFit>;
export const SIZE_FIT_LABELS: Record<SizeFit, string> = {
  runs_small: 'Маломерит',
  true_to_size: 'Соответствует размеру',
  runs_large: 'Большемерит',
};
/**
 * When reviews say clearly that a product runs small or large: at least `minMarks` marks, of which at least
 * `clearShare` one way. A size is marked with the same share over at least `minSizeMarks` of its own marks.
 */
export const SIZE_FIT_RULES = { minMarks: 10, minSizeMarks: 5, clearShare: 0.6 } as const;

// --- the timely-answer share ----------------------------------------------------------------------

/**
 * An item is answered in time when the seller's answer was sent within `withinHours` of it; the share is
 * counted over the last `periodDays` among items answered or already past that window. Level boundaries
 * are lower bounds in percent (docs/decisions.md «Questions and reviews»).
 */
export const TIMELY_ANSWER = {
  periodDays: 30,
  withinHours: 24,
  levels: [
    { level: 'very_low', from: 0 },
    { level: 'low', from: 40 },
    { level: 'medium', from: 60 },
    { level: 'upper_medium', from: 75 },
    { level: 'high', from: 90 },
  ],
} as const satisfies {
  periodDays: number;
  withinHours: number;
  levels: readonly { level: TimelyAnswerLevel; from: number }[];
};

export const TIMELY_LEVEL_LABELS: Record<TimelyAnswerLevel, string> = {
  very_low: 'Очень низкий',
  low: 'Низкий',
  medium: 'Средний',
  upper_medium: 'Выше среднего',
  high: 'Высокий',
};

/** The level of a share in percent (0–100). */
export function timelyLevel(sharePercent: number): TimelyAnswerLevel {
  let found: TimelyAnswerLevel = 'very_low';
  for (const l of TIMELY_ANSWER.levels) if (sharePercent >= l.from) found = l.level;
  return found;
}

// --- shapes ---------------------------------------------------------------------------------------

const AnswerText = safeString({ trim: true, multiline: true })
  .min(FEEDBACK_LIMITS.answer.min)
  .max(FEEDBACK_LIMITS.answer.max);

export const FeedbackProduct = z.strictObject({
  sellerSku: z.string(),
  sellerParentSku: z.string(),
  modaSku: z.string(),
  modaParentSku: z.string(),
  title: z.string(),
  brand: z.string(),
  /** The size the buyer bought (empty for one-size products). */
  size: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type FeedbackProduct = z.infer<typeof FeedbackProduct>;

export const AnswerRejection = z.strictObject({
  reason: RejectionReason,
  comment: z.string().nullable(),
  at: z.string(),
});

export const FeedbackAnswer = z.strictObject({
  status: AnswerState,
  text: z.string(),
  author: QuestionAuthor,
  /** When this answer was sent (an edit keeps it): the response time counts to it. */
  sentAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  /** What the automatic check found in the answer as sent; empty when it passed. */
  flags: z.array(CheckRule),
  rejection: AnswerRejection.nullable(),
});
export type FeedbackAnswer = z.infer<typeof FeedbackAnswer>;

export const FeedbackItem = z.strictObject({
  id: z.string(),
  type: FeedbackType,
  status: QuestionStatus,
  createdAt: z.string(),
  text: z.string(),
  /** 1–5 for a review, null for a question. */
  rating: z.number().int().min(1).max(5).nullable(),
  sizeFit: SizeFit.nullable(),
  authorName: z.string(),
  product: FeedbackProduct,
  answer: FeedbackAnswer.nullable(),
  /** What the caller may do with the answer now (from ANSWER_MACHINE and the block): the web's buttons. */
  actions: z.array(AnswerAction),
});
export type FeedbackItem = z.infer<typeof FeedbackItem>;

/** Whether the seller may answer now, and why not. */
export const AnsweringState = z.strictObject({
  /** The seller answers its buyers itself (the settings' switch). */
  sellerAnswers: z.boolean(),
  block: z.enum(['none', 'temporary', 'permanent']),
  /** The end of a temporary block. */
  blockedUntil: z.string().nullable(),
  /** Rejected answers that count (not deleted by the marketplace's staff). */
  strikes: z.number().int(),
});
export type AnsweringState = z.infer<typeof AnsweringState>;

// --- the seller's methods -------------------------------------------------------------------------

export const FEEDBACK_SORT_FIELDS = ['created_at', 'rating'] as const;
export const FeedbackSort = z
  .string()
  .regex(new RegExp(`^-?(${FEEDBACK_SORT_FIELDS.join('|')})$`), 'Недопустимая сортировка')
  .default('-created_at');

/** The list's filters, shared by the list, its export and the counts. */
export const FeedbackFilter = {
  type: FeedbackType.optional(),
  status: z.array(QuestionStatus).max(QuestionStatus.options.length).optional(),
  /** Answered (published) or not. */
  answered: z.boolean().optional(),
  /** Any SKU of the product: the seller's or the marketplace's, of the size or of its parent. */
  sku: safeString({ trim: true }).max(50).optional(),
  brand: z.array(safeString().min(1).max(100)).max(50).optional(),
  rating: z.array(z.number().int().min(1).max(5)).max(5).optional(),
  sizeFit: z.array(SizeFit).max(SizeFit.options.length).optional(),
  createdAt: DateRange.optional(),
  /** Words of the text, the buyer's name or the product's name. */
  search: safeString({ trim: true }).max(100).optional(),
};
export const FeedbackFilterParams = z.strictObject(FeedbackFilter);
export type FeedbackFilterParams = z.infer<typeof FeedbackFilterParams>;

export const questionsList = defineMethod({
  name: 'v1.questions.list',
  params: z.strictObject({
    ...partnerParams,
    ...FeedbackFilter,
    sort: FeedbackSort,
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z
      .number()
      .int()
      .min(1)
      .max(FEEDBACK_LIMITS.pageSize.max)
      .default(FEEDBACK_LIMITS.pageSize.default),
  }),
  result: z.strictObject({
    items: z.array(FeedbackItem),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
  roles: FEEDBACK_ROLES,
  partner: true,
  mutates: false,
  description:
    'Questions and reviews of the partner’s products, filtered, sorted (`-field` descending), paged.',
});

const StatusCounts = z.record(QuestionStatus, z.number().int());
export const questionsMeta = defineMethod({
  name: 'v1.questions.meta',
  params: z.strictObject(partnerParams),
  result: z.strictObject({
    counts: z.record(FeedbackType, StatusCounts),
    /** Brands the partner has questions or reviews on, for the filter. */
    brands: z.array(z.string()),
    answering: AnsweringState,
  }),
  roles: FEEDBACK_ROLES,
  partner: true,
  mutates: false,
  description:
    'What the questions screen needs beside the list: counts per kind and status, brands, the block.',
});

export const questionsStats = defineMethod({
  name: 'v1.questions.stats',
  params: z.strictObject({ ...partnerParams, type: FeedbackType.optional() }),
  result: z.strictObject({
    periodDays: z.number().int(),
    from: z.string(),
    to: z.string(),
    /** Items received in the period. */
    total: z.number().int(),
    answeredInTime: z.number().int(),
    /** Answered late, or still unanswered past the window. */
    late: z.number().int(),
    /** Unanswered and still within the window: not counted yet. */
    pending: z.number().int(),
    /** Percent answered in time of those counted; null when none is counted yet. */
    share: z.number().nullable(),
    averageResponseMinutes: z.number().int().nullable(),
    level: TimelyAnswerLevel.nullable(),
  }),
  roles: FEEDBACK_ROLES,
  partner: true,
  mutates: false,
  description: 'The timely-answer share of the last 30 days: counts, average response time and its level.',
});

export const questionsAnswer = defineMethod({
  name: 'v1.questions.answer',
  params: z.strictObject({ ...partnerParams, id: DigitsId(), text: AnswerText }),
  result: z.strictObject({ item: FeedbackItem, outcome: z.enum(['sent', 'edited']) }),
  roles: FEEDBACK_ROLES,
  partner: true,
  mutates: true,
  description:
    'Answer a question or review, or change the answer already sent; it goes to moderation (automatic check first).',
});

export const feedbackNew = defineMethod({
  name: 'v1.feedback.new',
  params: z.strictObject(partnerParams),
  result: z.record(FeedbackType, z.number().int()),
  roles: FEEDBACK_ROLES,
  partner: true,
  mutates: false,
  description: 'How many questions and reviews wait for an answer.',
});

export const feedbackDeleteItems = defineMethod({
  name: 'v1.feedback.delete-items',
  params: z.strictObject({
    ...partnerParams,
    questionIds: z.array(DigitsId()).min(1).max(FEEDBACK_LIMITS.cancelMax),
  }),
  result: z.strictObject({ items: z.array(FeedbackItem) }),
  roles: FEEDBACK_ROLES,
  partner: true,
  mutates: true,
  description: 'Cancel rejected answers (irreversible): the questions wait for a new answer; strikes stay.',
});

export const Strike = z.strictObject({
  id: z.string(),
  feedbackId: z.string(),
  type: FeedbackType,
  productTitle: z.string(),
  sellerParentSku: z.string(),
  answerText: z.string(),
  reason: RejectionReason,
  comment: z.string().nullable(),
  rejectedAt: z.string(),
  /** Deleted by the marketplace's staff: it no longer counts. */
  deletedAt: z.string().nullable(),
});
export type Strike = z.infer<typeof Strike>;

export const sellerFeedbackGet = defineMethod({
  name: 'v1.feedback.seller-feedback.get',
  params: z.strictObject(partnerParams),
  result: z.strictObject({
    answering: AnsweringState,
    /** Every rejection of the partner's answers, newest first. */
    strikes: z.array(Strike),
    /** Answers rejected and not cancelled yet. */
    rejected: z.array(FeedbackItem),
  }),
  roles: SETTINGS_ROLES,
  partner: true,
  mutates: false,
  description: 'The feedback section of the settings: rejected answers, strikes and the block.',
});

export const sellerFeedbackActivate = defineMethod({
  name: 'v1.feedback.seller-feedback.activate',
  params: z.strictObject({ ...partnerParams, active: z.boolean() }),
  result: AnsweringState,
  roles: FEEDBACK_ROLES,
  partner: true,
  mutates: true,
  description: 'Whether the seller answers its buyers itself (off: the composer is closed).',
});

export const feedbackStrikesDelete = defineMethod({
  name: 'v1.feedback.strikes.delete',
  params: z.strictObject({ ...partnerParams, id: z.uuid() }),
  result: AnsweringState,
  roles: STRIKE_ADMIN_ROLES,
  partner: true,
  mutates: true,
  description: 'Internal roles: a rejection no longer counts (the block is recalculated; audited).',
});

// --- reply templates ------------------------------------------------------------------------------

export const TemplateName = safeString({ trim: true }).min(1).max(FEEDBACK_LIMITS.template.name.max);
export const TemplateContent = safeString({ trim: true, multiline: true })
  .min(FEEDBACK_LIMITS.template.content.min)
  .max(FEEDBACK_LIMITS.template.content.max);

export const ReplyTemplate = z.strictObject({
  id: z.string(),
  kind: FeedbackType,
  name: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReplyTemplate = z.infer<typeof ReplyTemplate>;

/** The template form's fields, checked by the screen and the server alike. */
export const ReplyTemplateInput = z.strictObject({
  kind: FeedbackType,
  name: TemplateName,
  content: TemplateContent,
});

export const templatesList = defineMethod({
  name: 'v1.feedback.templates.list',
  params: z.strictObject({
    ...partnerParams,
    kind: FeedbackType.optional(),
    search: safeString({ trim: true }).max(100).optional(),
  }),
  result: z.strictObject({
    items: z.array(ReplyTemplate),
    /** Templates of each kind, whatever the search. */
    counts: z.record(FeedbackType, z.number().int()),
  }),
  roles: FEEDBACK_ROLES,
  partner: true,
  mutates: false,
  description: 'Reply templates of a kind (questions or reviews), by name, searched in name and text.',
});

export const templatesSave = defineMethod({
  name: 'v1.feedback.templates.save',
  params: ReplyTemplateInput.extend({ ...partnerParams, id: z.uuid().optional() }),
  result: z.strictObject({ template: ReplyTemplate, outcome: z.enum(['added', 'edited']) }),
  roles: FEEDBACK_ROLES,
  partner: true,
  mutates: true,
  description: 'Add a reply template, or change one (with `id`); names are unique per kind.',
});

export const templatesDelete = defineMethod({
  name: 'v1.feedback.templates.delete',
  params: z.strictObject({ ...partnerParams, id: z.uuid() }),
  result: Ok,
  roles: FEEDBACK_ROLES,
  partner: true,
  mutates: true,
  description: 'Delete a reply template.',
});

// --- size fit -------------------------------------------------------------------------------------

const FitCounts = z.strictObject({
  runs_small: z.number().int(),
  true_to_size: z.number().int(),
  runs_large: z.number().int(),
  total: z.number().int(),
});
export const SizeFitSummary = z.strictObject({
  sellerParentSku: z.string(),
  overall: FitCounts,
  sizes: z.array(FitCounts.extend({ size: z.string(), lean: SizeFit.exclude(['true_to_size']).nullable() })),
  /** Present when buyers say clearly that the product runs one way (SIZE_FIT_RULES). */
  suggestion: z
    .strictObject({
      direction: SizeFit.exclude(['true_to_size']),
      share: z.number(),
      marks: z.number().int(),
    })
    .nullable(),
});
export type SizeFitSummary = z.infer<typeof SizeFitSummary>;

export const feedbackSizeFit = defineMethod({
  name: 'v1.feedback.size-fit.get',
  params: z.strictObject({ ...partnerParams, sellerParentSku: safeString({ trim: true }).min(1).max(50) }),
  result: SizeFitSummary,
  roles: [...FEEDBACK_ROLES, 'support_engineer', 'admin'],
  partner: true,
  mutates: false,
  description: 'Buyers’ size-fit marks on a product per size, and the size-chart change they suggest.',
});

// --- moderation specialists -----------------------------------------------------------------------

const Decision = z.enum(['publish', 'reject']);
const decisionParams = {
  decision: Decision,
  reason: RejectionReason.optional(),
  comment: safeString({ trim: true, multiline: true }).max(FEEDBACK_LIMITS.reasonComment.max).optional(),
};
/** A rejection names its reason. */
const withReason = <T extends { decision: 'publish' | 'reject'; reason?: RejectionReason | undefined }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.decision === 'reject' && !v.reason)
    ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Укажите причину отклонения' });
};

export const ModerationItem = z.strictObject({
  partnerId: z.number().int(),
  shopName: z.string(),
  item: FeedbackItem,
});

export const moderationList = defineMethod({
  name: 'v1.feedback.moderation.list',
  params: z.strictObject({
    /** Only this partner's answers; every partner's when omitted. */
    ofPartner: PartnerId.optional(),
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(FEEDBACK_LIMITS.pageSize.max).default(20),
  }),
  result: z.strictObject({ items: z.array(ModerationItem), total: z.number().int() }),
  roles: MODERATOR_ROLES,
  partner: false,
  mutates: false,
  description:
    'Answers waiting for a moderation specialist (the automatic check refused them), oldest first.',
});

export const moderationDecide = defineMethod({
  name: 'v1.feedback.moderation.decide',
  params: z
    .strictObject({ ...partnerParams, questionId: DigitsId(), ...decisionParams })
    .superRefine(withReason),
  result: FeedbackItem,
  roles: MODERATOR_ROLES,
  partner: true,
  mutates: true,
  description: 'A specialist publishes an answer on moderation, or rejects it with a reason (a strike).',
});

// --- the marketplace side: service credential only -------------------------------------------------

export const platformFeedbackCreate = defineMethod({
  name: 'v1.platform.feedback.create',
  params: z
    .strictObject({
      partnerId: PartnerId,
      type: FeedbackType,
      /** The product the buyer asks about or reviews, by the seller's SKU of the size. */
      sellerSku: safeString({ trim: true }).min(1).max(50),
      text: safeString({ trim: true, multiline: true }).min(1).max(FEEDBACK_LIMITS.text.max),
      rating: z.number().int().min(1).max(5).optional(),
      sizeFit: SizeFit.optional(),
      authorName: safeString({ trim: true }).min(1).max(FEEDBACK_LIMITS.authorName.max),
      createdAt: z.iso.datetime({ offset: true }).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.type === 'review' && v.rating === undefined)
        ctx.addIssue({ code: 'custom', path: ['rating'], message: 'У отзыва должна быть оценка от 1 до 5' });
      if (v.type === 'question' && v.rating !== undefined)
        ctx.addIssue({ code: 'custom', path: ['rating'], message: 'У вопроса не бывает оценки' });
      if (v.type === 'question' && v.sizeFit !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['sizeFit'],
          message: 'Посадку по размеру отмечают только в отзыве',
        });
    }),
  result: z.strictObject({ id: z.string() }),
  roles: 'platform',
  partner: false,
  mutates: true,
  description:
    'A buyer asked a question about, or reviewed, one of the partner’s products (storefront only).',
});

export const platformFeedbackPending = defineMethod({
  name: 'v1.platform.feedback.moderation.list',
  params: z.strictObject({ limit: z.number().int().min(1).max(500).default(100) }),
  result: z.strictObject({
    items: z.array(
      z.strictObject({
        id: z.string(),
        partnerId: z.number().int(),
        text: z.string(),
        flags: z.array(CheckRule),
        sentAt: z.string(),
      }),
    ),
  }),
  roles: 'platform',
  partner: false,
  mutates: false,
  description: 'Answers on moderation, oldest first (the marketplace’s moderation system).',
});

export const platformFeedbackModerate = defineMethod({
  name: 'v1.platform.feedback.moderate',
  params: z.strictObject({ id: DigitsId(), ...decisionParams }).superRefine(withReason),
  result: z.strictObject({ id: z.string(), status: QuestionStatus }),
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'The marketplace’s moderation publishes an answer on moderation or rejects it (a strike).',
});

export const platformFeedbackAnswer = defineMethod({
  name: 'v1.platform.feedback.answer',
  params: z.strictObject({ id: DigitsId(), text: AnswerText }),
  result: z.strictObject({ id: z.string(), status: QuestionStatus }),
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'The marketplace’s support answers a question or review that has no answer (author platform).',
});
