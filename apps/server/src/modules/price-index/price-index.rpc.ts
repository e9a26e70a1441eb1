// Price index methods (spec 001 §7 Matching manager) and the matching system's side.
import type { HandlerMap } from '../../core/handlers';
import type { PriceIndexService } from './price-index.service';

export const priceIndexRpc = (s: PriceIndexService) =>
  ({
    'v1.matching-manager.price-index.list': (ctx, x) => s.list(ctx, x),
    'v1.matching-manager.price-index.total': (ctx, x) => s.total(ctx, x),
    'v1.matching-manager.settings.get': (ctx) => s.settings(ctx),
    'v1.matching-manager.rfc.competitor-price.create': (ctx, x) => s.addPrice(ctx, x),
    'v1.matching-manager.rfc.competitor-price.dispute': (ctx, x) => s.dispute(ctx, x),
    'v1.matching-manager.rfc.list': (ctx, x) => s.claims(ctx, x),
    'v1.matching-manager.export.create': (ctx, x) => s.exportCreate(ctx, x.filter),
    'v1.matching-manager.export.check': (ctx, x) => s.exportCheck(ctx, x.id),
    'v1.matching-manager.simulate': (ctx, x) => s.simulate(ctx, x.items),
    'v1.platform.matching-manager.offers.post': (ctx, x) => s.postOffers(ctx, x),
    'v1.platform.matching-manager.offers.list': (ctx, x) => s.offers(ctx, x),
    'v1.platform.matching-manager.rfc.list': (ctx, x) => s.queue(ctx, x.limit),
    'v1.platform.matching-manager.rfc.decide': (ctx, x) => s.decide(ctx, x),
    'v1.platform.matching-manager.settings.set': (ctx, x) => s.setSettings(ctx, x),
  }) satisfies HandlerMap;
