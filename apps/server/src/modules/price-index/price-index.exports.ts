// The price_index export (spec 001 §7 matching manager export create / check): the list's filters reproduced
// through the same read, one row per product with its index and recommendation threshold.
import { PriceIndexExportFilter } from '@moda/contracts';
import { registerExportType } from '../exports';
import type { PriceIndexService } from './price-index.service';

const INDEX_LABELS = {
  OPTIMAL: 'Выгодная',
  AVERAGE: 'Умеренная',
  OVERPRICED: 'Невыгодная',
  UNCOUNTED: 'Нет данных',
} as const;
let registered = false;

export function registerPriceIndexExport(s: PriceIndexService): void {
  if (registered) return;
  registered = true;
  registerExportType({
    type: 'price_index',
    format: 'xlsx',
    title: 'Индекс_цен',
    filter: PriceIndexExportFilter,
    limit: 200_000,
    count: (ctx, partnerId, f) => s.exportCount(ctx, partnerId, f),
    columns: [
      { key: 'sellerSku', header: 'Артикул продавца', width: 22 },
      { key: 'modaSku', header: 'Артикул Moda', width: 18 },
      { key: 'title', header: 'Товар', width: 40 },
      { key: 'brand', header: 'Бренд', width: 18 },
      { key: 'price', header: 'Базовая цена, ₽', numFmt: '# ##0.00' },
      { key: 'marketPrice', header: 'Цена на маркетплейсе, ₽', numFmt: '# ##0.00' },
      { key: 'minCompetitorPrice', header: 'Минимальная цена конкурента, ₽', numFmt: '# ##0.00' },
      { key: 'competitor', header: 'Конкурент', width: 18 },
      { key: 'index', header: 'Индекс цен', width: 14 },
      { key: 'piValue', header: 'Выше минимальной, %', numFmt: '0.00' },
      { key: 'recommendedPrice', header: 'Порог рекомендации, ₽', numFmt: '# ##0.00' },
      { key: 'competitorUrl', header: 'Ссылка на товар конкурента', width: 40 },
    ],
    async *rows(ctx, partnerId, f) {
      for await (const r of s.exportRows(ctx, partnerId, f)) {
        yield {
          sellerSku: r.sellerSku,
          modaSku: r.modaSku,
          title: r.title,
          brand: r.brand,
          price: r.price,
          marketPrice: r.marketPrice,
          minCompetitorPrice: r.minCompetitorPrice,
          competitor: r.competitor,
          index: INDEX_LABELS[r.index],
          piValue: r.piValue,
          recommendedPrice: r.recommendedPrice,
          competitorUrl: r.competitorUrl,
        };
      }
    },
  });
}
