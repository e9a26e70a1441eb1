// Cost and floor prices by file (issue 21: "per product, per brand or category, in bulk, or by file"): the
// template streams the partner's products with their current prices, the upload goes through the shared file
// tasks (POST /rest/api/v1/files, type product_cost_prices, the roles of v1.promotions.cost-prices.set), and
// the job checks every row by the contract's rule (costPriceRowErrors: CostPriceInput) and saves all rows or
// none, leaving an error file of the refused rows with the Russian message of each.
import { PassThrough } from 'node:stream';
import {
  COST_PRICE_COLUMNS,
  COST_PRICE_FILE,
  COST_PRICE_ROW_ERRORS,
  costPriceCell,
  costPriceRowErrors,
  METHODS,
} from '@moda/contracts';
import type { CallContext } from '../../core/context';
import { requirePartner } from '../../core/context';
import type { RestCall, RestRoute } from '../../core/rest';
import type { Db } from '../../db/client';
import type { RowError } from '../../files/csv';
import { safeCellText } from '../../files/safe-cell';
import { readUploadedSheet, RefusedFileError } from '../imports';
import { runUploadCheck, uploadCheckJob, type UploadsService } from '../uploads';
import * as q from './promotions.queries';
import { loadExcel } from '../../core/lazy-libs';

export const costPriceFileJob = uploadCheckJob('promotions.cost-file');

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const READ_OP = METHODS['v1.promotions.cost-prices.set'];
const norm = (s: string) => s.trim().toLowerCase().replace(/\*$/, '').replace(/ё/g, 'е');

export interface CostPriceLine {
  row: number;
  sellerSku: string;
  costPrice: number | null;
  floorPrice: number | null;
}

/** Read the rows and check each by the contract's rule; the catalogue check comes after (one query). */
export async function readCostPriceFile(
  bytes: Buffer,
): Promise<{ lines: CostPriceLine[]; errors: RowError[] }> {
  const C = COST_PRICE_COLUMNS;
  const lines: CostPriceLine[] = [];
  const errors: RowError[] = [];
  const seen = new Set<string>();
  let cols: { sku: number; cost: number; floor: number } | null = null;
  let rows = 0;
  await readUploadedSheet(
    bytes,
    (row) => {
      const cells = row.cells;
      if (!cols) {
        const names = cells.map(norm);
        const sku = names.indexOf(norm(C.sellerSku));
        const cost = names.indexOf(norm(C.costPrice));
        const floor = names.indexOf(norm(C.floorPrice));
        if (sku < 0 || cost < 0 || floor < 0) {
          errors.push({
            row: row.number,
            column: sku < 0 ? C.sellerSku : cost < 0 ? C.costPrice : C.floorPrice,
            message: COST_PRICE_ROW_ERRORS.missingColumn,
          });
          return false;
        }
        cols = { sku, cost, floor };
        return;
      }
      const sku = (cells[cols.sku] ?? '').trim();
      const cost = cells[cols.cost] ?? '';
      const floor = cells[cols.floor] ?? '';
      if (!sku && !cost.trim() && !floor.trim()) return;
      if (++rows > COST_PRICE_FILE.maxRows) {
        errors.push({ row: row.number, column: C.sellerSku, message: COST_PRICE_ROW_ERRORS.tooManyRows });
        return false;
      }
      const before = errors.length;
      if (!sku) errors.push({ row: row.number, column: C.sellerSku, message: COST_PRICE_ROW_ERRORS.blank });
      else if (seen.has(sku))
        errors.push({ row: row.number, column: C.sellerSku, message: COST_PRICE_ROW_ERRORS.notUnique });
      seen.add(sku);
      for (const e of costPriceRowErrors({ costPrice: cost, floorPrice: floor }))
        errors.push({ row: row.number, column: C[e.column], message: e.message });
      if (errors.length === before)
        lines.push({
          row: row.number,
          sellerSku: sku,
          costPrice: costPriceCell(cost) as number | null,
          floorPrice: costPriceCell(floor) as number | null,
        });
    },
    COST_PRICE_FILE.maxRows + 2,
  );
  if (cols && !lines.length && !errors.length)
    errors.push({ row: 2, column: C.sellerSku, message: COST_PRICE_ROW_ERRORS.noRows });
  if (!cols && !errors.length)
    errors.push({ row: 1, column: C.sellerSku, message: COST_PRICE_ROW_ERRORS.missingColumn });
  return { lines, errors };
}

