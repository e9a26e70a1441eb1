// REST of FBO returns, where bytes move: the return file's template, and the files of a return's Files tab
// (the seller's upload as it came; the picking list and the handover act built from the items).
import { z } from 'zod';
import {
  FBO_RETURN_COLUMNS,
  FBO_RETURN_FILE_LABELS,
  fboWarehouseName,
  METHODS,
  toFieldErrors,
} from '@moda/contracts';
import { AppError } from '../../core/errors';
import type { RestRoute } from '../../core/rest';
import { safeCellText } from '../../files/safe-cell';
import type { UploadsService } from '../uploads';
import type { FboReturnsService } from './fbo-returns.service';
import { loadExcel } from '../../core/lazy-libs';

const READ = METHODS['v1.supplier-fulfilment-returns.get'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PartnerQuery = z.object({ partnerId: z.coerce.number().int().positive() });

async function xlsx(sheet: string, header: string[], rows: (string | number)[][]): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.columns = header.map((h) => ({ header: h, width: Math.max(14, h.length + 4) }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(r.map((v) => (typeof v === 'string' ? safeCellText(v) : v)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const fboReturnsRest = (returns: FboReturnsService, uploads: UploadsService): RestRoute[] => [
  {
    // The return file's template: the columns the check reads.
    method: 'GET',
    url: '/rest/api/v1/supplier-fulfilment-returns/template',
    async handle(call) {
      await call.principal();
      const C = FBO_RETURN_COLUMNS;
      const body = await xlsx('Возврат', [C.sellerSku, C.quantity, C.returnAt], []);
      return { file: { contentType: XLSX, fileName: 'Шаблон_возврата_FBO.xlsx', body } };
    },
  },
  {
    method: 'GET',
    url: '/rest/api/v1/supplier-fulfilment-returns/:id/files/:fileId',
    async handle(call) {
      await call.principal();
      const parsed = PartnerQuery.safeParse(call.query);
      if (!parsed.success) throw new AppError('rpc.invalidParams', { errors: toFieldErrors(parsed.error) });
      const ctx = await call.authorize(READ, parsed.data.partnerId);
      const { row, file, items } = await returns.file(ctx, call.params.id ?? '', call.params.fileId ?? '');
      if (file.kind === 'source' && file.upload_id) {
        const { body } = await uploads.open(ctx, file.upload_id, [row.partner_id], 'original');
        return { file: { contentType: XLSX, fileName: file.name, body } };
      }
      const picking = file.kind === 'picking';
      const body = await xlsx(
        FBO_RETURN_FILE_LABELS[picking ? 'picking' : 'shipping'],
        [
          'Возврат',
          'Склад',
          'Артикул продавца',
          'Артикул Moda',
          'Товар',
          'Зарезервировано',
          'Собрано',
          'Ошибка сборки',
        ],
        items.map((i) => [
          row.return_id,
          fboWarehouseName(row.warehouse_code),
          i.seller_sku,
          i.moda_sku,
          i.title,
          i.reserved_quantity,
          i.exported_quantity,
          i.exported_fail_quantity,
        ]),
      );
      return { file: { contentType: XLSX, fileName: file.name, body } };
    },
  },
];
