// FBO supplies: the seller's side (slots, drafts from a checked file or the forecast, sending, cancelling,
// moving, disputes), the warehouse's side (v1.platform.*), each move checked against FBO_SUPPLY_MACHINE, and the
// stock moves they make. The stock screen is FboStockService's. No HTTP here: rpc/ and rest/ map the errors.
import {
  ERRORS,
  FBO_LIMITS,
  FBO_SUPPLY_MACHINE,
  FBO_SUPPLY_STATUS_LABELS,
  FBO_WAREHOUSE_NAMES,
  availableActions,
  checkTransition,
  fill,
  fromMoscow,
  lacksMarking,
  moscowDay,
  type Actor,
  type FboSupplyAction,
  type FboSupplyCard,
  type FboSupplyItem,
  type FboSupplyRow,
  type FboWarehouseCode,
  type FboSupplyState as Status,
} from '@moda/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { CallContext } from '../../core/context';
import { requirePrincipal } from '../../core/context';
import { AppError } from '../../core/errors';
import { emitEvent } from '../webhooks';
import { concurrently, type Db, type DbOrTx } from '../../db/client';
import type { PartnersService } from '../partners';
import * as q from './fbo.queries';
import { requireConsignment } from './fbo.consignment';
import type { FboStockService } from './fbo-stock.service';

type SupplyStatus = Status;

/** Who moves a supply: the seller's roles, or the warehouse system. */
export function actorOf(ctx: CallContext): { actors: Actor[]; name: string } {
  const p = requirePrincipal(ctx);
  if (p.service) return { actors: ['platform'], name: 'Склад маркетплейса' };
  return { actors: p.roles, name: p.email };
}

const cannotMove = (action: FboSupplyAction) =>
  new AppError('fbo.cannotMove', {
    message: fill(ERRORS['fbo.cannotMove'].message, {
      status: FBO_SUPPLY_STATUS_LABELS[FBO_SUPPLY_MACHINE.transitions[action].to],
    }),
  });

