// Orders of a partner (spec 000 §3–§4 Order, spec 001 §5, §8, §9): the list with its tabs, filters and
// counts, the card with the actions ORDER_MACHINE allows the caller, and the seller's moves — collect,
// confirm or reject, cancel the whole order or single items. Every move goes through checkTransition and
// leaves order_events. Pack numbers and the data of pack labels live here too (the PDF is in labels.ts).
import {
  ERRORS,
  ORDER_MACHINE,
  ORDER_STATUS_LABELS,
  OrderState,
  availableActions,
  checkTransition,
  fill,
  packBarcode,
  type Actor,
  type OrderAction,
  type OrderCancelAction,
  type OrderCard,
  type OrderListTab,
  type OrderRow,
  type ordersCountByStatuses,
  type ordersList,
} from '@moda/contracts';
import type { z } from 'zod';
import type { CallContext } from '../../core/context';
import { requirePartner, requirePrincipal } from '../../core/context';
import { AppError } from '../../core/errors';
import { concurrently, type DbOrTx } from '../../db/client';
import { emitEvent } from '../webhooks';
import { resolveRange } from './dates';
import * as q from './orders.queries';
import { searchPlan } from './orders.search-keys';
import { isWordSearch } from './orders.search-words';

type ListParams = z.output<typeof ordersList.params>;
type FilterParams = z.output<typeof ordersCountByStatuses.params>;
export type ExportFilter = Omit<FilterParams, 'partnerId'> & { tab: OrderListTab };

const num = (v: string | number) => Number(v);

export type { NewOrder } from './orders.queries';
/** Orders with their items in a few statements (demo seed, benchmarks); no events or checks. */
export const insertOrders = (db: DbOrTx, list: q.NewOrder[]) => q.insertOrders(db, list);

export function toRow(r: q.OrderListRow): OrderRow {
  return {
    id: r.id,
    orderNr: r.order_nr,
    createdAt: new Date(r.created_at).toISOString(),
    cutOffAt: new Date(r.cut_off_at).toISOString(),
    deliveryDate: r.delivery_date ? new Date(r.delivery_date).toISOString() : null,
    sum: num(r.sum),
    currency: r.currency,
    itemCount: r.item_count,
    status: r.status as OrderRow['status'],
    country: r.country as OrderRow['country'],
    paymentMethod: r.payment_method as OrderRow['paymentMethod'],
    isOverdue: r.is_overdue,
    hasDiscrepancyActs: r.has_discrepancy_act,
    trackingNumbers: r.tracking_numbers,
    packCount: r.pack_count,
  };
}

/** Who made a change, as order_events record it. */
export function actorOf(ctx: CallContext): { actors: Actor[]; name: string } {
  const p = requirePrincipal(ctx);
  if (p.service) return { actors: ['platform'], name: `service:${p.service.name}` };
  return { actors: p.roles, name: `user:${p.userId}` };
}

export interface MoveOptions {
  itemIds?: string[] | undefined;
  cancelAction?: OrderCancelAction | null;
  deliveryDate?: Date | undefined;
}

const cannotMove = (action: OrderAction) =>
  new AppError('order.cannotMoveToStatus', {
    message: fill(ERRORS['order.cannotMoveToStatus'].message, {
      status: ORDER_STATUS_LABELS[ORDER_MACHINE.transitions[action].to],
    }),
  });

/**
 * Moves an order (or some of its items) by an action of ORDER_MACHINE. Items moved one by one leave the
 * order's status alone until they all agree: all cancelled → the order is cancelled; all live items in one
 * status → the order takes it. Returns the order's new status.
 */
