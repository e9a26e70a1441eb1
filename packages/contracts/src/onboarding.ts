// Onboarding of a new seller (spec 000 §3 "Questionnaire", §4 "Onboarding step", §6; spec 001 §5
// "Questionnaire", §7 "Surveys", §9): the six-page questionnaire and its rules, the survey and assortment
// committee state machines, the road of form statuses, and the seller's, staff's and platform's methods.
import { z } from 'zod';
import {
  AssortmentCommitteeStatus,
  AssortmentDecision,
  BusinessModel,
  OnboardingStep,
  SurveyStatus,
} from './enums';
import { defineMethod, Empty, Ok, PartnerId } from './rpc';
import { defineStateMachine } from './state-machine';
import { VALIDATION, fill } from './messages';
import { Phone10, safeString } from './text';
import { UPLOAD_TYPES, FileFormat } from './files';
import {
  validBin,
  validInn10,
  validInn12,
  validKpp,
  validOgrn,
  validOgrnip,
  validUnn,
} from './onboarding-rules';

export const ONBOARDING_LIMITS = {
  text: { min: 2, max: 150 },
  marketplaces: { min: 2, max: 250 },
  /** Spec 001 §9: the answer within 2 working days. */
  reviewWorkingDays: 2,
  /** Spec 001 §9: a draft untouched for more than 90 days goes back to the start. */
  draftTtlDays: 90,
  /** The deadline warning reaches the seller this many days before the draft expires. */
  warningDaysBefore: 7,
  /** Spec 001 §9: a declined applicant may apply again after 3 months. */
  reapplyAfterMonths: 3,
  /** Spec 001 §9 "Minimum SKU count to start sales". */
  minSkuCount: 10,
  brands: { max: 20 },
  categories: { max: 20 },
  skuCount: { min: 1, max: 1_000_000 },
  averagePrice: { min: 1, max: 10_000_000 },
  averageDiscount: { min: 0, max: 99 },
  reason: { min: 5, max: 1000 },
} as const;

export const SURVEY_ROLES = ['onboarding_user'] as const;
export const SURVEY_REVIEW_ROLES = ['support_engineer', 'admin'] as const;

export const ONBOARDING_MESSAGES = {
  textLength: fill(VALIDATION.lengthBetween, { from: 2, to: 150 }),
  marketplacesLength: fill(VALIDATION.lengthBetween, { from: 2, to: 250 }),
  link: 'Ссылка должна начинаться с http:// или https://',
  brandRepeats: 'Такой бренд уже есть в анкете',
  categoryRepeats: 'Эта категория уже выбрана',
  oneBrandOnly: 'Несколько брендов — отметьте «Мультибрендовый магазин»',
  innLength: 'ИНН должен состоять из {number} цифр',
  innCheck: 'Неверное контрольное число ИНН',
  binLength: 'БИН должен состоять из 12 цифр',
  binCheck: 'Неверное контрольное число БИН',
  unnLength: 'УНП должен состоять из 9 цифр',
  unnCheck: 'Неверное контрольное число УНП',
  ogrnLength: 'ОГРН должен состоять из 13 цифр',
  ogrnCheck: 'Неверное контрольное число ОГРН',
  ogrnipLength: 'ОГРНИП должен состоять из 15 цифр',
  ogrnipCheck: 'Неверное контрольное число ОГРНИП',
  kppLength: 'КПП должен состоять из 9 символов',
  kppFormat: 'Неверный формат КПП',
  notForCountry: 'Для этой страны и формы поле не заполняется',
} as const;
const M = ONBOARDING_MESSAGES;

const text = (max: number = ONBOARDING_LIMITS.text.max, message: string = M.textLength) =>
  safeString({ trim: true })
    .min(1, { message: VALIDATION.required, abort: true })
    .min(ONBOARDING_LIMITS.text.min, message)
    .max(max, message);
const optionalText = (max?: number, message?: string) => text(max, message).optional();
/** Spec 001 §5: links start with http or https. */
export const SurveyLink = safeString({ trim: true })
  .min(1, VALIDATION.required)
  .max(500, fill(VALIDATION.maxLength, { to: 500 }))
  .regex(/^https?:\/\/[^\s/]+\.[^\s]+$/i, M.link);

