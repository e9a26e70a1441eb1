// The shipment file (POST /rest/api/v1/import/shipments_ac, spec 001 §5: at most 5 MB): a seller who plans
// hand-overs in Excel lays collected orders onto pallets of the shipment being formed. Every row is checked
// (FbsFileRow, the order collected and in that shipment or not yet grouped, no order twice); any error and
// nothing is saved, the rows' errors go into the file's error file; otherwise all rows are saved at once.
import { sql } from 'drizzle-orm';
import { FBS_FILE_COLUMNS, FBS_LIMITS, FbsFileRow, METHODS } from '@moda/contracts';
import { AppError } from '../../core/errors';
import type { RestRoute } from '../../core/rest';
import type { Db, DbOrTx } from '../../db/client';
import type { RowError } from '../../files/csv';
import { readUploadedSheet, RefusedFileError } from '../imports';
import { receivePartnerUpload, refuseRows, type UploadsService } from '../uploads';
import type { FbsService } from './fbs.service';
import * as q from './fbs.queries';

const WRITE = METHODS['v1.shipments.confirm'];

export const FILE_ROW_ERRORS = {
  header: `Первая строка — заголовки «${FBS_FILE_COLUMNS.join('», «')}»`,
  unknownOrder: 'Заказ не найден',
  notCollected: 'Заказ ещё не собран или уже отгружен',
  otherShipment: 'Заказ уже в подтверждённой отгрузке',
  duplicate: 'Заказ указан в файле дважды',
  tooManyRows: `Не больше ${FBS_LIMITS.fileMaxRows} строк в файле`,
} as const;

/** The file's rows, each checked on its own (the contract's FbsFileRow). */
async function readRows(bytes: Buffer) {
  const rows: { row: number; orderNr: string; pallet: number }[] = [];
  const errors: RowError[] = [];
  let header = true;
  await readUploadedSheet(
    bytes,
    (r) => {
      if (header) {
        header = false;
        if (r.cells[0]?.trim() !== FBS_FILE_COLUMNS[0] || r.cells[1]?.trim() !== FBS_FILE_COLUMNS[1])
          errors.push({ row: r.number, column: FBS_FILE_COLUMNS[0], message: FILE_ROW_ERRORS.header });
        return;
      }
      if (r.cells.every((c) => !c.trim())) return;
      const raw = r.cells[1]?.trim() ?? '';
      const parsed = FbsFileRow.safeParse({
        orderNr: r.cells[0] ?? '',
        pallet: raw === '' ? undefined : Number(raw),
      });
      if (parsed.success) rows.push({ row: r.number, ...parsed.data });
      else
        for (const issue of parsed.error.issues)
          errors.push({
            row: r.number,
            column: issue.path[0] === 'pallet' ? FBS_FILE_COLUMNS[1] : FBS_FILE_COLUMNS[0],
            message: issue.message,
          });
    },
    FBS_LIMITS.fileMaxRows + 1,
  );
  if (rows.length + errors.length > FBS_LIMITS.fileMaxRows)
    errors.push({
      row: FBS_LIMITS.fileMaxRows + 2,
      column: FBS_FILE_COLUMNS[0],
      message: FILE_ROW_ERRORS.tooManyRows,
    });
  return { rows, errors };
}

/** Checks the rows against the partner's orders and the shipment being formed; saves them when all pass. */
async function apply(
  tx: DbOrTx,
  partnerId: number,
  rows: { row: number; orderNr: string; pallet: number }[],
  checkOnly: boolean,
): Promise<{ errors: RowError[]; shipmentId: string | null }> {
  if (!rows.length) return { errors: [], shipmentId: null };
  const errors: RowError[] = [];
  const seen = new Set<string>();
  const found = await tx.execute<{
    id: number;
    order_nr: string;
    status: string;
    shipment_id: string | null;
    shipment_status: string | null;
    packs: number;
    item_count: number;
  }>(
    sql`select o.id, o.order_nr, o.status, o.item_count,
               (select count(*)::int from order_packs op where op.partner_id = o.partner_id and op.order_id = o.id) as packs,
               s.id::text as shipment_id, s.status as shipment_status
          from orders o
          left join fbs_shipment_orders so on so.partner_id = o.partner_id and so.order_id = o.id
          left join fbs_shipments s on s.partner_id = so.partner_id and s.id = so.shipment_id
               and s.status in ('new', 'confirmed', 'cancelPending', 'sent', 'received', 'closed')
         where o.partner_id = ${partnerId} and o.order_nr in (${sql.join(
           [...new Set(rows.map((r) => r.orderNr))].map((n) => sql`${n}`),
           sql`, `,
         )})`,
  );
  const byNr = new Map<string, (typeof found.rows)[number]>();
  for (const o of found.rows) if (!byNr.has(o.order_nr) || o.shipment_id) byNr.set(o.order_nr, o);
  const forming = found.rows.find((o) => o.shipment_status === 'new')?.shipment_id ?? null;
  for (const r of rows) {
    const o = byNr.get(r.orderNr);
    const column = FBS_FILE_COLUMNS[0];
    if (seen.has(r.orderNr)) errors.push({ row: r.row, column, message: FILE_ROW_ERRORS.duplicate });
    else if (!o) errors.push({ row: r.row, column, message: FILE_ROW_ERRORS.unknownOrder });
    else if (o.status !== 'awaiting_shipment')
      errors.push({ row: r.row, column, message: FILE_ROW_ERRORS.notCollected });
    else if (o.shipment_id && o.shipment_status !== 'new')
      errors.push({ row: r.row, column, message: FILE_ROW_ERRORS.otherShipment });
    seen.add(r.orderNr);
  }
  if (errors.length || checkOnly) return { errors, shipmentId: forming };
  if (!forming) throw new AppError('fbs.noActiveWarehouse', { field: 'file' });
  const pallets = new Set(
    (
      await tx.execute<{ cargo_space: number }>(
        sql`select cargo_space from fbs_pallets where partner_id = ${partnerId} and shipment_id = ${forming}::uuid`,
      )
    ).rows.map((p) => p.cargo_space),
  );
  for (const r of rows) {
    const o = byNr.get(r.orderNr)!;
    if (!pallets.has(r.pallet)) {
      await q.insertPallet(tx, partnerId, forming, r.pallet);
      pallets.add(r.pallet);
    }
    await tx.execute(sql`update fbs_shipment_orders set cargo_space = ${r.pallet}
      where partner_id = ${partnerId} and shipment_id = ${forming}::uuid and order_id = ${o.id}`);
  }
  await q.recount(tx, partnerId, forming);
  return { errors, shipmentId: forming };
}

