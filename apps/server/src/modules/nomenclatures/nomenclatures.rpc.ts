// Products list methods.
import type { HandlerMap } from '../../core/handlers';
import type { NomenclaturesService } from './nomenclatures.service';

export const nomenclaturesRpc = (n: NomenclaturesService) =>
  ({
    'v1.nomenclatures.list': (ctx, p) => n.list(ctx, p),
    'v1.nomenclatures.count-by-statuses': (ctx, p) => n.counts(ctx, p),
    'v1.nomenclatures.update-activation': (ctx, p) => n.setActive(ctx, p.ids, p.active),
    'v1.nomenclatures.update-stock': (ctx, p) => n.setStock(ctx, p.items),
    'v1.nomenclatures.metadata.brands': (ctx) => n.brands(ctx),
    'v1.nomenclatures.hide-moderation': (ctx, p) => n.hideModeration(ctx, p.ids),
  }) satisfies HandlerMap;
