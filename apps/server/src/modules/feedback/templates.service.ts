// Reply templates (spec 000 §3 Reply template, §2 /questions/templates): a partner's named texts for answering
// questions or reviews. Names are unique per kind (any case); at most FEEDBACK_LIMITS.template.perKind each.
import { ERRORS, FEEDBACK_LIMITS, type FeedbackType, fill, type ReplyTemplate } from '@moda/contracts';
import type { z } from 'zod';
import { concurrently } from '../../db/client';
import type { CallContext } from '../../core/context';
import { AppError } from '../../core/errors';
import type { FeedbackService } from './feedback.service';
import { iso } from '../../db/columns';
import { lockPartnerFeedback } from './feedback.queries';
import * as q from './templates.queries';

type Kind = z.infer<typeof FeedbackType>;

const toTemplate = (r: q.TemplateRow): ReplyTemplate => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  content: r.content,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export class TemplatesService {
  constructor(private readonly deps: { now: () => Date; feedback: FeedbackService }) {}

  async list(ctx: CallContext, kind: Kind | undefined, search: string | undefined) {
    const { partnerId } = await this.deps.feedback.answering(ctx);
    const [items, counts] = await concurrently(ctx.db, [
      () => q.templatesOf(ctx.db, partnerId, kind, search || undefined),
      () => q.templateCounts(ctx.db, partnerId),
    ]);
    const byKind: Record<Kind, number> = { question: 0, review: 0 };
    for (const c of counts) if (c.kind === 'question' || c.kind === 'review') byKind[c.kind] = c.n;
    return { items: items.map(toTemplate), counts: byKind };
  }

  async save(
    ctx: CallContext,
    p: { id?: string | undefined; kind: Kind; name: string; content: string },
  ): Promise<{ template: ReplyTemplate; outcome: 'added' | 'edited' }> {
    const { partnerId } = await this.deps.feedback.answering(ctx);
    // Two saves of one partner run one after another, so a name is never taken twice.
    await lockPartnerFeedback(ctx.db, partnerId);
    if (p.id && !(await q.templateById(ctx.db, partnerId, p.id)))
      throw new AppError('feedback.templateNotFound', { field: 'id' });
    if (await q.templateNameTaken(ctx.db, partnerId, p.kind, p.name, p.id ?? null))
      throw new AppError('feedback.templateNameTaken', { field: 'name' });
    const now = this.deps.now();
    if (p.id) {
      ctx.audit.objectId = p.id;
      return {
        template: toTemplate(await q.updateTemplate(ctx.db, partnerId, p.id, p, now)),
        outcome: 'edited',
      };
    }
    const counts = await q.templateCounts(ctx.db, partnerId);
    const max = FEEDBACK_LIMITS.template.perKind;
    if ((counts.find((c) => c.kind === p.kind)?.n ?? 0) >= max)
      throw new AppError('feedback.templatesLimit', {
        field: 'kind',
        message: fill(ERRORS['feedback.templatesLimit'].message, { max }),
      });
    const template = toTemplate(await q.insertTemplate(ctx.db, partnerId, p, now));
    ctx.audit.objectId = template.id;
    return { template, outcome: 'added' };
  }

  async remove(ctx: CallContext, id: string): Promise<{ ok: true }> {
    const { partnerId } = await this.deps.feedback.answering(ctx);
    if (!(await q.deleteTemplate(ctx.db, partnerId, id)))
      throw new AppError('feedback.templateNotFound', { field: 'id' });
    ctx.audit.objectId = id;
    return { ok: true };
  }
}
