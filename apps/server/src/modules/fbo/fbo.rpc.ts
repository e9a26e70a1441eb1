// FBO methods: the seller's supplies, slots and stock forecast, and the warehouse's v1.platform.* side.
import type { HandlerMap } from '../../core/handlers';
import type { FboService } from './fbo.service';
import type { FboStockService } from './fbo-stock.service';
import type { FboPlatformService } from './fbo-platform.service';

export const fboRpc = (s: FboService, stock: FboStockService, platform: FboPlatformService) => {
  return {
    'v1.fulfilment-shipments.list': (ctx, x) => s.list(ctx, x),
    'v1.fulfilment-shipments.get': (ctx, x) => s.get(ctx, x.id),
    'v1.fulfilment-shipments.items': (ctx, x) => s.items(ctx, x),
    'v1.fulfilment-shipments.statuses': async () => s.statuses(),
    'v1.fulfilment-shipments.slots': (ctx, x) => s.slots(ctx, x.warehouseCode),
    'v1.fulfilment-shipments.create': (ctx, x) => s.create(ctx, x),
    'v1.fulfilment-shipments.create-draft': (ctx, x) => s.createDraft(ctx, x),
    'v1.fulfilment-shipments.set-items': (ctx, x) => s.setItems(ctx, x),
    'v1.fulfilment-shipments.submit': (ctx, x) => s.submit(ctx, x.id),
    'v1.fulfilment-shipments.revise': (ctx, x) => s.revise(ctx, x.id),
    'v1.fulfilment-shipments.book-slot': (ctx, x) => s.bookSlot(ctx, x),
    'v1.fulfilment-shipments.cancel': (ctx, x) => s.cancel(ctx, x.id),
    'v1.fulfilment-shipments.change-warehouse': (ctx, x) => s.changeWarehouse(ctx, x),
    'v1.fulfilment-shipments.waitlist.join': (ctx, x) => s.waitlistJoin(ctx, x),
    'v1.fulfilment-shipments.waitlist.leave': (ctx, x) => s.waitlistLeave(ctx, x.id),
    'v1.fulfilment-shipments.dispute': (ctx, x) => s.dispute(ctx, x),
    'v1.analytics.recommended-shipment.get': (ctx, x) => stock.forecast(ctx, x),
    'v1.analytics.recommended-shipment.brands': (ctx, x) => stock.forecastGroups(ctx, x, 'brand'),
    'v1.analytics.recommended-shipment.categories': (ctx, x) => stock.forecastGroups(ctx, x, 'category'),
    'v1.platform.fulfilment-shipments.list': (ctx, x) => platform.list(ctx, x),
    'v1.platform.fulfilment-shipments.validate': (ctx, x) => platform.validate(ctx, x),
    'v1.platform.fulfilment-shipments.move': (ctx, x) => platform.move(ctx, x),
    'v1.platform.fulfilment-shipments.report': (ctx, x) => platform.report(ctx, x),
    'v1.platform.fulfilment-shipments.resolve-dispute': (ctx, x) => platform.resolveDispute(ctx, x),
    'v1.platform.fulfilment-warehouses.capacity.set': (ctx, x) => platform.capacity(ctx, x),
  } satisfies HandlerMap;
};
