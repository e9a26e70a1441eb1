// FBO returns: the seller's side (a return by form or from a checked file, confirm, cancel, book a window),
// the warehouse's side (v1.platform.*: reserve, reject, offer windows, pick, ship), each move checked against
// FBO_RETURN_MACHINE. Units are held against the FBO stock under a per-partner lock, so two returns racing
// for the last units cannot both take them. No HTTP here: rpc/ and rest/ map the errors.
import {
  ERRORS,
  FBO_RETURN_MACHINE,
  FBO_RETURN_ROW_ERRORS,
  FBO_RETURN_STATUS_LABELS,
  availableActions,
  checkTransition,
  fill,
  moscowDay,
  returnGoodsKind,
  toMoscow,
  type Actor,
  type FboReturnAction,
  type FboReturnCard,
  type FboReturnRow,
  type FboReturnSlot,
  type FboReturnState as Status,
  type FboWarehouseCode,
  type FieldError,
} from '@moda/contracts';
import type { CallContext } from '../../core/context';
import { requirePartner, requirePrincipal } from '../../core/context';
import { AppError } from '../../core/errors';
import { emitEvent } from '../webhooks';
import { concurrently, type Db, type DbOrTx } from '../../db/client';
import type { FboService } from '../fbo';
import type { PartnersService } from '../partners';
import * as q from './fbo-returns.queries';
import { slotOf, toCard, toRow } from './fbo-returns.model';

function actorOf(ctx: CallContext): { actors: Actor[]; name: string } {
  const p = requirePrincipal(ctx);
  if (p.service) return { actors: ['platform'], name: 'Склад маркетплейса' };
  return { actors: p.roles, name: p.email };
}

const cannotMove = (action: FboReturnAction) =>
  new AppError('fboReturn.cannotMove', {
    message: fill(ERRORS['fboReturn.cannotMove'].message, {
      status: FBO_RETURN_STATUS_LABELS[FBO_RETURN_MACHINE.transitions[action].to],
    }),
  });

/** A line of a return before it is saved: from the form (index) or the file (row). */
export type Line = { sellerSku: string; quantity: number };
/** Why a line is refused: its index in the list given, the field, the Russian message. */
export type LineError = { index: number; field: 'sellerSku' | 'quantity'; message: string };

export class FboReturnsService {
  constructor(
    private readonly deps: { db: Db; partners: PartnersService; fbo: FboService; now: () => Date },
  ) {}

  private now(): Date {
    return this.deps.now();
  }

  private async requireConsignment(ctx: CallContext): Promise<number> {
    const partnerId = requirePartner(ctx);
    const partner = await this.deps.partners.current(ctx);
    if (partner.businessModel !== 'consignment') throw new AppError('fboReturn.notConsignment');
    return partnerId;
  }

  private async load(ctx: CallContext, id: string, lock = false): Promise<q.ReturnRow> {
    const partnerId = await this.requireConsignment(ctx);
    const row = await q.returnById(ctx.db, partnerId, id, lock);
    if (!row) throw new AppError('fboReturn.notFound', { field: 'id' });
    return row;
  }

  private async loadPlatform(ctx: CallContext, id: string): Promise<q.ReturnRow> {
    const row = await q.returnById(ctx.db, null, id, true);
    if (!row) throw new AppError('fboReturn.notFound', { field: 'id' });
    return row;
  }

  /** Check the move against the machine for the caller, record it, and set the new status. */
  private async move(
    ctx: CallContext,
    row: q.ReturnRow,
    action: FboReturnAction,
    patch: Record<string, unknown> = {},
    reason: string | null = null,
  ): Promise<Status> {
    const actor = actorOf(ctx);
    const refused = checkTransition(FBO_RETURN_MACHINE, action, row.status as Status, actor.actors);
    if (refused === 'forbidden') throw new AppError('common.forbidden');
    if (refused) throw cannotMove(action);
    const to = FBO_RETURN_MACHINE.transitions[action].to;
    const at = this.now();
    await q.setReturn(ctx.db, row.partner_id, row.id, { status: to, ...patch }, at);
    await q.addEvent(ctx.db, row.partner_id, row.id, row.status, to, actor.name, reason, at);
    await emitEvent(ctx.db, {
      partnerId: row.partner_id,
      type: 'fbo.return.status_changed',
      objectId: row.id,
      payload: { returnId: row.id, status: to, previousStatus: row.status as Status },
    });
    ctx.audit.objectId = row.id;
    ctx.audit.partnerId = row.partner_id;
    return to;
  }

