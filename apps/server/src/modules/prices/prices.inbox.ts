// The prices' item of the action inbox (issue 28): price changes held in quarantine for review, counted on the
// partner's pending index (price_changes_pending_idx) — products whose price waits, as the prices list's
// «pending» filter shows them.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { InboxProvider } from '../../core/inbox';

export const pricesInbox =
  (db: Db): InboxProvider =>
  async ({ partnerId }) => {
    const res = await db.execute<{ n: number }>(
      sql`select count(distinct product_id)::int as n from price_changes
           where partner_id = ${partnerId} and status = 'pending'`,
    );
    const n = res.rows[0]!.n;
    if (n === 0) return [];
    return [
      {
        kind: 'prices_quarantine',
        count: n,
        deadline: null,
        overdue: false,
        link: '/nomenclatures/prices?approval=pending',
        limit: null,
      },
    ];
  };
