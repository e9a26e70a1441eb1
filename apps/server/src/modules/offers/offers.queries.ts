// SQL of offers (cooperation terms) and the restriction they imply.
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { partners } from '../../db/core.schema';
import { offers } from './offers.schema';

export type OfferRow = typeof offers.$inferSelect;

export async function offersOf(db: DbOrTx, partnerId: number): Promise<OfferRow[]> {
  return db
    .select()
    .from(offers)
    .where(eq(offers.partnerId, partnerId))
    .orderBy(desc(offers.createdAt), desc(offers.version));
}

export async function offerAmong(
  db: DbOrTx,
  id: string,
  partnerIds: number[] | null,
): Promise<OfferRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  if (partnerIds !== null && partnerIds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.id, id), partnerIds === null ? undefined : inArray(offers.partnerId, partnerIds)));
  return row;
}

export async function approve(
  db: DbOrTx,
  partnerId: number,
  id: string,
  userId: string,
  email: string,
): Promise<OfferRow> {
  const [row] = await db
    .update(offers)
    .set({ approvedAt: sql`now()`, approvedBy: userId, approvedEmail: email })
    .where(and(eq(offers.partnerId, partnerId), eq(offers.id, id)))
    .returning();
  // Older versions nobody signed are replaced by the signed one.
  await db
    .update(offers)
    .set({ superseded: true })
    .where(
      and(eq(offers.partnerId, partnerId), isNull(offers.approvedAt), lt(offers.createdAt, row!.createdAt)),
    );
  return row!;
}

export async function insertOffer(db: DbOrTx, row: typeof offers.$inferInsert): Promise<OfferRow> {
  const [inserted] = await db.insert(offers).values(row).returning();
  return inserted!;
}

/** Per partner: signed terms exist, an unsigned version waits, and whether the cabinet is restricted. */
export async function statusesOf(db: DbOrTx, partnerIds: number[]) {
  if (partnerIds.length === 0) return [];
  const res = await db.execute<{
    partner_id: number;
    has_actual: boolean;
    has_pending: boolean;
    restricted: boolean;
  }>(sql`
    select p.id as partner_id,
           exists (select 1 from offers o where o.partner_id = p.id and o.approved_at is not null) as has_actual,
           exists (select 1 from offers o where o.partner_id = p.id and o.approved_at is null and not o.superseded) as has_pending,
           ('offersEnabled' = any(p.enabled_features) and not p.is_new_in_ui_app
             and not exists (select 1 from offers o where o.partner_id = p.id and o.approved_at is not null)) as restricted
      from ${partners} p
     where p.id in ${partnerIds}
     order by p.id`);
  return res.rows;
}
