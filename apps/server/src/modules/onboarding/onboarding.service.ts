// Onboarding: the applicant's questionnaire (draft, review, clarification, decline with a return date, the
// 90-day restart), the assortment committee, the platform's legal check that creates the partner, and the
// road of form statuses up to the first login as a partner user (spec 000 §4, §6; spec 001 §5, §9).
import {
  addCalendarMonths,
  addRuWorkingDays,
  BUSINESS_MODEL_OF,
  checkTransition,
  COMMITTEE_ACTION_OF,
  CommitteeStateMachine,
  ERRORS,
  fill,
  formatMoscowDate,
  moscowDay,
  ONBOARDING_LIMITS,
  SurveyAnswers,
  SurveyPage,
  SurveyStateMachine,
  type Actor,
  type Committee,
  type OnboardingRoad,
  type Survey,
  type SurveyAction,
  type SurveyAttachment,
  type SurveyBrand,
  type SurveyField,
} from '@moda/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CallContext } from '../../core/context';
import { requirePrincipal } from '../../core/context';
import { AppError } from '../../core/errors';
import type { Db, DbOrTx } from '../../db/client';
import { emailJob, type Jobs } from '../../jobs/jobs';
import * as q from './onboarding.queries';
import * as att from './onboarding.attachments';

const DAY_MS = 24 * 3600 * 1000;
type SurveyStatus = Survey['status'];
type CommitteeStatus = Committee['status'];
type CommitteeItem = Committee['items'][number];
type Step = OnboardingRoad['steps'][number]['state'];
type SavePage = { page: z.infer<typeof SurveyPage>; data: unknown };

export interface OnboardingDeps {
  now: () => Date;
  /** Announce a change of the user's roles or partners to every instance. */
  principalChanged: (ctx: CallContext, userId: string) => Promise<void>;
  /** Publish the first version of the cooperation terms for a new partner. */
  publishTerms: (ctx: CallContext, partnerId: number) => Promise<void>;
  /** Removes stored bytes of trademark documents taken out of the questionnaire. */
  deleteStored: (key: string) => Promise<void>;
  /** For the scheduled deadline warning: the database, the mail outbox and the cabinet's address. */
  db: Db;
  jobs: Pick<Jobs, 'send'>;
  appUrl: string;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function actors(ctx: CallContext): Actor[] {
  const p = requirePrincipal(ctx);
  return p.service ? ['platform'] : p.roles;
}

/** A seller-held draft untouched for more than 90 days goes back to the start (spec 001 §9). */
const HELD_BY_SELLER: SurveyStatus[] = ['on_draft', 'on_clarification'];

export class OnboardingService {
  constructor(private readonly deps: OnboardingDeps) {}

  private expired(row: q.SurveyRow): boolean {
    return (
      HELD_BY_SELLER.includes(row.status as SurveyStatus) &&
      this.deps.now().getTime() - row.updatedAt.getTime() > ONBOARDING_LIMITS.draftTtlDays * DAY_MS
    );
  }

  private toSurvey(row: q.SurveyRow | undefined, attachments: SurveyAttachment[] = []): Survey {
    if (!row || this.expired(row))
      return {
        id: row?.id ?? null,
        status: 'empty',
        answers: {},
        pagesSaved: [],
        clarifications: [],
        rejectionReason: null,
        submittedAt: null,
        reviewDueDate: null,
        reapplyFrom: null,
        draftExpiresOn: null,
        updatedAt: null,
        attachments: [],
      };
    const status = row.status as SurveyStatus;
    return {
      id: row.id,
      status,
      answers: row.answers as Survey['answers'],
      pagesSaved: row.pagesSaved as Survey['pagesSaved'],
      clarifications: row.clarifications as Survey['clarifications'],
      rejectionReason: row.rejectionReason,
      submittedAt: iso(row.submittedAt),
      reviewDueDate: status === 'on_review' ? row.reviewDueDate : null,
      reapplyFrom: status === 'on_delayed_rejection' ? row.reapplyFrom : null,
      draftExpiresOn: HELD_BY_SELLER.includes(status)
        ? moscowDay(row.updatedAt, ONBOARDING_LIMITS.draftTtlDays)
        : null,
      updatedAt: iso(row.updatedAt),
      attachments,
    };
  }

