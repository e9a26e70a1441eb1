// Price methods.
import type { HandlerMap } from '../../core/handlers';
import type { PricesService } from './prices.service';

export const pricesRpc = (p: PricesService) =>
  ({
    'v1.nomenclatures.validate-price': (ctx, x) => p.validate(ctx, x.item),
    'v1.nomenclatures.update-price': (ctx, x) => p.update(ctx, x.item, x.confirmCritical),
    'v1.nomenclatures.set-prices': (ctx, x) => p.setMany(ctx, x.items, x.confirmCritical),
    'v1.nomenclatures.price-history': (ctx, x) => p.history(ctx, x.id),
    'v1.nomenclatures.prices-approve': (ctx, x) => p.decide(ctx, x.changeIds, x.decision),
    'v1.nomenclatures.auto-conversion-price.get': (ctx) => p.conversion(ctx),
    'v1.nomenclatures.auto-conversion-price.calculate': (ctx, x) => p.calculate(ctx, x.ruPrice),
    'v1.nomenclatures.price-threshold-exceeded': (ctx, x) => p.thresholdExceeded(ctx, x.items),
    'v1.nomenclatures.prices-list': (ctx, x) => p.list(ctx, x),
  }) satisfies HandlerMap;
