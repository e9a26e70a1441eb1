// The return_boxes_items export (spec 000 §3, xlsx): the items of the boxes on a tab of the returns list,
// at most FBS_LIMITS.exportMax lines.
import { z } from 'zod';
import { FBS_BOX_STATUS_LABELS, FBS_LIMITS, FbsReturnTab, REJECT_TYPE_LABELS } from '@moda/contracts';
import { registerExportType } from '../exports';
import type { FbsService } from './fbs.service';

export const FbsExportFilter = z.strictObject({ tab: FbsReturnTab.default('all') });

let registered = false;

export function registerFbsExports(fbs: FbsService): void {
  if (registered) return;
  registered = true;
  registerExportType({
    type: 'return_boxes_items',
    format: 'xlsx',
    title: 'Возвраты_FBS',
    filter: FbsExportFilter,
    limit: FBS_LIMITS.exportMax,
    count: (ctx, _partnerId, f) => fbs.exportCount(ctx, f.tab),
    columns: [
      { key: 'code', header: 'Короб', width: 18 },
      { key: 'status', header: 'Статус короба', width: 18 },
      { key: 'orderNr', header: 'Номер заказа', width: 18 },
      { key: 'sellerSku', header: 'Артикул продавца', width: 22 },
      { key: 'itemName', header: 'Товар', width: 40 },
      { key: 'dataMatrix', header: 'Data Matrix', width: 40 },
      { key: 'price', header: 'Цена', numFmt: '# ##0.00' },
      { key: 'rejectType', header: 'Причина возврата', width: 18 },
      { key: 'rejectedAt', header: 'Дата возврата', numFmt: 'dd.mm.yy' },
    ],
    async *rows(ctx, _partnerId, f) {
      for await (const r of fbs.exportRows(ctx, f.tab)) {
        yield {
          code: r.code,
          status: FBS_BOX_STATUS_LABELS[r.status as keyof typeof FBS_BOX_STATUS_LABELS] ?? r.status,
          orderNr: r.order_nr,
          sellerSku: r.seller_sku,
          itemName: r.item_name,
          dataMatrix: r.data_matrix,
          price: Number(r.price),
          rejectType: REJECT_TYPE_LABELS[r.reject_type as keyof typeof REJECT_TYPE_LABELS] ?? r.reject_type,
          rejectedAt: new Date(r.rejected_at),
        };
      }
    },
  });
}