export const fbsFileRoute = (deps: { db: Db; fbs: FbsService; files: UploadsService }): RestRoute => ({
  method: 'POST',
  url: '/rest/api/v1/import/shipments_ac',
  multipart: { fileSize: FBS_LIMITS.fileMaxBytes + 1, files: 1, fields: 5, fieldSize: 64, parts: 6 },
  async handle(call) {
    await call.principal();
    if (!call.isMultipart) throw new AppError('file.missing', { field: 'file' });
    // The 5 MB limit holds while the file streams in (the upload kind fbs_shipment).
    const {
      stored: upload,
      partnerId,
      fileName,
    } = await receivePartnerUpload(call, deps.files, {
      type: 'fbs_shipment',
      fileName: 'shipment.xlsx',
      beforeStore: async (partnerId) => {
        await call.authorize(WRITE, partnerId);
      },
    });
    const checked = await call.authorize(WRITE, partnerId);
    await deps.fbs.requireFbs(checked);
    await deps.fbs.form(partnerId);
    const record = await call.mutate('rest.shipments.import', checked, (ctx) =>
      deps.files.createRecord(ctx, {
        type: 'fbs_shipment',
        name: fileName,
        stored: upload,
        warehouseCode: null,
      }),
    );
    const row = (await deps.files.row(deps.db, partnerId, record.id))!;
    let errors: RowError[];
    let rows: { row: number; orderNr: string; pallet: number }[] = [];
    try {
      ({ rows, errors } = await readRows(await deps.files.bytes(row)));
      if (!errors.length && !rows.length) throw new AppError('fbs.fileEmpty', { field: 'file' });
    } catch (err) {
      const message =
        err instanceof RefusedFileError
          ? err.message
          : err instanceof AppError
            ? err.message
            : 'Не удалось прочитать файл: сохраните его в формате XLSX';
      await deps.files.setState(deps.db, partnerId, record.id, {
        status: 'fail',
        result: 'failed',
        errorCode: 'fbs.fileRows',
        errorMessage: message,
      });
      if (err instanceof AppError) throw err;
      throw new AppError('file.wrongFormat', { field: 'file', message });
    }
    const result = await call
      .mutate('rest.shipments.import.apply', checked, async (ctx) => {
        const r = await apply(ctx.db, partnerId, rows, errors.length > 0);
        const all = [...errors, ...r.errors];
        // Nothing half-saved: any refused row rolls the whole file back.
        if (all.length)
          throw Object.assign(new Error('rows refused'), { refused: { errors: all, shipmentId: null } });
        await deps.files.setState(ctx.db, partnerId, record.id, {
          status: 'ok',
          result: 'ok',
          rowsTotal: rows.length,
          rowsDone: rows.length,
        });
        return r;
      })
      .catch((err: unknown) => {
        const refused = (err as { refused?: { errors: RowError[]; shipmentId: string | null } }).refused;
        if (refused) return refused;
        throw err;
      });
    if (result.errors.length) {
      await refuseRows(deps.db, deps.files, row, result.errors, {
        errorCode: 'fbs.fileRows',
        rowsTotal: rows.length + errors.length,
        rowsDone: rows.length + errors.length,
      });
      return {
        status: 400,
        json: {
          fileId: record.id,
          message: `В файле отгрузки есть ошибки: ${result.errors.length}. Исправьте их и загрузите файл снова`,
          errors: result.errors.map((e) => ({ field: `row.${e.row}`, message: `${e.column}: ${e.message}` })),
        },
      };
    }
    return { status: 200, json: { fileId: record.id, shipmentId: result.shipmentId, orders: rows.length } };
  },
});
