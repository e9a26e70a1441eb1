// The seller's side of questions and reviews: the list, its counts and the timely-answer share, answering
// (the automatic check decides at once whether the marketplace publishes or a specialist looks), cancelling
// rejected answers, the settings' rejected answers, strikes and the answering switch, and size fit.
import {
  ANSWER_MACHINE,
  ANSWER_STATES_OF,
  ANSWER_STATE_LABELS,
  AnswerState,
  ERRORS,
  FeedbackType,
  QUESTION_STATUS_OF,
  QuestionStatus,
  RejectionReason,
  SIZE_FIT_RULES,
  SizeFit,
  TIMELY_ANSWER,
  brokenRules,
  checkTransition,
  fill,
  timelyLevel,
  type AnsweringState,
  type FeedbackFilterParams,
  type FeedbackItem,
  type SizeFitSummary,
  type Strike,
  type questionsStats,
} from '@moda/contracts';
import type { z } from 'zod';
import { concurrently } from '../../db/client';
import type { CallContext } from '../../core/context';
import { requirePartner } from '../../core/context';
import { AppError } from '../../core/errors';
import { resolveRange } from '../orders';
import { actionsFor, actorsOf, answeringState, assertMayAnswer, toItem } from './feedback.model';
import { iso } from '../../db/columns';
import * as q from './feedback.queries';

type Kind = z.infer<typeof FeedbackType>;
type Status = z.infer<typeof QuestionStatus>;
type Stats = z.input<typeof questionsStats.result>;

export interface ListParams extends FeedbackFilterParams {
  sort: string;
  page: number;
  pageSize: number;
}

const HOUR_MS = 3600_000;

/** How long this process keeps a partner's timely-answer figures (a 30-day trend) without a change of its own. */
const STATS_TTL_MS = 60_000;

export class FeedbackService {
  private readonly statsCache = new Map<string, { at: number; value: Stats }>();

  constructor(private readonly deps: { now: () => Date }) {}

  /** A change of the partner's feedback committed in this process: its figures are counted again. */
  forget(partnerId: number): void {
    for (const key of this.statsCache.keys())
      if (key.startsWith(`${partnerId}:`)) this.statsCache.delete(key);
  }

  /**
   * The partner the call acts for, once its feedback section is on (ShowFeedbackSection), with whether the
   * seller may answer now.
   */
  async answering(ctx: CallContext): Promise<{ partnerId: number; state: AnsweringState }> {
    const partnerId = requirePartner(ctx);
    const facts = await q.partnerFeedback(ctx.db, partnerId);
    if (!facts) throw new AppError('partner.notFound');
    if (!facts.section) throw new AppError('feedback.sectionOff');
    return { partnerId, state: answeringState(facts.strikes, facts.seller_answers, this.deps.now()) };
  }

  filterFor(partnerId: number, p: FeedbackFilterParams): q.ListFilter {
    let states: string[] | null = p.status?.length ? p.status.map((s) => ANSWER_STATES_OF[s]) : null;
    if (p.answered !== undefined) {
      const base = states ?? AnswerState.options;
      states = base.filter((s) => (s === 'answered') === p.answered);
    }
    return {
      partnerId,
      type: p.type,
      answerStates: states,
      sku: p.sku || undefined,
      brands: p.brand,
      ratings: p.rating,
      sizeFits: p.sizeFit,
      createdAt: resolveRange(p.createdAt, 'createdAt', this.deps.now()),
      search: p.search || undefined,
    };
  }

  async list(ctx: CallContext, p: ListParams) {
    // The section's check and the page run side by side: the page is dropped if the check refuses.
    const [{ state }, { rows, total }] = await concurrently(ctx.db, [
      () => this.answering(ctx),
      async () => {
        const f = this.filterFor(requirePartner(ctx), p);
        const column = p.sort.replace(/^-/, '') === 'rating' ? 'rating' : 'created_at';
        return q.listQuestions(ctx.db, f, { column, desc: p.sort.startsWith('-') }, p.page, p.pageSize);
      },
    ]);
    const { actors } = actorsOf(ctx);
    return {
      items: rows.map((r) => toItem(r, actionsFor(r, actors, state))),
      total,
      page: p.page,
      pageSize: p.pageSize,
    };
  }

