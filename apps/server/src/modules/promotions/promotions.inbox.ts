// The promotions' item of the action inbox (issue 28): promotions open to the partner's business model whose
// registration ends within 3 days, read by the module's own list query narrowed to those days (the promotions
// table is the marketplace's, a few hundred rows).
import { sql } from 'drizzle-orm';
import {
  INBOX_HORIZONS,
  moscowDay,
  registrationDeadline,
  registrationOpen,
  SITE_SECTION_FIELD,
  type PromotionState,
} from '@moda/contracts';
import type { Db } from '../../db/client';
import type { InboxProvider } from '../../core/inbox';
import * as q from './promotions.queries';

export const promotionsInbox =
  (db: Db): InboxProvider =>
  async ({ partnerId, partner, now }) => {
    if (partner[SITE_SECTION_FIELD].promotions === 'closed') return [];
    const today = moscowDay(now);
    const last = moscowDay(now, INBOX_HORIZONS.promotionRegistrationDays);
    const rows = await q.visiblePromotions(
      db,
      partnerId,
      partner.businessModel,
      sql`p.state = 'open' and p.registration_end between ${today} and ${last}`,
    );
    const ending = rows
      .filter((r) => registrationOpen(r.state as PromotionState, r.registration_end, now))
      .map((r) => registrationDeadline(r.registration_end).getTime());
    if (ending.length === 0) return [];
    return [
      {
        kind: 'promotions_registration_ending',
        count: ending.length,
        deadline: new Date(Math.min(...ending)).toISOString(),
        overdue: false,
        link: '/promotions?filter=available',
        limit: null,
      },
    ];
  };