  /** The questionnaire as the applicant and staff see it, with its uploaded trademark documents. */
  private async view(db: DbOrTx, row: q.SurveyRow | undefined): Promise<Survey> {
    return this.toSurvey(row, row && !this.expired(row) ? await att.uploadedOf(db, row.id) : []);
  }

  /** Drop the documents no brand names (`keep`), their bytes once the change commits. */
  private async dropDocuments(ctx: CallContext, surveyId: string, keep: string[]): Promise<void> {
    const keys = await att.dropUnnamed(ctx.db, surveyId, keep);
    if (keys.length)
      ctx.afterCommit(async () => {
        for (const key of keys) await this.deps.deleteStored(key).catch(() => undefined);
      });
  }

  private toCommittee(row: q.SurveyRow | undefined): Committee | null {
    if (!row?.committeeStatus || this.expired(row)) return null;
    return {
      status: row.committeeStatus as CommitteeStatus,
      items: (row.committeeItems ?? []) as CommitteeItem[],
      comment: row.committeeComment,
      updatedAt: row.committeeUpdatedAt!.toISOString(),
    };
  }

  private allow(ctx: CallContext, action: SurveyAction, from: SurveyStatus): void {
    const refused = checkTransition(SurveyStateMachine, action, from, actors(ctx));
    if (refused === 'forbidden') throw new AppError('common.forbidden');
    if (refused) throw new AppError('survey.notAllowedFromState');
  }

  /** The applicant's row, locked, with an expired draft already sent back to the start. */
  private async own(ctx: CallContext): Promise<q.SurveyRow | undefined> {
    const row = await q.surveyOfUser(ctx.db, requirePrincipal(ctx).userId, true);
    if (row && this.expired(row)) {
      await this.dropDocuments(ctx, row.id, []);
      return q.updateSurvey(ctx.db, row.id, blank(this.deps.now()));
    }
    return row;
  }

  async get(ctx: CallContext): Promise<Survey> {
    return this.view(ctx.db, await q.surveyOfUser(ctx.db, requirePrincipal(ctx).userId));
  }

  /** Reserve a trademark document: the declared name and size passed the contract's rule; the file follows. */
  async reserve(ctx: CallContext, p: { fileName: string; size: number }): Promise<{ id: string }> {
    const now = this.deps.now();
    const userId = requirePrincipal(ctx).userId;
    const row = (await this.own(ctx)) ?? (await q.insertSurvey(ctx.db, userId, 'empty', now));
    this.allow(ctx, 'save', row.status as SurveyStatus);
    const id = await att.insertReservation(ctx.db, { surveyId: row.id, userId, name: p.fileName, at: now });
    ctx.audit.objectId = id;
    return { id };
  }

  async save(ctx: CallContext, p: SavePage): Promise<Survey> {
    const now = this.deps.now();
    const userId = requirePrincipal(ctx).userId;
    const row = (await this.own(ctx)) ?? (await q.insertSurvey(ctx.db, userId, 'empty', now));
    const status = row.status as SurveyStatus;
    // Answering a clarification keeps the questionnaire in on_clarification until it is sent again.
    if (status !== 'on_clarification') this.allow(ctx, 'save', status);
    ctx.audit.objectId = row.id;
    if (p.page === 'brands') {
      // A brand names only the applicant's own uploaded documents; those no brand names any more are removed.
      const brands = (p.data as { brands: SurveyBrand[] }).brands;
      await att.checkNamed(ctx.db, row.id, brands);
      await this.dropDocuments(ctx, row.id, att.namedIn(brands));
    }
    const answers = { ...(row.answers as Survey['answers']), [p.page]: p.data };
    const pages = SurveyPage.options.filter((page) => page === p.page || row.pagesSaved.includes(page));
    return this.view(
      ctx.db,
      await q.updateSurvey(ctx.db, row.id, {
        status: status === 'on_clarification' ? status : 'on_draft',
        answers,
        pagesSaved: pages,
        updatedAt: now,
      }),
    );
  }