export async function moveOrder(
  db: DbOrTx,
  order: q.OrderRecord,
  action: OrderAction,
  who: { actors: readonly Actor[]; name: string },
  opts: MoveOptions = {},
): Promise<string> {
  const t = ORDER_MACHINE.transitions[action];
  const items = await q.itemsOf(db, order.partner_id, order.id);
  const events: { itemId: string | null; from: string | null; to: string }[] = [];
  const cancelAction = t.to === 'cancelled' ? (opts.cancelAction ?? 'CANCEL') : null;
  let orderStatus = order.status;

  if (!opts.itemIds) {
    const why = checkTransition(ORDER_MACHINE, action, order.status as OrderState, who.actors);
    if (why === 'forbidden') throw new AppError('common.forbidden');
    if (why) throw cannotMove(action);
    const moving = items.filter((i) => i.status === order.status);
    await q.setItemsStatus(
      db,
      order.partner_id,
      order.id,
      moving.map((i) => i.id),
      t.to,
      cancelAction,
    );
    events.push(...moving.map((i) => ({ itemId: i.id, from: i.status, to: t.to })));
    orderStatus = t.to;
  } else {
    const byId = new Map(items.map((i) => [i.id, i]));
    const ids = [...new Set(opts.itemIds)];
    const chosen = ids.map((id) => byId.get(id));
    if (chosen.some((i) => !i)) throw new AppError('order.itemNotFound', { field: 'itemIds' });
    const statuses = new Set(chosen.map((i) => i!.status));
    if (statuses.size > 1) throw new AppError('order.mixedItemStatuses', { field: 'itemIds' });
    const from = [...statuses][0] as OrderState;
    const why = checkTransition(ORDER_MACHINE, action, from, who.actors);
    if (why === 'forbidden') throw new AppError('common.forbidden');
    if (why) throw cannotMove(action);
    await q.setItemsStatus(db, order.partner_id, order.id, ids, t.to, cancelAction);
    events.push(...ids.map((id) => ({ itemId: id, from, to: t.to })));
    const after = items.map((i) => (ids.includes(i.id) ? t.to : i.status));
    const live = after.filter((s) => s !== 'cancelled');
    if (!live.length) orderStatus = 'cancelled';
    else if (new Set(live).size === 1) orderStatus = live[0]!;
  }
  const deliveryDate = opts.deliveryDate ?? (t.to === 'delivered' ? new Date() : undefined);
  if (orderStatus !== order.status || deliveryDate) {
    await q.setOrderStatus(db, order.partner_id, order.id, orderStatus, deliveryDate);
  }
  if (orderStatus !== order.status) events.unshift({ itemId: null, from: order.status, to: orderStatus });
  await q.addEvents(db, order.partner_id, order.id, events, who.name);
  const hook = { partnerId: order.partner_id, objectId: order.order_nr };
  if (t.to === 'cancelled')
    await emitEvent(db, {
      ...hook,
      type: 'order.cancelled',
      payload: {
        orderNr: order.order_nr,
        previousStatus: order.status as OrderState,
        itemIds: opts.itemIds ?? null,
        cancelAction,
      },
    });
  else if (orderStatus !== order.status)
    await emitEvent(db, {
      ...hook,
      type: 'order.status_changed',
      payload: {
        orderNr: order.order_nr,
        status: orderStatus as OrderState,
        previousStatus: order.status as OrderState,
      },
    });
  return orderStatus;
}

/**
 * The filters of a request as the queries take them, with the search's plan (orders.search-keys.ts); for the
 * list and the counts (`words`), whether the kept word counts may count them (orders.search-words.ts). The
 * benchmark builds its statements through this too.
 */
export async function listFilter(
  db: DbOrTx,
  partnerId: number,
  p: Omit<FilterParams, 'partnerId'>,
  opts: {
    now: Date;
    /** For the list and the counts: a word search of a keyed partner is counted by the kept words. */
    words?: boolean | undefined;
    keyWordsLater?: ((partnerId: number) => Promise<void>) | undefined;
  },
): Promise<q.ListFilter> {
  const { now } = opts;
  const statuses = (p.status ?? []).filter((s) => s !== 'unspecified');
  const search = p.fullSearch || undefined;
  const plan = await searchPlan(db, partnerId, search, { keyLater: opts.keyWordsLater });
  const f: q.ListFilter = {
    partnerId,
    country: p.country,
    statuses,
    noDeliveryDate: (p.status ?? []).includes('unspecified'),
    search,
    searchPieces: plan.pieces,
    createdAt: resolveRange(p.createdAt, 'createdAt', now),
    deliveryDate: resolveRange(p.deliveryDate, 'deliveryDate', now),
    now,
  };
  // Rare pieces read few orders already; a common word is counted from the kept words when one holds it.
  const word = search?.toLowerCase();
  f.searchWords = !!(opts.words && word && !plan.pieces && plan.wordsKept && isWordSearch(word));
  return f;
}

export class OrdersService {
  constructor(
    private readonly deps: {
      now: () => Date;
      /** Keys a large partner's search words later (a job: orders.search-words.ts). */
      keyWordsLater?: (partnerId: number) => Promise<void>;
    },
  ) {}

  /** The caller's partner's filters for the list and the counts (with the kept word of a search). */
  private filter(ctx: CallContext, p: Omit<FilterParams, 'partnerId'>): Promise<q.ListFilter> {
    return this.filterFor(ctx.db, requirePartner(ctx), p, true);
  }

