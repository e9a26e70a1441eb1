// The rules of answering as plain functions: the block that strikes cause (spec 001 §9), what a caller may do
// with an answer now, and a stored row as the contract's FeedbackItem.
import {
  ANSWER_MACHINE,
  AnswerState,
  CheckRule,
  QUESTION_STATUS_OF,
  RejectionReason,
  STRIKE_RULES,
  SizeFit,
  availableActions,
  fill,
  ERRORS,
  type Actor,
  type AnswerAction,
  type AnsweringState,
  type FeedbackItem,
} from '@moda/contracts';
import type { CallContext } from '../../core/context';
import { requirePrincipal } from '../../core/context';
import { AppError } from '../../core/errors';
import type { QuestionRow } from './feedback.queries';
import { iso } from '../../db/columns';

const DAY_MS = 24 * 3600_000;

/**
 * The block of a partner with these strikes (rejections that count, oldest first) at `now`: the second
 * blocks answering for 7 days from that rejection, the third for good. Strikes do not expire; staff may
 * delete one, and the block is then what the strikes left say.
 */
export function answeringState(strikes: readonly Date[], sellerAnswers: boolean, now: Date): AnsweringState {
  const n = strikes.length;
  const base = { sellerAnswers, strikes: n };
  if (n >= STRIKE_RULES.permanentBlockAt) return { ...base, block: 'permanent', blockedUntil: null };
  if (n >= STRIKE_RULES.temporaryBlockAt) {
    const until = new Date(
      strikes[STRIKE_RULES.temporaryBlockAt - 1]!.getTime() + STRIKE_RULES.blockDays * DAY_MS,
    );
    if (now < until) return { ...base, block: 'temporary', blockedUntil: until.toISOString() };
  }
  return { ...base, block: 'none', blockedUntil: null };
}

/** DD.MM.YYYY HH:mm in Moscow, as the block's end is told to the seller. */
function moscowDateTime(at: Date): string {
  const m = new Date(at.getTime() + 3 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(m.getUTCDate())}.${p(m.getUTCMonth() + 1)}.${m.getUTCFullYear()} ${p(m.getUTCHours())}:${p(m.getUTCMinutes())}`;
}

/** Refuses answering while the seller is blocked or has switched its own answers off. */
export function assertMayAnswer(state: AnsweringState): void {
  if (state.block === 'permanent') throw new AppError('feedback.answeringBlockedForever');
  if (state.block === 'temporary') {
    const until = new Date(state.blockedUntil!);
    throw new AppError('feedback.answeringBlocked', {
      message: fill(ERRORS['feedback.answeringBlocked'].message, { until: moscowDateTime(until) }),
      data: { blockedUntil: state.blockedUntil },
    });
  }
  if (!state.sellerAnswers) throw new AppError('feedback.sellerAnswersOff');
}

export function actorsOf(ctx: CallContext): { actors: Actor[]; name: string } {
  const p = requirePrincipal(ctx);
  if (p.service) return { actors: ['platform'], name: `platform:${p.service.name}` };
  return { actors: p.roles, name: p.userId };
}

/** What the caller may do with a row's answer now: the machine's actions less what the block forbids. */
export function actionsFor(
  row: QuestionRow,
  actors: readonly Actor[],
  state: AnsweringState | null,
): AnswerAction[] {
  const status = AnswerState.parse(row.answer_status);
  return availableActions(ANSWER_MACHINE, status, actors).filter((a) => {
    if (a === 'send' || a === 'edit') {
      if (!state || state.block !== 'none' || !state.sellerAnswers) return false;
      if (a === 'edit' && row.answer_author !== 'seller') return false;
    }
    return true;
  });
}

const isoOrNull = (d: string | null) => (d ? iso(d) : null);

export function toItem(row: QuestionRow, actions: AnswerAction[]): FeedbackItem {
  const status = AnswerState.parse(row.answer_status);
  const answer =
    status === 'new' || row.answer_text === null
      ? null
      : {
          status,
          text: row.answer_text,
          author: row.answer_author === 'platform' ? ('platform' as const) : ('seller' as const),
          sentAt: iso(row.answer_sent_at ?? row.created_at),
          updatedAt: iso(row.answer_updated_at ?? row.answer_sent_at ?? row.created_at),
          publishedAt: isoOrNull(row.answer_published_at),
          flags: row.answer_flags.filter((f): f is CheckRule => CheckRule.safeParse(f).success),
          rejection:
            status === 'rejected' && row.rejection_reason
              ? {
                  reason: RejectionReason.parse(row.rejection_reason),
                  comment: row.rejection_comment,
                  at: iso(row.rejected_at ?? row.answer_updated_at ?? row.created_at),
                }
              : null,
        };
  return {
    id: row.id,
    type: row.type,
    status: QUESTION_STATUS_OF[status],
    createdAt: iso(row.created_at),
    text: row.text,
    rating: row.rating,
    sizeFit: row.size_fit ? SizeFit.parse(row.size_fit) : null,
    authorName: row.author_name,
    product: {
      sellerSku: row.seller_sku,
      sellerParentSku: row.seller_parent_sku,
      modaSku: row.moda_sku,
      modaParentSku: row.moda_parent_sku,
      title: row.product_title,
      brand: row.brand,
      size: row.size,
      imageUrl: row.image_id ? `/rest/api/v1/nomenclatures/images/${row.image_id}?size=img320x461` : null,
    },
    answer,
    actions,
  };
}