  async meta(ctx: CallContext) {
    const { partnerId, state } = await this.answering(ctx);
    const [counts, brands] = await concurrently(ctx.db, [
      () => q.keptCounts(ctx.db, partnerId),
      () => q.brandsOf(ctx.db, partnerId),
    ]);
    const zero = () =>
      Object.fromEntries(QuestionStatus.options.map((s) => [s, 0])) as Record<Status, number>;
    const out: Record<Kind, Record<Status, number>> = { question: zero(), review: zero() };
    for (const c of counts) {
      const kind = FeedbackType.safeParse(c.type);
      const st = AnswerState.safeParse(c.answer_status);
      if (kind.success && st.success) out[kind.data][QUESTION_STATUS_OF[st.data]] += c.n;
    }
    return { counts: out, brands, answering: state };
  }

  async newCounts(ctx: CallContext): Promise<Record<Kind, number>> {
    const { partnerId } = await this.answering(ctx);
    const out: Record<Kind, number> = { question: 0, review: 0 };
    for (const c of await q.keptCounts(ctx.db, partnerId)) {
      if (c.answer_status === 'new' && (c.type === 'question' || c.type === 'review')) out[c.type] += c.n;
    }
    return out;
  }

  async stats(ctx: CallContext, type: Kind | undefined): Promise<Stats> {
    const { partnerId } = await this.answering(ctx);
    const key = `${partnerId}:${type ?? ''}`;
    const kept = this.statsCache.get(key);
    if (kept && Date.now() - kept.at < STATS_TTL_MS) return kept.value;
    const value = await this.countStats(ctx, partnerId, type);
    this.statsCache.set(key, { at: Date.now(), value });
    return value;
  }

  private async countStats(ctx: CallContext, partnerId: number, type: Kind | undefined): Promise<Stats> {
    const to = this.deps.now();
    const from = new Date(to.getTime() - TIMELY_ANSWER.periodDays * 24 * HOUR_MS);
    const r = await q.stats(ctx.db, partnerId, type, from, to, TIMELY_ANSWER.withinHours * 3600);
    const late = r.total - r.in_time - r.pending;
    const counted = r.in_time + late;
    const share = counted > 0 ? Math.round((r.in_time / counted) * 1000) / 10 : null;
    return {
      periodDays: TIMELY_ANSWER.periodDays,
      from: from.toISOString(),
      to: to.toISOString(),
      total: r.total,
      answeredInTime: r.in_time,
      late,
      pending: r.pending,
      share,
      averageResponseMinutes: r.avg_seconds === null ? null : Math.round(r.avg_seconds / 60),
      level: share === null ? null : timelyLevel(share),
    };
  }

  /** The question or review of the caller's partner, locked; another partner's answers as a missing one. */
  private async find(ctx: CallContext, partnerId: number, id: string, field = 'id'): Promise<q.QuestionRow> {
    const row = await q.questionById(ctx.db, partnerId, id, true);
    if (!row) throw new AppError('feedback.notFound', { field });
    ctx.audit.objectId = id;
    return row;
  }

  /** Sends an answer, or changes the one sent. Passed by the automatic check, it is published at once. */
  async answer(ctx: CallContext, id: string, text: string) {
    const { partnerId, state } = await this.answering(ctx);
    await q.lockPartnerFeedback(ctx.db, partnerId);
    const row = await this.find(ctx, partnerId, id);
    const from = AnswerState.parse(row.answer_status);
    const action = from === 'new' ? 'send' : 'edit';
    const { actors } = actorsOf(ctx);
    const refused = checkTransition(ANSWER_MACHINE, action, from, actors);
    if (refused === 'forbidden') throw new AppError('common.forbidden');
    if (refused) throw notAllowed(from);
    if (action === 'edit' && row.answer_author !== 'seller') throw new AppError('feedback.notSellerAnswer');
    assertMayAnswer(state);

    const now = this.deps.now();
    const flags = brokenRules(text);
    await q.updateAnswer(ctx.db, partnerId, id, {
      status: flags.length ? 'on_moderation' : 'answered',
      text,
      author: 'seller',
      sentAt: action === 'send' || !row.answer_sent_at ? now : new Date(row.answer_sent_at),
      updatedAt: now,
      publishedAt: flags.length ? null : now,
      flags,
      rejectionReason: null,
      rejectionComment: null,
      rejectedAt: null,
      moderatedBy: flags.length ? null : 'auto',
    });
    const item = await this.reread(ctx, partnerId, id, state);
    return { item, outcome: action === 'send' ? ('sent' as const) : ('edited' as const) };
  }

