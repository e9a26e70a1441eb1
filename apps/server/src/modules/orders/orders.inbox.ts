// The orders' items of the action inbox (issue 28): orders to collect before their cut-off, and overdue ones.
// The kept counts per status (order_status_counts) and the partial index of open orders
// (orders_open_cut_off_idx), read only for the few past their cut-off and the nearest cut-off ahead.
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
    // Literal lists: the planner proves the partial index's predicate only from constants, never a parameter.
    const collect = sql.raw(`(${TO_COLLECT.map((x) => `'${x}'`).join(',')})`);
    const open = sql.raw(`(${OPEN_STATUSES.map((x) => `'${x}'`).join(',')})`);
    // Orders still to collect come from the kept counts per status, less those past their cut-off; only the
    // overdue ones (few) are counted on the partial index, and the nearest cut-off is one index seek per status (an equality on the status lets the
    // planner read the partial index in cut-off order).
    const res = await db.execute<{
      waiting: number;
      late_collect: number;
      overdue: number;
      first: string | null;
      next: string | null;
    }>(
      sql`select (select coalesce(sum(n), 0)::int from order_status_counts
                   where partner_id = ${partnerId} and status in ${collect}) as waiting,
                 l.late_collect, l.overdue, l.first,
                 least(${sql.join(
                   TO_COLLECT.map(
                     (st) =>
                       sql`(select min(cut_off_at) from orders
                             where partner_id = ${partnerId} and status = ${sql.raw(`'${st}'`)} and cut_off_at >= ${at})`,
                   ),
                   sql`, `,
                 )}) as next
            from (select count(*) filter (where status in ${collect})::int as late_collect,
                         count(*)::int as overdue, min(cut_off_at) as first
                    from orders
                   where partner_id = ${partnerId} and status in ${open} and cut_off_at < ${at}) l`,
    );
    const r = res.rows[0]!;
    const toCollect = r.waiting - r.late_collect;
    const items: InboxItem[] = [];
    if (toCollect > 0 && r.next)
      items.push({
        kind: 'orders_to_collect',
        count: toCollect,
        deadline: new Date(r.next).toISOString(),
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
