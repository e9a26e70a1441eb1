// REST of the price index where bytes move: the competitor prices file's template (the file itself arrives
// through the uploads' /rest/api/v1/files as type competitor_prices, checked by the module's job).
import { COMPETITOR_FILE_COLUMNS } from '@moda/contracts';
import type { RestRoute } from '../../core/rest';
import { loadExcel } from '../../core/lazy-libs';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const priceIndexRest = (): RestRoute[] => [
  {
    method: 'GET',
    url: '/rest/api/v1/matching-manager/rfc/competitor-price-create/template',
    async handle(call) {
      await call.principal();
      const wb = new (await loadExcel()).Workbook();
      const ws = wb.addWorksheet('Цены конкурентов', { views: [{ state: 'frozen', ySplit: 1 }] });
      ws.columns = [
        { header: COMPETITOR_FILE_COLUMNS.sellerSku, width: 24 },
        { header: COMPETITOR_FILE_COLUMNS.competitor, width: 20 },
        { header: COMPETITOR_FILE_COLUMNS.url, width: 48 },
        { header: COMPETITOR_FILE_COLUMNS.price, width: 20 },
      ];
      ws.getRow(1).font = { bold: true };
      const body = Buffer.from(await wb.xlsx.writeBuffer());
      return { file: { contentType: XLSX, fileName: 'Шаблон_цен_конкурентов.xlsx', body } };
    },
  },
];