  /** Cancels rejected answers, all or none: irreversible; the questions wait for a new answer. */
  async cancel(ctx: CallContext, ids: string[]): Promise<{ items: FeedbackItem[] }> {
    const { partnerId, state } = await this.answering(ctx);
    const unique = [...new Set(ids)];
    const rows = new Map((await q.questionsByIds(ctx.db, partnerId, unique, true)).map((r) => [r.id, r]));
    const { actors } = actorsOf(ctx);
    ids.forEach((id, i) => {
      const row = rows.get(id);
      if (!row) throw new AppError('feedback.notFound', { field: `questionIds.${i}` });
      const from = AnswerState.parse(row.answer_status);
      const refused = checkTransition(ANSWER_MACHINE, 'cancel', from, actors);
      if (refused === 'forbidden') throw new AppError('common.forbidden');
      if (refused) throw notAllowed(from, `questionIds.${i}`);
    });
    const now = this.deps.now();
    for (const id of unique) {
      await q.updateAnswer(ctx.db, partnerId, id, {
        status: 'new',
        text: null,
        author: null,
        sentAt: null,
        updatedAt: now,
        publishedAt: null,
        flags: [],
        rejectionReason: null,
        rejectionComment: null,
        rejectedAt: null,
        moderatedBy: null,
      });
    }
    ctx.audit.objectId = unique.join(',').slice(0, 200);
    const after = await q.questionsByIds(ctx.db, partnerId, unique);
    return { items: after.map((r) => toItem(r, actionsFor(r, actors, state))) };
  }

  private async reread(ctx: CallContext, partnerId: number, id: string, state: AnsweringState | null) {
    const row = (await q.questionById(ctx.db, partnerId, id))!;
    return toItem(row, actionsFor(row, actorsOf(ctx).actors, state));
  }

  // --- the settings' feedback section ---------------------------------------------------------------

  async settings(ctx: CallContext) {
    const { partnerId, state } = await this.answering(ctx);
    const [strikes, rejected] = await concurrently(ctx.db, [
      () => q.strikesOf(ctx.db, partnerId),
      () =>
        q.listQuestions(
          ctx.db,
          this.filterFor(partnerId, { status: ['rejected'] }),
          { column: 'created_at', desc: true },
          1,
          100,
        ),
    ]);
    const { actors } = actorsOf(ctx);
    return {
      answering: state,
      strikes: strikes.map(toStrike),
      rejected: rejected.rows.map((r) => toItem(r, actionsFor(r, actors, state))),
    };
  }

  async activate(ctx: CallContext, active: boolean): Promise<AnsweringState> {
    const { partnerId, state } = await this.answering(ctx);
    await q.setSellerAnswers(ctx.db, partnerId, active);
    ctx.audit.objectId = `seller-answers:${active}`;
    return { ...state, sellerAnswers: active };
  }

  /** Internal roles: a strike stops counting (audited by the call's record); the block is what is left. */
  async deleteStrike(ctx: CallContext, id: string): Promise<AnsweringState> {
    const { partnerId } = await this.answering(ctx);
    await q.lockPartnerFeedback(ctx.db, partnerId);
    const strike = await q.strikeById(ctx.db, partnerId, id);
    if (!strike) throw new AppError('feedback.strikeNotFound', { field: 'id' });
    if (strike.deleted_at) throw new AppError('feedback.strikeDeleted', { field: 'id' });
    const p = actorsOf(ctx);
    await q.deleteStrike(
      ctx.db,
      partnerId,
      id,
      this.deps.now(),
      p.actors.includes('platform') ? null : p.name,
    );
    ctx.audit.objectId = id;
    return (await this.answering(ctx)).state;
  }

