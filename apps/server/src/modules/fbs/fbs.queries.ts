// SQL of the FBS module: shipments with their orders, pallets and history, return boxes and their items.
// Every seller statement takes the partner id; the marketplace side finds a shipment or box by its id.
import { sql, type SQL } from 'drizzle-orm';
import { FBS_HOLDING_STATUSES } from '@moda/contracts';
import type { DbOrTx } from '../../db/client';

export type ShipmentRecord = {
  partner_id: number;
  id: string;
  shipment_nr: string;
  warehouse_name: string;
  handover_type: 'PICK_UP' | 'DROP_OFF';
  destination: string;
  handover_at: Date | string;
  status: string;
  pallets: number;
  packs: number;
  items: number;
  created_at: Date | string;
};

const SHIPMENT_COLUMNS = sql.raw(`partner_id, id::text as id, shipment_nr, warehouse_name, handover_type,
  destination, handover_at, status, pallets, packs, items, created_at`);

const S_COLUMNS = sql.raw(`s.partner_id, s.id::text as id, s.shipment_nr, s.warehouse_name, s.handover_type,
  s.destination, s.handover_at, s.status, s.pallets, s.packs, s.items, s.created_at`);

const holding = sql.raw(FBS_HOLDING_STATUSES.map((s) => `'${s}'`).join(', '));

export async function shipmentById(db: DbOrTx, partnerId: number | null, id: string, lock = false) {
  const res = await db.execute<ShipmentRecord>(
    sql`select ${SHIPMENT_COLUMNS} from fbs_shipments
         where id = ${id}::uuid ${partnerId === null ? sql`` : sql`and partner_id = ${partnerId}`}
         ${lock ? sql`for update` : sql``}`,
  );
  return res.rows[0];
}

