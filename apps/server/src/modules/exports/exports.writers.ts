// The two file formats of exports, both streaming: exceljs' WorkbookWriter commits each row as it comes
// (no shared-strings table, so nothing grows with the file), and the CSV writer of files/csv.ts. Every
// text cell goes through the formula guard; numbers and dates stay typed in xlsx.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { toMoscow } from '@moda/contracts';
import { writeCsv } from '../../files/csv';
import { safeCellText } from '../../files/safe-cell';
import type { ExportCell, ExportColumn, ExportRow } from './exports.registry';
import { loadExcel } from '../../core/lazy-libs';

/** A cell's value; undefined for an empty cell (exceljs writes no cell at all then, where null costs one). */
export function xlsxCell(value: ExportCell): ExcelJS.CellValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return safeCellText(value);
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (value instanceof Date) return toMoscow(value);
  return Number.isFinite(value) ? value : undefined;
}

/** Rows between checks of the output's backpressure. */
const DRAIN_EVERY = 500;

/** Write one sheet to `out` and end it. Resolves with the number of rows written. */
export async function writeXlsx(
  out: Writable,
  sheetName: string,
  columns: readonly ExportColumn[],
  rows: AsyncIterable<ExportRow>,
): Promise<number> {
  const wb = new (await loadExcel()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  // Excel limits a sheet name to 31 characters without []:*?/\.
  const ws = wb.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  ws.columns = columns.map((c) => ({
    header: safeCellText(c.header),
    key: c.key,
    width: c.width ?? 16,
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.commit();
  let count = 0;
  for await (const row of rows) {
    // By position: an array is cheaper for exceljs than an object matched against the column keys.
    const values: (ExcelJS.CellValue | undefined)[] = new Array<ExcelJS.CellValue | undefined>(
      columns.length,
    );
    for (let i = 0; i < columns.length; i++) values[i] = xlsxCell(row[columns[i]!.key]);
    ws.addRow(values).commit();
    // The zip stream writes as fast as rows come; wait for the storage to take what it holds.
    if (++count % DRAIN_EVERY === 0 && out.writableNeedDrain) await once(out, 'drain');
  }
  ws.commit();
  await wb.commit();
  return count;
}

/** Write `rows` in `format`; ends `out`. */
export function writeExport(
  format: 'csv' | 'xlsx',
  out: Writable,
  sheetName: string,
  columns: readonly ExportColumn[],
  rows: AsyncIterable<ExportRow>,
): Promise<number> {
  return format === 'csv' ? writeCsv(out, columns, rows) : writeXlsx(out, sheetName, columns, rows);
}
