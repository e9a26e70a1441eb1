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

/** Read and check the rows; the catalogue check comes after (one query for all SKUs). */
export async function readSupplyFile(
  bytes: Buffer,
): Promise<{ lines: (Line & { row: number })[]; errors: RowError[] }> {
  const lines: (Line & { row: number })[] = [];
  const errors: RowError[] = [];
  const C = FBO_SUPPLY_COLUMNS;
  let cols: { sku: number; qty: number; box: number } | null = null;
  let missingColumn = false;
  const seen = new Set<string>();
  const skus = new Set<string>();
  let items = 0;
  let rows = 0;
  // The zip guard first (the product import's): a hostile file is refused before any part is inflated.
  await readUploadedSheet(bytes, (row) => {
    const cells = row.cells;
    if (!cols) {
      const names = cells.map(norm);
      const sku = names.indexOf(norm(C.sellerSku));
      const qty = names.indexOf(norm(C.quantity));
      if (sku < 0 || qty < 0) {
        // The header may sit under a title line: look further, up to a few rows.
        if (row.number < 5) return;
        errors.push({
          row: row.number,
          column: sku < 0 ? C.sellerSku : C.quantity,
          message: 'В файле нет обязательного столбца',
        });
        missingColumn = true;
        return false;
      }
      cols = { sku, qty, box: names.indexOf(norm(C.box)) };
      return;
    }
    const sku = (cells[cols.sku] ?? '').trim();
    const rawQty = (cells[cols.qty] ?? '').trim();
    const box = cols.box >= 0 ? (cells[cols.box] ?? '').trim() : '';
    if (!sku && !rawQty && !box) return;
    // More rows than the most items a supply may hold: refused without reading on.
    if (++rows > FBO_LIMITS.maxItems) {
      errors.push({ row: row.number, column: C.quantity, message: FBO_ROW_ERRORS.tooManyItems });
      return false;
    }
    const before = errors.length;
    if (!sku) errors.push({ row: row.number, column: C.sellerSku, message: FBO_ROW_ERRORS.blank });
    let qty = NaN;
    if (!rawQty) errors.push({ row: row.number, column: C.quantity, message: FBO_ROW_ERRORS.blank });
    else if (!/^[-+]?\d+([.,]\d+)?$/.test(rawQty))
      errors.push({ row: row.number, column: C.quantity, message: FBO_ROW_ERRORS.notANumber });
    else {
      qty = Number(rawQty.replace(',', '.'));
      if (!Number.isInteger(qty))
        errors.push({ row: row.number, column: C.quantity, message: FBO_ROW_ERRORS.integer });
      else if (qty < 1)
        errors.push({ row: row.number, column: C.quantity, message: FBO_ROW_ERRORS.atLeastOne });
    }
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
  if (missingColumn) return { lines, errors };
  if (!cols) errors.push({ row: 1, column: C.sellerSku, message: 'В файле нет обязательного столбца' });
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