export interface ShipmentListFilter {
  status?: string[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  search?: string | undefined;
}

function listWhere(partnerId: number, f: ShipmentListFilter): SQL {
  const parts: SQL[] = [sql`s.partner_id = ${partnerId}`];
  if (f.status?.length)
    parts.push(
      sql`s.status in (${sql.join(
        f.status.map((x) => sql`${x}`),
        sql`, `,
      )})`,
    );
  if (f.from) parts.push(sql`s.handover_at >= ${f.from}`);
  if (f.to) parts.push(sql`s.handover_at <= ${f.to}`);
  if (f.search) {
    const term = f.search.toUpperCase();
    // The shipments naming the order found through its index first, not an EXISTS probe per shipment.
    parts.push(sql`s.id in (select so.shipment_id from fbs_shipment_orders so
                             where so.partner_id = ${partnerId} and so.order_nr = ${f.search}
                            union all
                            select x.id from fbs_shipments x where x.partner_id = ${partnerId} and x.shipment_nr = ${term})`);
  }
  return sql.join(parts, sql` and `);
}

const SORTS: Record<string, string> = {
  shipped_at: 's.handover_at',
  created_at: 's.created_at',
  shipment_id: 's.shipment_nr',
  items: 's.items',
  status: 's.status',
};

export async function listShipments(
  db: DbOrTx,
  partnerId: number,
  f: ShipmentListFilter,
  sort: string,
  limit: number,
  offset: number,
): Promise<{ rows: ShipmentRecord[]; total: number }> {
  const desc = sort.startsWith('-');
  const col = SORTS[desc ? sort.slice(1) : sort] ?? 's.handover_at';
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const where = listWhere(partnerId, f);
  const [rows, count] = await Promise.all([
    db.execute<ShipmentRecord>(
      sql`select ${S_COLUMNS}
            from fbs_shipments s where ${where}
           order by ${sql.raw(col)} ${dir}, s.id ${dir} limit ${limit} offset ${offset}`,
    ),
    db.execute<{ n: number }>(totalSql(partnerId, f, where)),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

/**
 * The list's total: with no filter or statuses only, the kept counts (fbs_shipment_counts, by triggers);
 * a search or hand-over days still count the matching shipments.
 */
function totalSql(partnerId: number, f: ShipmentListFilter, where: SQL): SQL {
  if (f.search || f.from || f.to) return sql`select count(*)::int as n from fbs_shipments s where ${where}`;
  const statuses = f.status?.length
    ? sql` and status in (${sql.join(
        f.status.map((x) => sql`${x}`),
        sql`, `,
      )})`
    : sql``;
  return sql`select coalesce(sum(n), 0)::int as n from fbs_shipment_counts
              where partner_id = ${partnerId}${statuses}`;
}

export async function palletsOf(db: DbOrTx, partnerId: number, shipmentId: string) {
  const res = await db.execute<{ barcode: string; cargo_space: number; packs: number; items: number }>(
    sql`select p.barcode, p.cargo_space,
               coalesce(sum(so.packs), 0)::int as packs, coalesce(sum(so.items), 0)::int as items
          from fbs_pallets p
          left join fbs_shipment_orders so on so.partner_id = p.partner_id and so.shipment_id = p.shipment_id
                                           and so.cargo_space = p.cargo_space
         where p.partner_id = ${partnerId} and p.shipment_id = ${shipmentId}::uuid
         group by p.barcode, p.cargo_space order by p.cargo_space`,
  );
  return res.rows;
}

export async function eventsOf(db: DbOrTx, partnerId: number, shipmentId: string) {
  const res = await db.execute<{ from_status: string | null; to_status: string; actor: string; at: Date }>(
    sql`select from_status, to_status, actor, at from fbs_shipment_events
         where partner_id = ${partnerId} and shipment_id = ${shipmentId}::uuid order by id`,
  );
  return res.rows;
}

export async function addEvent(
  db: DbOrTx,
  partnerId: number,
  shipmentId: string,
  from: string | null,
  to: string,
  actor: string,
  at: Date,
) {
  await db.execute(sql`insert into fbs_shipment_events (partner_id, shipment_id, from_status, to_status, actor, at)
    values (${partnerId}, ${shipmentId}::uuid, ${from}, ${to}, ${actor}, ${at})`);
}

export async function setStatus(db: DbOrTx, partnerId: number, id: string, status: string, at: Date) {
  await db.execute(
    sql`update fbs_shipments set status = ${status}, updated_at = ${at} where partner_id = ${partnerId} and id = ${id}::uuid`,
  );
}

/**
 * The goods of a shipment: each order's items spread over its packs in turn (a pack holds every n-th
 * item), one row per pack and SKU.
 */
export async function itemsOf(
  db: DbOrTx,
  partnerId: number,
  shipmentId: string,
  limit: number,
  offset: number,
) {
  const base = sql`
    with packs as (
      select so.order_id, so.order_nr, so.cargo_space, op.barcode,
             row_number() over (partition by so.order_id order by op.number) - 1 as k,
             count(*) over (partition by so.order_id) as n
        from fbs_shipment_orders so
        join order_packs op on op.partner_id = so.partner_id and op.order_id = so.order_id
       where so.partner_id = ${partnerId} and so.shipment_id = ${shipmentId}::uuid
    ), units as (
      select i.order_id, i.seller_sku, row_number() over (partition by i.order_id order by i.id) - 1 as k
        from order_items i
       where i.partner_id = ${partnerId}
         and i.order_id in (select order_id from fbs_shipment_orders
                             where partner_id = ${partnerId} and shipment_id = ${shipmentId}::uuid)
    )
    select pl.barcode as pallet_barcode, p.barcode as pack_barcode, u.seller_sku as sku,
           count(*)::int as unitload, p.order_nr, o.status as order_status, p.cargo_space
      from packs p
      join units u on u.order_id = p.order_id and u.k % p.n = p.k
      join orders o on o.partner_id = ${partnerId} and o.id = p.order_id
      join fbs_pallets pl on pl.partner_id = ${partnerId} and pl.shipment_id = ${shipmentId}::uuid
                         and pl.cargo_space = p.cargo_space
     group by pl.barcode, p.barcode, u.seller_sku, p.order_nr, o.status, p.cargo_space`;
  const [rows, count] = await Promise.all([
    db.execute<{
      pallet_barcode: string;
      pack_barcode: string;
      sku: string;
      unitload: number;
      order_nr: string;
      order_status: string;
    }>(sql`${base} order by p.cargo_space, p.barcode, u.seller_sku limit ${limit} offset ${offset}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from (${base}) x`),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

/** Orders of a shipment with what the act lists. */
export async function actLines(db: DbOrTx, partnerId: number, shipmentId: string) {
  const res = await db.execute<{
    order_nr: string;
    cargo_space: number;
    packs: number;
    items: number;
    sum: string;
  }>(
    sql`select so.order_nr, so.cargo_space, so.packs, so.items, o.sum::text as sum
          from fbs_shipment_orders so join orders o on o.partner_id = so.partner_id and o.id = so.order_id
         where so.partner_id = ${partnerId} and so.shipment_id = ${shipmentId}::uuid
         order by so.cargo_space, so.order_nr`,
  );
  return res.rows;
}

// --- forming ----------------------------------------------------------------------------------------------

export type ActiveWarehouse = {
  id: string;
  name: string;
  delivery_method: Record<string, unknown> | null;
  non_working_days: string[] | null;
};

export async function activeWarehouse(db: DbOrTx, partnerId: number) {
  const res = await db.execute<ActiveWarehouse>(
    sql`select id::text as id, general->>'name' as name, delivery_method,
               (select array_agg(d) from jsonb_array_elements_text(coalesce(general->'nonWorkingDays', '[]'::jsonb)) d)
                 as non_working_days
          from warehouses where partner_id = ${partnerId} and status = 'active' and deleted_at is null`,
  );
  return res.rows[0];
}

export async function baseWarehouseName(db: DbOrTx, code: string): Promise<string> {
  const res = await db.execute<{ name: string; address: string }>(
    sql`select name, address from base_warehouses where code = ${code}`,
  );
  const w = res.rows[0];
  return w ? `${w.name}, ${w.address}` : code;
}

/** Collected orders of the partner's FBS model in no shipment that still holds them, oldest first. */
export async function ungroupedOrders(db: DbOrTx, partnerId: number, limit: number) {
  const res = await db.execute<{ id: number; order_nr: string; item_count: number; packs: number }>(
    sql`select o.id, o.order_nr, o.item_count,
               (select count(*)::int from order_packs op where op.partner_id = o.partner_id and op.order_id = o.id)
                 as packs
          from orders o
         where o.partner_id = ${partnerId} and o.status = 'awaiting_shipment'
           and o.business_model = 'marketplace_crossdocking'
           and not exists (select 1 from fbs_shipment_orders so
                             join fbs_shipments s on s.partner_id = so.partner_id and s.id = so.shipment_id
                            where so.partner_id = o.partner_id and so.order_id = o.id and s.status in (${holding}))
         order by o.updated_at, o.id limit ${limit}`,
  );
  return res.rows;
}

/** Whether grouping has anything to do: a collected order in no shipment, or a cancelled one in a forming one. */
export async function formingNeeded(db: DbOrTx, partnerId: number): Promise<boolean> {
  const res = await db.execute<{ needed: boolean }>(
    sql`select exists (select 1 from orders o
                        where o.partner_id = ${partnerId} and o.status = 'awaiting_shipment'
                          and o.business_model = 'marketplace_crossdocking'
                          and not exists (select 1 from fbs_shipment_orders so
                                            join fbs_shipments s on s.partner_id = so.partner_id and s.id = so.shipment_id
                                           where so.partner_id = o.partner_id and so.order_id = o.id
                                             and s.status in (${holding})))
            or exists (select 1 from fbs_shipments s
                         join fbs_shipment_orders so on so.partner_id = s.partner_id and so.shipment_id = s.id
                         join orders o on o.partner_id = so.partner_id and o.id = so.order_id
                        where s.partner_id = ${partnerId} and s.status = 'new' and o.status = 'cancelled') as needed`,
  );
  return res.rows[0]?.needed ?? false;
}

/** Orders cancelled while their shipment was still being formed leave it. */
export async function pruneCancelled(db: DbOrTx, partnerId: number): Promise<string[]> {
  const res = await db.execute<{ shipment_id: string }>(
    sql`delete from fbs_shipment_orders so using fbs_shipments s, orders o
         where so.partner_id = ${partnerId} and s.partner_id = so.partner_id and s.id = so.shipment_id
           and s.status = 'new' and o.partner_id = so.partner_id and o.id = so.order_id and o.status = 'cancelled'
        returning so.shipment_id::text as shipment_id`,
  );
  return [...new Set(res.rows.map((r) => r.shipment_id))];
}

export async function shipmentAt(db: DbOrTx, partnerId: number, warehouseId: string, at: Date) {
  const res = await db.execute<{ id: string; status: string }>(
    sql`select id::text as id, status from fbs_shipments
         where partner_id = ${partnerId} and warehouse_id = ${warehouseId}::uuid and handover_at = ${at}
           and status in (${holding})
         order by (status = 'new') desc limit 1`,
  );
  return res.rows[0];
}

export async function insertShipment(
  db: DbOrTx,
  s: {
    partnerId: number;
    warehouseId: string;
    warehouseName: string;
    handoverType: string;
    destination: string;
    handoverAt: Date;
    status: string;
    at: Date;
  },
): Promise<string> {
  const n = await db.execute<{ n: number }>(
    sql`select count(*)::int + 1 as n from fbs_shipments where partner_id = ${s.partnerId}`,
  );
  const nr = `FBS${s.partnerId}-${String(n.rows[0]!.n).padStart(6, '0')}`;
  const res = await db.execute<{ id: string }>(
    sql`insert into fbs_shipments (partner_id, shipment_nr, warehouse_id, warehouse_name, handover_type,
          destination, handover_at, status, created_at, updated_at)
        values (${s.partnerId}, ${nr}, ${s.warehouseId}::uuid, ${s.warehouseName}, ${s.handoverType},
          ${s.destination}, ${s.handoverAt}, ${s.status}, ${s.at}, ${s.at})
        returning id::text as id`,
  );
  return res.rows[0]!.id;
}

/** The last pallet of a shipment and how many packs it holds. */
export async function lastPallet(db: DbOrTx, partnerId: number, shipmentId: string) {
  const res = await db.execute<{ cargo_space: number; packs: number }>(
    sql`select p.cargo_space, coalesce((select sum(so.packs) from fbs_shipment_orders so
              where so.partner_id = p.partner_id and so.shipment_id = p.shipment_id
                and so.cargo_space = p.cargo_space), 0)::int as packs
          from fbs_pallets p where p.partner_id = ${partnerId} and p.shipment_id = ${shipmentId}::uuid
         order by p.cargo_space desc limit 1`,
  );
  return res.rows[0];
}

export async function insertPallet(db: DbOrTx, partnerId: number, shipmentId: string, cargoSpace: number) {
  const nr = await db.execute<{ shipment_nr: string }>(
    sql`select shipment_nr from fbs_shipments where partner_id = ${partnerId} and id = ${shipmentId}::uuid`,
  );
  const barcode = `PLT${nr.rows[0]!.shipment_nr.slice(3)}-${String(cargoSpace).padStart(2, '0')}`;
  await db.execute(sql`insert into fbs_pallets (partner_id, shipment_id, cargo_space, barcode)
    values (${partnerId}, ${shipmentId}::uuid, ${cargoSpace}, ${barcode})`);
}

export async function addOrder(
  db: DbOrTx,
  partnerId: number,
  shipmentId: string,
  o: { id: number; orderNr: string; cargoSpace: number; packs: number; items: number; at: Date },
) {
  await db.execute(sql`insert into fbs_shipment_orders
      (partner_id, shipment_id, order_id, order_nr, cargo_space, packs, items, added_at)
    values (${partnerId}, ${shipmentId}::uuid, ${o.id}, ${o.orderNr}, ${o.cargoSpace}, ${o.packs}, ${o.items}, ${o.at})`);
}

/** Pallets without orders go; the counters are taken again from the orders. */
export async function recount(db: DbOrTx, partnerId: number, shipmentId: string) {
  await db.execute(sql`delete from fbs_pallets p where p.partner_id = ${partnerId}
      and p.shipment_id = ${shipmentId}::uuid and not exists (select 1 from fbs_shipment_orders so
        where so.partner_id = p.partner_id and so.shipment_id = p.shipment_id and so.cargo_space = p.cargo_space)`);
  await db.execute(sql`update fbs_shipments s set
      pallets = (select count(*) from fbs_pallets p where p.partner_id = s.partner_id and p.shipment_id = s.id),
      packs = coalesce((select sum(packs) from fbs_shipment_orders so
                         where so.partner_id = s.partner_id and so.shipment_id = s.id), 0),
      items = coalesce((select sum(items) from fbs_shipment_orders so
                         where so.partner_id = s.partner_id and so.shipment_id = s.id), 0)
    where s.partner_id = ${partnerId} and s.id = ${shipmentId}::uuid`);
}

export async function ordersOf(db: DbOrTx, partnerId: number, shipmentId: string) {
  const res = await db.execute<{ order_nr: string; status: string }>(
    sql`select so.order_nr, o.status from fbs_shipment_orders so
          join orders o on o.partner_id = so.partner_id and o.id = so.order_id
         where so.partner_id = ${partnerId} and so.shipment_id = ${shipmentId}::uuid order by so.order_nr`,
  );
  return res.rows;
}

// --- return boxes -----------------------------------------------------------------------------------------

export type BoxRecord = {
  partner_id: number;
  id: string;
  code: string;
  status: string;
  length: number | null;
  width: number | null;
  height: number | null;
  item_quantity: number;
  shipped_at: Date | string | null;
  created_at: Date | string;
};
const BOX_COLUMNS = sql.raw(`b.partner_id, b.id::text as id, b.code, b.status, b.length, b.width, b.height,
  b.item_quantity, b.shipped_at, b.created_at`);

function boxSearch(partnerId: number, search: string | undefined): SQL {
  if (!search) return sql`b.partner_id = ${partnerId}`;
  return sql`b.partner_id = ${partnerId} and (b.code = ${search.toUpperCase()} or exists (select 1 from fbs_return_items i
    where i.partner_id = b.partner_id and i.box_id = b.id and i.order_nr = ${search}))`;
}

export async function listBoxes(
  db: DbOrTx,
  partnerId: number,
  statuses: readonly string[],
  search: string | undefined,
  sort: string,
  limit: number,
  offset: number,
) {
  const where = sql`${boxSearch(partnerId, search)} and b.status in (${sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  )})`;
  const desc = sort.startsWith('-');
  const col = sql.raw(sort.endsWith('shipped_at') ? 'b.shipped_at' : 'b.created_at');
  const dir = sql.raw(desc ? 'desc nulls last' : 'asc nulls first');
  const [rows, count] = await Promise.all([
    db.execute<BoxRecord>(
      sql`select ${BOX_COLUMNS} from fbs_return_boxes b where ${where}
           order by ${col} ${dir}, b.id limit ${limit} offset ${offset}`,
    ),
    db.execute<{ n: number }>(sql`select count(*)::int as n from fbs_return_boxes b where ${where}`),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

export async function countBoxes(db: DbOrTx, partnerId: number, search: string | undefined) {
  const res = await db.execute<{ status: string; n: number }>(
    sql`select b.status, count(*)::int as n from fbs_return_boxes b where ${boxSearch(partnerId, search)}
         group by b.status`,
  );
  return res.rows;
}

export async function boxById(db: DbOrTx, partnerId: number | null, id: string, lock = false) {
  const res = await db.execute<BoxRecord>(
    sql`select ${BOX_COLUMNS} from fbs_return_boxes b where b.id = ${id}::uuid
         ${partnerId === null ? sql`` : sql`and b.partner_id = ${partnerId}`} ${lock ? sql`for update` : sql``}`,
  );
  return res.rows[0];
}

export type ReturnItemRecord = {
  id: string;
  image: string | null;
  seller_sku: string;
  data_matrix: string | null;
  price: string;
  item_name: string;
  reject_type: string;
  rejected_at: Date | string;
  order_nr: string;
};

export async function boxItems(db: DbOrTx, partnerId: number, boxId: string) {
  const res = await db.execute<ReturnItemRecord>(
    sql`select id::text as id, image, seller_sku, data_matrix, price::text as price, item_name, reject_type,
               rejected_at, order_nr
          from fbs_return_items where partner_id = ${partnerId} and box_id = ${boxId}::uuid order by id`,
  );
  return res.rows;
}

export async function boxesList(db: DbOrTx, partnerId: number, statuses: readonly string[]) {
  const res = await db.execute<BoxRecord>(
    sql`select ${BOX_COLUMNS} from fbs_return_boxes b where b.partner_id = ${partnerId}
         and b.status in (${sql.join(
           statuses.map((s) => sql`${s}`),
           sql`, `,
         )}) order by b.created_at desc limit 500`,
  );
  return res.rows;
}

/** An order of any partner with whether it went out in an FBS shipment. */
export async function returnableOrder(db: DbOrTx, orderNr: string) {
  const res = await db.execute<{ partner_id: number; id: number; status: string; shipped: boolean }>(
    sql`select o.partner_id, o.id, o.status,
               exists (select 1 from fbs_shipment_orders so join fbs_shipments s
                         on s.partner_id = so.partner_id and s.id = so.shipment_id
                        where so.partner_id = o.partner_id and so.order_id = o.id
                          and s.status in ('sent', 'received', 'closed')) as shipped
          from orders o where o.order_nr = ${orderNr} for update`,
  );
  return res.rows[0];
}

/** Items of the order not yet in any box, with what the box card shows of them. */
export async function unreturnedItems(db: DbOrTx, partnerId: number, orderId: number) {
  const res = await db.execute<{
    id: number;
    seller_sku: string;
    name: string;
    paid_price: string;
    image_id: string | null;
  }>(
    sql`select i.id, i.seller_sku, i.name, i.paid_price::text as paid_price,
               (select pi.id::text from products p
                  join product_images pi on pi.partner_id = p.partner_id and pi.seller_parent_sku = p.seller_parent_sku
                 where p.partner_id = i.partner_id and p.id = i.product_id order by pi.position limit 1) as image_id
          from order_items i
         where i.partner_id = ${partnerId} and i.order_id = ${orderId}
           and not exists (select 1 from fbs_return_items r where r.partner_id = i.partner_id and r.order_item_id = i.id)
         order by i.id`,
  );
  return res.rows;
}

export async function fillingBox(db: DbOrTx, partnerId: number, at: Date) {
  const found = await db.execute<{ id: string; code: string }>(
    sql`select id::text as id, code from fbs_return_boxes where partner_id = ${partnerId} and status = 'inProgress'
         for update`,
  );
  if (found.rows[0]) return found.rows[0];
  const n = await db.execute<{ n: number }>(
    sql`select count(*)::int + 1 as n from fbs_return_boxes where partner_id = ${partnerId}`,
  );
  const code = `RB${partnerId}-${String(n.rows[0]!.n).padStart(6, '0')}`;
  const res = await db.execute<{ id: string; code: string }>(
    sql`insert into fbs_return_boxes (partner_id, code, status, created_at) values (${partnerId}, ${code}, 'inProgress', ${at})
        returning id::text as id, code`,
  );
  return res.rows[0]!;
}

export async function insertReturnItems(
  db: DbOrTx,
  partnerId: number,
  boxId: string,
  items: {
    orderId: number;
    orderNr: string;
    orderItemId: number;
    sellerSku: string;
    itemName: string;
    image: string | null;
    price: number;
    dataMatrix: string | null;
    rejectType: string;
    rejectedAt: Date;
  }[],
) {
  for (const i of items) {
    await db.execute(sql`insert into fbs_return_items (partner_id, box_id, order_id, order_nr, order_item_id,
        seller_sku, item_name, image, price, data_matrix, reject_type, rejected_at)
      values (${partnerId}, ${boxId}::uuid, ${i.orderId}, ${i.orderNr}, ${i.orderItemId}, ${i.sellerSku},
        ${i.itemName}, ${i.image}, ${i.price}, ${i.dataMatrix}, ${i.rejectType}, ${i.rejectedAt})`);
  }
  const res = await db.execute<{ n: number }>(
    sql`update fbs_return_boxes b set item_quantity = (select count(*) from fbs_return_items i
          where i.partner_id = b.partner_id and i.box_id = b.id)
        where b.partner_id = ${partnerId} and b.id = ${boxId}::uuid returning item_quantity as n`,
  );
  return res.rows[0]!.n;
}

export async function setBox(db: DbOrTx, partnerId: number, id: string, patch: SQL) {
  await db.execute(
    sql`update fbs_return_boxes set ${patch} where partner_id = ${partnerId} and id = ${id}::uuid`,
  );
}

/** The goods of a shipped box go back to the seller's stock of those SKUs (an out-of-stock product is back). */
export async function restock(db: DbOrTx, partnerId: number, boxId: string) {
  await db.execute(sql`update products p set quantity = p.quantity + r.n,
        status = case when p.status = 'out_of_stock' then 'online' else p.status end, updated_at = now()
      from (select seller_sku, count(*)::int as n from fbs_return_items
             where partner_id = ${partnerId} and box_id = ${boxId}::uuid group by seller_sku) r
     where p.partner_id = ${partnerId} and p.seller_sku = r.seller_sku`);
}

/** Lines of return box items for the export, newest boxes first. */
export async function* exportItems(
  db: DbOrTx,
  partnerId: number,
  statuses: readonly string[],
  limit: number,
) {
  const res = await db.execute<ReturnItemRecord & { code: string; status: string }>(
    sql`select i.id::text as id, i.image, i.seller_sku, i.data_matrix, i.price::text as price, i.item_name,
               i.reject_type, i.rejected_at, i.order_nr, b.code, b.status
          from fbs_return_items i join fbs_return_boxes b on b.partner_id = i.partner_id and b.id = i.box_id
         where i.partner_id = ${partnerId} and b.status in (${sql.join(
           statuses.map((s) => sql`${s}`),
           sql`, `,
         )})
         order by b.created_at desc, i.id limit ${limit}`,
  );
  yield* res.rows;
}

export async function exportCount(db: DbOrTx, partnerId: number, statuses: readonly string[]) {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from fbs_return_items i join fbs_return_boxes b
          on b.partner_id = i.partner_id and b.id = i.box_id
         where i.partner_id = ${partnerId} and b.status in (${sql.join(
           statuses.map((s) => sql`${s}`),
           sql`, `,
         )})`,
  );
  return res.rows[0]?.n ?? 0;
}
