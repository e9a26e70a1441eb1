// The return file's check (spec 001 §5 Supplier returns and Files, §8): an uploaded fbo_return xlsx is read
// row by row (supplier SKU, quantity, optional date); each row is checked by the same rules as the form's
// (catalogue, warehouse system, clothes and jewellery, stock on hand); errors go back per row in an error
// file, and only a whole clean file is kept, waiting to become a return (v1.supplier-return.create-from-file).
import {
  BASE_WAREHOUSES,
  FBO_RETURN_COLUMNS,
  FBO_RETURN_ROW_ERRORS,
  type FboWarehouseCode,
} from '@moda/contracts';
import type { Db } from '../../db/client';
import type { RowError } from '../../files/csv';
import { runUploadCheck, UploadRefusal, uploadCheckJob, type UploadsService } from '../uploads';
import { readUploadedSheet, RefusedFileError } from '../imports';
import * as q from './fbo-returns.queries';
import type { FboReturnsService } from './fbo-returns.service';
import { FileHeader, fileQuantity } from '../fbo';

export const returnFileJob = uploadCheckJob('fbo-returns.file');

type FileLine = { row: number; sellerSku: string; quantity: number };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: string) =>
  DAY.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** Read and check the rows' shape; the catalogue and stock checks come after (one query each). */
export async function readReturnFile(
  bytes: Buffer,
): Promise<{ lines: FileLine[]; errors: RowError[]; returnAt: string | null }> {
  const C = FBO_RETURN_COLUMNS;
  const E = FBO_RETURN_ROW_ERRORS;
  const lines: FileLine[] = [];
  const errors: RowError[] = [];
  const header = new FileHeader({ sellerSku: C.sellerSku, quantity: C.quantity, optional: C.returnAt });
  let returnAt: string | null = null;
  const seen = new Set<string>();
  await readUploadedSheet(bytes, (row) => {
    if (!header.cols) return header.read(row, errors);
    const cells = header.values(row);
    if (!cells) return;
    const { sku, rawQty, optional: day } = cells;
    const before = errors.length;
    if (!sku) errors.push({ row: row.number, column: C.sellerSku, message: E.blank });
    const { qty, error } = fileQuantity(rawQty, E);
    if (error) errors.push({ row: row.number, column: C.quantity, message: error });
    if (day) {
      if (!isDay(day)) errors.push({ row: row.number, column: C.returnAt, message: E.dateFormat });
      else if (returnAt && day !== returnAt)
        errors.push({
          row: row.number,
          column: C.returnAt,
          message: 'Дата возврата должна быть одна на весь файл',
        });
      else returnAt = day;
    }
    if (sku) {
      if (seen.has(sku)) errors.push({ row: row.number, column: C.sellerSku, message: E.notUnique });
      seen.add(sku);
    }
    if (errors.length === before) lines.push({ row: row.number, sellerSku: sku, quantity: qty });
  });
  if (header.missing) return { lines, errors, returnAt };
  if (!header.cols)
    errors.push({ row: 1, column: C.sellerSku, message: 'В файле нет обязательного столбца' });
  else if (!lines.length && !errors.length)
    errors.push({ row: 2, column: C.sellerSku, message: E.atLeastOneItem });
  return { lines, errors, returnAt };
}

/** The job: check one uploaded return file; never throws for a bad file (the task says why). */
export function checkReturnFile(
  deps: {
    db: Db;
    files: UploadsService;
    returns: FboReturnsService;
    log?: (obj: object, msg: string) => void;
  },
  job: { partnerId: number; fileId: string },
): Promise<void> {
  const { partnerId, fileId } = job;
  return runUploadCheck(deps, job, {
    type: 'fbo_return',
    codes: {
      rowsRefused: 'fboReturn.rowsRefused',
      refusedFile: 'fboReturn.refusedFile',
      unreadable: 'fboReturn.unreadable',
    },
    refusedFileError: RefusedFileError,
    unreadableLog: 'fbo-returns: return file unreadable',
    async check({ row, bytes }) {
      const warehouse = row.warehouseCode;
      if (!warehouse || !(BASE_WAREHOUSES as readonly string[]).includes(warehouse))
        throw new UploadRefusal('fboReturn.unknownWarehouse', 'Выберите склад, с которого вернуть товары');
      const { lines, errors, returnAt } = await readReturnFile(await bytes());
      return {
        errors,
        rowsTotal: lines.length,
        // The stock is checked under the partner's stock lock, in the transaction that saves the file.
        async recheck(tx, errors) {
          if (!lines.length) return;
          await q.lockPartnerStock(tx, partnerId);
          const checked = await deps.returns.checkLines(tx, partnerId, warehouse as FboWarehouseCode, lines);
          const C = FBO_RETURN_COLUMNS;
          for (const e of checked.errors)
            errors.push({
              row: lines[e.index]!.row,
              column: e.field === 'sellerSku' ? C.sellerSku : C.quantity,
              message: e.message,
            });
        },
        save: (tx) =>
          q.saveCheckedFile(
            tx,
            partnerId,
            fileId,
            warehouse,
            returnAt,
            lines.map(({ sellerSku, quantity }) => ({ sellerSku, quantity })),
          ),
      };
    },
  });
}
