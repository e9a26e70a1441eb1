// Webhook events of promotions (issue 27), written through the webhooks module's outbox in the transaction of
// the change: promotion.announced to every partner the new promotion is open to (its business models, the
// promotions section not closed), and promotion.registration_ending once per promotion and partner when its
// registration ends within the action inbox's horizon (INBOX_HORIZONS.promotionRegistrationDays).
import { sql } from 'drizzle-orm';
import {
  INBOX_HORIZONS,
  moscowDay,
  registrationDeadline,
  registrationOpen,
  type PromotionState,
} from '@moda/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { emitEvent } from '../webhooks';

/** Partners a promotion open to these business models is shown to. */
async function partnersOpenTo(db: DbOrTx, models: string[]): Promise<number[]> {
  const res = await db.execute<{ id: number }>(sql`
    select id from partners
     where business_model = any(${sql.param(models)}::text[])
       and coalesce(site_section->>'promotions', '') <> 'closed'
     order by id`);
  return res.rows.map((r) => Number(r.id));
}

/** promotion.announced: one event for each partner the promotion is open to. */
export async function emitAnnounced(
  tx: DbOrTx,
  p: { id: string; name: string; registrationEnd: string; businessModels: string[] },
): Promise<number> {
  const partners = await partnersOpenTo(tx, p.businessModels);
  for (const partnerId of partners)
    await emitEvent(tx, {
      partnerId,
      type: 'promotion.announced',
      objectId: p.id,
      payload: {
        promotionId: p.id,
        name: p.name,
        state: 'idle',
        registrationEndsAt: registrationDeadline(p.registrationEnd).toISOString(),
      },
    });
  return partners.length;
}

/**
 * promotion.registration_ending for the open promotions whose registration ends within the inbox's horizon and
 * that were not announced as ending yet: each is marked in the same transaction, so two processes never both
 * send it (the second skips the locked rows) and a rolled-back run sends nothing. Returns the promotions told.
 */
export async function emitRegistrationEnding(db: Db, now: Date): Promise<string[]> {
  const today = moscowDay(now);
  const last = moscowDay(now, INBOX_HORIZONS.promotionRegistrationDays);
  return db.transaction(async (tx) => {
    const res = await tx.execute<{
      id: string;
      name: string;
      state: string;
      registration_end: string;
      business_models: string[];
    }>(sql`
      select id::text as id, name, state, registration_end::text as registration_end, business_models
        from promotions
       where state = 'open' and registration_ending_notified_at is null
         and registration_end between ${today} and ${last}
       order by id
       for update skip locked`);
    const due = res.rows.filter((r) => registrationOpen(r.state as PromotionState, r.registration_end, now));
    for (const r of due) {
      await tx.execute(
        sql`update promotions set registration_ending_notified_at = ${now.toISOString()} where id = ${Number(r.id)}`,
      );
      for (const partnerId of await partnersOpenTo(tx, r.business_models))
        await emitEvent(tx, {
          partnerId,
          type: 'promotion.registration_ending',
          objectId: r.id,
          payload: {
            promotionId: r.id,
            name: r.name,
            registrationEndsAt: registrationDeadline(r.registration_end).toISOString(),
          },
        });
    }
    return due.map((r) => r.id);
  });
}
