// CSV files as the spec writes them (spec 001 §9): a byte-order mark so Excel reads UTF-8, comma
// separation, RFC 4180 quoting (csv-stringify: fields with a comma, quote or line break are quoted, quotes
// doubled, CRLF between records). Text cells are neutralised against formulas exactly as in xlsx, because
// Excel and LibreOffice evaluate `=…` in a CSV just the same. Rows stream: memory does not grow with them.
import { PassThrough, Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { formatMoscowDate } from '@moda/contracts';
import { safeCellText } from './safe-cell';

export type CsvCell = string | number | boolean | Date | null | undefined;

export interface CsvColumn {
  key: string;
  header: string;
}

/** A cell as CSV text: dates DD.MM.YY (Moscow), yes/no in Russian, text guarded against formulas. */
export function csvCellText(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (value instanceof Date) return formatMoscowDate(value);
  return safeCellText(value);
}

/** Write the header and every row of `rows` to `out` as CSV, then end `out`. Resolves with the row count. */
export async function writeCsv(
  out: Writable,
  columns: readonly CsvColumn[],
  rows: AsyncIterable<Record<string, CsvCell>>,
): Promise<number> {
  let count = 0;
  async function* records() {
    yield columns.map((c) => safeCellText(c.header));
    for await (const row of rows) {
      count++;
      yield columns.map((c) => csvCellText(row[c.key]));
    }
  }
  await pipeline(
    Readable.from(records()),
    stringify({
      bom: true,
      delimiter: ',',
      record_delimiter: 'windows',
      quote: '"',
      escape: '"',
      // A lone carriage return breaks the line in Excel too: quote it like any line break.
      quoted_match: /\r/,
    }),
    out,
  );
  return count;
}

/** A refused cell of an uploaded file: its row (as the spreadsheet numbers it), column header and message. */
export interface RowError {
  row: number;
  column: string;
  message: string;
}

/**
 * The error file of a refused upload, as every area's file check writes it: «Строка», «Столбец», «Ошибка», one
 * line per refused cell. A stream to hand to the file store.
 */
export function rowErrorsCsv(errors: readonly RowError[]): Readable {
  const out = new PassThrough();
  void writeCsv(
    out,
    [
      { key: 'row', header: 'Строка' },
      { key: 'column', header: 'Столбец' },
      { key: 'message', header: 'Ошибка' },
    ],
    (async function* () {
      for (const e of errors) yield { row: String(e.row), column: e.column, message: e.message };
    })(),
  ).catch((err: unknown) => out.destroy(err as Error));
  return out;
}