  // --- reading ------------------------------------------------------------------------------------

  async list(
    ctx: CallContext,
    p: q.ListFilter & { sort: string; page: number; pageSize: number },
  ): Promise<{ items: FboReturnRow[]; total: number }> {
    const partnerId = await this.requireConsignment(ctx);
    const { rows, total } = await q.listReturns(
      ctx.db,
      partnerId,
      p,
      p.sort,
      p.pageSize,
      (p.page - 1) * p.pageSize,
    );
    return { items: rows.map(toRow), total };
  }

  async get(ctx: CallContext, id: string): Promise<FboReturnCard> {
    const row = await this.load(ctx, id);
    return this.card(ctx, row);
  }

  private async card(ctx: CallContext, row: q.ReturnRow): Promise<FboReturnCard> {
    const [items, history, files] = await concurrently(ctx.db, [
      () => q.itemsOf(ctx.db, row.partner_id, row.id),
      () => q.events(ctx.db, row.partner_id, row.id),
      () => q.files(ctx.db, row.partner_id, row.id),
    ]);
    const status = row.status as Status;
    const { actors } = actorOf(ctx);
    const seller = actors.some((a) => a !== 'platform');
    const actions: FboReturnCard['actions'] = [];
    if (seller) {
      for (const a of availableActions(FBO_RETURN_MACHINE, status, actors))
        if (a === 'confirm' || a === 'cancel') actions.push(a);
      if (status === 'exported' && !row.cancel_requested_at && checkSeller(actors))
        actions.push('requestCancel');
      if (SLOT_BOOKABLE.has(status) && row.slots_offered.length && checkSeller(actors))
        actions.push('bookSlot');
    }
    return toCard(
      row,
      { items, history, files },
      SLOT_BOOKABLE.has(status) ? this.openSlots(row.slots_offered) : [],
      actions,
    );
  }

  statuses() {
    return FBO_RETURN_MACHINE.states.map((value) => ({ value, label: FBO_RETURN_STATUS_LABELS[value] }));
  }

  /** What may be returned from a warehouse: SKUs with units on hand and not reserved. */
  async stock(ctx: CallContext, p: { warehouseCode: FboWarehouseCode; search?: string | undefined }) {
    const partnerId = await this.requireConsignment(ctx);
    const rows = (await this.deps.fbo.stockOnHand(ctx.db, partnerId, p.warehouseCode, p.search)).filter(
      (r) => r.available > 0,
    );
    const kinds = new Map(
      (
        await q.productsBySku(
          ctx.db,
          partnerId,
          rows.map((r) => r.sellerSku),
        )
      ).map((r) => [r.seller_sku, returnGoodsKind(r.erp_level1, r.erp_level2)]),
    );
    return {
      items: rows.map((r) => ({
        sellerSku: r.sellerSku,
        modaSku: r.modaSku,
        title: r.title,
        warehouseCode: p.warehouseCode,
        available: r.available,
        jewellery: kinds.get(r.sellerSku) === 'jewellery',
      })),
    };
  }

  // --- the rules of a return's lines (spec 001 §5, §8), the same for the form and the file -----------

