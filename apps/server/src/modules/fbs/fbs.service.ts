// FBS shipments and return boxes: collected orders grouped by themselves into the shipment of their
// warehouse's next hand-over, the seller's confirm and cancel, the courier's and sorting centre's moves
// (v1.platform.*), each checked against FBS_SHIPMENT_MACHINE / FBS_BOX_MACHINE. No HTTP here.
import {
  ERRORS,
  FBS_BOX_MACHINE,
  FBS_BOX_STATUS_LABELS,
  FBS_BOX_TAB_STATUSES,
  FBS_LIMITS,
  FBS_SHIPMENT_MACHINE,
  FBS_SHIPMENT_STATUS_LABELS,
  FbsReturnBoxStatus,
  FbsShipmentStatus,
  ORDER_STATUS_LABELS,
  availableActions,
  checkTransition,
  fill,
  fromMoscow,
  nextHandover,
  type Actor,
  type FbsBoxAction,
  type FbsBoxState,
  type FbsRejectType,
  type FbsReturnBoxRow,
  type FbsShipmentAction,
  type FbsShipmentCard,
  type FbsShipmentRow,
  type FbsShipmentState,
  type HandoverSchedule,
} from '@moda/contracts';
import { sql } from 'drizzle-orm';
import { plainContext, requirePartner, requirePrincipal, type CallContext } from '../../core/context';
import { AppError } from '../../core/errors';
import { emitEvent } from '../webhooks';
import type { Db, DbOrTx } from '../../db/client';
import type { PartnersService } from '../partners';
import * as q from './fbs.queries';
import { iso } from '../../db/columns';

/** What the FBS module asks of the orders module: a pack number for an order, an order shipped. */
export interface OrderPort {
  createPack(ctx: CallContext, orderNr: string): Promise<unknown>;
  ship(ctx: CallContext, orderNr: string): Promise<unknown>;
}

export function actorOf(ctx: CallContext): { actors: Actor[]; name: string } {
  const p = requirePrincipal(ctx);
  if (p.service) return { actors: ['platform'], name: 'Маркетплейс' };
  return { actors: p.roles, name: p.email };
}

const cannotMove = (action: FbsShipmentAction) =>
  new AppError('fbs.cannotMove', {
    message: fill(ERRORS['fbs.cannotMove'].message, {
      status: FBS_SHIPMENT_STATUS_LABELS[FBS_SHIPMENT_MACHINE.transitions[action].to],
    }),
  });
const boxCannotMove = (action: FbsBoxAction) =>
  new AppError('fbs.boxCannotMove', {
    message: fill(ERRORS['fbs.boxCannotMove'].message, {
      status: FBS_BOX_STATUS_LABELS[FBS_BOX_MACHINE.transitions[action].to],
    }),
  });

/** The hand-over schedule of a stored delivery method. */
export function scheduleOf(
  method: Record<string, unknown>,
  nonWorkingDays: readonly string[],
): HandoverSchedule | null {
  const acceptance = method.orderAcceptance as HandoverSchedule['orderAcceptance'] | undefined;
  const handover = (method.type === 'PICK_UP' ? method.truckArrival : method.shipment) as
    HandoverSchedule['handover'] | undefined;
  if (!acceptance || !handover) return null;
  return { orderAcceptance: acceptance, handover, nonWorkingDays };
}

function toRow(r: q.ShipmentRecord): FbsShipmentRow {
  return {
    id: r.id,
    shipmentId: r.shipment_nr,
    shippedAt: iso(r.handover_at),
    pallets: r.pallets,
    packs: r.packs,
    items: r.items,
    status: r.status as FbsShipmentState,
    createdAt: iso(r.created_at),
  };
}

function toBox(b: q.BoxRecord): FbsReturnBoxRow {
  return {
    id: b.id,
    code: b.code,
    status: b.status as FbsBoxState,
    length: b.length,
    width: b.width,
    height: b.height,
    shippedAt: b.shipped_at ? iso(b.shipped_at) : null,
    itemQuantity: b.item_quantity,
  };
}

export class FbsService {
  constructor(
    private readonly deps: { db: Db; partners: PartnersService; orders: OrderPort; now: () => Date },
  ) {}

  private now(): Date {
    return this.deps.now();
  }

  private async requireCrossdocking(ctx: CallContext): Promise<number> {
    const partnerId = requirePartner(ctx);
    const partner = await this.deps.partners.current(ctx);
    if (partner.businessModel !== 'marketplace_crossdocking') throw new AppError('fbs.notCrossdocking');
    return partnerId;
  }

