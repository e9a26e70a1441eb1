// The supply file's check (spec 001 §5 Files, §8): an uploaded fbo_supply xlsx is read row by row (SKU,
// quantity, optional box); every row is checked against the partner's catalogue and the limits (5,000 unique
// SKU, 10,000 items); errors go back per row in an error file, and only a whole clean file is kept, as lines
// waiting to become a supply (v1.fulfilment-shipments.create).
import { BASE_WAREHOUSES, FBO_LIMITS, FBO_ROW_ERRORS, FBO_SUPPLY_COLUMNS } from '@moda/contracts';
import type { Db } from '../../db/client';
import type { RowError } from '../../files/csv';
import { runUploadCheck, UploadRefusal, uploadCheckJob, type UploadsService } from '../uploads';
import { readUploadedSheet, RefusedFileError } from '../imports';
import * as q from './fbo.queries';

export const supplyFileJob = uploadCheckJob('fbo.supply-file');

export interface Line {
  sellerSku: string;
  box: string;
  quantity: number;
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\*$/, '').replace(/ё/g, 'е');

/**
 * The header of a supply-like file (the supply's and the return's): the places of the seller SKU, quantity and
 * optional column once found; the header may sit under a title line, so it is looked for up to a few rows, then
 * the first missing required column is the file's error.
 */
export class FileHeader {
  cols: { sku: number; qty: number; optional: number } | null = null;
  missing = false;
  constructor(private readonly columns: { sellerSku: string; quantity: string; optional: string }) {}

  /** Read a row while no header is found; false (stop reading) when a required column is missing. */
  read(row: { number: number; cells: string[] }, errors: RowError[]): false | undefined {
    const C = this.columns;
    const names = row.cells.map(norm);
    const sku = names.indexOf(norm(C.sellerSku));
    const qty = names.indexOf(norm(C.quantity));
    if (sku >= 0 && qty >= 0) {
      this.cols = { sku, qty, optional: names.indexOf(norm(C.optional)) };
      return;
    }
    if (row.number < 5) return;
    errors.push({
      row: row.number,
      column: sku < 0 ? C.sellerSku : C.quantity,
      message: 'В файле нет обязательного столбца',
    });
    this.missing = true;
    return false;
  }

  /** A row's cells under the header found, trimmed; null for a blank row (skipped). */
  values(row: { cells: string[] }): { sku: string; rawQty: string; optional: string } | null {
    const cell = (i: number) => (i >= 0 ? (row.cells[i] ?? '').trim() : '');
    const cols = this.cols!;
    const v = { sku: cell(cols.sku), rawQty: cell(cols.qty), optional: cell(cols.optional) };
    return v.sku || v.rawQty || v.optional ? v : null;
  }
}

/** A quantity cell of a supply-like file: a whole number of at least 1, or the area's message why not. */
export function fileQuantity(
  raw: string,
  messages: { blank: string; notANumber: string; integer: string; atLeastOne: string },
): { qty: number; error: string | null } {
  if (!raw) return { qty: NaN, error: messages.blank };
  if (!/^[-+]?\d+([.,]\d+)?$/.test(raw)) return { qty: NaN, error: messages.notANumber };
  const qty = Number(raw.replace(',', '.'));
  if (!Number.isInteger(qty)) return { qty, error: messages.integer };
  return { qty, error: qty < 1 ? messages.atLeastOne : null };
}

