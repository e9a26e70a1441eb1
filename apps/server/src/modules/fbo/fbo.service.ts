// FBO supplies, the seller's side: slots, drafts from a checked file or the forecast, sending, cancelling,
// moving, disputes, and the stock FBO returns take. The warehouse's side is FboPlatformService's; the moves
// both make are in fbo.supply-moves.ts, the views in fbo.model.ts. No HTTP here: rpc/ and rest/ map the errors.
import {
  ERRORS,
  FBO_LIMITS,
  FBO_SUPPLY_MACHINE,
  FBO_SUPPLY_STATUS_LABELS,
  FBO_WAREHOUSE_NAMES,
  fill,
  moscowDay,
  type FboSupplyAction,
  type FboSupplyCard,
  type FboSupplyItem,
  type FboSupplyRow,
  type FboWarehouseCode,
  type FboSupplyState as Status,
} from '@moda/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { CallContext } from '../../core/context';
import { AppError } from '../../core/errors';
import { concurrently, type Db, type DbOrTx } from '../../db/client';
import type { PartnersService } from '../partners';
import * as q from './fbo.queries';
import { requireConsignment } from './fbo.consignment';
import {
  WAITLIST_FROM,
  actorOf,
  cannotMove,
  expireValidation,
  fillWaitlist,
  formatDay,
  hasRoom,
  leadOk,
  moveSupply,
  requireMove,
} from './fbo.supply-moves';
import type { FboStockService } from './fbo-stock.service';
import { toCard, toItem, toRow } from './fbo.model';

type SupplyStatus = Status;

export class FboService {
  constructor(
    private readonly deps: {
      db: Db;
      partners: PartnersService;
      now: () => Date;
      /** The stock screen's service: FBO returns reach the stock through this one. */
      stock: FboStockService;
    },
  ) {}

  private now(): Date {
    return this.deps.now();
  }

  private requireConsignment(ctx: CallContext): Promise<number> {
    return requireConsignment(this.deps.partners, ctx);
  }

  private async load(ctx: CallContext, id: string, lock = false): Promise<q.SupplyRow> {
    const partnerId = await this.requireConsignment(ctx);
    const row = await q.supplyById(ctx.db, partnerId, id, lock);
    if (!row) throw new AppError('fbo.notFound', { field: 'id' });
    return row;
  }

  // --- slots --------------------------------------------------------------------------------------

  /** The last day a slot may be booked for (28 published days). */
  private lastDay(): string {
    return moscowDay(this.now(), FBO_LIMITS.slotHorizonDays);
  }

  /** A day the seller may book: 24 hours ahead, within the horizon. */
  private checkDay(day: string, field = 'plannedDate'): void {
    if (!leadOk(day, this.now())) throw new AppError('fbo.slotTooLate', { field });
    if (day > this.lastDay())
      throw new AppError('fbo.slotOutOfHorizon', {
        field,
        message: fill(ERRORS['fbo.slotOutOfHorizon'].message, { date: formatDay(this.lastDay()) }),
      });
  }

  private async requireRoom(db: DbOrTx, warehouse: string, day: string, field = 'plannedDate') {
    this.checkDay(day, field);
    if (!(await hasRoom(db, warehouse, day))) throw new AppError('fbo.slotFull', { field });
  }

  /** A held slot may be given up (moved, cancelled) only 24 hours before it. */
  private requireReleasable(row: q.SupplyRow): void {
    if (row.planned_date && SLOT_HOLDING.has(row.status) && !leadOk(row.planned_date, this.now()))
      throw new AppError('fbo.slotTooLate', { field: 'plannedDate' });
  }

  async slots(ctx: CallContext, warehouse: FboWarehouseCode) {
    await this.requireConsignment(ctx);
    const from = moscowDay(this.now(), 1);
    const days = await q.dayLoad(ctx.db, warehouse, from, this.lastDay());
    return {
      warehouseCode: warehouse,
      days: days.map((d) => ({
        date: d.day,
        capacity: d.capacity,
        booked: d.booked,
        bookable: leadOk(d.day, this.now()) && d.booked < d.capacity,
        waitlist: d.waitlist,
      })),
    };
  }

  // --- the 2-hour document check -------------------------------------------------------------------

  /** Supplies whose document check ran past 2 hours go to validationError by themselves, with a reason. */
  expireValidation(db: DbOrTx = this.deps.db): Promise<number> {
    return expireValidation(this.deps, db);
  }