  /** The FBS partner of the call, or the refusal every FBS way in gives. */
  requireFbs(ctx: CallContext): Promise<number> {
    return this.requireCrossdocking(ctx);
  }

  // --- the automatic grouping ------------------------------------------------------------------------

  /**
   * Puts the partner's collected orders into the shipment of their warehouse's next hand-over, creating it
   * when needed; pallets fill up to FBS_LIMITS.packsPerPallet packs. Runs in its own transaction, one at a
   * time per partner, before the seller or the marketplace reads the shipments, so they see it forming.
   */
  async form(partnerId: number): Promise<void> {
    // Most reads find nothing to group: a plain read answers that without a transaction or the lock.
    if (!(await q.formingNeeded(this.deps.db, partnerId))) return;
    await this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7020, ${partnerId})`);
      const touched = new Set(await q.pruneCancelled(tx, partnerId));
      const orders = await q.ungroupedOrders(tx, partnerId, 2000);
      if (orders.length) {
        const wh = await q.activeWarehouse(tx, partnerId);
        const schedule = wh?.delivery_method
          ? scheduleOf(wh.delivery_method, wh.non_working_days ?? [])
          : null;
        if (wh && schedule) {
          const shipmentId = await this.formingShipment(tx, partnerId, wh, schedule);
          if (shipmentId) {
            await this.addOrders(tx, partnerId, wh.id, shipmentId, orders);
            touched.add(shipmentId);
          }
        }
      }
      for (const id of touched) await q.recount(tx, partnerId, id);
    });
  }

  private async formingShipment(
    tx: DbOrTx,
    partnerId: number,
    wh: q.ActiveWarehouse,
    schedule: HandoverSchedule,
  ): Promise<string | null> {
    let from = this.now();
    for (let i = 0; i < 14; i++) {
      const at = nextHandover(schedule, from);
      if (!at) return null;
      const existing = await q.shipmentAt(tx, partnerId, wh.id, at);
      if (existing?.status === 'new') return existing.id;
      if (existing) {
        // That hand-over is confirmed or gone: the orders wait for the following one.
        from = new Date(at.getTime() + 60_000);
        continue;
      }
      const method = wh.delivery_method!;
      const point = String(method.type === 'PICK_UP' ? (method.baseWarehouse ?? '') : method.shippingPoint);
      const id = await q.insertShipment(tx, {
        partnerId,
        warehouseId: wh.id,
        warehouseName: wh.name,
        handoverType: String(method.type),
        destination: point ? await q.baseWarehouseName(tx, point) : '—',
        handoverAt: at,
        status: 'new',
        at: this.now(),
      });
      await q.addEvent(tx, partnerId, id, null, 'new', 'Маркетплейс', this.now());
      return id;
    }
    return null;
  }

  private async addOrders(
    tx: DbOrTx,
    partnerId: number,
    warehouseId: string,
    shipmentId: string,
    orders: { id: number; order_nr: string; item_count: number; packs: number }[],
  ) {
    const ctx = plainContext(tx, { partnerId });
    let pallet = await q.lastPallet(tx, partnerId, shipmentId);
    for (const o of orders) {
      let packs = o.packs;
      if (!packs) {
        await this.deps.orders.createPack(ctx, o.order_nr);
        packs = 1;
      }
      if (!pallet || pallet.packs + packs > FBS_LIMITS.packsPerPallet) {
        const cargoSpace = (pallet?.cargo_space ?? 0) + 1;
        await q.insertPallet(tx, partnerId, shipmentId, cargoSpace);
        pallet = { cargo_space: cargoSpace, packs: 0 };
      }
      await q.addOrder(tx, partnerId, shipmentId, {
        id: o.id,
        orderNr: o.order_nr,
        cargoSpace: pallet.cargo_space,
        packs,
        items: o.item_count,
        at: this.now(),
      });
      pallet.packs += packs;
      await tx.execute(sql`insert into warehouse_events (partner_id, warehouse_id, event, order_nr, occurred_at)
        values (${partnerId}, ${warehouseId}::uuid, 'ORDER_PACKED', ${o.order_nr}, ${this.now()})`);
    }
  }

  // --- the seller's side --------------------------------------------------------------------------------

  async list(
    ctx: CallContext,
    x: {
      status?: FbsShipmentState[] | undefined;
      shippedFrom?: string | undefined;
      shippedTo?: string | undefined;
      search?: string | undefined;
      sort: string;
      page: number;
      pageSize: number;
    },
  ) {
    const partnerId = await this.requireCrossdocking(ctx);
    await this.form(partnerId);
    const day = (d: string, end: boolean) =>
      fromMoscow(new Date(`${d}T${end ? '23:59:59.999' : '00:00:00.000'}Z`));
    const { rows, total } = await q.listShipments(
      ctx.db,
      partnerId,
      {
        status: x.status,
        from: x.shippedFrom ? day(x.shippedFrom, false) : undefined,
        to: x.shippedTo ? day(x.shippedTo, true) : undefined,
        search: x.search || undefined,
      },
      x.sort,
      x.pageSize,
      (x.page - 1) * x.pageSize,
    );
    return { items: rows.map(toRow), total, page: x.page, pageSize: x.pageSize };
  }

  private async load(ctx: CallContext, id: string, lock = false) {
    const partnerId = await this.requireCrossdocking(ctx);
    const row = await q.shipmentById(ctx.db, partnerId, id, lock);
    if (!row) throw new AppError('fbs.notFound', { field: 'id' });
    return row;
  }

  private async card(ctx: CallContext, row: q.ShipmentRecord, actors: Actor[]): Promise<FbsShipmentCard> {
    const [pallets, events] = await Promise.all([
      q.palletsOf(ctx.db, row.partner_id, row.id),
      q.eventsOf(ctx.db, row.partner_id, row.id),
    ]);
    return {
      ...toRow(row),
      cargoSpaceNmb: row.pallets,
      packagesNmb: row.packs,
      goodsNmb: row.items,
      handover: { type: row.handover_type, warehouseName: row.warehouse_name, destination: row.destination },
      palletList: pallets.map((p) => ({
        barcode: p.barcode,
        cargoSpace: p.cargo_space,
        packs: p.packs,
        items: p.items,
      })),
      history: events.map((e) => ({
        from: e.from_status as FbsShipmentState | null,
        to: e.to_status as FbsShipmentState,
        actor: e.actor,
        at: iso(e.at),
      })),
      actions: availableActions(FBS_SHIPMENT_MACHINE, row.status as FbsShipmentState, actors),
    };
  }

  async get(ctx: CallContext, id: string) {
    const partnerId = await this.requireCrossdocking(ctx);
    await this.form(partnerId);
    return this.card(ctx, await this.load(ctx, id), actorOf(ctx).actors);
  }

  async items(ctx: CallContext, x: { id: string; page: number; pageSize: number }) {
    const row = await this.load(ctx, x.id);
    const { rows, total } = await q.itemsOf(
      ctx.db,
      row.partner_id,
      row.id,
      x.pageSize,
      (x.page - 1) * x.pageSize,
    );
    return {
      items: rows.map((r) => ({
        palletBarcode: r.pallet_barcode,
        packBarcode: r.pack_barcode,
        sku: r.sku,
        unitload: r.unitload,
        orderNr: r.order_nr,
        orderStatus:
          ORDER_STATUS_LABELS[r.order_status as keyof typeof ORDER_STATUS_LABELS] ?? r.order_status,
      })),
      total,
      page: x.page,
      pageSize: x.pageSize,
    };
  }

  statuses() {
    return FbsShipmentStatus.options.map((value) => ({ value, label: FBS_SHIPMENT_STATUS_LABELS[value] }));
  }

  /** Check the move against the machine for the caller, record it, and set the new status. */
  private async move(
    ctx: CallContext,
    row: q.ShipmentRecord,
    action: FbsShipmentAction,
  ): Promise<FbsShipmentState> {
    const actor = actorOf(ctx);
    const refused = checkTransition(
      FBS_SHIPMENT_MACHINE,
      action,
      row.status as FbsShipmentState,
      actor.actors,
    );
    if (refused === 'forbidden') throw new AppError('common.forbidden');
    if (refused) throw cannotMove(action);
    const to = FBS_SHIPMENT_MACHINE.transitions[action].to;
    const at = this.now();
    await q.setStatus(ctx.db, row.partner_id, row.id, to, at);
    await q.addEvent(ctx.db, row.partner_id, row.id, row.status, to, actor.name, at);
    await emitEvent(ctx.db, {
      partnerId: row.partner_id,
      type: 'fbs.shipment.status_changed',
      objectId: row.id,
      payload: { shipmentId: row.id, status: to, previousStatus: row.status as FbsShipmentState },
    });
    ctx.audit.objectId = row.id;
    ctx.audit.partnerId = row.partner_id;
    return to;
  }

  async confirm(ctx: CallContext, id: string) {
    const row = await this.load(ctx, id, true);
    if (row.items === 0) throw cannotMove('confirm');
    await this.move(ctx, row, 'confirm');
    return this.card(ctx, (await q.shipmentById(ctx.db, row.partner_id, id))!, actorOf(ctx).actors);
  }

  async cancel(ctx: CallContext, id: string) {
    const row = await this.load(ctx, id, true);
    await this.move(ctx, row, row.status === 'confirmed' ? 'requestCancel' : 'cancel');
    return this.card(ctx, (await q.shipmentById(ctx.db, row.partner_id, id))!, actorOf(ctx).actors);
  }

  /** What the transfer act and the pallet labels print, checked for the partner. */
  async printData(ctx: CallContext, id: string) {
    const row = await this.load(ctx, id);
    const [pallets, lines, shop] = await Promise.all([
      q.palletsOf(ctx.db, row.partner_id, row.id),
      q.actLines(ctx.db, row.partner_id, row.id),
      this.deps.partners.current(ctx),
    ]);
    return { shipment: toRow(row), row, pallets, lines, shopName: shop.shopName };
  }

  // --- the marketplace's side -----------------------------------------------------------------------------

  async platformList(
    ctx: CallContext,
    x: { partnerId: number; status?: FbsShipmentState[] | undefined; limit: number },
  ) {
    await this.form(x.partnerId);
    const { rows } = await q.listShipments(
      ctx.db,
      x.partnerId,
      { status: x.status },
      '-shipped_at',
      x.limit,
      0,
    );
    const out = [];
    for (const r of rows) {
      const orders = await q.ordersOf(ctx.db, x.partnerId, r.id);
      out.push({ ...toRow(r), orderNrs: orders.map((o) => o.order_nr) });
    }
    return { items: out };
  }

  async platformMove(ctx: CallContext, x: { id: string; action: FbsShipmentAction }) {
    const row = await q.shipmentById(ctx.db, null, x.id, true);
    if (!row) throw new AppError('fbs.notFound', { field: 'id' });
    const to = await this.move(ctx, row, x.action);
    if (x.action === 'accept') {
      // The goods left the seller's warehouse: the orders in it are shipped, GOODS_OUT is recorded.
      const orders = await q.ordersOf(ctx.db, row.partner_id, row.id);
      for (const o of orders.filter((o) => o.status === 'awaiting_shipment'))
        await this.deps.orders.ship(ctx, o.order_nr);
      await ctx.db
        .execute(sql`insert into warehouse_events (partner_id, warehouse_id, event, order_nr, occurred_at)
        select partner_id, warehouse_id, 'GOODS_OUT', null, ${this.now()} from fbs_shipments
         where partner_id = ${row.partner_id} and id = ${row.id}::uuid`);
    }
    return { id: row.id, status: to };
  }

  // --- return boxes ---------------------------------------------------------------------------------------

  async boxes(
    ctx: CallContext,
    x: {
      tab: keyof typeof FBS_BOX_TAB_STATUSES;
      search?: string | undefined;
      sort: string;
      page: number;
      pageSize: number;
    },
  ) {
    const partnerId = await this.requireCrossdocking(ctx);
    const { rows, total } = await q.listBoxes(
      ctx.db,
      partnerId,
      FBS_BOX_TAB_STATUSES[x.tab],
      x.search || undefined,
      x.sort,
      x.pageSize,
      (x.page - 1) * x.pageSize,
    );
    return { items: rows.map(toBox), total, page: x.page, pageSize: x.pageSize };
  }

  async boxCounts(ctx: CallContext, x: { search?: string | undefined }) {
    const partnerId = await this.requireCrossdocking(ctx);
    const rows = await q.countBoxes(ctx.db, partnerId, x.search || undefined);
    const n = (tab: keyof typeof FBS_BOX_TAB_STATUSES) =>
      rows
        .filter((r) => FBS_BOX_TAB_STATUSES[tab].includes(r.status as FbsBoxState))
        .reduce((a, r) => a + r.n, 0);
    return { all: n('all'), readyToReturn: n('readyToReturn'), archive: n('archive') };
  }

  async box(ctx: CallContext, id: string) {
    const partnerId = await this.requireCrossdocking(ctx);
    const b = await q.boxById(ctx.db, partnerId, id);
    if (!b) throw new AppError('fbs.boxNotFound', { field: 'id' });
    const items = await q.boxItems(ctx.db, partnerId, id);
    return {
      ...toBox(b),
      createdAt: iso(b.created_at),
      items: items.map((i) => ({
        id: i.id,
        image: i.image,
        sellerSku: i.seller_sku,
        dataMatrix: i.data_matrix,
        price: Number(i.price),
        itemName: i.item_name,
        rejectType: i.reject_type as FbsRejectType,
        rejectedAt: iso(i.rejected_at),
        orderNr: i.order_nr,
      })),
    };
  }

  boxStatuses() {
    return FbsReturnBoxStatus.options.map((value) => ({ value, label: FBS_BOX_STATUS_LABELS[value] }));
  }

  async exportCount(ctx: CallContext, tab: keyof typeof FBS_BOX_TAB_STATUSES) {
    const partnerId = await this.requireCrossdocking(ctx);
    return q.exportCount(ctx.db, partnerId, FBS_BOX_TAB_STATUSES[tab]);
  }

  async *exportRows(ctx: CallContext, tab: keyof typeof FBS_BOX_TAB_STATUSES) {
    const partnerId = await this.requireCrossdocking(ctx);
    yield* q.exportItems(ctx.db, partnerId, FBS_BOX_TAB_STATUSES[tab], FBS_LIMITS.exportMax);
  }

  async platformBoxes(ctx: CallContext, x: { partnerId: number; status?: FbsBoxState[] | undefined }) {
    return {
      items: (await q.boxesList(ctx.db, x.partnerId, x.status ?? FbsReturnBoxStatus.options)).map(toBox),
    };
  }

  /** The sorting centre puts a returned order's units into the partner's box being filled. */
  async platformFill(
    ctx: CallContext,
    x: { orderNr: string; rejectType: FbsRejectType; dataMatrix?: string[] | undefined },
  ) {
    const order = await q.returnableOrder(ctx.db, x.orderNr);
    const refused = () =>
      new AppError('fbs.orderNotReturnable', {
        field: 'orderNr',
        message: fill(ERRORS['fbs.orderNotReturnable'].message, { orderNr: x.orderNr }),
      });
    if (!order) throw new AppError('order.notFound', { field: 'orderNr' });
    const back = ['not_delivered', 'returned', 'claimed', 'refund_requested', 'refunded', 'cancelled'];
    if (!order.shipped || !back.includes(order.status)) throw refused();
    const items = await q.unreturnedItems(ctx.db, order.partner_id, order.id);
    if (!items.length)
      throw new AppError('fbs.orderAlreadyReturned', {
        field: 'orderNr',
        message: fill(ERRORS['fbs.orderAlreadyReturned'].message, { orderNr: x.orderNr }),
      });
    const at = this.now();
    const box = await q.fillingBox(ctx.db, order.partner_id, at);
    const quantity = await q.insertReturnItems(
      ctx.db,
      order.partner_id,
      box.id,
      items.map((i, k) => ({
        orderId: order.id,
        orderNr: x.orderNr,
        orderItemId: i.id,
        sellerSku: i.seller_sku,
        itemName: i.name,
        image: i.image_id ? `/rest/api/v1/nomenclatures/images/${i.image_id}?size=img320x461` : null,
        price: Number(i.paid_price),
        dataMatrix: x.dataMatrix?.[k] ?? null,
        rejectType: x.rejectType,
        rejectedAt: at,
      })),
    );
    ctx.audit.objectId = box.id;
    ctx.audit.partnerId = order.partner_id;
    return { boxId: box.id, code: box.code, itemQuantity: quantity };
  }

  private async boxMove(ctx: CallContext, id: string, action: FbsBoxAction, patch = sql``) {
    const b = await q.boxById(ctx.db, null, id, true);
    if (!b) throw new AppError('fbs.boxNotFound', { field: 'id' });
    const refused = checkTransition(FBS_BOX_MACHINE, action, b.status as FbsBoxState, actorOf(ctx).actors);
    if (refused === 'forbidden') throw new AppError('common.forbidden');
    if (refused || (action === 'close' && b.item_quantity === 0)) throw boxCannotMove(action);
    const to = FBS_BOX_MACHINE.transitions[action].to;
    await q.setBox(ctx.db, b.partner_id, id, sql`status = ${to}${patch}`);
    if (action === 'ship') await q.restock(ctx.db, b.partner_id, id);
    ctx.audit.objectId = id;
    ctx.audit.partnerId = b.partner_id;
    return { id, status: to };
  }

  platformClose(
    ctx: CallContext,
    x: { id: string; dimensions: { length: number; width: number; height: number } },
  ) {
    const d = x.dimensions;
    return this.boxMove(
      ctx,
      x.id,
      'close',
      sql`, length = ${d.length}, width = ${d.width}, height = ${d.height}`,
    );
  }

  platformBoxMove(ctx: CallContext, x: { id: string; action: 'load' | 'ship' }) {
    return this.boxMove(ctx, x.id, x.action, x.action === 'ship' ? sql`, shipped_at = ${this.now()}` : sql``);
  }
}