  private filterFor(
    db: DbOrTx,
    partnerId: number,
    p: Omit<FilterParams, 'partnerId'>,
    words = false,
  ): Promise<q.ListFilter> {
    return listFilter(db, partnerId, p, {
      now: this.deps.now(),
      words,
      keyWordsLater: this.deps.keyWordsLater,
    });
  }

  async list(ctx: CallContext, p: ListParams) {
    const desc = p.sort.startsWith('-');
    const f = await this.filter(ctx, p);
    // Without filters other than statuses the total comes from the kept counts, not from counting rows.
    const known = q.onlyStatusFilter(f)
      ? this.tabs(f, await q.keptCounts(ctx.db, f.partnerId, f.now, p.tab === 'overdue'))[p.tab]
      : null;
    const { rows, total } = await q.listOrders(
      ctx.db,
      f,
      p.tab,
      { column: desc ? p.sort.slice(1) : p.sort, desc },
      p.page,
      p.pageSize,
      known,
    );
    return { items: rows.map(toRow), total, page: p.page, pageSize: p.pageSize };
  }

  async counts(ctx: CallContext, p: FilterParams) {
    const f = await this.filter(ctx, p);
    const rows = q.onlyStatusFilter(f)
      ? await q.keptCounts(ctx.db, f.partnerId, f.now)
      : await q.countByStatus(ctx.db, f);
    const statuses = Object.fromEntries(OrderState.options.map((s) => [s, 0])) as Record<OrderState, number>;
    for (const r of rows) if (r.status in statuses) statuses[r.status as OrderState] = r.n;
    return { tabs: this.tabs(f, rows), statuses };
  }

  /** Tab counts from per-status counts: every status, or those of the status filter. */
  private tabs(f: q.ListFilter, rows: { status: string; n: number; overdue: number; acts: number }[]) {
    const tabs = { all: 0, overdue: 0, with_discrepancy_acts: 0 };
    for (const r of rows) {
      if (f.statuses.length && !f.statuses.includes(r.status)) continue;
      tabs.all += r.n;
      tabs.overdue += r.overdue;
      tabs.with_discrepancy_acts += r.acts;
    }
    return tabs;
  }

  /** The caller's partner's order, locked for a change when asked; another partner's is "not found". */
  async find(ctx: CallContext, orderNr: string, lock = false): Promise<q.OrderRecord> {
    const order = await q.orderByNr(ctx.db, requirePartner(ctx), orderNr, this.deps.now(), lock);
    if (!order) throw new AppError('order.notFound', { field: 'orderNr' });
    return order;
  }

  async get(ctx: CallContext, orderNr: string): Promise<OrderCard> {
    return this.card(ctx, await this.find(ctx, orderNr));
  }

  private async card(ctx: CallContext, order: q.OrderRecord): Promise<OrderCard> {
    const [items, acts, packs] = await concurrently(ctx.db, [
      () => q.itemsOf(ctx.db, order.partner_id, order.id),
      () => q.actsOf(ctx.db, order.partner_id, order.id),
      () => q.packsOf(ctx.db, order.partner_id, order.id),
    ]);
    const principal = requirePrincipal(ctx);
    return {
      ...toRow(order),
      comment: order.comment,
      businessModel: order.business_model as OrderCard['businessModel'],
      delivery: order.delivery,
      payment: {
        productCost: num(order.product_cost),
        deliveryCost: num(order.delivery_cost),
        totalDiscount: num(order.total_discount),
        partnerAgreedPrice: num(order.partner_agreed_price),
        currency: order.currency,
        paymentMethod: order.payment_method as OrderCard['paymentMethod'],
      },
      items: items.map((i) => ({
        id: i.id,
        modaSku: i.moda_sku,
        sellerSku: i.seller_sku,
        name: i.name,
        basePrice: num(i.base_price),
        totalDiscount: num(i.total_discount),
        paidPrice: num(i.paid_price),
        status: i.status as OrderState,
        cancelAction: i.cancel_action as OrderCancelAction | null,
        imageUrl: i.image_id ? `/rest/api/v1/nomenclatures/images/${i.image_id}?size=img320x461` : null,
      })),
      discrepancyActs: acts.map((a) => ({
        id: a.id,
        reason: a.reason,
        comment: a.comment,
        files: a.files,
        createdAt: new Date(a.created_at).toISOString(),
      })),
      packs: packs.map((p) => ({ barcode: p.barcode, createdAt: new Date(p.created_at).toISOString() })),
      actions: availableActions(ORDER_MACHINE, order.status as OrderState, principal.roles),
    };
  }

