// FBO supplies as the contracts show them: a list row, an item line and the card with its totals, boxes,
// disputes, history and the moves the caller may make (FboService reads, these shape).
import {
  FBO_SUPPLY_MACHINE,
  fboWarehouseName,
  availableActions,
  lacksMarking,
  type Actor,
  type FboSupplyCard,
  type FboSupplyItem,
  type FboSupplyRow,
  type FboWarehouseCode,
  type FboSupplyState as SupplyStatus,
} from '@moda/contracts';
import type * as q from './fbo.queries';
import { iso } from '../../db/columns';

const round2 = (n: number) => Math.round(n * 100) / 100;

export function toRow(r: q.SupplyRow): FboSupplyRow {
  return {
    id: r.id,
    number: r.number,
    warehouseCode: r.warehouse_code as FboWarehouseCode,
    warehouseName: fboWarehouseName(r.warehouse_code),
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

/** A supply's card from its row, lines, history and disputes, with the moves open to `actors`. */
export function toCard(
  row: q.SupplyRow,
  items: q.ItemRow[],
  history: Awaited<ReturnType<typeof q.events>>,
  disputes: Awaited<ReturnType<typeof q.disputes>>,
  actors: readonly Actor[],
): FboSupplyCard {
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
    actions: availableActions(FBO_SUPPLY_MACHINE, row.status as SupplyStatus, actors),
  };
}
