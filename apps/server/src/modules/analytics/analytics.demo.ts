// Demo storefront history for `npm start`: 90 days of product views and additions to cart beside the demo
// orders (more views than carts, more carts than orders, per product and day), and the device of every demo
// order. Set-based and deterministic: the numbers come from hashes of the ids, not from a clock.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_ORDER_PARTNERS } from '../orders';

/** A device class from a hash: phones first, as on a fashion storefront. */
const device = (h: SQL) => sql`case
  when abs(${h}) % 100 < 30 then 'a_phone' when abs(${h}) % 100 < 55 then 'iphone'
  when abs(${h}) % 100 < 75 then 'desktop' when abs(${h}) % 100 < 87 then 'mobile'
  when abs(${h}) % 100 < 94 then 'a_tablet' else 'iPad' end`;

export async function seedAnalytics(db: Db): Promise<void> {
  for (const partnerId of DEMO_ORDER_PARTNERS) {
    await db.transaction(async (tx) => {
      // Where each demo order was placed.
      await tx.execute(
        sql`insert into analytics_order_devices (partner_id, order_id, device)
            select o.partner_id, o.id, ${device(sql`hashtext('o' || o.id::text)`)} from orders o
             where o.partner_id = ${partnerId}
            on conflict do nothing`,
      );
      // Views and carts of the products ordered each day, on the devices the orders came from and others.
      await tx.execute(
        sql`insert into storefront_events (partner_id, product_id, type, device, at, count)
            select x.partner_id, x.product_id, t.type, x.device, x.at,
                   case when t.type = 'view' then x.qty * (12 + abs(hashtext('v' || x.h)) % 30)
                        else x.qty * (2 + abs(hashtext('c' || x.h)) % 3) end
              from (select i.partner_id, i.product_id, d.device, min(o.created_at) as at, count(*)::int as qty,
                           i.product_id::text || analytics_moscow_day(o.created_at)::text || d.device as h
                      from order_items i
                      join orders o on o.partner_id = i.partner_id and o.id = i.order_id
                      join analytics_order_devices d on d.partner_id = o.partner_id and d.order_id = o.id
                     where i.partner_id = ${partnerId} and i.product_id is not null
                     group by i.partner_id, i.product_id, d.device, analytics_moscow_day(o.created_at)) x
             cross join (values ('view'), ('cart')) t(type)`,
      );
      // Products looked at without an order: about one in eight products on a day.
      await tx.execute(
        sql`insert into storefront_events (partner_id, product_id, type, device, at, count)
            select p.partner_id, p.id, t.type, ${device(sql`hashtext('d' || p.id::text || g.d::text)`)},
                   o.last - g.d * interval '1 day' - (abs(hashtext('t' || p.id::text || g.d::text)) % 20) * interval '1 hour',
                   case when t.type = 'view' then 3 + abs(hashtext('w' || p.id::text || g.d::text)) % 25
                        else abs(hashtext('k' || p.id::text || g.d::text)) % 3 end
              from products p
             cross join generate_series(0, 89) g(d)
             cross join (values ('view'), ('cart')) t(type)
             cross join (select coalesce(max(created_at), now()) as last from orders where partner_id = ${partnerId}) o
             where p.partner_id = ${partnerId} and not p.archived
               and abs(hashtext('p' || p.id::text || g.d::text)) % 8 = 0
               and (t.type = 'view' or abs(hashtext('k' || p.id::text || g.d::text)) % 3 > 0)`,
      );
    });
  }
}
