// FBO returns as the contracts show them: a list row and the card with its items, history and files
// (FboReturnsService reads and decides the moves, these shape).
import {
  fboWarehouseName,
  type FboReturnCard,
  type FboReturnRow,
  type FboReturnSlot,
  type FboReturnState as Status,
  type FboWarehouseCode,
} from '@moda/contracts';
import type * as q from './fbo-returns.queries';
import { iso } from '../../db/columns';

export function slotOf(r: q.ReturnRow): FboReturnSlot | null {
  return r.slot_date && r.slot_from !== null && r.slot_to !== null
    ? { date: r.slot_date, fromHour: r.slot_from, toHour: r.slot_to }
    : null;
}

export function toRow(r: q.ReturnRow): FboReturnRow {
  return {
    id: r.id,
    returnId: r.return_id,
    warehouseCode: r.warehouse_code as FboWarehouseCode,
    warehouseName: fboWarehouseName(r.warehouse_code),
    returnAt: r.return_at,
    createdAt: iso(r.created_at),
    status: r.status as Status,
    skuCount: r.sku_count,
    quantity: r.quantity,
    slot: slotOf(r),
  };
}

/** The card of a return from its row and what was read with it; the open windows and moves as decided. */
export function toCard(
  row: q.ReturnRow,
  read: {
    items: q.ItemRow[];
    history: Awaited<ReturnType<typeof q.events>>;
    files: Awaited<ReturnType<typeof q.files>>;
  },
  slots: FboReturnSlot[],
  actions: FboReturnCard['actions'],
): FboReturnCard {
  return {
    ...toRow(row),
    creator: row.creator_name,
    reason: row.reason,
    cancelRequested: Boolean(row.cancel_requested_at),
    items: read.items.map((i) => ({
      supplierSku: i.seller_sku,
      modaSku: i.moda_sku,
      title: i.title,
      quantity: i.quantity,
      reservedQuantity: i.reserved_quantity,
      exportedQuantity: i.exported_quantity,
      exportedFailQuantity: i.exported_fail_quantity,
    })),
    history: read.history.map((e) => ({
      from: e.from_status as Status | null,
      to: e.to_status as Status,
      actor: e.actor,
      reason: e.reason,
      at: iso(e.at),
    })),
    files: read.files.map((f) => ({
      id: f.id,
      kind: f.kind as FboReturnCard['files'][number]['kind'],
      name: f.name,
      warehouseCode: f.warehouse_code as FboWarehouseCode,
      count: f.count,
      status: f.status as Status,
      occurredAt: iso(f.occurred_at),
    })),
    slots,
    actions,
  };
}
