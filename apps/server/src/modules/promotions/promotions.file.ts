// Promotion files (spec 000 §4 Promotion file import, spec 001 §5 Files, §8 Promotion, §9): the promotion's
// template (its version in the first row), the upload (at most 10 MB, held while it streams; an outdated
// template refused), and the job that checks every row by the same rules as the hand-picked add (the floor
// price included) and saves all rows or none, leaving an error file of the refused rows.
import { z } from 'zod';
import {
  ERRORS,
  METHODS,
  PROMOTION_COLUMNS,
  PROMOTION_LIMITS,
  PROMOTION_ROW_ERRORS,
  PROMOTION_TEMPLATE_VERSION,
  PromotionFileAction,
  toFieldErrors,
  type PromotionFileRecord,
} from '@moda/contracts';
import { AppError } from '../../core/errors';
import type { RestRoute } from '../../core/rest';
import type { Db } from '../../db/client';
import type { RowError } from '../../files/csv';
import { safeCellText } from '../../files/safe-cell';
import type { Jobs } from '../../jobs/jobs';
import { readUploadedSheet, RefusedFileError } from '../imports';
import {
  receivePartnerUpload,
  runUploadCheck,
  UploadRefusal,
  uploadCheckJob,
  type UploadsService,
} from '../uploads';
import * as q from './promotions.queries';
import { evaluate, type PromotionsService } from './promotions.service';
import { loadExcel } from '../../core/lazy-libs';

export const promotionFileJob = uploadCheckJob('promotions.file');

const READ = METHODS['v1.promotions.get'];
const WRITE = METHODS['v1.promotions.products.add'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PartnerQuery = z.object({ partnerId: z.coerce.number().int().positive() });

const norm = (s: string) => s.trim().toLowerCase().replace(/\*$/, '').replace(/ё/g, 'е');

/** The rows of a promotion file: the template's version first, then the seller SKUs (each once). */
export async function readPromotionFile(
  bytes: Buffer,
): Promise<{ outdated: boolean; lines: { row: number; sellerSku: string }[]; errors: RowError[] }> {
  const C = PROMOTION_COLUMNS;
  const lines: { row: number; sellerSku: string }[] = [];
  const errors: RowError[] = [];
  let version: string | null = null;
  let skuCol = -1;
  const seen = new Set<string>();
  await readUploadedSheet(
    bytes,
    (row) => {
      const cells = row.cells;
      if (version === null) {
        version = norm(cells[0] ?? '') === norm(C.version) ? (cells[1] ?? '').trim() : '';
        return version === String(PROMOTION_TEMPLATE_VERSION) ? undefined : false;
      }
      if (skuCol < 0) {
        skuCol = cells.map(norm).indexOf(norm(C.sellerSku));
        if (skuCol < 0) {
          errors.push({ row: row.number, column: C.sellerSku, message: 'В файле нет обязательного столбца' });
          return false;
        }
        return;
      }
      if (cells.every((c) => !c.trim())) return;
      const sku = (cells[skuCol] ?? '').trim();
      if (!sku) errors.push({ row: row.number, column: C.sellerSku, message: PROMOTION_ROW_ERRORS.blank });
      else if (seen.has(sku))
        errors.push({ row: row.number, column: C.sellerSku, message: PROMOTION_ROW_ERRORS.notUnique });
      else {
        seen.add(sku);
        lines.push({ row: row.number, sellerSku: sku });
      }
    },
    PROMOTION_LIMITS.fileMaxRows + 2,
  );
  const outdated = version !== String(PROMOTION_TEMPLATE_VERSION);
  if (!outdated && skuCol >= 0 && !lines.length && !errors.length)
    errors.push({ row: 3, column: C.sellerSku, message: 'В файле нет ни одного товара' });
  return { outdated, lines, errors };
}

/** A refusal of the whole file by the promotion's rules (gone, registration closed): its own code. */
async function asRefusal<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) throw new UploadRefusal(err.key, err.message);
    throw err;
  }
}

