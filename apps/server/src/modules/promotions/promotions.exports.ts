// The report of a partner's products in a promotion (spec 001 §7 "products added report"; export type
// promotion_products, xlsx): what each sells at in it, its floor and cost, what it sold there.
import { z } from 'zod';
import { PromotionId } from '@moda/contracts';
import { registerExportType } from '../exports';
import type { PromotionsService } from './promotions.service';

export const PromotionProductsExportFilter = z.strictObject({ promotionId: PromotionId });

/** The most products a partner may have in one promotion by file, twice over. */
const LIMIT = 100_000;
let registered = false;

export function registerPromotionExports(promotions: PromotionsService): void {
  if (registered) return;
  registered = true;
  registerExportType({
    type: 'promotion_products',
    format: 'xlsx',
    title: 'Товары_в_акции',
    filter: PromotionProductsExportFilter,
    limit: LIMIT,
    count: (ctx, _partnerId, f) => promotions.reportCount(ctx, f.promotionId),
    columns: [
      { key: 'promotion', header: 'Акция', width: 30 },
      { key: 'sellerSku', header: 'Артикул продавца', width: 22 },
      { key: 'modaSku', header: 'Артикул Moda', width: 18 },
      { key: 'parentSku', header: 'Родительский артикул', width: 20 },
      { key: 'title', header: 'Название', width: 40 },
      { key: 'brand', header: 'Бренд', width: 18 },
      { key: 'price', header: 'Цена, ₽', numFmt: '# ##0.00' },
      { key: 'salePrice', header: 'Цена со скидкой, ₽', numFmt: '# ##0.00' },
      { key: 'promoPrice', header: 'Цена по акции, ₽', numFmt: '# ##0.00' },
      { key: 'costPrice', header: 'Себестоимость, ₽', numFmt: '# ##0.00' },
      { key: 'floorPrice', header: 'Минимальная цена, ₽', numFmt: '# ##0.00' },
      { key: 'stock', header: 'Остаток' },
      { key: 'sold', header: 'Продано' },
    ],
    async *rows(ctx, partnerId, f) {
      for await (const { row: r, promo } of promotions.reportRows(ctx, partnerId, f.promotionId))
        yield {
          promotion: promo.name,
          sellerSku: r.seller_sku,
          modaSku: r.moda_sku,
          parentSku: r.seller_parent_sku,
          title: r.title,
          brand: r.brand,
          price: r.price,
          salePrice: r.sale_price,
          promoPrice: r.promo_price,
          costPrice: r.cost_price,
          floorPrice: r.floor_price,
          stock: r.quantity,
          sold: r.sold,
        };
    },
  });
}