/** The instant unloading starts on a slot's day: the 24 hours count to it. */
export function slotStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return fromMoscow(new Date(Date.UTC(y, m - 1, d, FBO_LIMITS.slotHour)));
}

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

  /** Check the move against the machine for the caller, record it, and set the new status. */
  private async move(
    ctx: CallContext,
    row: q.SupplyRow,
    action: FboSupplyAction,
    patch: Record<string, unknown> = {},
    reason: string | null = null,
    actor = actorOf(ctx),
  ): Promise<SupplyStatus> {
    const refused = checkTransition(FBO_SUPPLY_MACHINE, action, row.status as SupplyStatus, actor.actors);
    if (refused === 'forbidden') throw new AppError('common.forbidden');
    if (refused) throw cannotMove(action);
    const to = FBO_SUPPLY_MACHINE.transitions[action].to;
    const at = this.now();
    await q.setSupply(ctx.db, row.partner_id, row.id, { status: to, ...patch }, at);
    await q.addEvent(ctx.db, row.partner_id, row.id, row.status, to, actor.name, reason, at);
    await emitEvent(ctx.db, {
      partnerId: row.partner_id,
      type: 'fbo.supply.status_changed',
      objectId: row.id,
      payload: { supplyId: row.id, status: to, previousStatus: row.status as SupplyStatus },
    });
    ctx.audit.objectId = row.id;
    ctx.audit.partnerId = row.partner_id;
    return to;
  }

  // --- slots --------------------------------------------------------------------------------------

  /** The last day a slot may be booked for (28 published days). */
  private lastDay(): string {
    return moscowDay(this.now(), FBO_LIMITS.slotHorizonDays);
  }

  private leadOk(day: string): boolean {
    return slotStart(day).getTime() - this.now().getTime() >= FBO_LIMITS.slotLeadHours * 3_600_000;
  }

  /** A day the seller may book: 24 hours ahead, within the horizon. */
  private checkDay(day: string, field = 'plannedDate'): void {
    if (!this.leadOk(day)) throw new AppError('fbo.slotTooLate', { field });
    if (day > this.lastDay())
      throw new AppError('fbo.slotOutOfHorizon', {
        field,
        message: fill(ERRORS['fbo.slotOutOfHorizon'].message, { date: formatDay(this.lastDay()) }),
      });
  }

  /** Whether a day of a warehouse has room, under the day's lock. */
  private async hasRoom(db: DbOrTx, warehouse: string, day: string): Promise<boolean> {
    await q.lockDay(db, warehouse, day);
    const [load] = await q.dayLoad(db, warehouse, day, day);
    return load!.booked < load!.capacity;
  }

  private async requireRoom(db: DbOrTx, warehouse: string, day: string, field = 'plannedDate') {
    this.checkDay(day, field);
    if (!(await this.hasRoom(db, warehouse, day))) throw new AppError('fbo.slotFull', { field });
  }

  /** A held slot may be given up (moved, cancelled) only 24 hours before it. */
  private requireReleasable(row: q.SupplyRow): void {
    if (row.planned_date && SLOT_HOLDING.has(row.status) && !this.leadOk(row.planned_date))
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
        bookable: this.leadOk(d.day) && d.booked < d.capacity,
        waitlist: d.waitlist,
      })),
    };
  }

  /** Book waiting supplies of a day while it has room, longest waiting first. */
  private async fillWaitlist(
    db: DbOrTx,
    warehouse: string,
    day: string,
  ): Promise<{ id: string; date: string }[]> {
    const booked: { id: string; date: string }[] = [];
    if (!this.leadOk(day)) return booked;
    for (const w of await q.waiting(db, warehouse, day)) {
      if (!(await this.hasRoom(db, warehouse, day))) break;
      const row = await q.supplyById(db, w.partner_id, w.id, true);
      if (!row || !WAITLIST_FROM.has(row.status)) continue;
      const at = this.now();
      await q.setSupply(
        db,
        row.partner_id,
        row.id,
        {
          warehouse_code: warehouse,
          planned_date: day,
          waitlist_warehouse: null,
          waitlist_date: null,
          waitlist_since: null,
        },
        at,
      );
      await q.addEvent(
        db,
        row.partner_id,
        row.id,
        row.status,
        row.status,
        'Система',
        `Слот из листа ожидания: ${FBO_WAREHOUSE_NAMES[warehouse as FboWarehouseCode]}, ${formatDay(day)}`,
        at,
      );
      booked.push({ id: row.id, date: day });
    }
    return booked;
  }

  // --- the 2-hour document check -------------------------------------------------------------------

  /** Supplies whose document check ran past 2 hours go to validationError by themselves, with a reason. */
  async expireValidation(db: DbOrTx = this.deps.db): Promise<number> {
    const before = new Date(this.now().getTime() - FBO_LIMITS.validationHours * 3_600_000);
    const run = async (tx: DbOrTx) => {
      const rows = await q.overdueValidation(tx, before);
      for (const r of rows) {
        const at = this.now();
        const reason = `Склад не проверил документы за ${FBO_LIMITS.validationHours} часа. Отправьте поставку на проверку ещё раз`;
        await q.setSupply(
          tx,
          r.partner_id,
          r.id,
          { status: 'validationError', validation_errors: [reason] },
          at,
        );
        await q.addEvent(tx, r.partner_id, r.id, 'validation', 'validationError', 'Система', reason, at);
        await emitEvent(tx, {
          partnerId: r.partner_id,
          type: 'fbo.supply.status_changed',
          objectId: r.id,
          payload: { supplyId: r.id, status: 'validationError', previousStatus: 'validation' },
        });
      }
      return rows.length;
    };
    return db === this.deps.db ? this.deps.db.transaction(run) : run(db);
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
    const reported = row.reported_at !== null;
    const sum = (k: 'received' | 'damaged' | 'missing' | 'surplus') =>
      reported ? items.reduce((n, i) => n + (i[k] ?? 0), 0) : null;
    const boxes = new Map<string, FboSupplyCard['boxes'][number]>();
    for (const i of items) {
      if (!i.box) continue;
      const b = boxes.get(i.box) ?? {
        box: i.box,
        declared: 0,
        received: reported ? 0 : null,
        items: [],
        dispute: null,
      };
      b.declared += i.declared;
      if (reported) b.received = (b.received ?? 0) + (i.received ?? 0);
      b.items.push({ sellerSku: i.seller_sku, declared: i.declared, received: i.received });
      boxes.set(i.box, b);
    }
    for (const d of disputes) {
      const b = boxes.get(d.box);
      if (b)
        b.dispute = {
          id: d.id,
          status: d.status as 'open' | 'accepted' | 'refused',
          comment: d.comment,
          answer: d.answer,
          createdAt: iso(d.created_at),
        };
    }
    const actor = actorOf(ctx);
    return {
      ...toRow(row),
      uploader: row.uploader_name,
      validationErrors: row.validation_errors,
      requestedWarehouse: row.requested_warehouse as FboWarehouseCode | null,
      requestedDate: row.requested_date,
      hasAcceptanceReport: reported,
      totals: {
        goodsDeclared: items.reduce((n, i) => n + i.declared, 0),
        goodsReceived: sum('received'),
        totalDefective: sum('damaged'),
        totalShortages: sum('missing'),
        totalSurplus: sum('surplus'),
        unknownSurplus: reported ? (row.unknown_surplus ?? 0) : null,
        totalCost: round2(
          items.reduce((n, i) => n + Number(i.price) * (reported ? (i.received ?? 0) : i.declared), 0),
        ),
      },
      history: history.map((h) => ({
        from: h.from_status as SupplyStatus | null,
        to: h.to_status as SupplyStatus,
        actor: h.actor,
        reason: h.reason,
        at: iso(h.at),
      })),
      boxes: [...boxes.values()],
      waitlist:
        row.waitlist_warehouse && row.waitlist_date
          ? { warehouseCode: row.waitlist_warehouse as FboWarehouseCode, date: row.waitlist_date }
          : null,
      actions: availableActions(FBO_SUPPLY_MACHINE, row.status as SupplyStatus, actor.actors),
    };
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
      if (!this.leadOk(row.planned_date)) throw new AppError('fbo.slotTooLate', { field: 'plannedDate' });
    }
    await this.move(ctx, row, 'submit', { submitted_at: this.now(), validation_errors: [] });
    return this.reload(ctx, row);
  }

  async revise(ctx: CallContext, id: string) {
    const row = await this.load(ctx, id, true);
    await this.move(ctx, row, 'revise');
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
    if (row.planned_date) await this.fillWaitlist(ctx.db, row.warehouse_code, row.planned_date);
    return this.reload(ctx, row);
  }

  async cancel(ctx: CallContext, id: string) {
    const row = await this.load(ctx, id, true);
    const action: FboSupplyAction = row.status === 'readyForShipment' ? 'requestCancel' : 'cancel';
    this.requireReleasable(row);
    await this.move(ctx, row, action, action === 'cancel' ? waitlistOff : {});
    if (action === 'cancel' && row.planned_date)
      await this.fillWaitlist(ctx.db, row.warehouse_code, row.planned_date);
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
      if (row.planned_date) await this.fillWaitlist(ctx.db, row.warehouse_code, row.planned_date);
      return this.reload(ctx, row);
    }
    this.requireReleasable(row);
    const refused = checkTransition(
      FBO_SUPPLY_MACHINE,
      'changeWarehouse',
      row.status as SupplyStatus,
      actorOf(ctx).actors,
    );
    if (refused === 'forbidden') throw new AppError('common.forbidden');
    if (refused) throw cannotMove('changeWarehouse');
    await this.requireRoom(ctx.db, p.warehouseCode, p.plannedDate);
    await this.move(
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
    if (await this.hasRoom(ctx.db, p.warehouseCode, p.plannedDate))
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

  // --- the warehouse's side (v1.platform.*) ----------------------------------------------------------

  private async platformLoad(ctx: CallContext, id: string): Promise<q.SupplyRow> {
    const row = await q.supplyById(ctx.db, null, id, true);
    if (!row) throw new AppError('fbo.notFound', { field: 'id' });
    ctx.audit.objectId = id;
    ctx.audit.partnerId = row.partner_id;
    return row;
  }

  private result(row: q.SupplyRow, status: SupplyStatus) {
    return { id: row.id, partnerId: row.partner_id, status };
  }

  async platformList(
    ctx: CallContext,
    p: {
      status: SupplyStatus[];
      warehouseCode?: string | undefined;
      openDisputes?: boolean | undefined;
      limit: number;
    },
  ) {
    await this.expireValidation();
    const rows = await q.platformQueue(ctx.db, p.status, p.warehouseCode, p.limit, p.openDisputes);
    const disputes = await q.openDisputesOf(
      ctx.db,
      rows.map((r) => r.id),
    );
    const items: Awaited<ReturnType<typeof q.itemsOf>>[] = [];
    for (const r of rows) items.push(await q.itemsOf(ctx.db, r.partner_id, r.id));
    return {
      items: rows.map((r, i) => ({
        id: r.id,
        partnerId: r.partner_id,
        number: r.number,
        status: r.status as SupplyStatus,
        warehouseCode: r.warehouse_code as FboWarehouseCode,
        plannedDate: r.planned_date,
        requestedWarehouse: r.requested_warehouse as FboWarehouseCode | null,
        items: items[i]!.rows.map((it) => ({
          sellerSku: it.seller_sku,
          box: it.box || null,
          declared: it.declared,
        })),
        openDisputes: disputes.filter((d) => d.supply_id === r.id).map((d) => ({ id: d.id, box: d.box })),
      })),
    };
  }

  async platformValidate(ctx: CallContext, p: { id: string; ok: boolean; reasons?: string[] | undefined }) {
    const row = await this.platformLoad(ctx, p.id);
    const status = p.ok
      ? await this.move(ctx, row, 'validate', { validation_errors: [] })
      : await this.move(
          ctx,
          row,
          'failValidation',
          { validation_errors: p.reasons ?? [] },
          (p.reasons ?? []).join('; '),
        );
    return this.result(row, status);
  }

  async platformMove(ctx: CallContext, p: { id: string; action: Exclude<FboSupplyAction, 'submit'> }) {
    const row = await this.platformLoad(ctx, p.id);
    let patch: Record<string, unknown> = {};
    if (p.action === 'confirmWarehouseChange')
      patch = {
        warehouse_code: row.requested_warehouse,
        planned_date: row.requested_date,
        requested_warehouse: null,
        requested_date: null,
      };
    if (p.action === 'refuseWarehouseChange') patch = { requested_warehouse: null, requested_date: null };
    const status = await this.move(ctx, row, p.action, patch);
    // A slot given up (cancelled, moved elsewhere, a refused move's requested day) frees capacity.
    if (p.action === 'confirmCancel' && row.planned_date)
      await this.fillWaitlist(ctx.db, row.warehouse_code, row.planned_date);
    if (p.action === 'confirmWarehouseChange' && row.planned_date)
      await this.fillWaitlist(ctx.db, row.warehouse_code, row.planned_date);
    if (p.action === 'refuseWarehouseChange' && row.requested_warehouse && row.requested_date)
      await this.fillWaitlist(ctx.db, row.requested_warehouse, row.requested_date);
    return this.result(row, status);
  }

  async platformReport(
    ctx: CallContext,
    p: {
      id: string;
      items: {
        sellerSku: string;
        box: string | null;
        received: number;
        surplus: number;
        missing: number;
        damaged: number;
      }[];
      unknownSurplus: number;
    },
  ) {
    const row = await this.platformLoad(ctx, p.id);
    const refused = checkTransition(
      FBO_SUPPLY_MACHINE,
      'accept',
      row.status as SupplyStatus,
      actorOf(ctx).actors,
    );
    if (refused === 'forbidden') throw new AppError('common.forbidden');
    if (refused) throw cannotMove('accept');
    const { rows: lines } = await q.itemsOf(ctx.db, row.partner_id, row.id);
    const key = (sku: string, box: string) => `${sku}\u0000${box}`;
    const byKey = new Map(lines.map((l) => [key(l.seller_sku, l.box), l]));
    const reported = new Map<string, (typeof p.items)[number]>();
    p.items.forEach((it, i) => {
      const k = key(it.sellerSku, it.box ?? '');
      const line = byKey.get(k);
      if (!line || reported.has(k))
        throw new AppError('fbo.reportUnknownItem', {
          field: `items.${i}.sellerSku`,
          message: fill(ERRORS['fbo.reportUnknownItem'].message, { sku: it.sellerSku, box: it.box ?? '—' }),
        });
      const counted = it.received + it.damaged + it.missing - it.surplus;
      if (counted !== line.declared)
        throw new AppError('fbo.reportMismatch', {
          field: `items.${i}.received`,
          message: fill(ERRORS['fbo.reportMismatch'].message, {
            sku: it.sellerSku,
            declared: line.declared,
            counted,
          }),
        });
      reported.set(k, it);
    });
    const absent = lines.find((l) => !reported.has(key(l.seller_sku, l.box)));
    if (absent)
      throw new AppError('fbo.reportIncomplete', {
        field: 'items',
        message: fill(ERRORS['fbo.reportIncomplete'].message, {
          sku: absent.seller_sku,
          box: absent.box || '—',
        }),
      });
    await ctx.db.execute(
      sql`update fbo_supply_items i set received = x.received, surplus = x.surplus, missing = x.missing,
            damaged = x.damaged
          from json_to_recordset(${JSON.stringify(p.items.map((it) => ({ ...it, box: it.box ?? '' })))}::json)
            as x("sellerSku" text, box text, received int, surplus int, missing int, damaged int)
         where i.partner_id = ${row.partner_id} and i.supply_id = ${row.id}::uuid
           and i.seller_sku = x."sellerSku" and i.box = x.box`,
    );
    const at = this.now();
    const status = await this.move(ctx, row, 'accept', {
      unknown_surplus: p.unknownSurplus,
      reported_at: at,
    });
    const perSku = new Map<string, number>();
    for (const it of p.items) perSku.set(it.sellerSku, (perSku.get(it.sellerSku) ?? 0) + it.received);
    await q.addStock(
      ctx.db,
      row.partner_id,
      [...perSku].map(([sellerSku, quantity]) => ({
        sellerSku,
        warehouseCode: row.warehouse_code,
        quantity,
      })),
      'supply',
      row.id,
      at,
    );
    return this.result(row, status);
  }

  async platformResolveDispute(
    ctx: CallContext,
    p: { disputeId: string; accepted: boolean; found: number; answer?: string | undefined },
  ) {
    const d = await q.disputeById(ctx.db, p.disputeId);
    if (!d) throw new AppError('fbo.disputeNotFound', { field: 'disputeId' });
    if (d.status !== 'open') throw new AppError('fbo.disputeClosed', { field: 'disputeId' });
    const row = await this.platformLoad(ctx, d.supply_id);
    const { rows } = await q.itemsOf(ctx.db, row.partner_id, row.id);
    const box = rows.filter((i) => i.box === d.box && (i.missing ?? 0) > 0);
    const missing = box.reduce((n, i) => n + (i.missing ?? 0), 0);
    if (p.accepted && (p.found < 1 || p.found > missing))
      throw new AppError('fbo.disputeFoundTooMany', {
        field: 'found',
        message: fill(ERRORS['fbo.disputeFoundTooMany'].message, { max: missing }),
      });
    const at = this.now();
    if (p.accepted) {
      // The units found go to the box's lines short of something, in order.
      let left = p.found;
      const moves: { sellerSku: string; warehouseCode: string; quantity: number }[] = [];
      for (const i of box) {
        const n = Math.min(left, i.missing ?? 0);
        if (!n) continue;
        left -= n;
        await ctx.db.execute(
          sql`update fbo_supply_items set received = received + ${n}, missing = missing - ${n}
               where partner_id = ${row.partner_id} and supply_id = ${row.id}::uuid
                 and seller_sku = ${i.seller_sku} and box = ${i.box}`,
        );
        moves.push({ sellerSku: i.seller_sku, warehouseCode: row.warehouse_code, quantity: n });
      }
      await q.addStock(ctx.db, row.partner_id, moves, 'dispute', d.id, at);
    }
    await ctx.db.execute(
      sql`update fbo_disputes set status = ${p.accepted ? 'accepted' : 'refused'}, answer = ${p.answer ?? null},
            found = ${p.accepted ? p.found : 0}, resolved_at = ${at.toISOString()}
          where partner_id = ${row.partner_id} and id = ${d.id}::uuid`,
    );
    await q.addEvent(
      ctx.db,
      row.partner_id,
      row.id,
      'closed',
      'closed',
      actorOf(ctx).name,
      p.accepted
        ? `Спор по коробу «${d.box}» принят: найдено ${p.found} шт.`
        : `Спор по коробу «${d.box}» отклонён`,
      at,
    );
    return this.result(row, row.status as SupplyStatus);
  }

  async platformCapacity(
    ctx: CallContext,
    p: { warehouseCode: FboWarehouseCode; days: { date: string; capacity: number }[] },
  ) {
    await q.setCapacity(ctx.db, p.warehouseCode, p.days);
    ctx.audit.objectId = p.warehouseCode;
    const booked: { id: string; date: string }[] = [];
    for (const d of p.days) booked.push(...(await this.fillWaitlist(ctx.db, p.warehouseCode, d.date)));
    return { booked };
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
const WAITLIST_FROM = new Set<string>(['draft', 'validationError']);
const waitlistOff = { waitlist_warehouse: null, waitlist_date: null, waitlist_since: null };

const round2 = (n: number) => Math.round(n * 100) / 100;
/** Timestamps come from pg as text or Date depending on the column's parser: read both. */
const iso = (v: Date | string) => new Date(v).toISOString();

export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y!.slice(2)}`;
}

function toRow(r: q.SupplyRow): FboSupplyRow {
  return {
    id: r.id,
    number: r.number,
    warehouseCode: r.warehouse_code as FboWarehouseCode,
    warehouseName: FBO_WAREHOUSE_NAMES[r.warehouse_code as FboWarehouseCode] ?? r.warehouse_code,
    plannedDate: r.planned_date,
    createdAt: iso(r.created_at),
    itemsQuantity: r.items_quantity,
    skuCount: r.sku_count,
    priceSum: Number(r.price_sum),
    status: r.status as SupplyStatus,
    fileId: r.file_id,
    fileName: r.file_name,
  };
}

export function toItem(i: q.ItemRow, today: string): FboSupplyItem {
  return {
    sellerSku: i.seller_sku,
    modaSku: i.moda_sku,
    ean: i.ean,
    title: i.title,
    price: Number(i.price),
    declared: i.declared,
    received: i.received,
    surplus: i.surplus,
    missing: i.missing,
    damaged: i.damaged,
    lacksMarking: lacksMarking(i.category, i.data_matrix, today),
  };
}