  async submit(ctx: CallContext): Promise<Survey> {
    const row = await this.own(ctx);
    if (!row) throw new AppError('survey.notAllowedFromState');
    this.allow(ctx, 'submit', row.status as SurveyStatus);
    const missing = SurveyPage.options.filter((page) => !row.pagesSaved.includes(page));
    const parsed = SurveyAnswers.required().safeParse(row.answers);
    if (missing.length || !parsed.success)
      throw new AppError('survey.incomplete', { data: { pages: missing } });
    const now = this.deps.now();
    ctx.audit.objectId = row.id;
    return this.view(
      ctx.db,
      await q.updateSurvey(ctx.db, row.id, {
        status: 'on_review',
        submittedAt: now,
        reviewDueDate: addRuWorkingDays(moscowDay(now), ONBOARDING_LIMITS.reviewWorkingDays),
        clarifications: [],
        updatedAt: now,
      }),
    );
  }

  /** Discard a draft, or apply again once 3 months have passed since a decline. */
  async restart(ctx: CallContext): Promise<Survey> {
    const row = await this.own(ctx);
    if (!row) throw new AppError('survey.notAllowedFromState');
    const status = row.status as SurveyStatus;
    this.allow(ctx, 'restart', status);
    if (
      status === 'on_delayed_rejection' &&
      row.reapplyFrom &&
      moscowDay(this.deps.now()) < row.reapplyFrom
    ) {
      const date = formatMoscowDate(new Date(`${row.reapplyFrom}T12:00:00+03:00`));
      throw new AppError('survey.reapplyTooEarly', {
        message: fill(ERRORS['survey.reapplyTooEarly'].message, { date }),
        data: { reapplyFrom: row.reapplyFrom },
      });
    }
    ctx.audit.objectId = row.id;
    await this.dropDocuments(ctx, row.id, []);
    return this.toSurvey(await q.updateSurvey(ctx.db, row.id, blank(this.deps.now())));
  }

  private notifications(row: q.SurveyRow | undefined): OnboardingRoad['notifications'] {
    if (!row || this.expired(row) || !HELD_BY_SELLER.includes(row.status as SurveyStatus)) return [];
    const warnFrom =
      row.updatedAt.getTime() +
      (ONBOARDING_LIMITS.draftTtlDays - ONBOARDING_LIMITS.warningDaysBefore) * DAY_MS;
    if (this.deps.now().getTime() < warnFrom) return [];
    return [
      {
        id: `survey_deadline_warning:${row.updatedAt.getTime()}`,
        type: 'survey_deadline_warning',
        expiresOn: moscowDay(row.updatedAt, ONBOARDING_LIMITS.draftTtlDays),
        acted: row.warningActedFor?.getTime() === row.updatedAt.getTime(),
      },
    ];
  }

  async actNotification(ctx: CallContext, id: string): Promise<{ ok: true }> {
    const row = await q.surveyOfUser(ctx.db, requirePrincipal(ctx).userId, true);
    const notice = this.notifications(row).find((n) => n.id === id);
    if (!row || !notice) throw new AppError('survey.notificationNotFound');
    ctx.audit.objectId = row.id;
    // Acknowledging is not an edit: the draft's 90-day clock does not move.
    await q.updateSurvey(ctx.db, row.id, { warningActedFor: row.updatedAt });
    return { ok: true };
  }

  /**
   * The scheduled deadline warning (survey_deadline_warning): one email per draft deadline, from the warning's
   * days before the 90 days run out. The update marks the draft version (its updated_at) in the same statement,
   * so two processes never send it twice; a draft touched again has a new version and a new deadline.
   */
  async warnExpiringDrafts(): Promise<number> {
    const now = this.deps.now();
    const L = ONBOARDING_LIMITS;
    const res = await this.deps.db.execute<{ email: string; updated_at: string | Date }>(sql`
      update onboarding_surveys s set warning_sent_for = s.updated_at
        from users u
       where u.id = s.user_id and s.status in ('on_draft', 'on_clarification')
         and s.warning_sent_for is distinct from s.updated_at
         and s.updated_at <= ${new Date(now.getTime() - (L.draftTtlDays - L.warningDaysBefore) * DAY_MS)}
         and s.updated_at >= ${new Date(now.getTime() - L.draftTtlDays * DAY_MS)}
      returning u.email, s.updated_at`);
    for (const r of res.rows) {
      const expiresOn = moscowDay(new Date(r.updated_at), L.draftTtlDays);
      const date = formatMoscowDate(new Date(`${expiresOn}T12:00:00+03:00`));
      await this.deps.jobs.send(emailJob, {
        to: r.email,
        subject: `Анкета продавца: черновик будет удалён ${date}`,
        text:
          `Черновик вашей анкеты продавца не менялся давно: ${date} он будет удалён, и заполнять анкету придётся заново.\n` +
          `Продолжите заполнение: ${this.deps.appUrl}/onboarding\n`,
      });
    }
    return res.rows.length;
  }

