// FBO returns methods: the seller's returns, and the warehouse's v1.platform.* side.
import type { HandlerMap } from '../../core/handlers';
import type { FboReturnsService } from './fbo-returns.service';

export const fboReturnsRpc = (s: FboReturnsService) => {
  return {
    'v1.supplier-fulfilment-returns.list': (ctx, x) => s.list(ctx, x),
    'v1.supplier-fulfilment-returns.get': (ctx, x) => s.get(ctx, x.id),
    'v1.supplier-fulfilment-returns.statuses': async () => s.statuses(),
    'v1.supplier-fulfilment-returns.stock': (ctx, x) => s.stock(ctx, x),
    'v1.supplier-fulfilment-returns.create': (ctx, x) => s.create(ctx, x),
    'v1.supplier-return.create-from-file': (ctx, x) => s.createFromFile(ctx, x.fileId),
    'v1.supplier-fulfilment-returns.confirm': (ctx, x) => s.confirm(ctx, x.id),
    'v1.supplier-fulfilment-returns.cancel': (ctx, x) => s.cancel(ctx, x.id),
    'v1.supplier-fulfilment-returns.book-slot': (ctx, x) => s.bookSlot(ctx, x),
    'v1.platform.supplier-fulfilment-returns.list': (ctx, x) => s.platformList(ctx, x),
    'v1.platform.supplier-fulfilment-returns.reserve': (ctx, x) => s.platformReserve(ctx, x),
    'v1.platform.supplier-fulfilment-returns.reject': (ctx, x) => s.platformReject(ctx, x),
    'v1.platform.supplier-fulfilment-returns.offer-slots': (ctx, x) => s.platformOfferSlots(ctx, x),
    'v1.platform.supplier-fulfilment-returns.move': (ctx, x) => s.platformMove(ctx, x),
    'v1.platform.supplier-fulfilment-returns.pick': (ctx, x) => s.platformPick(ctx, x),
    'v1.platform.supplier-fulfilment-returns.ship': (ctx, x) => s.platformShip(ctx, x),
  } satisfies HandlerMap;
};
