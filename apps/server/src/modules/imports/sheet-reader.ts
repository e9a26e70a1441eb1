// Reads the data sheet with exceljs's streaming reader, row by row, as text cells: the rows limit stops the
// reading, a row wider than the columns limit refuses the file.
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { IMPORT_LIMITS, RefusedFileError, centralDirectory, inReadingOrder, scanParts } from './zip-guard';
import { YES, NO } from '../catalogue';
import { loadExcel } from '../../core/lazy-libs';

type CellValue = ExcelJS.CellValue;

/** A cell as the text the seller sees; numbers as typed (no exponent for barcodes), booleans as да/нет. */
export function cellText(v: CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return '';
    // String() writes an integer up to 2^53 in digits (a barcode, a price); past it only BigInt avoids the exponent.
    if (Number.isSafeInteger(v)) return String(v);
    return Number.isInteger(v) && Math.abs(v) < 1e21 ? BigInt(v).toString() : String(v);
  }
  if (typeof v === 'boolean') return v ? YES : NO;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText((v as { result?: CellValue }).result ?? null);
    if ('text' in v && typeof (v as { text: unknown }).text === 'string') return (v as { text: string }).text;
    if ('sharedFormula' in v || 'formula' in v) return '';
    if ('error' in v) return '';
  }
  return '';
}

export interface SheetRow {
  /** The row's number in the sheet (1-based), as the seller sees it. */
  number: number;
  cells: string[];
}

/**
 * Each row of the first sheet, as text; cells indexed from 0. `onRow` may stop the reading by returning
 * false; it returns a promise only when it has to wait (a row costs no extra turn of the event loop
 * otherwise). Throws RefusedFileError past the rows or columns limit.
 */
export async function readFirstSheet(
  /** The file, whole or in parts (see inReadingOrder). */
  bytes: Buffer | Buffer[],
  onRow: (row: SheetRow) => Promise<boolean | void> | boolean | void,
  maxRows: number = IMPORT_LIMITS.maxRows + 2,
): Promise<void> {
  const reader = new (await loadExcel()).stream.xlsx.WorkbookReader(
    Readable.from(Array.isArray(bytes) ? bytes : [bytes]),
    {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    },
  );
  for await (const sheet of reader) {
    let count = 0;
    for await (const row of sheet) {
      if (++count > maxRows) throw new RefusedFileError('tooManyRows');
      const values = row.values as CellValue[];
      if (values.length - 1 > IMPORT_LIMITS.maxColumns) throw new RefusedFileError('tooManyColumns');
      const cells: string[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellText(values[i] ?? null));
      const next = onRow({ number: row.number, cells });
      if ((next instanceof Promise ? await next : next) === false) return;
    }
    // Only the first sheet holds products; the rest (instructions, lists) are not read.
    return;
  }
}

/** The first sheet's part, as Excel, LibreOffice and exceljs name it. */
export const FIRST_SHEET_PART = 'xl/worksheets/sheet1.xml';

/**
 * An uploaded spreadsheet from outside, read the only safe way: the zip guard first (nothing inflated into
 * memory before its checks: sizes, ratio, part names, entities, cell lengths), then the first sheet row by
 * row. Throws RefusedFileError with the seller's message for a hostile or broken file. Returns the sheet's
 * row count as the guard counted it.
 */
export async function readUploadedSheet(
  bytes: Buffer,
  onRow: (row: SheetRow) => Promise<boolean | void> | boolean | void,
  maxRows?: number,
): Promise<number> {
  const entries = centralDirectory(bytes);
  const rows = await scanParts(bytes, entries, FIRST_SHEET_PART);
  await readFirstSheet(inReadingOrder(bytes, entries), onRow, maxRows);
  return rows;
}
