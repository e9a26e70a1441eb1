// The orders' items of the action inbox (issue 28): orders to collect before their cut-off, and overdue ones.
// One pass over the partial index of open orders (orders_open_cut_off_idx), which holds only the few orders
// still waiting for the seller.
import { sql } from 'drizzle-orm';
import type { InboxItem } from '@moda/contracts';
import type { Db } from '../../db/client';
import type { InboxProvider } from '../../core/inbox';
import { OPEN_STATUSES } from './orders.list.queries';

/** Statuses in which the order is still to be collected (collecting moves it to awaiting shipment). */
const TO_COLLECT = ['new', 'confirmed'] as const;

export const ordersInbox =
  (db: Db): InboxProvider =>
  async ({ partnerId, now }) => {
    const at = now.toISOString();
    const res = await db.execute<{
      to_collect: number;
      next: string | null;
      overdue: number;
      first: string | null;
    }>(
      sql`select count(*) filter (where cut_off_at >= ${at} and status = any(${sql.param([...TO_COLLECT])}::text[]))::int
                   as to_collect,
                 min(cut_off_at) filter (where cut_off_at >= ${at}
                                           and status = any(${sql.param([...TO_COLLECT])}::text[])) as next,
                 count(*) filter (where cut_off_at < ${at})::int as overdue,
                 min(cut_off_at) filter (where cut_off_at < ${at}) as first
            from orders
           where partner_id = ${partnerId} and status = any(${sql.param([...OPEN_STATUSES])}::text[])`,
    );
    const r = res.rows[0]!;
    const items: InboxItem[] = [];
    if (r.to_collect > 0)
      items.push({
        kind: 'orders_to_collect',
        count: r.to_collect,
        deadline: new Date(r.next!).toISOString(),
        overdue: false,
        link: `/orders?status=${TO_COLLECT.join(',')}&sort=cut_off_at`,
        limit: null,
      });
    if (r.overdue > 0)
      items.push({
        kind: 'orders_overdue',
        count: r.overdue,
        deadline: new Date(r.first!).toISOString(),
        overdue: true,
        link: '/orders?tab=overdue',
        limit: null,
      });
    return items;
  };