  // --- size fit ---------------------------------------------------------------------------------------

  async sizeFit(ctx: CallContext, parentSku: string): Promise<SizeFitSummary> {
    const { partnerId } = await this.answering(ctx);
    if (!(await q.parentExists(ctx.db, partnerId, parentSku)))
      throw new AppError('nomenclature.notFound', { field: 'sellerParentSku' });
    return summariseFit(parentSku, await q.sizeFitOf(ctx.db, partnerId, parentSku));
  }

  // --- export -----------------------------------------------------------------------------------------

  exportCount(ctx: CallContext, partnerId: number, f: FeedbackFilterParams): Promise<number> {
    return q.countQuestions(ctx.db, this.filterFor(partnerId, f));
  }

  /** The filtered list, newest first, read in keyset pages. */
  async *exportRows(ctx: CallContext, partnerId: number, f: FeedbackFilterParams) {
    const filter = this.filterFor(partnerId, f);
    let before: string | null = null;
    for (;;) {
      const rows = await q.exportPage(ctx.db, filter, before, 1000);
      if (!rows.length) return;
      for (const r of rows) yield toItem(r, []);
      before = rows[rows.length - 1]!.id;
    }
  }
}

export function notAllowed(from: z.infer<typeof AnswerState>, field?: string): AppError {
  return new AppError('feedback.notAllowedFromState', {
    message: fill(ERRORS['feedback.notAllowedFromState'].message, { status: ANSWER_STATE_LABELS[from] }),
    ...(field ? { field } : {}),
  });
}

export function toStrike(s: q.StrikeRow): Strike {
  return {
    id: s.id,
    feedbackId: s.feedback_id,
    type: s.type,
    productTitle: s.product_title,
    sellerParentSku: s.seller_parent_sku,
    answerText: s.answer_text,
    reason: RejectionReason.parse(s.reason),
    comment: s.comment,
    rejectedAt: iso(s.rejected_at),
    deletedAt: s.deleted_at ? iso(s.deleted_at) : null,
  };
}

type Lean = 'runs_small' | 'runs_large';

/** Per size and overall, with the lean a clear share of buyers gives (SIZE_FIT_RULES). */
export function summariseFit(
  parentSku: string,
  rows: { size: string; fit: string; n: number }[],
): SizeFitSummary {
  const empty = () => ({ runs_small: 0, true_to_size: 0, runs_large: 0, total: 0 });
  const overall = empty();
  const bySize = new Map<string, ReturnType<typeof empty>>();
  for (const r of rows) {
    const fit = SizeFit.safeParse(r.fit);
    if (!fit.success) continue;
    const s = bySize.get(r.size) ?? empty();
    bySize.set(r.size, s);
    for (const c of [s, overall]) {
      c[fit.data] += r.n;
      c.total += r.n;
    }
  }
  const leanOf = (c: ReturnType<typeof empty>, min: number): Lean | null => {
    if (c.total < min) return null;
    if (c.runs_small / c.total >= SIZE_FIT_RULES.clearShare) return 'runs_small';
    if (c.runs_large / c.total >= SIZE_FIT_RULES.clearShare) return 'runs_large';
    return null;
  };
  const direction = leanOf(overall, SIZE_FIT_RULES.minMarks);
  return {
    sellerParentSku: parentSku,
    overall,
    sizes: [...bySize].map(([size, c]) => ({ size, ...c, lean: leanOf(c, SIZE_FIT_RULES.minSizeMarks) })),
    suggestion: direction
      ? {
          direction,
          share: Math.round((overall[direction] / overall.total) * 100) / 100,
          marks: overall.total,
        }
      : null,
  };
}