export const SurveyCountry = z.enum(['RU', 'BY', 'KZ']);
export type SurveyCountry = z.infer<typeof SurveyCountry>;
/** The legal-entity flag of the form: an organization, or an individual entrepreneur. */
export const LegalForm = z.enum(['legalEntity', 'individual']);
export type LegalForm = z.infer<typeof LegalForm>;
/** How the seller works with Moda: FBO (goods at Moda's warehouse) or FBS (from the seller's own). */
export const CooperationModel = z.enum(['FBO', 'FBS']);
export type CooperationModel = z.infer<typeof CooperationModel>;
/** FBO = consignment, FBS = marketplace_crossdocking (the lead's mapping). */
export const BUSINESS_MODEL_OF: Record<CooperationModel, z.infer<typeof BusinessModel>> = {
  FBO: 'consignment',
  FBS: 'marketplace_crossdocking',
};
export const TrademarkOwnership = z.enum(['owner', 'licensee', 'distributor']);
export const SurveyCategory = z.enum([
  'clothes',
  'shoes',
  'accessories',
  'bags',
  'underwear',
  'sport',
  'kids',
  'jewelry',
  'beauty',
]);

/** Which identification numbers a country and legal form need (and so which fields the page shows). */
export function registrationFields(country: SurveyCountry, legalForm: LegalForm) {
  if (country === 'RU')
    return legalForm === 'legalEntity' ? { ogrn: 13, kpp: true } : { ogrn: 15, kpp: false };
  return { ogrn: null, kpp: false };
}

/** The INN / BIN / UNN rule of a country and legal form: null when valid, else the Russian message. */
export function innProblem(country: SurveyCountry, legalForm: LegalForm, inn: string): string | null {
  if (country === 'KZ') return /^\d{12}$/.test(inn) ? (validBin(inn) ? null : M.binCheck) : M.binLength;
  if (country === 'BY') return /^\d{9}$/.test(inn) ? (validUnn(inn) ? null : M.unnCheck) : M.unnLength;
  const length = legalForm === 'legalEntity' ? 10 : 12;
  if (!new RegExp(`^\\d{${length}}$`).test(inn)) return fill(M.innLength, { number: length });
  return (length === 10 ? validInn10(inn) : validInn12(inn)) ? null : M.innCheck;
}
export function ogrnProblem(legalForm: LegalForm, ogrn: string): string | null {
  if (legalForm === 'legalEntity')
    return /^\d{13}$/.test(ogrn) ? (validOgrn(ogrn) ? null : M.ogrnCheck) : M.ogrnLength;
  return /^\d{15}$/.test(ogrn) ? (validOgrnip(ogrn) ? null : M.ogrnipCheck) : M.ogrnipLength;
}
export function kppProblem(kpp: string): string | null {
  if (kpp.length !== 9) return M.kppLength;
  return validKpp(kpp) ? null : M.kppFormat;
}

export const CompanyPage = z
  .strictObject({
    country: SurveyCountry,
    legalForm: LegalForm,
    inn: safeString({ trim: true }).min(1, VALIDATION.required),
    ogrn: safeString({ trim: true }).optional(),
    kpp: safeString({ trim: true }).optional(),
    organizationName: text(),
    phone: Phone10,
  })
  .superRefine((p, ctx) => {
    const problem = innProblem(p.country, p.legalForm, p.inn);
    if (problem) ctx.addIssue({ code: 'custom', path: ['inn'], message: problem });
    const needs = registrationFields(p.country, p.legalForm);
    if (needs.ogrn) {
      const ogrn = p.ogrn ?? '';
      const bad = ogrn ? ogrnProblem(p.legalForm, ogrn) : VALIDATION.required;
      if (bad) ctx.addIssue({ code: 'custom', path: ['ogrn'], message: bad });
    } else if (p.ogrn) ctx.addIssue({ code: 'custom', path: ['ogrn'], message: M.notForCountry });
    if (needs.kpp) {
      const kpp = p.kpp ?? '';
      const bad = kpp ? kppProblem(kpp) : VALIDATION.required;
      if (bad) ctx.addIssue({ code: 'custom', path: ['kpp'], message: bad });
    } else if (p.kpp) ctx.addIssue({ code: 'custom', path: ['kpp'], message: M.notForCountry });
  });

