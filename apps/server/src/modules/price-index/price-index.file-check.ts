// The competitor prices file (spec 001 §7 competitor-price-create.upload): an uploaded competitor_prices xlsx
// of the template we give is read row by row; each row is checked by the same schema as the form
// (CompetitorPriceRow), then against the catalogue, the counted competitors and the claims under review.
// Errors go back per row in an error file; only a whole clean file becomes claims (nothing half-saved).
import { COMPETITOR_FILE_COLUMNS, CompetitorPriceRow, ERRORS, PRICE_INDEX_RULES } from '@moda/contracts';
import type { Db } from '../../db/client';
import type { RowError } from '../../files/csv';
import { runUploadCheck, uploadCheckJob, type UploadsService } from '../uploads';
import { readUploadedSheet, RefusedFileError } from '../imports';
import * as q from './price-index.queries';

export const competitorFileJob = uploadCheckJob('price-index.competitor-file');

type Column = keyof typeof COMPETITOR_FILE_COLUMNS;
export interface FileLine {
  row: number;
  sellerSku: string;
  competitor: string;
  url: string;
  price: number;
}

const norm = (s: string) => s.trim().toLowerCase().replace(/ё/g, 'е');
const FILE_ERRORS = {
  missingColumn: 'В файле нет обязательного столбца',
  empty: 'В файле нет ни одной строки с ценой',
  tooManyRows: `В файле больше ${PRICE_INDEX_RULES.fileRowsMax} строк`,
  notANumber: 'Укажите цену конкурента числом',
  duplicate: 'Товар уже есть в файле выше',
  skuNotFound: 'Товар с таким артикулом продавца не найден',
} as const;

/** Read the rows and check each with the form's schema; the catalogue checks come after. */
export async function readCompetitorFile(bytes: Buffer): Promise<{ lines: FileLine[]; errors: RowError[] }> {
  const lines: FileLine[] = [];
  const errors: RowError[] = [];
  const C = COMPETITOR_FILE_COLUMNS;
  let cols: Record<Column, number> | null = null;
  let rows = 0;
  let stop = false;
  await readUploadedSheet(bytes, (row) => {
    const cells = row.cells;
    if (!cols) {
      const names = cells.map(norm);
      const found = Object.fromEntries(
        (Object.keys(C) as Column[]).map((k) => [k, names.indexOf(norm(C[k]))]),
      ) as Record<Column, number>;
      const missing = (Object.keys(C) as Column[]).find((k) => found[k] < 0);
      if (missing) {
        if (row.number < 5) return;
        errors.push({ row: row.number, column: C[missing], message: FILE_ERRORS.missingColumn });
        stop = true;
        return false;
      }
      cols = found;
      return;
    }
    const cell = (k: Column) => (cells[cols![k]] ?? '').trim();
    if ((Object.keys(C) as Column[]).every((k) => !cell(k))) return;
    if (++rows > PRICE_INDEX_RULES.fileRowsMax) {
      errors.push({ row: row.number, column: C.sellerSku, message: FILE_ERRORS.tooManyRows });
      stop = true;
      return false;
    }
    const rawPrice = cell('price').replace(/\s/g, '').replace(',', '.');
    const price = /^[-+]?\d+(\.\d+)?$/.test(rawPrice) ? Number(rawPrice) : Number.NaN;
    if (cell('price') && Number.isNaN(price)) {
      errors.push({ row: row.number, column: C.price, message: FILE_ERRORS.notANumber });
    }
    const parsed = CompetitorPriceRow.safeParse({
      sellerSku: cell('sellerSku'),
      competitor: cell('competitor'),
      url: cell('url'),
      price: cell('price') ? price : undefined,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'sellerSku') as Column;
        if (key === 'price' && cell('price') && Number.isNaN(price)) continue;
        errors.push({ row: row.number, column: C[key] ?? C.sellerSku, message: issue.message });
      }
      return;
    }
    lines.push({ row: row.number, ...parsed.data });
  });
  if (stop) return { lines: [], errors };
  if (!cols) errors.push({ row: 1, column: C.sellerSku, message: FILE_ERRORS.missingColumn });
  else if (!lines.length && !errors.length)
    errors.push({ row: 2, column: C.sellerSku, message: FILE_ERRORS.empty });
  return { lines, errors };
}

/** The job: check one uploaded competitor prices file; never throws for a bad file (the task says why). */
export function checkCompetitorFile(
  deps: {
    db: Db;
    files: UploadsService;
    competitors: (partnerId: number) => Promise<string[]>;
    log?: (obj: object, msg: string) => void;
  },
  job: { partnerId: number; fileId: string },
): Promise<void> {
  const { db } = deps;
  const { partnerId } = job;
  return runUploadCheck(deps, job, {
    type: 'competitor_prices',
    codes: {
      rowsRefused: 'priceIndex.rowsRefused',
      refusedFile: 'priceIndex.refusedFile',
      unreadable: 'priceIndex.unreadable',
    },
    refusedFileError: RefusedFileError,
    unreadableLog: 'price index: competitor prices file unreadable',
    async check({ bytes }) {
      const { lines, errors } = await readCompetitorFile(await bytes());
      const C = COMPETITOR_FILE_COLUMNS;
      const ids = new Map<string, number>();
      if (lines.length) {
        for (const p of await q.productsBySku(db, partnerId, [...new Set(lines.map((l) => l.sellerSku))]))
          ids.set(p.sellerSku, p.id);
        const counted = new Set(await deps.competitors(partnerId));
        const open = new Set((await q.openClaims(db, partnerId, [...ids.values()])).map((c) => c.productId));
        const seen = new Set<string>();
        for (const l of lines) {
          const id = ids.get(l.sellerSku);
          if (id === undefined) {
            errors.push({ row: l.row, column: C.sellerSku, message: FILE_ERRORS.skuNotFound });
          } else if (seen.has(l.sellerSku)) {
            errors.push({ row: l.row, column: C.sellerSku, message: FILE_ERRORS.duplicate });
          } else if (open.has(id)) {
            errors.push({ row: l.row, column: C.sellerSku, message: ERRORS['priceIndex.claimOpen'].message });
          }
          seen.add(l.sellerSku);
          if (!counted.has(l.competitor))
            errors.push({
              row: l.row,
              column: C.competitor,
              message: ERRORS['priceIndex.competitorNotCounted'].message,
            });
        }
      }
      return {
        errors,
        rowsTotal: lines.length,
        save: (tx) =>
          q.insertClaims(
            tx,
            lines.map((l) => ({
              partnerId,
              productId: ids.get(l.sellerSku)!,
              kind: 'add',
              status: 'review',
              competitor: l.competitor,
              url: l.url,
              price: l.price,
            })),
          ),
      };
    },
  });
}
