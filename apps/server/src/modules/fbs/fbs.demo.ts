// Demo FBS history for `npm start`: every FBS demo partner's shipped orders grouped into daily hand-overs
// (closed, received, sent), cancelled and rejected hand-overs, collected orders in confirmed and
// cancel-pending shipments, and return boxes in every state from the orders that came back.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEMO_PARTNERS } from '../../seed/demo-partners';
import { FBS_LIMITS, fromMoscow, moscowDay, packBarcode, type FbsShipmentState } from '@moda/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { prng } from '../orders';

const SHIPPED = [
  'shipped',
  'in_delivery',
  'delivered',
  'not_delivered',
  'returned',
  'claimed',
  'refund_requested',
  'refunded',
];
const DAY_MS = 24 * 3600_000;

type DemoOrder = { id: number; order_nr: string; status: string; created_at: Date; item_count: number };

/** 18:00 Moscow of the day after `at`: the demo warehouses' drop-off. */
function handoverAfter(at: Date): Date {
  const day = moscowDay(at, 1);
  return fromMoscow(new Date(`${day}T18:00:00.000Z`));
}

async function shipment(
  tx: DbOrTx,
  p: {
    partnerId: number;
    n: number;
    warehouseId: string;
    warehouseName: string;
    status: FbsShipmentState;
    at: Date;
  },
  orders: DemoOrder[],
  nextPack: () => number,
) {
  const nr = `FBS${p.partnerId}-${String(p.n).padStart(6, '0')}`;
  const created = new Date(p.at.getTime() - DAY_MS);
  const res = await tx.execute<{
    id: string;
  }>(sql`insert into fbs_shipments (partner_id, shipment_nr, warehouse_id,
      warehouse_name, handover_type, destination, handover_at, status, created_at, updated_at)
    values (${p.partnerId}, ${nr}, ${p.warehouseId}::uuid, ${p.warehouseName}, 'DROP_OFF',
      'Новохохловская, Москва, ул. Новохохловская, 23, стр. 1', ${p.at}, ${p.status}, ${created}, ${p.at})
    returning id::text as id`);
  const id = res.rows[0]!.id;
  let cargo = 0;
  let onPallet: number = FBS_LIMITS.packsPerPallet;
  for (const o of orders) {
    const packs = Math.min(o.item_count, 1 + (o.id % 2));
    if (onPallet + packs > FBS_LIMITS.packsPerPallet) {
      cargo += 1;
      onPallet = 0;
      await tx.execute(sql`insert into fbs_pallets (partner_id, shipment_id, cargo_space, barcode)
        values (${p.partnerId}, ${id}::uuid, ${cargo}, ${`PLT${nr.slice(3)}-${String(cargo).padStart(2, '0')}`})`);
    }
    onPallet += packs;
    const have = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from order_packs where partner_id = ${p.partnerId} and order_id = ${o.id}`,
    );
    let packCount = have.rows[0]!.n;
    for (; packCount < packs; packCount++) {
      const k = nextPack();
      await tx.execute(sql`insert into order_packs (partner_id, order_id, barcode, number, created_at)
        values (${p.partnerId}, ${o.id}, ${packBarcode(p.partnerId, k)}, ${k}, ${created})`);
    }
    await tx.execute(sql`insert into fbs_shipment_orders (partner_id, shipment_id, order_id, order_nr, cargo_space,
        packs, items, added_at) values (${p.partnerId}, ${id}::uuid, ${o.id}, ${o.order_nr}, ${cargo}, ${packCount},
        ${o.item_count}, ${created})`);
  }
  await tx.execute(sql`update fbs_shipments s set pallets = ${cargo},
      packs = (select coalesce(sum(packs), 0) from fbs_shipment_orders so where so.partner_id = s.partner_id and so.shipment_id = s.id),
      items = (select coalesce(sum(items), 0) from fbs_shipment_orders so where so.partner_id = s.partner_id and so.shipment_id = s.id)
    where s.partner_id = ${p.partnerId} and s.id = ${id}::uuid`);
  const path: Record<FbsShipmentState, FbsShipmentState[]> = {
    new: ['new'],
    confirmed: ['new', 'confirmed'],
    cancelPending: ['new', 'confirmed', 'cancelPending'],
    cancelled: ['new', 'cancelled'],
    rejected: ['new', 'confirmed', 'rejected'],
    sent: ['new', 'confirmed', 'sent'],
    received: ['new', 'confirmed', 'sent', 'received'],
    closed: ['new', 'confirmed', 'sent', 'received', 'closed'],
  };
  const steps = path[p.status];
  for (const [i, to] of steps.entries()) {
    const by = to === 'confirmed' || to === 'cancelPending' ? 'seller@moda.test' : 'Маркетплейс';
    const at = new Date(
      created.getTime() + (i * (p.at.getTime() - created.getTime())) / Math.max(1, steps.length - 1),
    );
    await tx.execute(sql`insert into fbs_shipment_events (partner_id, shipment_id, from_status, to_status, actor, at)
      values (${p.partnerId}, ${id}::uuid, ${i ? steps[i - 1]! : null}, ${to}, ${by}, ${at})`);
  }
  return id;
}

export async function seedFbs(db: Db): Promise<void> {
  const now = Date.now();
  const partners = DEMO_PARTNERS.filter((p) => p.businessModel === 'marketplace_crossdocking' && !p.isNew);
  for (const partner of partners) {
    const r = prng(partner.id * 20);
    await db.transaction(async (tx) => {
      const wh = await tx.execute<{ id: string; name: string }>(
        sql`select id::text as id, general->>'name' as name from warehouses
             where partner_id = ${partner.id} and status = 'active' and deleted_at is null`,
      );
      // A partner without an active warehouse today shipped from its former one.
      const warehouseId = wh.rows[0]?.id ?? randomUUID();
      const warehouseName = wh.rows[0]?.name ?? 'Склад на Огородном проезде';
      const orders = (
        await tx.execute<DemoOrder>(
          sql`select id, order_nr, status, created_at, item_count from orders
               where partner_id = ${partner.id} and business_model = 'marketplace_crossdocking' order by created_at, id`,
        )
      ).rows.map((o) => ({ ...o, id: Number(o.id), created_at: new Date(o.created_at) }));
      const maxPack = await tx.execute<{ n: number }>(
        sql`select coalesce(max(number), 0)::int as n from order_packs where partner_id = ${partner.id}`,
      );
      let pack = maxPack.rows[0]!.n;
      const nextPack = () => ++pack;
      let n = 0;
      const base = { partnerId: partner.id, warehouseId, warehouseName };

      // Shipped orders: one hand-over per day of collection.
      const byDay = new Map<string, DemoOrder[]>();
      for (const o of orders.filter((o) => SHIPPED.includes(o.status))) {
        const day = moscowDay(o.created_at);
        byDay.set(day, [...(byDay.get(day) ?? []), o]);
      }
      for (const group of byDay.values()) {
        const at = handoverAfter(group[0]!.created_at);
        const age = (now - at.getTime()) / DAY_MS;
        const status: FbsShipmentState = age > 5 ? 'closed' : age > 2 ? 'received' : 'sent';
        await shipment(tx, { ...base, n: ++n, status, at }, group, nextPack);
      }
      // Hand-overs that did not happen: their orders were cancelled later.
      const cancelled = orders.filter(
        (o) => o.status === 'cancelled' && now - o.created_at.getTime() > 3 * DAY_MS,
      );
      if (cancelled.length >= 4) {
        await shipment(
          tx,
          { ...base, n: ++n, status: 'cancelled', at: handoverAfter(cancelled[0]!.created_at) },
          cancelled.slice(0, 2),
          nextPack,
        );
        await shipment(
          tx,
          { ...base, n: ++n, status: 'rejected', at: handoverAfter(cancelled[2]!.created_at) },
          cancelled.slice(2, 4),
          nextPack,
        );
      }
      // Collected orders: a confirmed hand-over and one the seller asked to cancel; the rest are grouped by
      // the marketplace into the shipment being formed when the seller first looks.
      const collected = orders.filter((o) => o.status === 'awaiting_shipment');
      const soon = handoverAfter(new Date(now));
      if (collected.length >= 2) {
        await shipment(
          tx,
          { ...base, n: ++n, status: 'confirmed', at: soon },
          collected.slice(0, 1),
          nextPack,
        );
        await shipment(
          tx,
          { ...base, n: ++n, status: 'cancelPending', at: new Date(soon.getTime() + DAY_MS) },
          collected.slice(1, 2),
          nextPack,
        );
      }
      if (!wh.rows[0] && collected.length > 2)
        await shipment(
          tx,
          { ...base, n: ++n, status: 'new', at: new Date(soon.getTime() + 2 * DAY_MS) },
          collected.slice(2),
          nextPack,
        );

      // Return boxes from the orders that came back, oldest first: shipped, loading, ready, being filled.
      const back = orders.filter((o) =>
        ['returned', 'not_delivered', 'claimed', 'refund_requested', 'refunded'].includes(o.status),
      );
      const perBox = 4;
      const boxes = Math.min(8, Math.ceil(back.length / perBox));
      // The latest returns: the box being filled holds the last week's.
      back.splice(0, Math.max(0, back.length - boxes * perBox));
      for (let b = 0; b < boxes; b++) {
        const group = back.slice(b * perBox, (b + 1) * perBox);
        const left = boxes - b;
        const status =
          left === 1 ? 'inProgress' : left === 2 ? 'accepted' : left === 3 ? 'loading' : 'shipped';
        const last = group[group.length - 1]!.created_at.getTime() + 4 * DAY_MS;
        const shippedAt = status === 'shipped' ? new Date(Math.min(now - DAY_MS, last + 2 * DAY_MS)) : null;
        const dims = status === 'inProgress' ? [null, null, null] : [40 + b * 5, 30, 20 + (b % 3) * 10];
        const box = await tx.execute<{
          id: string;
        }>(sql`insert into fbs_return_boxes (partner_id, code, status, length,
            width, height, shipped_at, created_at)
          values (${partner.id}, ${`RB${partner.id}-${String(b + 1).padStart(6, '0')}`}, ${status}, ${dims[0]}, ${dims[1]},
            ${dims[2]}, ${shippedAt}, ${new Date(Math.min(now - DAY_MS, last))}) returning id::text as id`);
        for (const o of group) {
          const rejectType = ['claimed', 'refund_requested', 'refunded'].includes(o.status)
            ? 'claim'
            : r() < 0.2
              ? 'cancel'
              : 'reject';
          await tx.execute(sql`insert into fbs_return_items (partner_id, box_id, order_id, order_nr, order_item_id,
              seller_sku, item_name, image, price, data_matrix, reject_type, rejected_at)
            select i.partner_id, ${box.rows[0]!.id}::uuid, i.order_id, ${o.order_nr}, i.id, i.seller_sku, i.name,
                   (select '/rest/api/v1/nomenclatures/images/' || pi.id || '?size=img320x461' from products p
                      join product_images pi on pi.partner_id = p.partner_id and pi.seller_parent_sku = p.seller_parent_sku
                     where p.partner_id = i.partner_id and p.id = i.product_id order by pi.position limit 1),
                   i.paid_price, '010' || lpad(i.id::text, 13, '0') || '21' || substr(md5(i.id::text), 1, 13),
                   ${rejectType}, ${new Date(Math.min(now - DAY_MS, o.created_at.getTime() + 3 * DAY_MS))}
              from order_items i where i.partner_id = ${partner.id} and i.order_id = ${o.id}`);
        }
        await tx.execute(sql`update fbs_return_boxes b set item_quantity = (select count(*) from fbs_return_items i
            where i.partner_id = b.partner_id and i.box_id = b.id) where b.partner_id = ${partner.id} and b.id = ${box.rows[0]!.id}::uuid`);
      }
    });
  }
}