/** The job: check one uploaded cost price file and save it whole, or fail it with its error file. */
export function checkCostPriceFile(
  deps: { db: Db; files: UploadsService; log?: (obj: object, msg: string) => void },
  job: { partnerId: number; fileId: string },
): Promise<void> {
  const { partnerId } = job;
  return runUploadCheck(deps, job, {
    type: 'product_cost_prices',
    codes: {
      rowsRefused: 'promotion.costRowsRefused',
      refusedFile: 'promotion.refusedFile',
      unreadable: 'promotion.unreadable',
    },
    refusedFileError: RefusedFileError,
    unreadableLog: 'promotions: cost price file unreadable',
    async check({ bytes }) {
      const { lines, errors } = await readCostPriceFile(await bytes());
      // Another partner's SKU is not among the partner's products: unknown, like a missing one.
      const ids = new Map(
        (await q.productIdsBySkus(deps.db, partnerId, [...new Set(lines.map((l) => l.sellerSku))])).map(
          (p) => [p.seller_sku, Number(p.id)],
        ),
      );
      for (const l of lines)
        if (!ids.has(l.sellerSku))
          errors.push({
            row: l.row,
            column: COST_PRICE_COLUMNS.sellerSku,
            message: COST_PRICE_ROW_ERRORS.skuNotFound,
          });
      return {
        errors,
        rowsTotal: lines.length,
        refusedRowsDone: 0,
        save: (tx) =>
          q.setCostPrices(
            tx,
            partnerId,
            lines.map((l) => ({
              productId: ids.get(l.sellerSku)!,
              costPrice: l.costPrice,
              floorPrice: l.floorPrice,
            })),
          ),
      };
    },
  });
}

/** The template, written as it is read: every product of the partner with its current prices. */
async function writeTemplate(out: PassThrough, ctx: CallContext): Promise<void> {
  const C = COST_PRICE_COLUMNS;
  const wb = new (await loadExcel()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet('Себестоимость', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    { header: C.sellerSku, width: 24 },
    { header: C.modaSku, width: 18 },
    { header: C.title, width: 40 },
    { header: C.costPrice, width: 18 },
    { header: C.floorPrice, width: 22 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  const partnerId = requirePartner(ctx);
  let after = 0;
  for (;;) {
    const page = await q.costPricePage(ctx.db, partnerId, after, 1000);
    for (const r of page)
      ws.addRow([
        safeCellText(r.seller_sku),
        r.moda_sku,
        safeCellText(r.title),
        r.cost_price ?? undefined,
        r.floor_price ?? undefined,
      ]).commit();
    if (page.length < 1000) break;
    after = Number(page.at(-1)!.id);
  }
  ws.commit();
  await wb.commit();
}

export const costPriceRest = (): RestRoute[] => [
  {
    // The cost price template: the partner's products with their current cost and floor prices.
    method: 'GET',
    url: '/rest/api/v1/promotions/cost-prices/template',
    async handle(call: RestCall) {
      const raw = Number(call.query.partnerId);
      const ctx = await call.authorize(
        { ...READ_OP, mutates: false },
        Number.isInteger(raw) && raw > 0 ? raw : null,
      );
      const out = new PassThrough();
      writeTemplate(out, ctx).catch((err: unknown) => {
        call.logError(err, 'cost price template failed');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      return {
        file: {
          contentType: XLSX,
          fileName: `Себестоимость_${ctx.partnerId}.xlsx`,
          cacheControl: 'no-store',
          body: out,
        },
      };
    },
  },
];