  // --- the seller's reads ----------------------------------------------------------------------------

  async list(
    ctx: CallContext,
    p: q.ListFilter & { sort: string; page: number; pageSize: number },
  ): Promise<{ items: FboSupplyRow[]; total: number }> {
    const partnerId = await this.requireConsignment(ctx);
    await this.expireValidation();
    const { rows, total } = await q.listSupplies(
      ctx.db,
      partnerId,
      p,
      p.sort,
      p.pageSize,
      (p.page - 1) * p.pageSize,
    );
    return { items: rows.map(toRow), total };
  }

  async get(ctx: CallContext, id: string): Promise<FboSupplyCard> {
    await this.expireValidation();
    const row = await this.load(ctx, id);
    return this.card(ctx, row);
  }

  private async card(ctx: CallContext, row: q.SupplyRow): Promise<FboSupplyCard> {
    const [{ rows: items }, history, disputes] = await concurrently(ctx.db, [
      () => q.itemsOf(ctx.db, row.partner_id, row.id),
      () => q.events(ctx.db, row.partner_id, row.id),
      () => q.disputes(ctx.db, row.partner_id, row.id),
    ]);
    return toCard(row, items, history, disputes, actorOf(ctx).actors);
  }

  async items(
    ctx: CallContext,
    p: { id: string; search?: string | undefined; page: number; pageSize: number },
  ): Promise<{ items: FboSupplyItem[]; total: number }> {
    const row = await this.load(ctx, p.id);
    const { rows, total } = await q.itemsOf(ctx.db, row.partner_id, row.id, {
      search: p.search,
      limit: p.pageSize,
      offset: (p.page - 1) * p.pageSize,
    });
    const today = moscowDay(this.now());
    return { items: rows.map((i) => toItem(i, today)), total };
  }

  /** Every line of a supply (exports, labels, the acceptance report). */
  async allItems(ctx: CallContext, id: string) {
    const row = await this.load(ctx, id);
    const { rows } = await q.itemsOf(ctx.db, row.partner_id, row.id);
    return { supply: row, items: rows };
  }

