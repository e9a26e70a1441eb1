// SQL of orders: the card, status changes, events, packs, acts, tracking numbers and creation; the list's
// SQL (filters, page, counts, export) is in orders.list.queries.ts and re-exported here for the services.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inList, ROW_COLUMNS, type OrderListRow } from './orders.list.queries';

export * from './orders.list.queries';

const iso = (d: Date) => d.toISOString();

export interface OrderRecord extends OrderListRow {
  partner_id: number;
  comment: string | null;
  business_model: string;
  delivery: { address: string; method: string; serviceLevel: string };
  product_cost: string;
  delivery_cost: string;
  total_discount: string;
  partner_agreed_price: string;
}

/** The order of a partner by its number (null: none, or another partner's); locked when asked. */
export async function orderByNr(
  db: DbOrTx,
  partnerId: number | null,
  orderNr: string,
  now: Date,
  lock = false,
): Promise<OrderRecord | null> {
  const res = await db.execute<OrderRecord>(
    sql`select ${ROW_COLUMNS(now)}, o.partner_id, o.comment, o.business_model, o.delivery, o.product_cost,
               o.delivery_cost, o.total_discount, o.partner_agreed_price
          from orders o
         where o.order_nr = ${orderNr} ${partnerId === null ? sql`` : sql`and o.partner_id = ${partnerId}`}
         ${lock ? sql`for update of o` : sql``}`,
  );
  return res.rows[0] ?? null;
}

export interface ItemRecord extends Record<string, unknown> {
  id: string;
  moda_sku: string;
  seller_sku: string;
  name: string;
  base_price: string;
  total_discount: string;
  paid_price: string;
  status: string;
  cancel_action: string | null;
  /** The product's first photo, when it has one. */
  image_id: string | null;
}

export async function itemsOf(db: DbOrTx, partnerId: number, orderId: string): Promise<ItemRecord[]> {
  const res = await db.execute<ItemRecord>(
    sql`select i.id::text as id, i.moda_sku, i.seller_sku, i.name, i.base_price, i.total_discount, i.paid_price,
               i.status, i.cancel_action,
               (select pi.id::text from products p
                  join product_images pi on pi.partner_id = p.partner_id and pi.seller_parent_sku = p.seller_parent_sku
                 where p.partner_id = i.partner_id and p.id = i.product_id
                 order by pi.position limit 1) as image_id
          from order_items i where i.partner_id = ${partnerId} and i.order_id = ${orderId} order by i.id`,
  );
  return res.rows;
}

export async function actsOf(db: DbOrTx, partnerId: number, orderId: string) {
  const res = await db.execute<{
    id: string;
    reason: string;
    comment: string | null;
    files: { name: string; url: string }[];
    created_at: Date;
  }>(
    sql`select id::text as id, reason, comment, files, created_at from discrepancy_acts
         where partner_id = ${partnerId} and order_id = ${orderId} order by created_at, id`,
  );
  return res.rows;
}

export async function packsOf(db: DbOrTx, partnerId: number, orderId: string) {
  const res = await db.execute<{ barcode: string; created_at: Date }>(
    sql`select barcode, created_at from order_packs
         where partner_id = ${partnerId} and order_id = ${orderId} order by number`,
  );
  return res.rows;
}

export async function setOrderStatus(
  db: DbOrTx,
  partnerId: number,
  orderId: string,
  status: string,
  deliveryDate?: Date,
): Promise<void> {
  await db.execute(
    sql`update orders set status = ${status}, updated_at = now()
          ${deliveryDate ? sql`, delivery_date = ${iso(deliveryDate)}` : sql``}
         where partner_id = ${partnerId} and id = ${orderId}`,
  );
}

export async function setItemsStatus(
  db: DbOrTx,
  partnerId: number,
  orderId: string,
  itemIds: string[],
  status: string,
  cancelAction: string | null,
): Promise<void> {
  if (!itemIds.length) return;
  await db.execute(
    sql`update order_items set status = ${status},
           cancel_action = coalesce(${cancelAction}, cancel_action),
           cancelled_at = case when ${status} = 'cancelled' then now() else cancelled_at end
         where partner_id = ${partnerId} and order_id = ${orderId}
           and id in ${inList(itemIds)}`,
  );
}

export async function addEvents(
  db: DbOrTx,
  partnerId: number,
  orderId: string,
  events: { itemId: string | null; from: string | null; to: string }[],
  actor: string,
): Promise<void> {
  if (!events.length) return;
  await db.execute(
    sql`insert into order_events (partner_id, order_id, item_id, from_status, to_status, actor)
        values ${sql.join(
          events.map((e) => sql`(${partnerId}, ${orderId}, ${e.itemId}, ${e.from}, ${e.to}, ${actor})`),
          sql`, `,
        )}`,
  );
}

// --- packs --------------------------------------------------------------------------------------------