export const ContactsPage = z
  .strictObject({
    ceoName: text(),
    /** The "differing contact info" flag: the contact person is not the CEO. */
    differentContact: z.boolean(),
    contactName: optionalText(),
    contactPhone: Phone10.optional(),
  })
  .superRefine((p, ctx) => {
    if (!p.differentContact) {
      for (const f of ['contactName', 'contactPhone'] as const)
        if (p[f] !== undefined) ctx.addIssue({ code: 'custom', path: [f], message: VALIDATION.invalidValue });
      return;
    }
    if (!p.contactName) ctx.addIssue({ code: 'custom', path: ['contactName'], message: VALIDATION.required });
    if (!p.contactPhone)
      ctx.addIssue({ code: 'custom', path: ['contactPhone'], message: VALIDATION.required });
  });

export const CooperationPage = z.strictObject({
  model: CooperationModel,
  warehouseAddress: text(),
});

const int = (min: number, max: number) =>
  z.number().int().min(min, fill(VALIDATION.min, { min })).max(max, fill(VALIDATION.max, { max }));

/** Spec 001 is silent on trademark documents' limits: PDF, JPG or PNG, 5 MB each, 5 per brand (decisions.md). */
export const TRADEMARK_DOCUMENTS = {
  ...UPLOAD_TYPES.survey_trademark,
  perBrand: 5,
  nameMax: 255,
} as const;
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} МБ`;
export const TRADEMARK_MESSAGES = {
  wrongFormat: `Неверный формат файла. Допустимые форматы: ${TRADEMARK_DOCUMENTS.formats.map((f) => f.toUpperCase()).join(', ')}`,
  tooLarge: `Файл слишком большой: максимальный размер — ${megabytes(TRADEMARK_DOCUMENTS.maxBytes)}`,
  empty: 'Файл пустой',
  tooMany: `Не более ${TRADEMARK_DOCUMENTS.perBrand} документов на бренд`,
  repeats: 'Этот документ уже прикреплён',
} as const;

/** The format a trademark document's name declares, by its extension (null when not one of the kind's). */
export function trademarkFormatOf(fileName: string): FileFormat | null {
  const ext = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const format = ext === 'jpeg' ? 'jpg' : ext;
  return (TRADEMARK_DOCUMENTS.formats as readonly string[]).includes(format ?? '')
    ? (format as FileFormat)
    : null;
}

/** The type and size rule of a trademark document, the same before a reservation and on the screen. */
export function trademarkFileProblem(
  fileName: string,
  size: number,
): { field: 'fileName' | 'size'; message: string } | null {
  if (!trademarkFormatOf(fileName)) return { field: 'fileName', message: TRADEMARK_MESSAGES.wrongFormat };
  if (size <= 0) return { field: 'size', message: TRADEMARK_MESSAGES.empty };
  if (size > TRADEMARK_DOCUMENTS.maxBytes) return { field: 'size', message: TRADEMARK_MESSAGES.tooLarge };
  return null;
}

/** An uploaded trademark document of the applicant (the questionnaire lists them; a brand names them). */
export const SurveyAttachment = z.strictObject({
  id: z.string().uuid(),
  name: z.string(),
  format: FileFormat,
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type SurveyAttachment = z.infer<typeof SurveyAttachment>;

export const SurveyBrand = z.strictObject({
  name: text(),
  /** The designer-chapter flag: the brand belongs in the designer section of the storefront. */
  designerSection: z.boolean(),
  /** The trademark flag: the brand is a registered trademark. */
  trademark: z.boolean(),
  ownership: TrademarkOwnership,
  country: text(),
  averagePrice: int(ONBOARDING_LIMITS.averagePrice.min, ONBOARDING_LIMITS.averagePrice.max),
  averageDiscount: int(ONBOARDING_LIMITS.averageDiscount.min, ONBOARDING_LIMITS.averageDiscount.max),
  /** Trademark documents: ids of the applicant's uploaded attachments (`v1.surveys.attachments.reserve`). */
  documents: z
    .array(z.string().uuid())
    .max(TRADEMARK_DOCUMENTS.perBrand, TRADEMARK_MESSAGES.tooMany)
    .refine((ids) => new Set(ids).size === ids.length, TRADEMARK_MESSAGES.repeats)
    .optional(),
});
export type SurveyBrand = z.infer<typeof SurveyBrand>;

export const BrandsPage = z
  .strictObject({
    multibrand: z.boolean(),
    brands: z
      .array(SurveyBrand)
      .min(1, fill(VALIDATION.tooFewItems, { min: 1 }))
      .max(
        ONBOARDING_LIMITS.brands.max,
        fill(VALIDATION.tooManyItems, { max: ONBOARDING_LIMITS.brands.max }),
      ),
  })
  .superRefine((p, ctx) => {
    if (!p.multibrand && p.brands.length > 1)
      ctx.addIssue({ code: 'custom', path: ['multibrand'], message: M.oneBrandOnly });
    const seen = new Set<string>();
    p.brands.forEach((b, i) => {
      const key = b.name.trim().toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['brands', i, 'name'], message: M.brandRepeats });
      seen.add(key);
    });
  });

export const CategoriesPage = z
  .strictObject({
    categories: z
      .array(
        z.strictObject({
          category: SurveyCategory,
          skuCount: int(ONBOARDING_LIMITS.skuCount.min, ONBOARDING_LIMITS.skuCount.max),
        }),
      )
      .min(1, fill(VALIDATION.tooFewItems, { min: 1 }))
      .max(ONBOARDING_LIMITS.categories.max),
  })
  .superRefine((p, ctx) => {
    const seen = new Set<string>();
    p.categories.forEach((c, i) => {
      if (seen.has(c.category))
        ctx.addIssue({ code: 'custom', path: ['categories', i, 'category'], message: M.categoryRepeats });
      seen.add(c.category);
    });
  });

/** Every channel is optional: a new brand may have none yet (docs/decisions.md). */
export const ChannelsPage = z.strictObject({
  onlineShop: SurveyLink.optional(),
  offlineShop: optionalText(),
  marketplaces: optionalText(ONBOARDING_LIMITS.marketplaces.max, M.marketplacesLength),
  multibrandShops: optionalText(),
  presentation: SurveyLink.optional(),
  socialLink: SurveyLink.optional(),
});

/** The six pages in order (spec 000 §4: the form is multi-page, six pages). */
export const SURVEY_PAGES = {
  company: CompanyPage,
  contacts: ContactsPage,
  cooperation: CooperationPage,
  brands: BrandsPage,
  categories: CategoriesPage,
  channels: ChannelsPage,
} as const;
export const SurveyPage = z.enum(['company', 'contacts', 'cooperation', 'brands', 'categories', 'channels']);
export type SurveyPage = z.infer<typeof SurveyPage>;

export const SurveyAnswers = z.strictObject({
  company: CompanyPage.optional(),
  contacts: ContactsPage.optional(),
  cooperation: CooperationPage.optional(),
  brands: BrandsPage.optional(),
  categories: CategoriesPage.optional(),
  channels: ChannelsPage.optional(),
});
export type SurveyAnswers = z.infer<typeof SurveyAnswers>;

/** A field the reviewer may ask about: `page.field` (`company.inn`, `brands.brands`). */
export const SURVEY_FIELDS = [
  'company.country',
  'company.legalForm',
  'company.inn',
  'company.ogrn',
  'company.kpp',
  'company.organizationName',
  'company.phone',
  'contacts.ceoName',
  'contacts.contactName',
  'contacts.contactPhone',
  'cooperation.model',
  'cooperation.warehouseAddress',
  'brands.brands',
  'categories.categories',
  'channels.onlineShop',
  'channels.offlineShop',
  'channels.marketplaces',
  'channels.multibrandShops',
  'channels.presentation',
  'channels.socialLink',
] as const;
export const SurveyField = z.enum(SURVEY_FIELDS);
export type SurveyField = z.infer<typeof SurveyField>;

export const SurveyStateMachine = defineStateMachine({
  name: 'survey',
  states: SurveyStatus.options,
  initial: 'empty',
  transitions: {
    /** A page saved: the draft starts, or goes on; answers to clarifications are saved in place. */
    save: { from: ['empty', 'on_draft', 'on_clarification'], to: 'on_draft', by: SURVEY_ROLES },
    submit: { from: ['on_draft', 'on_clarification'], to: 'on_review', by: SURVEY_ROLES },
    approve: { from: ['on_review'], to: 'finished', by: SURVEY_REVIEW_ROLES },
    askClarification: { from: ['on_review'], to: 'on_clarification', by: SURVEY_REVIEW_ROLES },
    /** Cancelled: the applicant may apply again after 3 months. */
    decline: { from: ['on_review'], to: 'on_delayed_rejection', by: SURVEY_REVIEW_ROLES },
    /** Refused for good (a fraudulent or banned applicant): no return. */
    declineForGood: { from: ['on_review', 'on_delayed_rejection'], to: 'on_rejection', by: ['admin'] },
    /** Start over: the seller discards a draft, or applies again once the 3 months have passed. */
    restart: { from: ['on_draft', 'on_delayed_rejection'], to: 'empty', by: SURVEY_ROLES },
    /** The account is blocked while the marketplace investigates. */
    lock: { from: ['on_draft', 'on_review', 'on_clarification'], to: 'locked', by: ['admin'] },
  },
});
export type SurveyAction = keyof typeof SurveyStateMachine.transitions;

export const CommitteeStateMachine = defineStateMachine({
  name: 'assortmentCommittee',
  states: AssortmentCommitteeStatus.options,
  initial: 'onReview',
  transitions: {
    approve: { from: ['onReview'], to: 'approved', by: SURVEY_REVIEW_ROLES },
    decline: { from: ['onReview'], to: 'declined', by: SURVEY_REVIEW_ROLES },
    askClarification: { from: ['onReview'], to: 'clarificationRequired', by: SURVEY_REVIEW_ROLES },
    answer: { from: ['clarificationRequired'], to: 'onReview', by: SURVEY_ROLES },
  },
});
export const COMMITTEE_ACTION_OF = {
  APPROVED: 'approve',
  DECLINED: 'decline',
  NEED_CLARIFICATION: 'askClarification',
} as const;

export const FormStatus = z.enum([
  'initialSeller',
  'assortmentConfirmation',
  'legalCheck',
  'contract',
  'productCards',
  'logistics',
]);
export type FormStatus = z.infer<typeof FormStatus>;

export const SurveyClarification = z.strictObject({ field: SurveyField, question: z.string() });
export const Survey = z.strictObject({
  id: z.string().uuid().nullable(),
  status: SurveyStatus,
  answers: SurveyAnswers,
  pagesSaved: z.array(SurveyPage),
  clarifications: z.array(SurveyClarification),
  rejectionReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  /** The date the answer is due by: 2 Russian working days after sending (ISO date). */
  reviewDueDate: z.string().nullable(),
  /** A declined applicant may apply again from this date (ISO date). */
  reapplyFrom: z.string().nullable(),
  /** The draft goes back to the start after this date (ISO date). */
  draftExpiresOn: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** The applicant's uploaded trademark documents (the brands name them by id). */
  attachments: z.array(SurveyAttachment),
});
export type Survey = z.infer<typeof Survey>;

export const CommitteeItem = z.strictObject({
  id: z.string(),
  kind: z.enum(['brand', 'category']),
  name: z.string(),
  decision: AssortmentDecision,
  comment: z.string().nullable(),
  answer: z.string().nullable(),
});
export const Committee = z.strictObject({
  status: AssortmentCommitteeStatus,
  items: z.array(CommitteeItem),
  comment: z.string().nullable(),
  updatedAt: z.string(),
});
export type Committee = z.infer<typeof Committee>;

export const SurveyNotification = z.strictObject({
  id: z.string(),
  type: z.literal('survey_deadline_warning'),
  /** The draft goes back to the start after this date (ISO date). */
  expiresOn: z.string(),
  acted: z.boolean(),
});

export const RoadStep = z.strictObject({ key: FormStatus, state: OnboardingStep });
export const OnboardingRoad = z.strictObject({
  steps: z.array(RoadStep),
  survey: Survey,
  committee: Committee.nullable(),
  notifications: z.array(SurveyNotification),
  /** The new partner once the legal check passes. */
  partnerId: PartnerId.nullable(),
  businessModel: BusinessModel.nullable(),
  productCount: z.number().int(),
  minSkuCount: z.number().int(),
  /** FBO before its first supply, FBS before an active warehouse. */
  logisticsNeeds: z.enum(['firstSupply', 'activeWarehouse']).nullable(),
  allComplete: z.boolean(),
});
export type OnboardingRoad = z.infer<typeof OnboardingRoad>;

const S = { roles: SURVEY_ROLES, partner: false } as const;
const STAFF = { roles: SURVEY_REVIEW_ROLES, partner: false } as const;

export const onboardingRoadGet = defineMethod({
  name: 'v1.onboarding.road.get',
  params: Empty,
  result: OnboardingRoad,
  ...S,
  mutates: false,
  description: 'The new seller’s road: each form status with its step state, the survey and the committee.',
});
export const onboardingFinish = defineMethod({
  name: 'v1.onboarding.finish',
  params: Empty,
  result: z.strictObject({ partnerId: PartnerId }),
  ...S,
  mutates: true,
  description: 'Once every step is complete the applicant becomes a partner user of the new partner.',
});
export const surveysFirstGet = defineMethod({
  name: 'v1.surveys.first.get',
  params: Empty,
  result: Survey,
  ...S,
  mutates: false,
  description: 'The caller’s questionnaire (status empty when none is started).',
});

export const SurveysFirstSaveParams = z.discriminatedUnion('page', [
  z.strictObject({ page: z.literal('company'), data: CompanyPage }),
  z.strictObject({ page: z.literal('contacts'), data: ContactsPage }),
  z.strictObject({ page: z.literal('cooperation'), data: CooperationPage }),
  z.strictObject({ page: z.literal('brands'), data: BrandsPage }),
  z.strictObject({ page: z.literal('categories'), data: CategoriesPage }),
  z.strictObject({ page: z.literal('channels'), data: ChannelsPage }),
]);
export const surveysFirstSave = defineMethod({
  name: 'v1.surveys.first.save',
  params: SurveysFirstSaveParams,
  result: Survey,
  ...S,
  mutates: true,
  description: 'Save one page of the questionnaire as a draft (or an answer to a clarification).',
});
export const surveysFirstSubmit = defineMethod({
  name: 'v1.surveys.first.submit',
  params: Empty,
  result: Survey,
  ...S,
  mutates: true,
  description: 'Send the questionnaire for review once all six pages are saved.',
});
export const surveysDelete = defineMethod({
  name: 'v1.surveys.delete',
  params: Empty,
  result: Survey,
  ...S,
  mutates: true,
  description: 'Discard the draft, or start again once 3 months have passed since a decline.',
});
export const surveysNotificationAct = defineMethod({
  name: 'v1.surveys.notification.act',
  params: z.strictObject({ id: safeString().min(1).max(100) }),
  result: Ok,
  ...S,
  mutates: true,
  description: 'Acknowledge a survey notification (survey_deadline_warning).',
});
export const surveysAttachmentsReserve = defineMethod({
  name: 'v1.surveys.attachments.reserve',
  params: z
    .strictObject({
      fileName: safeString({ trim: true })
        .min(1, VALIDATION.required)
        .max(TRADEMARK_DOCUMENTS.nameMax, fill(VALIDATION.maxLength, { to: TRADEMARK_DOCUMENTS.nameMax })),
      // Bounded here too (a wrong size never reaches a column); the rule's own messages on both sides.
      size: z
        .number()
        .int()
        .min(0, TRADEMARK_MESSAGES.empty)
        .max(TRADEMARK_DOCUMENTS.maxBytes, TRADEMARK_MESSAGES.tooLarge),
    })
    .superRefine((p, ctx) => {
      const problem = trademarkFileProblem(p.fileName, p.size);
      if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    }),
  result: z.strictObject({ id: z.string().uuid() }),
  ...S,
  mutates: true,
  description:
    'Reserve a trademark document of the questionnaire: then upload it to POST /rest/api/v1/files with type survey_trademark and attachment_id, and name it in a brand.',
});
export const assortmentCommitteeGet = defineMethod({
  name: 'v1.surveys.assortment-committee.get',
  params: Empty,
  result: Committee.nullable(),
  ...S,
  mutates: false,
  description: 'The assortment committee’s case of the caller, with the decision per brand and category.',
});
export const assortmentCommitteeSave = defineMethod({
  name: 'v1.surveys.assortment-committee.save',
  params: z.strictObject({
    answers: z
      .array(
        z.strictObject({
          itemId: safeString().min(1).max(100),
          answer: text(1000, fill(VALIDATION.lengthBetween, { from: 2, to: 1000 })),
        }),
      )
      .min(1, VALIDATION.required)
      .max(100),
  }),
  result: Committee,
  ...S,
  mutates: true,
  description: 'Answer the committee’s clarifications: the case goes back on review.',
});

// Staff (support engineer, admin): the review queue.
export const ReviewQueue = z.enum(['survey', 'committee']);
export const ReviewCase = z.strictObject({
  id: z.string().uuid(),
  email: z.string(),
  organizationName: z.string().nullable(),
  country: SurveyCountry.nullable(),
  surveyStatus: SurveyStatus,
  committeeStatus: AssortmentCommitteeStatus.nullable(),
  submittedAt: z.string().nullable(),
  reviewDueDate: z.string().nullable(),
});
export const surveysList = defineMethod({
  name: 'v1.surveys.list',
  params: z.strictObject({ queue: ReviewQueue.default('survey') }),
  result: z.strictObject({ items: z.array(ReviewCase) }),
  ...STAFF,
  mutates: false,
  description: 'Questionnaires on review, or committee cases on review, oldest first (staff).',
});
export const SurveyDetails = z.strictObject({
  case: ReviewCase,
  survey: Survey,
  committee: Committee.nullable(),
});
export const surveysDetails = defineMethod({
  name: 'v1.surveys.details',
  params: z.strictObject({ id: z.string().uuid() }),
  result: SurveyDetails,
  ...STAFF,
  mutates: false,
  description: 'One applicant’s questionnaire and committee case (staff).',
});
const Reason = text(ONBOARDING_LIMITS.reason.max, fill(VALIDATION.lengthBetween, { from: 2, to: 1000 }));
export const surveysReview = defineMethod({
  name: 'v1.surveys.review',
  params: z.discriminatedUnion('decision', [
    z.strictObject({ id: z.string().uuid(), decision: z.literal('approve') }),
    z.strictObject({
      id: z.string().uuid(),
      decision: z.literal('askClarification'),
      questions: z
        .array(z.strictObject({ field: SurveyField, question: Reason }))
        .min(1, VALIDATION.required)
        .max(20),
    }),
    z.strictObject({ id: z.string().uuid(), decision: z.literal('decline'), reason: Reason }),
    z.strictObject({ id: z.string().uuid(), decision: z.literal('declineForGood'), reason: Reason }),
  ]),
  result: Survey,
  ...STAFF,
  mutates: true,
  description:
    'Approve a questionnaire, ask for clarification per field, or decline it with a reason (staff).',
});
export const assortmentCommitteeDecide = defineMethod({
  name: 'v1.surveys.assortment-committee.decide',
  params: z.strictObject({
    id: z.string().uuid(),
    decision: z.enum(['APPROVED', 'DECLINED', 'NEED_CLARIFICATION']),
    comment: Reason.optional(),
    items: z
      .array(
        z.strictObject({
          itemId: safeString().min(1).max(100),
          decision: AssortmentDecision,
          comment: Reason.optional(),
        }),
      )
      .max(100)
      .default([]),
  }),
  result: Committee,
  ...STAFF,
  mutates: true,
  description: 'The committee’s decision with comments per brand or category (staff).',
});
export const platformOnboardingLegalCheck = defineMethod({
  name: 'v1.platform.onboarding.legal-check',
  params: z.strictObject({
    id: z.string().uuid(),
    result: z.enum(['passed', 'failed']),
    shopName: text().optional(),
  }),
  result: z.strictObject({ partnerId: PartnerId.nullable() }),
  roles: 'platform',
  partner: false,
  mutates: true,
  description:
    'The legal check of an approved applicant: passed creates the partner with the chosen business model.',
});