/** The job: check one uploaded promotion file and apply it whole, or fail it with its error file. */
export async function checkPromotionFile(
  deps: {
    db: Db;
    files: UploadsService;
    promotions: PromotionsService;
    log?: (obj: object, msg: string) => void;
  },
  job: { partnerId: number; fileId: string },
): Promise<void> {
  const { partnerId, fileId } = job;
  const meta = await q.fileOf(deps.db, partnerId, fileId);
  if (!meta) return;
  const adding = meta.action === 'add';
  await runUploadCheck(deps, job, {
    type: 'promotion_products',
    codes: {
      rowsRefused: 'promotion.rowsRefused',
      refusedFile: 'promotion.refusedFile',
      unreadable: 'promotion.unreadable',
    },
    refusedFileError: RefusedFileError,
    unreadableLog: 'promotions: file unreadable',
    async check({ bytes }) {
      const read = await readPromotionFile(await bytes());
      if (read.outdated)
        throw new UploadRefusal('promotion.outdatedTemplate', ERRORS['promotion.outdatedTemplate'].message);
      const { lines } = read;
      let promo: q.PromotionDbRow | undefined;
      const join: { productId: number; promoPrice: number }[] = [];
      const leave: number[] = [];
      return {
        errors: read.errors,
        rowsTotal: lines.length,
        refusedRowsTotal: lines.length + read.errors.length,
        refusedRowsDone: 0,
        recheck: (tx, errors) =>
          asRefusal(async () => {
            // The promotion as the uploader sees it, and registration still open when the file is applied.
            promo = await q.promotionById(tx, meta.promotion_id, true);
            if (!promo) throw new AppError('promotion.notFound');
            deps.promotions.assertOpen(promo, adding);
            const found = await q.productsBySkus(
              tx,
              partnerId,
              promo.id,
              lines.map((l) => l.sellerSku),
            );
            const bySku = new Map(found.map((r) => [r.seller_sku, r]));
            const C = PROMOTION_COLUMNS;
            for (const l of lines) {
              const p = bySku.get(l.sellerSku);
              const err = (message: string) => errors.push({ row: l.row, column: C.sellerSku, message });
              if (!p) err(PROMOTION_ROW_ERRORS.skuNotFound);
              else if (!adding) {
                if (p.in_promotion) leave.push(Number(p.id));
                else err(PROMOTION_ROW_ERRORS.notInPromotion);
              } else if (!p.in_promotion) {
                const e = evaluate(p, promo);
                if (e.status === 'ok') join.push({ productId: Number(p.id), promoPrice: e.promoPrice! });
                else
                  err(
                    e.status === 'belowFloor'
                      ? PROMOTION_ROW_ERRORS.belowFloor
                          .replace('{promoPrice}', String(e.promoPrice))
                          .replace('{floorPrice}', String(p.floor_price))
                      : PROMOTION_ROW_ERRORS[e.status],
                  );
              }
            }
          }),
        save: (tx) =>
          asRefusal(async () => {
            const { id, name, state } = promo!;
            if (adding) await q.join(tx, partnerId, { id, name, state }, join);
            else await q.leave(tx, partnerId, id, leave);
          }),
      };
    },
  });
}