  /**
   * Check lines against the catalogue, the warehouse system and the stock at the warehouse; the caller holds
   * the partner's stock lock. Shape rules (blank, number, at least 1, unique) are the contract's, before.
   */
  async checkLines(
    db: DbOrTx,
    partnerId: number,
    warehouse: FboWarehouseCode,
    lines: Line[],
  ): Promise<{ errors: LineError[]; items: q.NewItem[] }> {
    const skus = [...new Set(lines.map((l) => l.sellerSku))];
    const products = new Map((await q.productsBySku(db, partnerId, skus)).map((p) => [p.seller_sku, p]));
    const sent = await q.sentSkus(db, partnerId, skus);
    const stock = new Map(
      (await this.deps.fbo.stockOnHand(db, partnerId, warehouse)).map((s) => [s.sellerSku, s]),
    );
    const errors: LineError[] = [];
    const items: q.NewItem[] = [];
    let firstKind: string | null = null;
    lines.forEach((l, index) => {
      const p = products.get(l.sellerSku);
      if (!p) return errors.push({ index, field: 'sellerSku', message: FBO_RETURN_ROW_ERRORS.skuNotFound });
      if (!sent.has(l.sellerSku))
        return errors.push({ index, field: 'sellerSku', message: FBO_RETURN_ROW_ERRORS.notSent });
      const kind = returnGoodsKind(p.erp_level1, p.erp_level2);
      firstKind ??= kind;
      if (kind !== firstKind)
        return errors.push({ index, field: 'sellerSku', message: FBO_RETURN_ROW_ERRORS.mixed });
      const available = stock.get(l.sellerSku)?.available ?? 0;
      if (l.quantity > available)
        return errors.push({
          index,
          field: 'quantity',
          message: fill(FBO_RETURN_ROW_ERRORS.tooMany, { available: Math.max(0, available) }),
        });
      items.push({ sellerSku: l.sellerSku, modaSku: p.moda_sku, title: p.title, quantity: l.quantity });
    });
    return { errors, items };
  }

  // --- the seller's side ------------------------------------------------------------------------------

  async create(
    ctx: CallContext,
    p: { warehouseCode: FboWarehouseCode; returnAt?: string | undefined; items: Line[] },
  ): Promise<FboReturnCard> {
    const partnerId = await this.requireConsignment(ctx);
    if (p.returnAt && p.returnAt < moscowDay(this.now()))
      throw new AppError('fboReturn.pastDate', { field: 'returnAt' });
    await q.lockPartnerStock(ctx.db, partnerId);
    const { errors, items } = await this.checkLines(ctx.db, partnerId, p.warehouseCode, p.items);
    if (errors.length)
      throw new AppError('rpc.invalidParams', {
        errors: errors.map((e): FieldError => ({ field: `items.${e.index}.${e.field}`, message: e.message })),
      });
    const id = await this.insert(ctx, partnerId, p.warehouseCode, p.returnAt ?? null, null, items);
    return this.get(ctx, id);
  }

  async createFromFile(ctx: CallContext, fileId: string): Promise<FboReturnCard> {
    const partnerId = await this.requireConsignment(ctx);
    const checked = await q.checkedFile(ctx.db, partnerId, fileId);
    if (!checked) throw new AppError('fboReturn.fileNotChecked', { field: 'fileId' });
    if (checked.used_by) throw new AppError('fboReturn.fileUsed', { field: 'fileId' });
    await q.lockPartnerStock(ctx.db, partnerId);
    const warehouse = checked.warehouse_code as FboWarehouseCode;
    // The stock may have moved since the file was checked: the same rules again, under the lock.
    const { errors, items } = await this.checkLines(ctx.db, partnerId, warehouse, checked.lines);
    if (errors.length) {
      const e = errors[0]!;
      throw new AppError('fboReturn.fileStale', {
        field: 'fileId',
        message: fill(ERRORS['fboReturn.fileStale'].message, {
          sku: checked.lines[e.index]!.sellerSku,
          message: e.message,
        }),
      });
    }
    const id = await this.insert(ctx, partnerId, warehouse, checked.return_at, fileId, items);
    await q.useCheckedFile(ctx.db, partnerId, fileId, id);
    return this.get(ctx, id);
  }