  private async act(
    ctx: CallContext,
    orderNr: string,
    action: OrderAction,
    opts: MoveOptions = {},
  ): Promise<OrderCard> {
    const order = await this.find(ctx, orderNr, true);
    ctx.audit.objectId = orderNr;
    await moveOrder(ctx.db, order, action, actorOf(ctx), opts);
    return this.card(ctx, await this.find(ctx, orderNr));
  }

  collect(ctx: CallContext, orderNr: string) {
    return this.act(ctx, orderNr, 'collect');
  }

  confirmation(ctx: CallContext, orderNr: string, action: 'confirm' | 'reject') {
    return this.act(ctx, orderNr, action, { cancelAction: 'REJECT' });
  }

  cancel(ctx: CallContext, orderNr: string, cancelAction: OrderCancelAction) {
    return this.act(ctx, orderNr, 'cancel', { cancelAction });
  }

  itemCancel(ctx: CallContext, orderNr: string, itemIds: string[], cancelAction: OrderCancelAction) {
    return this.act(ctx, orderNr, 'cancel', { itemIds, cancelAction });
  }

  // --- the orders_and_items export (registered in orders.exports.ts) ------------------------------

  async exportCount(ctx: CallContext, partnerId: number, f: ExportFilter): Promise<number> {
    return q.countOrders(ctx.db, await this.filterFor(ctx.db, partnerId, f), f.tab);
  }

  /** One row per item of the filtered orders, oldest order first, read in keyset pages of orders. */
  async *exportRows(ctx: CallContext, partnerId: number, f: ExportFilter) {
    const filter = await this.filterFor(ctx.db, partnerId, f);
    let after = '0';
    for (;;) {
      const rows = await q.exportPage(ctx.db, filter, f.tab, after, 1000);
      if (!rows.length) return;
      for (const r of rows) yield r;
      after = rows[rows.length - 1]!.order_id;
    }
  }

  statuses() {
    return OrderState.options.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }));
  }

  // --- packs and labels ---------------------------------------------------------------------------

  /** New pack numbers for an order: 1 up to its item count per order (spec 001 §5, §9). */
  async createPacks(ctx: CallContext, orderNr: string, quantity: number) {
    const order = await this.find(ctx, orderNr, true);
    // Labels per order: 1 up to its item count, all requests together.
    const max = order.item_count;
    if (!Number.isInteger(quantity) || quantity < 1 || order.pack_count + quantity > max) {
      throw new AppError('label.countOutOfRange', {
        field: 'packQuantity',
        message: fill(ERRORS['label.countOutOfRange'].message, { max }),
      });
    }
    ctx.audit.objectId = orderNr;
    const packs = await q.addPacks(ctx.db, order.partner_id, order.id, quantity, (n) =>
      packBarcode(order.partner_id, n),
    );
    return { orderNr, packBarcodes: packs.map((p) => p.barcode) };
  }

  /** What a label shows, checked: the pack belongs to the order, the partner has a base warehouse. */
  async labelData(ctx: CallContext, orderNrs: string[], packBarcodeParam?: string) {
    const partnerId = requirePartner(ctx);
    const warehouse = await q.baseWarehouseOf(ctx.db, partnerId);
    const found = await q.ordersByNrs(ctx.db, partnerId, orderNrs, this.deps.now());
    const byNr = new Map(found.map((o) => [o.order_nr, o]));
    const missing = orderNrs.find((nr) => !byNr.has(nr));
    if (missing) throw new AppError('order.notFound', { field: 'orderNr', data: { orderNr: missing } });
    if (!warehouse) throw new AppError('label.baseWarehouseNotSet');
    const shop = await q.partnerName(ctx.db, partnerId);
    const labels = [];
    for (const nr of orderNrs) {
      const order = byNr.get(nr)!;
      const packs = (await q.packsOf(ctx.db, partnerId, order.id)).map((p) => p.barcode);
      if (packBarcodeParam && !packs.includes(packBarcodeParam))
        throw new AppError('label.barcodeMismatch', { field: 'packBarcode' });
      labels.push({
        orderNr: nr,
        partnerId,
        shopName: shop,
        paymentMethod: order.payment_method,
        sum: num(order.sum),
        itemCount: order.item_count,
        delivery: order.delivery,
        warehouse,
        packs: packBarcodeParam ? [packBarcodeParam] : packs,
      });
    }
    return labels;
  }
}