/** Next pack numbers of a partner: one past the highest so far (the partner's rows are locked first). */
export async function addPacks(
  db: DbOrTx,
  partnerId: number,
  orderId: string,
  quantity: number,
  barcodeOf: (n: number) => string,
): Promise<{ barcode: string; number: number }[]> {
  // One pack numbering per partner: serialise concurrent requests of the same partner.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('order_packs'), ${partnerId})`);
  const res = await db.execute<{ max: string | null }>(
    sql`select max(number) as max from order_packs where partner_id = ${partnerId}`,
  );
  const start = Number(res.rows[0]?.max ?? 0) + 1;
  const packs = Array.from({ length: quantity }, (_, i) => ({
    number: start + i,
    barcode: barcodeOf(start + i),
  }));
  await db.execute(
    sql`insert into order_packs (partner_id, order_id, barcode, number) values ${sql.join(
      packs.map((p) => sql`(${partnerId}, ${orderId}, ${p.barcode}, ${p.number})`),
      sql`, `,
    )}`,
  );
  return packs;
}

/**
 * The marketplace warehouse of the partner's active warehouse, whose address the labels print: the shipping
 * point of a drop-off delivery, the base warehouse a pick-up truck goes to.
 */
export async function baseWarehouseOf(
  db: DbOrTx,
  partnerId: number,
): Promise<{ code: string; name: string; address: string } | null> {
  const res = await db.execute<{ code: string; name: string; address: string }>(
    sql`select b.code, b.name, b.address
          from warehouses w
          join base_warehouses b
            on b.code = case w.delivery_method->>'type'
                          when 'PICK_UP' then w.delivery_method->>'baseWarehouse'
                          else w.delivery_method->>'shippingPoint'
                        end
         where w.partner_id = ${partnerId} and w.status = 'active' and w.deleted_at is null
         limit 1`,
  );
  return res.rows[0] ?? null;
}

export async function partnerName(db: DbOrTx, partnerId: number): Promise<string> {
  const res = await db.execute<{ shop_name: string }>(
    sql`select shop_name from partners where id = ${partnerId}`,
  );
  return res.rows[0]?.shop_name ?? String(partnerId);
}

// --- creation and platform moves ----------------------------------------------------------------------

export async function productsBySellerSku(db: DbOrTx, partnerId: number, skus: string[]) {
  const res = await db.execute<{
    id: string;
    moda_sku: string;
    seller_sku: string;
    title: string;
    price: string | null;
    sale_price: string | null;
  }>(
    sql`select id::text as id, moda_sku, seller_sku, title, price, sale_price from products
         where partner_id = ${partnerId} and seller_sku in ${inList(skus)}`,
  );
  return res.rows;
}

/** Products buyers can order now, by seller SKU after `after` (the marketplace's view of the catalogue). */
export async function orderableProducts(
  db: DbOrTx,
  partnerId: number,
  after: string | undefined,
  limit: number,
) {
  const res = await db.execute<{
    seller_sku: string;
    moda_sku: string;
    price: string | null;
    quantity: number;
  }>(
    sql`select seller_sku, moda_sku, price, quantity from products
         where partner_id = ${partnerId} and not archived and status = 'online'
           and seller_sku > ${after ?? ''}
         order by seller_sku limit ${limit}`,
  );
  return res.rows;
}

export async function businessModelOf(db: DbOrTx, partnerId: number): Promise<string | null> {
  const res = await db.execute<{ business_model: string }>(
    sql`select business_model from partners where id = ${partnerId}`,
  );
  return res.rows[0]?.business_model ?? null;
}

export interface NewOrder {
  partnerId: number;
  orderNr: string | undefined;
  status: string;
  country: string;
  businessModel: string;
  createdAt: Date;
  cutOffAt: Date;
  deliveryDate: Date | null;
  comment: string | null;
  delivery: { address: string; method: string; serviceLevel: string };
  paymentMethod: string;
  deliveryCost: number;
  trackingNumbers: string[];
  hasDiscrepancyAct: boolean;
  items: {
    productId: string | null;
    modaSku: string;
    sellerSku: string;
    name: string;
    basePrice: number;
    totalDiscount: number;
    paidPrice: number;
    status: string;
    cancelAction: string | null;
  }[];
}

const money = (n: number) => Math.round(n * 100) / 100;
/** Characters of search_text kept: the number first, then SKUs and names of the items in order. */
export const SEARCH_TEXT_MAX = 1000;

/** The order number the server assigns: the country and the order's id. */
export const assignedOrderNr = (country: string, id: number | string) =>
  `${country}${String(id).padStart(9, '0')}`;

