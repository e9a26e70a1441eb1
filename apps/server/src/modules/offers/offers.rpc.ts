// Offer methods.
import type { HandlerMap } from '../../core/handlers';
import type { OffersService } from './offers.service';

export const offersRpc = (offers: OffersService) =>
  ({
    'v1.offers.list': (ctx) => offers.list(ctx),
    'v1.offers.approve': (ctx, p) => offers.approve(ctx, p.newestOfferId),
    'v1.offers.statuses.list': (ctx) => offers.statuses(ctx),
    'v1.offers.publish': (ctx, p) => offers.publish(ctx, p.version, p.actDate),
  }) satisfies HandlerMap;
