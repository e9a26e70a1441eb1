// Promotion methods: the catalogue's names mapped onto the service.
import type { HandlerMap } from '../../core/handlers';
import type { PromotionsService } from './promotions.service';

export const promotionsRpc = (s: PromotionsService) =>
  ({
    'v1.promotions.list': (ctx, p) => s.list(ctx, p),
    'v2.promotions.list': (ctx, p) => s.calendar(ctx, p),
    'v1.promotions.filter.list': (ctx) => s.filterList(ctx),
    'v1.promotions.get': (ctx, p) => s.get(ctx, p.promotionId),
    'v1.promotions.product-price-statuses.list': () => s.priceStatuses(),
    'v1.promotions.products.list': (ctx, p) => s.products(ctx, p),
    'v1.promotions.products.add': (ctx, p) => s.add(ctx, p.promotionId, p.productIds),
    'v1.promotions.products.delete': (ctx, p) => s.remove(ctx, p.promotionId, p.productIds),
    'v1.promotions.files.list': (ctx) => s.files(ctx),
    'v1.promotions.files.close': (ctx, p) => s.closeFile(ctx, p.fileId),
    'v1.promotions.cost-prices.set': (ctx, p) => s.setCostPrices(ctx, p.items),
    'v1.promotions.cost-prices.set-bulk': (ctx, p) => s.setCostPricesBulk(ctx, p),
    'v1.promotions.products.total': (ctx, p) => s.productsTotal(ctx, p.promotionId),
    'v1.promotions.products.added': (ctx, p) => s.added(ctx, p),
    'v1.promotions.products.added.total': (ctx, p) => s.addedTotal(ctx, p.promotionId),
    'v1.promotions.products.added.report': (ctx, p) => s.addedReport(ctx, p.promotionId),
    'v1.platform.promotions.announce': (ctx, p) => s.announce(ctx, p),
    'v1.platform.promotions.move': (ctx, p) => s.move(ctx, p.promotionId, p.action),
    'v1.platform.promotions.report-sales': (ctx, p) => s.reportSales(ctx, p.promotionId, p.items),
    'v1.platform.promotions.list': (ctx, p) => s.platformList(ctx, p.state),
  }) satisfies HandlerMap;