/** Read and check the rows; the catalogue check comes after (one query for all SKUs). */
export async function readSupplyFile(
  bytes: Buffer,
): Promise<{ lines: (Line & { row: number })[]; errors: RowError[] }> {
  const lines: (Line & { row: number })[] = [];
  const errors: RowError[] = [];
  const C = FBO_SUPPLY_COLUMNS;
  const header = new FileHeader({ sellerSku: C.sellerSku, quantity: C.quantity, optional: C.box });
  const seen = new Set<string>();
  const skus = new Set<string>();
  let items = 0;
  let rows = 0;
  // The zip guard first (the product import's): a hostile file is refused before any part is inflated.
  await readUploadedSheet(bytes, (row) => {
    // The header may sit under a title line: it is looked for up to a few rows.
    if (!header.cols) return header.read(row, errors);
    const cells = header.values(row);
    if (!cells) return;
    const { sku, rawQty, optional: box } = cells;
    // More rows than the most items a supply may hold: refused without reading on.
    if (++rows > FBO_LIMITS.maxItems) {
      errors.push({ row: row.number, column: C.quantity, message: FBO_ROW_ERRORS.tooManyItems });
      return false;
    }
    const before = errors.length;
    if (!sku) errors.push({ row: row.number, column: C.sellerSku, message: FBO_ROW_ERRORS.blank });
    const { qty, error } = fileQuantity(rawQty, FBO_ROW_ERRORS);
    if (error) errors.push({ row: row.number, column: C.quantity, message: error });
    if (box.length > FBO_LIMITS.boxMaxLength)
      errors.push({ row: row.number, column: C.box, message: FBO_ROW_ERRORS.boxTooLong });
    if (sku) {
      const key = `${sku}\u0000${box}`;
      if (seen.has(key))
        errors.push({ row: row.number, column: C.sellerSku, message: FBO_ROW_ERRORS.notUnique });
      seen.add(key);
      if (!skus.has(sku)) {
        skus.add(sku);
        if (skus.size === FBO_LIMITS.maxUniqueSkus + 1)
          errors.push({ row: row.number, column: C.sellerSku, message: FBO_ROW_ERRORS.tooManySkus });
      }
    }
    if (errors.length === before) {
      const wasUnder = items <= FBO_LIMITS.maxItems;
      items += qty;
      if (wasUnder && items > FBO_LIMITS.maxItems)
        errors.push({ row: row.number, column: C.quantity, message: FBO_ROW_ERRORS.tooManyItems });
      lines.push({ row: row.number, sellerSku: sku, box, quantity: qty });
    }
  });
  if (header.missing) return { lines, errors };
  if (!header.cols)
    errors.push({ row: 1, column: C.sellerSku, message: 'В файле нет обязательного столбца' });
  else if (!lines.length && !errors.length)
    errors.push({ row: 2, column: C.sellerSku, message: 'В файле нет ни одного товара' });
  return { lines, errors };
}

/** The job: check one uploaded supply file; never throws for a bad file (the task says why). */
export function checkSupplyFile(
  deps: { db: Db; files: UploadsService; log?: (obj: object, msg: string) => void },
  job: { partnerId: number; fileId: string },
): Promise<void> {
  const { partnerId, fileId } = job;
  return runUploadCheck(deps, job, {
    type: 'fbo_supply',
    codes: { rowsRefused: 'fbo.rowsRefused', refusedFile: 'fbo.refusedFile', unreadable: 'fbo.unreadable' },
    refusedFileError: RefusedFileError,
    unreadableLog: 'fbo: supply file unreadable',
    async check({ row, bytes }) {
      const warehouse = row.warehouseCode;
      if (warehouse && !(BASE_WAREHOUSES as readonly string[]).includes(warehouse))
        throw new UploadRefusal(
          'fbo.unknownWarehouse',
          'Неизвестный склад: выберите Быково, Софьино, Чехов или Новохохловскую',
        );
      const { lines, errors } = await readSupplyFile(await bytes());
      if (lines.length) {
        const known = new Set(
          (await q.productsBySku(deps.db, partnerId, [...new Set(lines.map((l) => l.sellerSku))])).map(
            (p) => p.seller_sku,
          ),
        );
        for (const l of lines)
          if (!known.has(l.sellerSku))
            errors.push({
              row: l.row,
              column: FBO_SUPPLY_COLUMNS.sellerSku,
              message: FBO_ROW_ERRORS.skuNotFound,
            });
      }
      return {
        errors,
        rowsTotal: lines.length,
        save: (tx) =>
          q.saveCheckedFile(
            tx,
            partnerId,
            fileId,
            warehouse,
            lines.map(({ sellerSku, box, quantity }) => ({ sellerSku, box, quantity })),
          ),
      };
    },
  });
}
