// The price files as spreadsheets (spec 001 §7 "price history file", "prices validation report"), written
// row by row with exceljs' streaming writer so memory stays flat however long the history is. Text that a
// seller typed goes into string cells guarded against formula injection; times are Moscow time.
import type { Writable } from 'node:stream';
import { toMoscow } from '@moda/contracts';
import { safeCellText } from '../../files/safe-cell';
import type { HistoryFileRow } from './prices.queries';
import type { ReportItem } from './prices.service';
import { loadExcel } from '../../core/lazy-libs';

const DATE_TIME = 'dd.mm.yy hh:mm';
const DATE = 'dd.mm.yy';

/** A timestamp as the wall-clock time in Moscow (a spreadsheet date has no time zone). */
const moscow = (d: Date | null) => (d ? toMoscow(d) : null);
/** A calendar date (YYYY-MM-DD) as a spreadsheet date. */
const day = (s: string | null) => (s ? new Date(`${s}T00:00:00Z`) : null);

const STATUS: Record<string, string> = {
  applied: 'Применено',
  pending: 'На проверке',
  approved: 'Одобрено',
  rejected: 'Отклонено',
};
const REVIEW: Record<string, string> = {
  black_price: 'Снижение базовой цены',
  red_price: 'Снижение цены со скидкой',
  sale_period: 'Период скидки',
  red_price_and_sale_period: 'Цена со скидкой и период',
};
const FIELD: Record<string, string> = {
  id: 'Товар',
  country: 'Страна',
  price: 'Цена',
  salePrice: 'Цена со скидкой',
  discount: 'Скидка',
  saleStartDate: 'Начало скидки',
  saleEndDate: 'Окончание скидки',
};

async function workbook(stream: Writable) {
  return new (await loadExcel()).stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
}

/** Writes every change of `rows` (newest first) as «История цен»; ends `stream`. */
export async function writeHistoryFile(stream: Writable, rows: AsyncIterable<HistoryFileRow>): Promise<void> {
  const wb = await workbook(stream);
  const ws = wb.addWorksheet('История цен');
  ws.columns = [
    { header: 'Дата изменения (МСК)', key: 'createdAt', width: 20, style: { numFmt: DATE_TIME } },
    { header: 'Артикул продавца', key: 'sellerSku', width: 22 },
    { header: 'Название', key: 'title', width: 36 },
    { header: 'Страна', key: 'country', width: 8 },
    { header: 'Было: цена', key: 'oldPrice', width: 12 },
    { header: 'Стало: цена', key: 'newPrice', width: 12 },
    { header: 'Было: цена со скидкой', key: 'oldSalePrice', width: 14 },
    { header: 'Стало: цена со скидкой', key: 'newSalePrice', width: 14 },
    { header: 'Начало скидки', key: 'saleStart', width: 12, style: { numFmt: DATE } },
    { header: 'Окончание скидки', key: 'saleEnd', width: 12, style: { numFmt: DATE } },
    { header: 'Проверка', key: 'reviewType', width: 24 },
    { header: 'Состояние', key: 'status', width: 14 },
    { header: 'Решение (МСК)', key: 'decidedAt', width: 20, style: { numFmt: DATE_TIME } },
  ];
  ws.getRow(1).font = { bold: true };
  for await (const r of rows) {
    ws.addRow({
      createdAt: moscow(r.createdAt),
      sellerSku: safeCellText(r.sellerSku ?? ''),
      title: safeCellText(r.title ?? ''),
      country: r.country,
      oldPrice: r.oldPrice,
      newPrice: r.newPrice,
      oldSalePrice: r.oldSalePrice,
      newSalePrice: r.newSalePrice,
      saleStart: day(r.saleStart),
      saleEnd: day(r.saleEnd),
      reviewType: r.reviewType ? (REVIEW[r.reviewType] ?? r.reviewType) : '',
      status: STATUS[r.status] ?? r.status,
      decidedAt: moscow(r.decidedAt),
    }).commit();
  }
  ws.commit();
  await wb.commit();
}

/** Writes the refused items of a bulk change, one line per message; ends `stream`. */
export async function writeValidationReport(
  stream: Writable,
  report: { createdAt: Date; total: number; items: ReportItem[] },
): Promise<void> {
  const wb = await workbook(stream);
  const ws = wb.addWorksheet('Ошибки');
  ws.columns = [
    { header: 'ID товара', key: 'id', width: 12 },
    { header: 'Артикул продавца', key: 'sellerSku', width: 22 },
    { header: 'Название', key: 'title', width: 36 },
    { header: 'Страна', key: 'country', width: 8 },
    { header: 'Цена', key: 'price', width: 12 },
    { header: 'Цена со скидкой', key: 'salePrice', width: 14 },
    { header: 'Скидка, %', key: 'discount', width: 10 },
    { header: 'Начало скидки', key: 'saleStart', width: 12, style: { numFmt: DATE } },
    { header: 'Окончание скидки', key: 'saleEnd', width: 12, style: { numFmt: DATE } },
    { header: 'Поле', key: 'field', width: 16 },
    { header: 'Ошибка', key: 'message', width: 60 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const item of report.items) {
    for (const e of item.errors) {
      ws.addRow({
        id: item.id,
        sellerSku: safeCellText(item.sellerSku ?? ''),
        title: safeCellText(item.title ?? ''),
        country: item.country,
        price: item.price,
        salePrice: item.salePrice,
        discount: item.discount,
        saleStart: day(item.saleStartDate),
        saleEnd: day(item.saleEndDate),
        field: FIELD[e.field] ?? e.field,
        message: e.message,
      }).commit();
    }
  }
  ws.commit();
  const about = wb.addWorksheet('Сводка');
  about.addRow(['Проверено товаров', report.total]).commit();
  about.addRow(['Не удалось изменить', report.items.length]).commit();
  const when = about.addRow(['Дата проверки (МСК)', moscow(report.createdAt)]);
  when.getCell(2).numFmt = DATE_TIME;
  when.commit();
  about.commit();
  await wb.commit();
}
