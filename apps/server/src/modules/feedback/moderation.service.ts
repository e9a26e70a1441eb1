// Moderation of answers and the marketplace's side of feedback: the specialists' queue (support, admin) and
// their decisions, and v1.platform.* — the storefront creating questions and reviews, the moderation system
// deciding answers, the marketplace's support answering itself. A rejection is a strike of the partner.
import {
  ANSWER_MACHINE,
  AnswerState,
  QUESTION_STATUS_OF,
  brokenRules,
  checkTransition,
  ERRORS,
  fill,
  type AnswerAction,
  type FeedbackItem,
  type RejectionReason,
  type platformFeedbackCreate,
} from '@moda/contracts';
import type { z } from 'zod';
import type { CallContext } from '../../core/context';
import { requirePartner } from '../../core/context';
import { AppError } from '../../core/errors';
import { emitEvent } from '../webhooks';
import { actionsFor, actorsOf, toItem } from './feedback.model';
import { iso } from '../../db/columns';
import { notAllowed } from './feedback.service';
import * as q from './feedback.queries';

type CreateInput = z.output<typeof platformFeedbackCreate.params>;

export interface Decision {
  decision: 'publish' | 'reject';
  reason?: RejectionReason | undefined;
  comment?: string | undefined;
}

export class ModerationService {
  constructor(private readonly deps: { now: () => Date }) {}

  // --- specialists ----------------------------------------------------------------------------------

  async queue(ctx: CallContext, p: { ofPartner?: number | undefined; page: number; pageSize: number }) {
    const { rows, total } = await q.moderationQueue(ctx.db, p.ofPartner, p.page, p.pageSize);
    const { actors } = actorsOf(ctx);
    return {
      items: rows.map((r) => ({
        partnerId: r.partner_id,
        shopName: r.shop_name,
        item: toItem(r, actionsFor(r, actors, null)),
      })),
      total,
    };
  }

  /** A specialist decides an answer of the partner the call acts for. */
  async decide(ctx: CallContext, id: string, d: Decision): Promise<FeedbackItem> {
    const partnerId = requirePartner(ctx);
    await q.lockPartnerFeedback(ctx.db, partnerId);
    const row = await q.questionById(ctx.db, partnerId, id, true);
    if (!row) throw new AppError('feedback.notFound', { field: 'questionId' });
    await this.apply(ctx, row, d);
    const after = (await q.questionById(ctx.db, partnerId, id))!;
    return toItem(after, actionsFor(after, actorsOf(ctx).actors, null));
  }

  private async apply(ctx: CallContext, row: q.QuestionRow, d: Decision): Promise<void> {
    const from = AnswerState.parse(row.answer_status);
    const who = actorsOf(ctx);
    const refused = checkTransition(ANSWER_MACHINE, d.decision, from, who.actors);
    if (refused === 'forbidden') throw new AppError('common.forbidden');
    if (refused) throw notAllowed(from);
    const now = this.deps.now();
    ctx.audit.objectId = row.id;
    ctx.audit.partnerId = row.partner_id;
    if (d.decision === 'publish') {
      await q.updateAnswer(ctx.db, row.partner_id, row.id, {
        status: 'answered',
        publishedAt: now,
        moderatedBy: who.name,
      });
      return;
    }
    const reason = d.reason ?? 'communication_rules';
    await q.updateAnswer(ctx.db, row.partner_id, row.id, {
      status: 'rejected',
      rejectionReason: reason,
      rejectionComment: d.comment ?? null,
      rejectedAt: now,
      moderatedBy: who.name,
    });
    await q.insertStrike(ctx.db, row, reason, d.comment ?? null, now, who.name);
    await emitEvent(ctx.db, {
      partnerId: row.partner_id,
      type: 'feedback.answer_rejected',
      objectId: row.id,
      payload: { kind: row.type, id: row.id, reason },
    });
  }

  // --- the marketplace (service credential) ---------------------------------------------------------

  async create(ctx: CallContext, input: CreateInput): Promise<{ id: string }> {
    if (!(await q.partnerExists(ctx.db, input.partnerId)))
      throw new AppError('partner.notFound', { field: 'partnerId' });
    const product = await q.productBySellerSku(ctx.db, input.partnerId, input.sellerSku);
    if (!product)
      throw new AppError('feedback.unknownSku', {
        field: 'sellerSku',
        message: fill(ERRORS['feedback.unknownSku'].message, { sku: input.sellerSku }),
      });
    if (input.sizeFit && !product.size) throw new AppError('feedback.noSize', { field: 'sizeFit' });
    const [id] = await q.insertQuestions(ctx.db, [
      {
        partnerId: input.partnerId,
        type: input.type,
        product,
        text: input.text,
        rating: input.rating ?? null,
        sizeFit: input.sizeFit ?? null,
        authorName: input.authorName,
        createdAt: input.createdAt ? new Date(input.createdAt) : this.deps.now(),
      },
    ]);
    ctx.audit.partnerId = input.partnerId;
    ctx.audit.objectId = id!;
    await emitEvent(
      ctx.db,
      input.type === 'question'
        ? {
            partnerId: input.partnerId,
            type: 'question.created',
            objectId: id!,
            payload: { questionId: id!, modaSku: product.moda_sku, text: input.text },
          }
        : {
            partnerId: input.partnerId,
            type: 'review.created',
            objectId: id!,
            payload: {
              reviewId: id!,
              modaSku: product.moda_sku,
              rating: input.rating ?? null,
              text: input.text,
            },
          },
    );
    return { id: id! };
  }

  async pending(ctx: CallContext, limit: number) {
    const rows = await q.pendingAnswers(ctx.db, limit);
    return {
      items: rows.map((r) => ({
        id: r.id,
        partnerId: r.partner_id,
        text: r.answer_text,
        flags: brokenRules(r.answer_text),
        sentAt: iso(r.answer_sent_at),
      })),
    };
  }

  /** The moderation system decides an answer of any partner, found by its id. */
  async moderate(ctx: CallContext, id: string, d: Decision) {
    const found = await q.questionById(ctx.db, null, id);
    if (!found) throw new AppError('feedback.notFound', { field: 'id' });
    // The partner's lock before the row's, in the order an answer takes them.
    await q.lockPartnerFeedback(ctx.db, found.partner_id);
    const row = (await q.questionById(ctx.db, found.partner_id, id, true))!;
    await this.apply(ctx, row, d);
    return { id, status: QUESTION_STATUS_OF[d.decision === 'publish' ? 'answered' : 'rejected'] };
  }

  /** The marketplace's support answers a buyer itself: published at once, author `platform`. */
  async answerAsPlatform(ctx: CallContext, id: string, text: string) {
    const row = await q.questionById(ctx.db, null, id, true);
    if (!row) throw new AppError('feedback.notFound', { field: 'id' });
    const from = AnswerState.parse(row.answer_status);
    const action: AnswerAction = 'answer_as_platform';
    if (checkTransition(ANSWER_MACHINE, action, from, actorsOf(ctx).actors)) throw notAllowed(from);
    const now = this.deps.now();
    await q.updateAnswer(ctx.db, row.partner_id, id, {
      status: 'answered',
      text,
      author: 'platform',
      sentAt: now,
      updatedAt: now,
      publishedAt: now,
      flags: [],
      moderatedBy: actorsOf(ctx).name,
    });
    ctx.audit.objectId = id;
    ctx.audit.partnerId = row.partner_id;
    return { id, status: QUESTION_STATUS_OF.answered };
  }
}
