// The FBS item of the action inbox (issue 28): shipments to hand over today, by the partner's status index
// (fbs_shipments_partner_status_idx: partner, status, hand-over time).
import { sql } from 'drizzle-orm';
import { endOfMoscowDay, moscowDay, type InboxItem } from '@moda/contracts';
import type { Db } from '../../db/client';
import type { InboxProvider } from '../../core/inbox';

/** Shipments still waiting for the courier. */
const TO_HAND_OVER = ['new', 'confirmed'] as const;

export const fbsInbox =
  (db: Db): InboxProvider =>
  async ({ partnerId, partner, now }) => {
    if (partner.businessModel !== 'marketplace_crossdocking') return [];
    const end = endOfMoscowDay(now);
    const start = new Date(`${moscowDay(now)}T00:00:00+03:00`);
    const res = await db.execute<{ n: number; first: string | null; next: string | null }>(
      sql`select count(*)::int as n, min(handover_at) as first,
                 min(handover_at) filter (where handover_at >= ${now.toISOString()}) as next
            from fbs_shipments
           where partner_id = ${partnerId} and status = any(${sql.param([...TO_HAND_OVER])}::text[])
             and handover_at >= ${start.toISOString()} and handover_at <= ${end.toISOString()}`,
    );
    const r = res.rows[0]!;
    if (r.n === 0) return [];
    const item: InboxItem = {
      kind: 'fbs_shipments_today',
      count: r.n,
      // The next hand-over still ahead; when all of today's have passed, the earliest of them.
      deadline: new Date(r.next ?? r.first!).toISOString(),
      overdue: r.next === null,
      link: `/fbs/shipments?status=${TO_HAND_OVER.join(',')}&sort=handover_at`,
      limit: null,
    };
    return [item];
  };