  private async insert(
    ctx: CallContext,
    partnerId: number,
    warehouse: FboWarehouseCode,
    returnAt: string | null,
    fileId: string | null,
    items: q.NewItem[],
  ): Promise<string> {
    const actor = actorOf(ctx);
    const at = this.now();
    const returnId = await q.nextNumber(ctx.db, partnerId);
    const id = await q.insertReturn(ctx.db, {
      partnerId,
      returnId,
      warehouseCode: warehouse,
      status: FBO_RETURN_MACHINE.initial,
      returnAt,
      fileId,
      creatorName: actor.name,
      createdAt: at,
      items,
    });
    await q.addEvent(ctx.db, partnerId, id, null, FBO_RETURN_MACHINE.initial, actor.name, null, at);
    if (fileId)
      await q.addFile(ctx.db, {
        partnerId,
        returnUuid: id,
        kind: 'source',
        name: `${returnId}.xlsx`,
        warehouseCode: warehouse,
        count: items.reduce((n, i) => n + i.quantity, 0),
        status: FBO_RETURN_MACHINE.initial,
        uploadId: fileId,
        at,
      });
    ctx.audit.objectId = id;
    return id;
  }

  async confirm(ctx: CallContext, id: string): Promise<FboReturnCard> {
    const row = await this.load(ctx, id, true);
    await this.move(ctx, row, 'confirm');
    return this.get(ctx, id);
  }

  /** Cancel at once, or, for a return being picked, ask the warehouse (it grants or refuses). */
  async cancel(ctx: CallContext, id: string): Promise<FboReturnCard> {
    const row = await this.load(ctx, id, true);
    if (row.status === 'exported' && checkSeller(actorOf(ctx).actors)) {
      if (row.cancel_requested_at) throw new AppError('fboReturn.cancelRequested');
      const at = this.now();
      const actor = actorOf(ctx);
      await q.setReturn(ctx.db, row.partner_id, row.id, { cancel_requested_at: at }, at);
      await q.addEvent(ctx.db, row.partner_id, row.id, row.status, row.status, actor.name, CANCEL_ASKED, at);
      ctx.audit.objectId = row.id;
    } else await this.move(ctx, row, 'cancel');
    return this.get(ctx, id);
  }

  /** Windows still ahead: a window of today whose start has passed is no longer offered. */
  private openSlots(slots: FboReturnSlot[]): FboReturnSlot[] {
    const now = toMoscow(this.now());
    const today = moscowDay(this.now());
    return slots.filter((s) => s.date > today || (s.date === today && s.fromHour > now.getUTCHours()));
  }

  async bookSlot(
    ctx: CallContext,
    p: { id: string; date: string; fromHour: number },
  ): Promise<FboReturnCard> {
    const row = await this.load(ctx, p.id, true);
    if (!SLOT_BOOKABLE.has(row.status)) throw cannotBook();
    const offered = row.slots_offered.find((s) => s.date === p.date && s.fromHour === p.fromHour);
    if (!offered) throw new AppError('fboReturn.slotNotOffered', { field: 'date' });
    if (!this.openSlots([offered]).length) throw new AppError('fboReturn.slotPast', { field: 'date' });
    const at = this.now();
    await q.setReturn(
      ctx.db,
      row.partner_id,
      row.id,
      {
        slot_date: offered.date,
        slot_from: offered.fromHour,
        slot_to: offered.toHour,
        return_at: offered.date,
      },
      at,
    );
    ctx.audit.objectId = row.id;
    return this.get(ctx, p.id);
  }

  // --- export ------------------------------------------------------------------------------------------

  async exportCount(ctx: CallContext, f: q.ListFilter & { id?: string | undefined }): Promise<number> {
    const partnerId = await this.requireConsignment(ctx);
    return q.exportCount(ctx.db, partnerId, f);
  }

  async exportRows(ctx: CallContext, f: q.ListFilter & { id?: string | undefined }) {
    const partnerId = await this.requireConsignment(ctx);
    return q.exportRows(ctx.db, partnerId, f);
  }

