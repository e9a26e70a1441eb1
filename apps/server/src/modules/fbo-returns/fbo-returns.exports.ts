// The supplier_return export (spec 000 §3, xlsx): the returns of the list's filters, one line per item, with
// what was asked, reserved, picked and failed.
import { z } from 'zod';
import { FBO_RETURN_STATUS_LABELS, fboWarehouseName, FboReturnFilter } from '@moda/contracts';
import { registerExportType } from '../exports';
import type { FboReturnsService } from './fbo-returns.service';

export const FboReturnExportFilter = z.strictObject({
  status: FboReturnFilter.status,
  warehouseCode: FboReturnFilter.warehouseCode,
  createdFrom: FboReturnFilter.createdFrom,
  createdTo: FboReturnFilter.createdTo,
  search: FboReturnFilter.search,
  /** One return (the card's export). */
  id: z.string().uuid().optional(),
});

let registered = false;

export function registerFboReturnExports(returns: FboReturnsService): void {
  if (registered) return;
  registered = true;
  registerExportType({
    type: 'supplier_return',
    format: 'xlsx',
    title: 'Возвраты_FBO',
    filter: FboReturnExportFilter,
    limit: 100_000,
    count: (ctx, _partnerId, f) => returns.exportCount(ctx, f),
    columns: [
      { key: 'returnId', header: 'Номер возврата', width: 20 },
      { key: 'status', header: 'Статус', width: 22 },
      { key: 'warehouse', header: 'Склад', width: 16 },
      { key: 'returnAt', header: 'Дата возврата', numFmt: 'dd.mm.yy' },
      { key: 'createdAt', header: 'Создан', numFmt: 'dd.mm.yy' },
      { key: 'sellerSku', header: 'Артикул продавца', width: 22 },
      { key: 'modaSku', header: 'Артикул Moda', width: 18 },
      { key: 'title', header: 'Товар', width: 40 },
      { key: 'quantity', header: 'Количество' },
      { key: 'reserved', header: 'Зарезервировано' },
      { key: 'exported', header: 'Собрано' },
      { key: 'failed', header: 'Ошибка сборки' },
    ],
    async *rows(ctx, _partnerId, f) {
      for (const r of await returns.exportRows(ctx, f))
        yield {
          returnId: r.return_id,
          status: FBO_RETURN_STATUS_LABELS[r.status as keyof typeof FBO_RETURN_STATUS_LABELS] ?? r.status,
          warehouse: fboWarehouseName(r.warehouse_code),
          returnAt: r.return_at ? new Date(`${r.return_at}T00:00:00+03:00`) : null,
          createdAt: new Date(r.created_at),
          sellerSku: r.seller_sku,
          modaSku: r.moda_sku,
          title: r.title,
          quantity: r.quantity,
          reserved: r.reserved_quantity,
          exported: r.exported_quantity,
          failed: r.exported_fail_quantity,
        };
    },
  });
}
