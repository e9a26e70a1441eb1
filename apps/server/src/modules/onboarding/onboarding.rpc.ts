// Onboarding methods: the catalogue's names mapped onto the service.
import type { HandlerMap } from '../../core/handlers';
import type { OnboardingService } from './onboarding.service';

export const onboardingRpc = (o: OnboardingService) =>
  ({
    'v1.onboarding.road.get': (ctx) => o.road(ctx),
    'v1.onboarding.finish': (ctx) => o.finish(ctx),
    'v1.surveys.first.get': (ctx) => o.get(ctx),
    'v1.surveys.first.save': (ctx, p) => o.save(ctx, p),
    'v1.surveys.first.submit': (ctx) => o.submit(ctx),
    'v1.surveys.delete': (ctx) => o.restart(ctx),
    'v1.surveys.notification.act': (ctx, p) => o.actNotification(ctx, p.id),
    'v1.surveys.attachments.reserve': (ctx, p) => o.reserve(ctx, p),
    'v1.surveys.assortment-committee.get': (ctx) => o.committee(ctx),
    'v1.surveys.assortment-committee.save': (ctx, p) => o.answerCommittee(ctx, p.answers),
    'v1.surveys.list': (ctx, p) => o.queue(ctx, p.queue),
    'v1.surveys.details': (ctx, p) => o.details(ctx, p.id),
    'v1.surveys.review': (ctx, p) => o.review(ctx, p),
    'v1.surveys.assortment-committee.decide': (ctx, p) => o.decideCommittee(ctx, p),
    'v1.platform.onboarding.legal-check': (ctx, p) => o.legalCheck(ctx, p),
  }) satisfies HandlerMap;