  /** A file of the return's Files tab, for the REST download. */
  async file(ctx: CallContext, id: string, fileId: string) {
    const row = await this.load(ctx, id);
    const f = (await q.files(ctx.db, row.partner_id, row.id)).find((x) => x.id === fileId);
    if (!f) throw new AppError('fboReturn.fileNotFound', { field: 'fileId' });
    return { row, file: f, items: await q.itemsOf(ctx.db, row.partner_id, row.id) };
  }

  // --- the marketplace's warehouse side --------------------------------------------------------------

  async platformList(
    ctx: CallContext,
    p: { status: Status[]; warehouseCode?: string | undefined; limit: number },
  ) {
    const rows = await q.platformQueue(ctx.db, p.status, p.warehouseCode, p.limit);
    const items = rows.length
      ? await q.itemsOfMany(
          ctx.db,
          rows.map((r) => r.id),
        )
      : [];
    return {
      items: rows.map((r) => ({
        id: r.id,
        partnerId: r.partner_id,
        returnId: r.return_id,
        status: r.status as Status,
        warehouseCode: r.warehouse_code as FboWarehouseCode,
        cancelRequested: Boolean(r.cancel_requested_at),
        slot: slotOf(r),
        slotsOffered: r.slots_offered.length,
        items: items
          .filter((i) => i.return_uuid === r.id)
          .map((i) => ({
            sellerSku: i.seller_sku,
            quantity: i.quantity,
            reservedQuantity: i.reserved_quantity,
          })),
      })),
    };
  }

  private result(row: q.ReturnRow, status: Status) {
    return { id: row.id, partnerId: row.partner_id, status };
  }

  async platformReserve(
    ctx: CallContext,
    p: { id: string; items: { sellerSku: string; reserved: number }[] },
  ) {
    const row = await this.loadPlatform(ctx, p.id);
    const items = new Map((await q.itemsOf(ctx.db, row.partner_id, row.id)).map((i) => [i.seller_sku, i]));
    for (const it of p.items) {
      const own = items.get(it.sellerSku);
      if (!own) throw unknownItem(it.sellerSku);
      if (it.reserved > own.quantity) throw overReserve(it.sellerSku, own.quantity);
    }
    const total = p.items.reduce((n, i) => n + i.reserved, 0);
    const status = await this.move(ctx, row, total > 0 ? 'reserve' : 'outOfStock');
    if (total > 0) await q.setItemCounts(ctx.db, row.partner_id, row.id, p.items);
    return this.result(row, status);
  }

  async platformReject(ctx: CallContext, p: { id: string; reason: string }) {
    const row = await this.loadPlatform(ctx, p.id);
    return this.result(row, await this.move(ctx, row, 'reject', { reason: p.reason }, p.reason));
  }

  async platformOfferSlots(
    ctx: CallContext,
    p: { id: string; slots: { date: string; fromHour: number; toHour: number }[] },
  ) {
    const row = await this.loadPlatform(ctx, p.id);
    if (!SLOT_BOOKABLE.has(row.status)) throw cannotBook();
    const at = this.now();
    await q.setReturn(ctx.db, row.partner_id, row.id, { slots_offered: p.slots }, at);
    ctx.audit.objectId = row.id;
    ctx.audit.partnerId = row.partner_id;
    return this.result(row, row.status as Status);
  }

  async platformMove(
    ctx: CallContext,
    p: {
      id: string;
      action: 'export' | 'failExport' | 'retryExport' | 'confirmCancel' | 'refuseCancel';
      reason?: string | undefined;
    },
  ) {
    const row = await this.loadPlatform(ctx, p.id);
    const answersCancel = p.action === 'confirmCancel' || p.action === 'refuseCancel';
    if (answersCancel && !row.cancel_requested_at && row.status === 'exported')
      throw new AppError('fboReturn.noCancelRequest');
    const patch: Record<string, unknown> = answersCancel ? { cancel_requested_at: null } : {};
    if (p.action === 'failExport') patch.reason = p.reason ?? null;
    return this.result(row, await this.move(ctx, row, p.action, patch, p.reason ?? null));
  }