  /** A supply with its lines and the shop's name, for labels and the acceptance report. */
  async labelData(ctx: CallContext, id: string) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('fbo.notFound', { field: 'id' });
    const { supply, items } = await this.allItems(ctx, id);
    const partner = await this.deps.partners.current(ctx);
    return { supply, items, shopName: partner.shopName };
  }

  async exportCount(ctx: CallContext, f: q.ListFilter & { id?: string | undefined }): Promise<number> {
    const partnerId = await this.requireConsignment(ctx);
    return q.exportCount(ctx.db, partnerId, f);
  }

  async *exportRows(
    ctx: CallContext,
    f: q.ListFilter & { id?: string | undefined },
  ): AsyncIterable<q.ExportLine> {
    const partnerId = await this.requireConsignment(ctx);
    for (let offset = 0; ; offset += 2000) {
      const rows = await q.exportLines(ctx.db, partnerId, f, 2000, offset);
      yield* rows;
      if (rows.length < 2000) return;
    }
  }

  statuses() {
    return (Object.entries(FBO_SUPPLY_STATUS_LABELS) as [SupplyStatus, string][]).map(([value, label]) => ({
      value,
      label,
    }));
  }

  // --- the seller's moves ----------------------------------------------------------------------------

  /** Lines (SKU, box, quantity) as items with their products; unknown SKUs are field errors. */
  private async toItems(
    db: DbOrTx,
    partnerId: number,
    lines: { sellerSku: string; box: string; quantity: number }[],
    field: (i: number) => string,
  ): Promise<q.NewItem[]> {
    const products = new Map(
      (await q.productsBySku(db, partnerId, [...new Set(lines.map((l) => l.sellerSku))])).map((p) => [
        p.seller_sku,
        p,
      ]),
    );
    const errors = lines.flatMap((l, i) =>
      products.has(l.sellerSku) ? [] : [{ field: field(i), message: ERRORS['fbo.unknownSku'].message }],
    );
    if (errors.length) throw new AppError('fbo.unknownSku', { field: errors[0]!.field, errors });
    return lines.map((l) => {
      const p = products.get(l.sellerSku)!;
      return {
        sellerSku: l.sellerSku,
        box: l.box,
        productId: p.id,
        modaSku: p.moda_sku,
        ean: p.barcode,
        title: p.title,
        price: Number(p.price ?? 0),
        declared: l.quantity,
      };
    });
  }

  async create(
    ctx: CallContext,
    p: { warehouseCode: FboWarehouseCode; plannedDate: string; fileId: string },
  ): Promise<FboSupplyCard> {
    const partnerId = await this.requireConsignment(ctx);
    const file = await q.checkedFile(ctx.db, partnerId, p.fileId);
    if (!file) throw new AppError('fbo.fileNotChecked', { field: 'fileId' });
    if (file.used_by) throw new AppError('fbo.fileUsed', { field: 'fileId' });
    if (file.warehouse_code && file.warehouse_code !== p.warehouseCode)
      throw new AppError('fbo.fileWarehouse', { field: 'warehouseCode' });
    await this.requireRoom(ctx.db, p.warehouseCode, p.plannedDate);
    const items = await this.toItems(ctx.db, partnerId, file.lines, () => 'fileId');
    const [name] = (
      await ctx.db.execute<{ name: string }>(
        sql`select name from files where partner_id = ${partnerId} and id = ${p.fileId}::uuid`,
      )
    ).rows;
    const id = await this.insert(
      ctx,
      partnerId,
      p.warehouseCode,
      p.plannedDate,
      items,
      p.fileId,
      name?.name ?? null,
    );
    await q.useCheckedFile(ctx.db, partnerId, p.fileId, id);
    return this.card(ctx, (await q.supplyById(ctx.db, partnerId, id))!);
  }

  async createDraft(
    ctx: CallContext,
    p: {
      warehouseCode: FboWarehouseCode;
      plannedDate?: string | undefined;
      items: { sellerSku: string; quantity: number }[];
    },
  ): Promise<FboSupplyCard> {
    const partnerId = await this.requireConsignment(ctx);
    if (p.plannedDate) await this.requireRoom(ctx.db, p.warehouseCode, p.plannedDate);
    const items = await this.toItems(
      ctx.db,
      partnerId,
      p.items.map((i) => ({ ...i, box: '' })),
      (i) => `items.${i}.sellerSku`,
    );
    const id = await this.insert(ctx, partnerId, p.warehouseCode, p.plannedDate ?? null, items, null, null);
    return this.card(ctx, (await q.supplyById(ctx.db, partnerId, id))!);
  }

  private async insert(
    ctx: CallContext,
    partnerId: number,
    warehouse: string,
    day: string | null,
    items: q.NewItem[],
    fileId: string | null,
    fileName: string | null,
  ): Promise<string> {
    const at = this.now();
    const actor = actorOf(ctx);
    const id = await q.insertSupply(ctx.db, {
      partnerId,
      number: await q.nextNumber(ctx.db, partnerId),
      warehouseCode: warehouse,
      plannedDate: day,
      status: FBO_SUPPLY_MACHINE.initial,
      fileId,
      fileName,
      uploaderName: actor.name,
      createdAt: at,
      items,
    });
    await q.addEvent(ctx.db, partnerId, id, null, FBO_SUPPLY_MACHINE.initial, actor.name, null, at);
    ctx.audit.objectId = id;
    return id;
  }

  async setItems(ctx: CallContext, p: { id: string; items: { sellerSku: string; quantity: number }[] }) {
    const row = await this.load(ctx, p.id, true);
    if (row.status !== 'draft') throw cannotMove('submit');
    const items = await this.toItems(
      ctx.db,
      row.partner_id,
      p.items.map((i) => ({ ...i, box: '' })),
      (i) => `items.${i}.sellerSku`,
    );
    await q.replaceItems(ctx.db, row.partner_id, row.id, items);
    ctx.audit.objectId = row.id;
    return this.card(ctx, (await q.supplyById(ctx.db, row.partner_id, row.id))!);
  }

  async submit(ctx: CallContext, id: string) {
    const row = await this.load(ctx, id, true);
    if (row.status === 'draft') {
      if (!row.planned_date) throw new AppError('fbo.slotRequired', { field: 'plannedDate' });
      // The slot must still be 24 hours ahead when the supply goes to the warehouse.
      if (!leadOk(row.planned_date, this.now()))
        throw new AppError('fbo.slotTooLate', { field: 'plannedDate' });
    }
    await moveSupply(this.deps, ctx, row, 'submit', { submitted_at: this.now(), validation_errors: [] });
    return this.reload(ctx, row);
  }

  async revise(ctx: CallContext, id: string) {
    const row = await this.load(ctx, id, true);
    await moveSupply(this.deps, ctx, row, 'revise');
    return this.reload(ctx, row);
  }

  async bookSlot(ctx: CallContext, p: { id: string; plannedDate: string }) {
    const row = await this.load(ctx, p.id, true);
    if (!BOOKABLE.has(row.status)) throw cannotMove('submit');
    this.requireReleasable(row);
    if (row.planned_date === p.plannedDate) throw new AppError('fbo.sameWarehouse', { field: 'plannedDate' });
    await this.requireRoom(ctx.db, row.warehouse_code, p.plannedDate);
    const at = this.now();
    await q.setSupply(ctx.db, row.partner_id, row.id, { planned_date: p.plannedDate }, at);
    await q.addEvent(
      ctx.db,
      row.partner_id,
      row.id,
      row.status,
      row.status,
      actorOf(ctx).name,
      `Слот: ${row.planned_date ? `${formatDay(row.planned_date)} → ` : ''}${formatDay(p.plannedDate)}`,
      at,
    );
    ctx.audit.objectId = row.id;
    if (row.planned_date) await fillWaitlist(this.deps, ctx.db, row.warehouse_code, row.planned_date);
    return this.reload(ctx, row);
  }

  async cancel(ctx: CallContext, id: string) {
    const row = await this.load(ctx, id, true);
    const action: FboSupplyAction = row.status === 'readyForShipment' ? 'requestCancel' : 'cancel';
    this.requireReleasable(row);
    await moveSupply(this.deps, ctx, row, action, action === 'cancel' ? waitlistOff : {});
    if (action === 'cancel' && row.planned_date)
      await fillWaitlist(this.deps, ctx.db, row.warehouse_code, row.planned_date);
    return this.reload(ctx, row);
  }

  async changeWarehouse(
    ctx: CallContext,
    p: { id: string; warehouseCode: FboWarehouseCode; plannedDate: string },
  ) {
    const row = await this.load(ctx, p.id, true);
    if (row.warehouse_code === p.warehouseCode && row.planned_date === p.plannedDate)
      throw new AppError('fbo.sameWarehouse', { field: 'warehouseCode' });
    if (row.status === 'draft') {
      // Nothing is planned at the warehouse yet: the draft moves at once.
      this.requireReleasable(row);
      await this.requireRoom(ctx.db, p.warehouseCode, p.plannedDate);
      const at = this.now();
      await q.setSupply(
        ctx.db,
        row.partner_id,
        row.id,
        { warehouse_code: p.warehouseCode, planned_date: p.plannedDate },
        at,
      );
      await q.addEvent(
        ctx.db,
        row.partner_id,
        row.id,
        'draft',
        'draft',
        actorOf(ctx).name,
        `Склад: ${FBO_WAREHOUSE_NAMES[row.warehouse_code as FboWarehouseCode]} → ${FBO_WAREHOUSE_NAMES[p.warehouseCode]}`,
        at,
      );
      ctx.audit.objectId = row.id;
      if (row.planned_date) await fillWaitlist(this.deps, ctx.db, row.warehouse_code, row.planned_date);
      return this.reload(ctx, row);
    }
    this.requireReleasable(row);
    requireMove(row, 'changeWarehouse', actorOf(ctx).actors);
    await this.requireRoom(ctx.db, p.warehouseCode, p.plannedDate);
    await moveSupply(
      this.deps,
      ctx,
      row,
      'changeWarehouse',
      {
        requested_warehouse: p.warehouseCode,
        requested_date: p.plannedDate,
      },
      `${FBO_WAREHOUSE_NAMES[p.warehouseCode]}, ${formatDay(p.plannedDate)}`,
    );
    return this.reload(ctx, row);
  }

  async waitlistJoin(
    ctx: CallContext,
    p: { id: string; warehouseCode: FboWarehouseCode; plannedDate: string },
  ) {
    const row = await this.load(ctx, p.id, true);
    if (!WAITLIST_FROM.has(row.status)) throw cannotMove('submit');
    this.checkDay(p.plannedDate);
    if (await hasRoom(ctx.db, p.warehouseCode, p.plannedDate))
      throw new AppError('fbo.slotFree', { field: 'plannedDate' });
    if (row.status !== 'draft' && p.warehouseCode !== row.warehouse_code)
      throw new AppError('fbo.fileWarehouse', { field: 'warehouseCode' });
    const at = this.now();
    await q.setSupply(
      ctx.db,
      row.partner_id,
      row.id,
      {
        waitlist_warehouse: p.warehouseCode,
        waitlist_date: p.plannedDate,
        waitlist_since: at,
      },
      at,
    );
    await q.addEvent(
      ctx.db,
      row.partner_id,
      row.id,
      row.status,
      row.status,
      actorOf(ctx).name,
      `Лист ожидания: ${FBO_WAREHOUSE_NAMES[p.warehouseCode]}, ${formatDay(p.plannedDate)}`,
      at,
    );
    ctx.audit.objectId = row.id;
    return this.reload(ctx, row);
  }

  async waitlistLeave(ctx: CallContext, id: string) {
    const row = await this.load(ctx, id, true);
    if (!row.waitlist_warehouse) throw new AppError('fbo.noWaitlist');
    await q.setSupply(ctx.db, row.partner_id, row.id, waitlistOff, this.now());
    ctx.audit.objectId = row.id;
    return this.reload(ctx, row);
  }

  async dispute(ctx: CallContext, p: { id: string; box: string; comment?: string | undefined }) {
    const row = await this.load(ctx, p.id, true);
    if (row.status !== 'closed') throw new AppError('fbo.disputeNotAllowed', { field: 'box' });
    const { rows } = await q.itemsOf(ctx.db, row.partner_id, row.id);
    const missing = rows.filter((i) => i.box === p.box).reduce((n, i) => n + (i.missing ?? 0), 0);
    if (!missing) throw new AppError('fbo.disputeNotAllowed', { field: 'box' });
    const existing = await q.disputes(ctx.db, row.partner_id, row.id);
    if (existing.some((d) => d.box === p.box)) throw new AppError('fbo.disputeExists', { field: 'box' });
    await ctx.db.execute(
      sql`insert into fbo_disputes (partner_id, supply_id, box, status, comment, created_at)
          values (${row.partner_id}, ${row.id}::uuid, ${p.box}, 'open', ${p.comment ?? null}, ${this.now().toISOString()})`,
    );
    await q.addEvent(
      ctx.db,
      row.partner_id,
      row.id,
      'closed',
      'closed',
      actorOf(ctx).name,
      `Оспорена недостача в коробе «${p.box}»: ${missing} шт.`,
      this.now(),
    );
    ctx.audit.objectId = row.id;
    return this.reload(ctx, row);
  }

  private async reload(ctx: CallContext, row: q.SupplyRow): Promise<FboSupplyCard> {
    return this.card(ctx, (await q.supplyById(ctx.db, row.partner_id, row.id))!);
  }

  // --- the face for FBO returns: units they hold, and what is on hand to return ----------------------
  // The returns module holds this service; the stock itself is the stock screen's (FboStockService).

  /** The units FBO returns hold, shown reserved on the stock screen (see FboStockService.holdStockWith). */
  holdStockWith(held: (partnerId: number) => SQL): void {
    this.deps.stock.holdStockWith(held);
  }

  /** Stock per SKU at one warehouse: on hand and not reserved (by orders or returns), as the stock screen. */
  stockOnHand(db: DbOrTx, partnerId: number, warehouseCode: FboWarehouseCode, search?: string) {
    return this.deps.stock.stockOnHand(db, partnerId, warehouseCode, search);
  }

  /** An FBO return took goods from a warehouse (the returns area calls it). */
  async takeFromStock(
    db: DbOrTx,
    partnerId: number,
    moves: { sellerSku: string; warehouseCode: FboWarehouseCode; quantity: number }[],
    ref: string,
  ): Promise<void> {
    await q.addStock(
      db,
      partnerId,
      moves.map((m) => ({ ...m, quantity: -Math.abs(m.quantity) })),
      'return',
      ref,
      this.now(),
    );
  }
}

const SLOT_HOLDING = new Set<string>([
  'draft',
  'validation',
  'validationError',
  'readyForShipment',
  'cancelPending',
  'changeWarehouse',
  'unloadingNeeded',
]);
/** A slot is booked or moved by the seller before the warehouse has planned the supply. */
const BOOKABLE = new Set<string>(['draft', 'validation', 'validationError', 'readyForShipment']);
const waitlistOff = { waitlist_warehouse: null, waitlist_date: null, waitlist_since: null };
