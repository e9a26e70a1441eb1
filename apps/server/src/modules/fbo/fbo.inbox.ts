// The FBO items of the action inbox (issue 28): acceptance acts with a shortage the seller has not disputed yet,
// and stock that runs out within 7 days. The acts are read from the partner's closed supplies of the dispute
// window (a few rows by the partner's index); the stock from the stock screen's own forecast, filtered to the
// «7 days or less» bucket, one row long.
import { sql } from 'drizzle-orm';
import type { InboxItem } from '@moda/contracts';
import type { Db } from '../../db/client';
import { plainContext } from '../../core/context';
import type { InboxProvider } from '../../core/inbox';
import type { FboStockService } from './fbo-stock.service';

/** How long after acceptance a shortage is still news the seller is asked to answer (docs/decisions.md). */
export const FBO_ACT_ANSWER_DAYS = 14;
const DAY_MS = 24 * 3600_000;

export const fboInbox =
  (db: Db, fboStock: FboStockService): InboxProvider =>
  async ({ partnerId, partner, now }) => {
    if (partner.businessModel !== 'consignment') return [];
    const since = new Date(now.getTime() - FBO_ACT_ANSWER_DAYS * DAY_MS).toISOString();
    const [acts, stock] = await Promise.all([
      db.execute<{ n: number; first: string | null }>(
        sql`select count(*)::int as n, min(s.reported_at) as first
              from fbo_supplies s
             where s.partner_id = ${partnerId} and s.status = 'closed' and s.reported_at >= ${since}
               and exists (select 1 from fbo_supply_items i
                            where i.partner_id = s.partner_id and i.supply_id = s.id and coalesce(i.missing, 0) > 0
                              and not exists (select 1 from fbo_disputes d
                                               where d.partner_id = s.partner_id and d.supply_id = s.id
                                                 and d.box = i.box))`,
      ),
      fboStock.forecast(plainContext(db, { partnerId }), {
        daysBucket: 'less_or_equal_7_days',
        sort: 'days_of_stock',
        page: 1,
        pageSize: 1,
      }),
    ]);
    const items: InboxItem[] = [];
    const a = acts.rows[0]!;
    if (a.n > 0) {
      const deadline = new Date(new Date(a.first!).getTime() + FBO_ACT_ANSWER_DAYS * DAY_MS);
      items.push({
        kind: 'fbo_discrepancy_acts',
        count: a.n,
        deadline: deadline.toISOString(),
        overdue: false,
        link: '/fbo/shipments?status=closed',
        limit: null,
      });
    }
    if (stock.total > 0) {
      const days = stock.items[0]?.daysOfStock ?? 0;
      items.push({
        kind: 'fbo_stock_running_out',
        count: stock.total,
        deadline: new Date(now.getTime() + Math.max(0, days) * DAY_MS).toISOString(),
        overdue: days <= 0,
        link: `/fbo/stocks?days=less_or_equal_7_days&sort=days_of_stock`,
        limit: null,
      });
    }
    return items;
  };