  async committee(ctx: CallContext): Promise<Committee | null> {
    return this.toCommittee(await q.surveyOfUser(ctx.db, requirePrincipal(ctx).userId));
  }

  async answerCommittee(ctx: CallContext, answers: { itemId: string; answer: string }[]): Promise<Committee> {
    const row = await q.surveyOfUser(ctx.db, requirePrincipal(ctx).userId, true);
    const committee = this.toCommittee(row);
    if (!row || !committee) throw new AppError('committee.notFound');
    this.allowCommittee(ctx, 'answer', committee.status);
    const items = committee.items.map((i) => ({ ...i }));
    answers.forEach((a, index) => {
      const item = items.find((i) => i.id === a.itemId && i.decision === 'NEED_CLARIFICATION');
      if (!item) throw new AppError('committee.itemNotFound', { field: `answers.${index}.itemId` });
      item.answer = a.answer;
      item.decision = 'ON_REVIEW';
    });
    ctx.audit.objectId = row.id;
    return this.toCommittee(
      await q.updateSurvey(ctx.db, row.id, {
        committeeStatus: 'onReview',
        committeeItems: items,
        committeeUpdatedAt: this.deps.now(),
      }),
    )!;
  }

  private allowCommittee(
    ctx: CallContext,
    action: keyof typeof CommitteeStateMachine.transitions,
    from: CommitteeStatus,
  ): void {
    const refused = checkTransition(CommitteeStateMachine, action, from, actors(ctx));
    if (refused === 'forbidden') throw new AppError('common.forbidden');
    if (refused) throw new AppError('committee.notAllowedFromState');
  }

  // Staff

  private caseOf(row: q.SurveyRow, email: string) {
    const survey = this.toSurvey(row);
    return {
      id: row.id,
      email,
      organizationName: survey.answers.company?.organizationName ?? null,
      country: survey.answers.company?.country ?? null,
      surveyStatus: survey.status,
      committeeStatus: this.toCommittee(row)?.status ?? null,
      submittedAt: survey.submittedAt,
      reviewDueDate: survey.reviewDueDate,
    };
  }

  async queue(ctx: CallContext, which: 'survey' | 'committee') {
    const rows = await q.queue(ctx.db, which);
    return { items: rows.map((r) => this.caseOf(r.survey, r.email)) };
  }

  async details(ctx: CallContext, id: string) {
    const row = await q.surveyById(ctx.db, id);
    if (!row) throw new AppError('survey.notFound');
    return {
      case: this.caseOf(row, await q.emailOf(ctx.db, row.userId)),
      survey: await this.view(ctx.db, row),
      committee: this.toCommittee(row),
    };
  }

  async review(
    ctx: CallContext,
    p:
      | { id: string; decision: 'approve' }
      | { id: string; decision: 'askClarification'; questions: { field: SurveyField; question: string }[] }
      | { id: string; decision: 'decline' | 'declineForGood'; reason: string },
  ): Promise<Survey> {
    const row = await q.surveyById(ctx.db, p.id, true);
    if (!row) throw new AppError('survey.notFound');
    const status = this.toSurvey(row).status;
    this.allow(ctx, p.decision, status);
    ctx.audit.objectId = row.id;
    const now = this.deps.now();
    if (p.decision === 'approve') {
      const answers = row.answers as Required<Survey['answers']>;
      const items: CommitteeItem[] = [
        ...answers.brands.brands.map((b, i) => item(`brand-${i + 1}`, 'brand', b.name)),
        ...answers.categories.categories.map((c, i) => item(`category-${i + 1}`, 'category', c.category)),
      ];
      return this.view(
        ctx.db,
        await q.updateSurvey(ctx.db, row.id, {
          status: 'finished',
          committeeStatus: 'onReview',
          committeeItems: items,
          committeeComment: null,
          committeeUpdatedAt: now,
        }),
      );
    }
    if (p.decision === 'askClarification')
      // The seller's 90-day clock starts again: the questionnaire is in their hands now.
      return this.view(
        ctx.db,
        await q.updateSurvey(ctx.db, row.id, {
          status: 'on_clarification',
          clarifications: p.questions,
          updatedAt: now,
        }),
      );
    return this.view(
      ctx.db,
      await q.updateSurvey(ctx.db, row.id, {
        status: p.decision === 'decline' ? 'on_delayed_rejection' : 'on_rejection',
        rejectionReason: p.reason,
        reapplyFrom:
          p.decision === 'decline'
            ? addCalendarMonths(moscowDay(now), ONBOARDING_LIMITS.reapplyAfterMonths)
            : null,
      }),
    );
  }

