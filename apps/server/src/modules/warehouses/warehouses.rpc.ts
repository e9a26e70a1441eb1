// Warehouse methods: the catalogue's names mapped onto the service.
import type { HandlerMap } from '../../core/handlers';
import type { WarehousesService } from './warehouses.service';

export const warehousesRpc = (w: WarehousesService) =>
  ({
    'v1.warehouses.list': (ctx, p) => w.list(ctx, p.tab),
    'v1.warehouses.details': (ctx, p) => w.details(ctx, p.id),
    'v1.warehouses.create': (ctx, p) => w.create(ctx, p),
    'v1.warehouses.edit': (ctx, p) => w.edit(ctx, p.id, p),
    'v1.warehouses.activate': (ctx, p) => w.activate(ctx, p.id),
    'v1.warehouses.deactivate': (ctx, p) => w.transition(ctx, p.id, 'deactivate'),
    'v1.warehouses.approve': (ctx, p) => w.transition(ctx, p.id, 'approve'),
    'v1.warehouses.send-back': (ctx, p) => w.transition(ctx, p.id, 'sendBack', p.comment),
    'v1.warehouses.delete': (ctx, p) => w.remove(ctx, p.id),
    'v1.warehouses.delivery-method.create': (ctx, p) =>
      w.setMethod(ctx, p.warehouseId, 'delivery', p.method, 'create'),
    'v1.warehouses.delivery-method.edit': (ctx, p) =>
      w.setMethod(ctx, p.warehouseId, 'delivery', p.method, 'edit'),
    'v1.warehouses.return-method.create': (ctx, p) =>
      w.setMethod(ctx, p.warehouseId, 'return', p.method, 'create'),
    'v1.warehouses.return-method.edit': (ctx, p) =>
      w.setMethod(ctx, p.warehouseId, 'return', p.method, 'edit'),
    'v1.warehouses.base-warehouses.list': (ctx) => w.baseWarehouses(ctx),
    'v1.fulfilment-warehouses.list': (ctx, p) => w.fulfilmentWarehouses(ctx, p.seller_id),
    'v1.warehouses.delivery-profiles.get': (ctx) => w.deliveryProfile(ctx),
    'v1.warehouses.events.record': (ctx, p) => w.recordEvent(ctx, p.id, p.event, p.orderNr),
    'v1.warehouses.review.list': (ctx) => w.reviewQueue(ctx),
  }) satisfies HandlerMap;