/** The template of a promotion: its version, then the partner's products that may be listed in it. */
async function template(db: Db, partnerId: number, promo: q.PromotionDbRow): Promise<Buffer> {
  const C = PROMOTION_COLUMNS;
  const wb = new (await loadExcel()).Workbook();
  const ws = wb.addWorksheet('Товары в акции');
  ws.addRow([C.version, PROMOTION_TEMPLATE_VERSION, C.promotion, safeCellText(promo.name)]);
  const header = [C.sellerSku, C.modaSku, C.title, C.price, C.promoPrice, C.floorPrice];
  ws.addRow(header).font = { bold: true };
  ws.columns = header.map((h) => ({ width: Math.max(16, h.length + 4) }));
  const { rows } = await q.productsPage(
    db,
    partnerId,
    promo.id,
    { scope: 'candidates' },
    1,
    PROMOTION_LIMITS.fileMaxRows,
  );
  for (const r of rows) {
    const e = evaluate(r, promo);
    if (e.status !== 'ok') continue;
    ws.addRow([
      safeCellText(r.seller_sku),
      r.moda_sku,
      safeCellText(r.title),
      r.price,
      e.promoPrice,
      r.floor_price,
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const promotionsRest = (deps: {
  db: Db;
  jobs: Jobs;
  promotions: PromotionsService;
  files: UploadsService;
}): RestRoute[] => [
  {
    // The promotion's template: the version the check requires and the products that may join.
    method: 'GET',
    url: '/rest/api/v1/promotions/:id/template',
    async handle(call) {
      await call.principal();
      const parsed = PartnerQuery.safeParse(call.query);
      if (!parsed.success) throw new AppError('rpc.invalidParams', { errors: toFieldErrors(parsed.error) });
      const ctx = await call.authorize(READ, parsed.data.partnerId);
      const id = call.params.id ?? '';
      if (!/^\d{1,12}$/.test(id)) throw new AppError('promotion.notFound');
      const promo = await deps.promotions.forFile(ctx, id);
      const body = await template(deps.db, parsed.data.partnerId, promo);
      return { file: { contentType: XLSX, fileName: `Шаблон_акции_${promo.id}.xlsx`, body } };
    },
  },
  {
    // A promotion products file: fields partner_code and action (add, remove) before the file.
    method: 'POST',
    url: '/rest/api/v1/promotions/:id/files',
    multipart: { fileSize: PROMOTION_LIMITS.fileMaxBytes + 1, files: 1, fields: 5, fieldSize: 64, parts: 6 },
    async handle(call) {
      await call.principal();
      if (!call.isMultipart) throw new AppError('file.missing', { field: 'file' });
      const id = call.params.id ?? '';
      if (!/^\d{1,12}$/.test(id)) throw new AppError('promotion.notFound');
      // The 10 MB limit holds while the file streams in (the upload kind promotion_products).
      const {
        stored: upload,
        partnerId,
        fileName,
        fields,
      } = await receivePartnerUpload(call, deps.files, {
        type: 'promotion_products',
        fileName: 'promotion.xlsx',
        beforeStore: async (partnerId, fields) => {
          const ctx = await call.authorize(WRITE, partnerId);
          const action = PromotionFileAction.safeParse(fields.action);
          if (!action.success)
            throw new AppError('rpc.invalidParams', {
              errors: [{ field: 'action', message: 'Выберите действие: добавить или удалить товары' }],
            });
          deps.promotions.assertOpen(await deps.promotions.forFile(ctx, id), action.data === 'add');
        },
      });
      const action = fields.action as 'add' | 'remove';
      const checked = await call.authorize(WRITE, partnerId);
      const record = await call.mutate('rest.promotions.file', checked, async (ctx) => {
        const r = await deps.files.createRecord(ctx, {
          type: 'promotion_products',
          name: fileName,
          stored: upload,
          warehouseCode: null,
        });
        await q.insertFile(ctx.db, partnerId, r.id, id, action);
        return r;
      });
      await deps.files.uploaded(deps.db, record, partnerId);
      const promo = await q.promotionById(deps.db, id);
      const json: PromotionFileRecord = {
        id: record.id,
        name: record.name,
        status: 'new',
        partnerId,
        action,
        promotionId: id,
        promotionName: promo?.name ?? '',
        updatedAt: record.updatedAt,
        code: null,
        promoFileErrorTxt: null,
        hasErrorFile: false,
        rowsTotal: null,
      };
      return { status: 201, json };
    },
  },
];