  async decideCommittee(
    ctx: CallContext,
    p: {
      id: string;
      decision: keyof typeof COMMITTEE_ACTION_OF;
      comment?: string | undefined;
      items: { itemId: string; decision: CommitteeItem['decision']; comment?: string | undefined }[];
    },
  ): Promise<Committee> {
    const row = await q.surveyById(ctx.db, p.id, true);
    const committee = row && this.toCommittee(row);
    if (!row || !committee) throw new AppError('committee.notFound');
    this.allowCommittee(ctx, COMMITTEE_ACTION_OF[p.decision], committee.status);
    const items = committee.items.map((i) => ({ ...i }));
    p.items.forEach((given, index) => {
      const target = items.find((i) => i.id === given.itemId);
      if (!target) throw new AppError('committee.itemNotFound', { field: `items.${index}.itemId` });
      target.decision = given.decision;
      target.comment = given.comment ?? null;
    });
    // Items without their own decision follow the case: approved or declined as a whole.
    const named = new Set(p.items.map((i) => i.itemId));
    if (p.decision !== 'NEED_CLARIFICATION')
      for (const i of items) if (!named.has(i.id)) i.decision = p.decision;
    if (p.decision === 'NEED_CLARIFICATION' && !items.some((i) => i.decision === 'NEED_CLARIFICATION'))
      throw new AppError('committee.itemDecisionMissing', { field: 'items' });
    const now = this.deps.now();
    ctx.audit.objectId = row.id;
    const status = CommitteeStateMachine.transitions[COMMITTEE_ACTION_OF[p.decision]].to;
    return this.toCommittee(
      await q.updateSurvey(ctx.db, row.id, {
        committeeStatus: status,
        committeeItems: items,
        committeeComment: p.comment ?? null,
        committeeUpdatedAt: now,
        ...(status === 'approved' ? { legalCheck: 'pending' } : {}),
        // A question for the seller restarts their 90-day clock, as a clarification of the questionnaire does.
        ...(status === 'clarificationRequired' ? { updatedAt: now } : {}),
      }),
    )!;
  }

  /** The marketplace's legal check: passed creates the partner and makes the applicant its partner user. */
  async legalCheck(
    ctx: CallContext,
    p: { id: string; result: 'passed' | 'failed'; shopName?: string | undefined },
  ): Promise<{ partnerId: number | null }> {
    const row = await q.surveyById(ctx.db, p.id, true);
    if (!row) throw new AppError('survey.notFound');
    if (row.committeeStatus !== 'approved' || row.legalCheck !== 'pending')
      throw new AppError('onboarding.legalCheckNotReady');
    ctx.audit.objectId = row.id;
    if (p.result === 'failed') {
      await q.updateSurvey(ctx.db, row.id, { legalCheck: 'failed' });
      return { partnerId: null };
    }
    const answers = row.answers as Required<Survey['answers']>;
    const businessModel = BUSINESS_MODEL_OF[answers.cooperation.model];
    const partnerId = await q.createPartner(ctx.db, {
      shopName: p.shopName ?? answers.brands.brands[0]?.name ?? answers.company.organizationName,
      businessModel,
      siteSection: {
        feedback: false,
        promotions: businessModel === 'consignment' ? 'open' : 'partial',
        analyticsBoard: false,
      },
      userId: row.userId,
    });
    ctx.audit.partnerId = partnerId;
    await q.updateSurvey(ctx.db, row.id, { legalCheck: 'passed', partnerId });
    // A partner user (still onboarding) may now sign the terms, add products and set up logistics.
    const roles = await q.rolesOf(ctx.db, row.userId);
    await q.setRoles(ctx.db, row.userId, [...new Set([...roles, 'partner_user'])]);
    // Its own audit slot: the terms' id must not replace the questionnaire's in this call's record.
    await this.deps.publishTerms({ ...ctx, partnerId, audit: {} }, partnerId);
    await this.deps.principalChanged(ctx, row.userId);
    return { partnerId };
  }