/** Inserts orders with their items (one statement each); returns their ids and numbers in input order. */
export async function insertOrders(db: DbOrTx, list: NewOrder[]): Promise<{ id: string; orderNr: string }[]> {
  if (!list.length) return [];
  const ids = await db.execute<{ id: string }>(
    sql`select nextval(pg_get_serial_sequence('orders', 'id'))::text as id from generate_series(1, ${list.length})`,
  );
  const rows = list.map((o, i) => {
    const id = ids.rows[i]!.id;
    const orderNr = o.orderNr ?? assignedOrderNr(o.country, id);
    const live = o.items.filter((it) => it.status !== 'cancelled' || o.status === 'cancelled');
    const productCost = money(o.items.reduce((s, it) => s + it.basePrice, 0));
    const totalDiscount = money(o.items.reduce((s, it) => s + it.totalDiscount, 0));
    const paid = money(live.reduce((s, it) => s + it.paidPrice, 0));
    // Capped so that the covering indexes of migration 0014 always hold it (a btree tuple is at most ~2.7 KB).
    const searchText = [orderNr, ...o.items.flatMap((it) => [it.modaSku, it.sellerSku, it.name])]
      .join(' ')
      .toLowerCase()
      .slice(0, SEARCH_TEXT_MAX);
    return { o, id, orderNr, productCost, totalDiscount, paid, searchText };
  });
  await db.execute(
    sql`insert into orders (partner_id, id, order_nr, status, country, business_model, created_at, cut_off_at,
          delivery_date, sum, item_count, comment, tracking_numbers, delivery, payment_method, product_cost,
          delivery_cost, total_discount, partner_agreed_price, has_discrepancy_act, search_text, updated_at)
        overriding system value values ${sql.join(
          rows.map(
            (
              r,
            ) => sql`(${r.o.partnerId}, ${r.id}, ${r.orderNr}, ${r.o.status}, ${r.o.country}, ${r.o.businessModel},
              ${iso(r.o.createdAt)}, ${iso(r.o.cutOffAt)}, ${r.o.deliveryDate ? iso(r.o.deliveryDate) : null},
              ${money(r.paid + r.o.deliveryCost)}, ${r.o.items.length}, ${r.o.comment},
              array(select jsonb_array_elements_text(${JSON.stringify(r.o.trackingNumbers)}::jsonb)),
              ${JSON.stringify(r.o.delivery)}::jsonb, ${r.o.paymentMethod}, ${r.productCost}, ${r.o.deliveryCost},
              ${r.totalDiscount}, ${money(r.paid * 0.85)}, ${r.o.hasDiscrepancyAct}, ${r.searchText},
              ${iso(r.o.createdAt)})`,
          ),
          sql`, `,
        )}`,
  );
  const items = rows.flatMap((r) => r.o.items.map((it) => ({ r, it })));
  await db.execute(
    sql`insert into order_items (partner_id, order_id, product_id, moda_sku, seller_sku, name, base_price,
          total_discount, paid_price, status, cancel_action, cancelled_at)
        values ${sql.join(
          items.map(
            ({
              r,
              it,
            }) => sql`(${r.o.partnerId}, ${r.id}, ${it.productId}, ${it.modaSku}, ${it.sellerSku}, ${it.name},
              ${it.basePrice}, ${it.totalDiscount}, ${it.paidPrice}, ${it.status}, ${it.cancelAction},
              ${it.status === 'cancelled' ? iso(r.o.createdAt) : null})`,
          ),
          sql`, `,
        )}`,
  );
  return rows.map((r) => ({ id: r.id, orderNr: r.orderNr }));
}

export async function orderNrExists(db: DbOrTx, orderNr: string): Promise<boolean> {
  const res = await db.execute(sql`select 1 from orders where order_nr = ${orderNr}`);
  return res.rows.length > 0;
}

export async function addAct(
  db: DbOrTx,
  partnerId: number,
  orderId: string,
  act: { reason: string; comment: string | null; files: { name: string; url: string }[] },
): Promise<string> {
  const res = await db.execute<{ id: string }>(
    sql`insert into discrepancy_acts (partner_id, order_id, reason, comment, files)
        values (${partnerId}, ${orderId}, ${act.reason}, ${act.comment}, ${JSON.stringify(act.files)}::jsonb)
        returning id::text as id`,
  );
  await db.execute(
    sql`update orders set has_discrepancy_act = true, updated_at = now()
         where partner_id = ${partnerId} and id = ${orderId}`,
  );
  return res.rows[0]!.id;
}

export async function addTracking(
  db: DbOrTx,
  partnerId: number,
  orderId: string,
  trackingNumber: string,
): Promise<string[]> {
  const res = await db.execute<{ tracking_numbers: string[] }>(
    sql`update orders set tracking_numbers = case when ${trackingNumber} = any(tracking_numbers)
             then tracking_numbers else array_append(tracking_numbers, ${trackingNumber}::text) end,
           updated_at = now()
         where partner_id = ${partnerId} and id = ${orderId}
         returning tracking_numbers`,
  );
  return res.rows[0]?.tracking_numbers ?? [];
}

/** Orders of a partner by number, for printing labels of many at once. */
export async function ordersByNrs(db: DbOrTx, partnerId: number, orderNrs: string[], now: Date) {
  const res = await db.execute<OrderRecord>(
    sql`select ${ROW_COLUMNS(now)}, o.partner_id, o.comment, o.business_model, o.delivery, o.product_cost,
               o.delivery_cost, o.total_discount, o.partner_agreed_price
          from orders o where o.partner_id = ${partnerId} and o.order_nr in ${inList(orderNrs)}`,
  );
  return res.rows;
}
