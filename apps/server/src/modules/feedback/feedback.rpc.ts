// Questions and reviews methods: the seller's list, answers, templates and settings; the moderation
// specialists' queue; and the marketplace's v1.platform.* side.
import type { HandlerMap } from '../../core/handlers';
import type { FeedbackService } from './feedback.service';
import type { ModerationService } from './moderation.service';
import type { TemplatesService } from './templates.service';

export const feedbackRpc = (f: FeedbackService, t: TemplatesService, m: ModerationService) => {
  return {
    'v1.questions.list': (ctx, x) => f.list(ctx, x),
    'v1.questions.meta': (ctx) => f.meta(ctx),
    'v1.questions.stats': (ctx, x) => f.stats(ctx, x.type),
    'v1.questions.answer': (ctx, x) => f.answer(ctx, x.id, x.text),
    'v1.feedback.new': (ctx) => f.newCounts(ctx),
    'v1.feedback.delete-items': (ctx, x) => f.cancel(ctx, x.questionIds),
    'v1.feedback.seller-feedback.get': (ctx) => f.settings(ctx),
    'v1.feedback.seller-feedback.activate': (ctx, x) => f.activate(ctx, x.active),
    'v1.feedback.strikes.delete': (ctx, x) => f.deleteStrike(ctx, x.id),
    'v1.feedback.size-fit.get': (ctx, x) => f.sizeFit(ctx, x.sellerParentSku),
    'v1.feedback.templates.list': (ctx, x) => t.list(ctx, x.kind, x.search),
    'v1.feedback.templates.save': (ctx, x) => t.save(ctx, x),
    'v1.feedback.templates.delete': (ctx, x) => t.remove(ctx, x.id),
    'v1.feedback.moderation.list': (ctx, x) => m.queue(ctx, x),
    'v1.feedback.moderation.decide': (ctx, x) => m.decide(ctx, x.questionId, x),
    'v1.platform.feedback.create': (ctx, x) => m.create(ctx, x),
    'v1.platform.feedback.moderation.list': (ctx, x) => m.pending(ctx, x.limit),
    'v1.platform.feedback.moderate': (ctx, x) => m.moderate(ctx, x.id, x),
    'v1.platform.feedback.answer': (ctx, x) => m.answerAsPlatform(ctx, x.id, x.text),
  } satisfies HandlerMap;
};
