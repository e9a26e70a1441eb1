// The demo's order history: 90 days for each demo partner, every delivery status, overdue orders and
// discrepancy acts present, items from the partner's own products, numbers and search text as the platform's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderState } from '@moda/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { DEMO_ORDER_PARTNERS } from './orders.demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo orders', () => {
  it('each demo partner has 90 days of orders in every status', async () => {
    for (const partnerId of DEMO_ORDER_PARTNERS) {
      const rows = await t.sql<{ status: string; n: number; oldest: Date; overdue: number; acts: number }>(
        `select status, count(*)::int as n, min(created_at) as oldest,
                count(*) filter (where cut_off_at < now() and status in ('new','confirmed','awaiting_shipment'))::int as overdue,
                count(*) filter (where has_discrepancy_act)::int as acts
           from orders where partner_id = $1 group by status`,
        [partnerId],
      );
      expect(rows.map((r) => r.status).sort()).toEqual([...OrderState.options].sort());
      const oldest = Math.min(...rows.map((r) => new Date(r.oldest).getTime()));
      expect((Date.now() - oldest) / 86_400_000).toBeGreaterThan(85);
      expect(rows.reduce((s, r) => s + r.overdue, 0)).toBeGreaterThan(0);
      expect(rows.reduce((s, r) => s + r.acts, 0)).toBeGreaterThan(0);
    }
  });

  it('items are the partner’s products; acts, events and search text exist', async () => {
    const [foreign] = await t.sql<{ n: number }>(
      `select count(*)::int as n from order_items i
        where not exists (select 1 from products p where p.partner_id = i.partner_id and p.seller_sku = i.seller_sku)`,
    );
    expect(foreign!.n).toBe(0);
    const [acts] = await t.sql<{ n: number }>(
      `select count(*)::int as n from orders o where o.has_discrepancy_act
          and not exists (select 1 from discrepancy_acts a where a.partner_id = o.partner_id and a.order_id = o.id)`,
    );
    expect(acts!.n).toBe(0);
    const [bad] = await t.sql<{ n: number }>(
      `select count(*)::int as n from orders o
        where o.search_text not like lower(o.order_nr) || '%'
           or not exists (select 1 from order_events e where e.partner_id = o.partner_id and e.order_id = o.id)`,
    );
    expect(bad!.n).toBe(0);
  });
  it('the kept counts per status match counting the orders, after moves, acts and deletes', async () => {
    const drift = () =>
      t.sql<{ partner_id: number; status: string }>(
        `select coalesce(a.partner_id, b.partner_id) as partner_id, coalesce(a.status, b.status) as status
           from (select partner_id, status, count(*)::int as n, count(*) filter (where has_discrepancy_act)::int as acts
                   from orders group by 1, 2) a
           full join (select partner_id, status, n::int as n, acts::int as acts from order_status_counts where n <> 0) b
             on a.partner_id = b.partner_id and a.status = b.status
          where a.n is distinct from b.n or a.acts is distinct from b.acts`,
      );
    expect(await drift()).toEqual([]);
    await t.sql(
      `update orders set status = 'delivered', has_discrepancy_act = true where partner_id = 10003 and status = 'shipped'`,
    );
    await t.sql(`delete from orders where partner_id = 10005 and status = 'refunded'`);
    expect(await drift()).toEqual([]);
    await t.sql('truncate orders, order_items, order_events, discrepancy_acts, order_packs');
    expect(await t.sql('select * from order_status_counts')).toEqual([]);
  });
});