  // The road

  async road(ctx: CallContext): Promise<OnboardingRoad> {
    const row = await q.surveyOfUser(ctx.db, requirePrincipal(ctx).userId);
    const survey = await this.view(ctx.db, row);
    const committee = this.toCommittee(row);
    const partnerId = row?.legalCheck === 'passed' ? row.partnerId : null;
    const progress = partnerId ? await q.partnerProgress(ctx.db, partnerId) : null;
    const model = survey.answers.cooperation?.model ?? null;
    const businessModel = partnerId && model ? BUSINESS_MODEL_OF[model] : null;
    const after = (done: boolean, started: boolean): Step =>
      !progress ? 'locked' : done ? 'complete' : started ? 'started' : 'notStarted';
    const steps: OnboardingRoad['steps'] = [
      { key: 'initialSeller', state: SURVEY_STEP[survey.status] },
      { key: 'assortmentConfirmation', state: committee ? COMMITTEE_STEP[committee.status] : 'locked' },
      {
        key: 'legalCheck',
        state:
          row?.legalCheck === 'passed'
            ? 'complete'
            : row?.legalCheck === 'failed'
              ? 'notAgreed'
              : row?.legalCheck === 'pending'
                ? 'underConsideration'
                : 'locked',
      },
      { key: 'contract', state: after(!!progress?.signed, !!progress?.published) },
      {
        key: 'productCards',
        state: after(
          (progress?.productCount ?? 0) >= ONBOARDING_LIMITS.minSkuCount,
          (progress?.productCount ?? 0) > 0,
        ),
      },
      {
        key: 'logistics',
        state:
          model === 'FBS'
            ? after(!!progress?.activeWarehouse, !!progress?.anyWarehouse)
            : after(!!progress?.firstSupply, !!progress?.anySupply),
      },
    ];
    return {
      steps,
      survey,
      committee,
      notifications: this.notifications(row),
      partnerId,
      businessModel,
      productCount: progress?.productCount ?? 0,
      minSkuCount: ONBOARDING_LIMITS.minSkuCount,
      logisticsNeeds: model === 'FBS' ? 'activeWarehouse' : model === 'FBO' ? 'firstSupply' : null,
      allComplete: steps.every((s) => s.state === 'complete'),
    };
  }

  /** Every step complete: the applicant stops being an onboarding user and the full cabinet opens. */
  async finish(ctx: CallContext): Promise<{ partnerId: number }> {
    const road = await this.road(ctx);
    if (!road.allComplete || !road.partnerId) throw new AppError('onboarding.notComplete');
    const userId = requirePrincipal(ctx).userId;
    const roles = await q.rolesOf(ctx.db, userId);
    await q.setRoles(
      ctx.db,
      userId,
      roles.filter((r) => r !== 'onboarding_user'),
    );
    ctx.audit.partnerId = road.partnerId;
    ctx.audit.objectId = road.survey.id ?? undefined;
    await this.deps.principalChanged(ctx, userId);
    return { partnerId: road.partnerId };
  }
}

function item(id: string, kind: 'brand' | 'category', name: string): CommitteeItem {
  return { id, kind, name, decision: 'ON_REVIEW', comment: null, answer: null };
}

/** Back to the start: everything the applicant entered and every decision is dropped. */
function blank(now: Date): q.SurveyPatch {
  return {
    status: 'empty',
    answers: {},
    pagesSaved: [],
    clarifications: [],
    rejectionReason: null,
    submittedAt: null,
    reviewDueDate: null,
    reapplyFrom: null,
    warningActedFor: null,
    warningSentFor: null,
    committeeStatus: null,
    committeeItems: null,
    committeeComment: null,
    committeeUpdatedAt: null,
    legalCheck: null,
    updatedAt: now,
  };
}

const SURVEY_STEP: Record<SurveyStatus, Step> = {
  empty: 'notStarted',
  on_draft: 'started',
  on_review: 'underConsideration',
  on_clarification: 'clarificationRequired',
  on_delayed_rejection: 'notAgreed',
  on_rejection: 'notAgreed',
  finished: 'complete',
  locked: 'locked',
};
const COMMITTEE_STEP: Record<CommitteeStatus, Step> = {
  onReview: 'underConsideration',
  approved: 'complete',
  declined: 'notAgreed',
  clarificationRequired: 'clarificationRequired',
};