  async platformPick(
    ctx: CallContext,
    p: { id: string; items: { sellerSku: string; exported: number; failed: number }[] },
  ) {
    const row = await this.loadPlatform(ctx, p.id);
    if (row.status !== 'exported') throw cannotMove('ship');
    const items = new Map((await q.itemsOf(ctx.db, row.partner_id, row.id)).map((i) => [i.seller_sku, i]));
    for (const it of p.items) {
      const own = items.get(it.sellerSku);
      if (!own) throw unknownItem(it.sellerSku);
      if (it.exported + it.failed > own.reserved_quantity)
        throw overReserve(it.sellerSku, own.reserved_quantity);
    }
    const exported = p.items.reduce((n, i) => n + i.exported, 0);
    const failed = p.items.reduce((n, i) => n + i.failed, 0);
    await q.setItemCounts(ctx.db, row.partner_id, row.id, p.items);
    if (exported === 0) {
      const status = await this.move(ctx, row, failed > 0 ? 'failExport' : 'outOfStock');
      return this.result(row, status);
    }
    const at = this.now();
    await q.setReturn(ctx.db, row.partner_id, row.id, { picked_at: at }, at);
    await q.addFile(ctx.db, {
      partnerId: row.partner_id,
      returnUuid: row.id,
      kind: 'picking',
      name: `${row.return_id}_сборка.xlsx`,
      warehouseCode: row.warehouse_code,
      count: exported,
      status: row.status,
      uploadId: null,
      at,
    });
    ctx.audit.objectId = row.id;
    ctx.audit.partnerId = row.partner_id;
    return this.result(row, row.status);
  }

  /** The picked goods leave the warehouse in the booked window: the FBO stock goes down by them. */
  async platformShip(ctx: CallContext, p: { id: string }) {
    const row = await this.loadPlatform(ctx, p.id);
    if (SLOT_BOOKABLE.has(row.status)) {
      if (!row.picked_at) throw new AppError('fboReturn.notPicked');
      if (!row.slot_date) throw new AppError('fboReturn.slotRequired');
    }
    const status = await this.move(ctx, row, 'ship', { cancel_requested_at: null });
    const items = await q.itemsOf(ctx.db, row.partner_id, row.id);
    const moves = items
      .filter((i) => i.exported_quantity > 0)
      .map((i) => ({
        sellerSku: i.seller_sku,
        warehouseCode: row.warehouse_code as FboWarehouseCode,
        quantity: i.exported_quantity,
      }));
    await this.deps.fbo.takeFromStock(ctx.db, row.partner_id, moves, row.id);
    await q.addFile(ctx.db, {
      partnerId: row.partner_id,
      returnUuid: row.id,
      kind: 'shipping',
      name: `${row.return_id}_акт.xlsx`,
      warehouseCode: row.warehouse_code,
      count: moves.reduce((n, m) => n + m.quantity, 0),
      status,
      uploadId: null,
      at: this.now(),
    });
    return this.result(row, status);
  }
}

/** A return whose goods are reserved and not yet shipped: the warehouse offers windows, the seller books one. */
const SLOT_BOOKABLE = new Set<string>(['sent', 'exported', 'cancelFailed']);
const CANCEL_ASKED = 'Продавец попросил склад отменить возврат';

const checkSeller = (actors: Actor[]) =>
  FBO_RETURN_MACHINE.transitions.confirm.by.some((r) => actors.includes(r));
const cannotBook = () => new AppError('fboReturn.slotNotBookable');
const unknownItem = (sku: string) =>
  new AppError('fboReturn.unknownItem', {
    field: 'items',
    message: fill(ERRORS['fboReturn.unknownItem'].message, { sku }),
  });
const overReserve = (sku: string, max: number) =>
  new AppError('fboReturn.overReserve', {
    field: 'items',
    message: fill(ERRORS['fboReturn.overReserve'].message, { sku, max }),
  });
