// Order methods: the seller's list, card and moves, and the marketplace's v1.platform.* side.
import type { HandlerMap } from '../../core/handlers';
import type { OrdersService } from './orders.service';
import type { PlatformOrdersService } from './platform.service';

export const ordersRpc = (o: OrdersService, platform: PlatformOrdersService) => {
  return {
    'v1.orders.list': (ctx, x) => o.list(ctx, x),
    'v1.orders.count-by-statuses': (ctx, x) => o.counts(ctx, x),
    'v1.orders.get': (ctx, x) => o.get(ctx, x.orderNr),
    'v1.orders.collect': (ctx, x) => o.collect(ctx, x.orderNr),
    'v1.orders.confirmation': (ctx, x) => o.confirmation(ctx, x.orderNr, x.action),
    'v1.orders.cancel': (ctx, x) => o.cancel(ctx, x.orderNr, x.action),
    'v1.orders.item-cancel': (ctx, x) => o.itemCancel(ctx, x.orderNr, x.itemIds, x.action),
    'v1.orders.statuses': async () => o.statuses(),
    'v1.orders.item-statuses': async () => o.statuses(),
    'v1.platform.products.list': (ctx, x) => platform.products(ctx, x),
    'v1.platform.orders.create': (ctx, x) => platform.create(ctx, x),
    'v1.platform.orders.move': (ctx, x) => platform.move(ctx, x),
    'v1.platform.orders.open-discrepancy-act': (ctx, x) => platform.openDiscrepancyAct(ctx, x),
    'v1.platform.orders.add-tracking-number': (ctx, x) =>
      platform.addTrackingNumber(ctx, x.orderNr, x.trackingNumber),
  } satisfies HandlerMap;
};
