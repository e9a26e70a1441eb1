// SQL of onboarding: the applicant's row, the staff queues, and what the steps after approval read of the
// new partner (signed terms, product count, an active warehouse, a first supply).
import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { concurrently, type DbOrTx } from '../../db/client';
import { partners, userPartners, users } from '../../db/core.schema';
import { products } from '../catalogue';
import { offers } from '../offers';
import { deliveryProfiles, warehouses } from '../warehouses';
import { fboSupplies } from '../fbo';
import { onboardingSurveys } from './onboarding.schema';

export type SurveyRow = typeof onboardingSurveys.$inferSelect;
export type SurveyPatch = Partial<Omit<typeof onboardingSurveys.$inferInsert, 'id' | 'userId'>>;

export async function surveyOfUser(
  db: DbOrTx,
  userId: string,
  forUpdate = false,
): Promise<SurveyRow | undefined> {
  const q = db.select().from(onboardingSurveys).where(eq(onboardingSurveys.userId, userId));
  return (await (forUpdate ? q.for('update') : q))[0];
}

export async function surveyById(db: DbOrTx, id: string, forUpdate = false): Promise<SurveyRow | undefined> {
  const q = db.select().from(onboardingSurveys).where(eq(onboardingSurveys.id, id));
  return (await (forUpdate ? q.for('update') : q))[0];
}

export async function insertSurvey(db: DbOrTx, userId: string, status: string, at: Date): Promise<SurveyRow> {
  const [row] = await db
    .insert(onboardingSurveys)
    .values({ userId, status, createdAt: at, updatedAt: at })
    .returning();
  return row!;
}

export async function updateSurvey(db: DbOrTx, id: string, patch: SurveyPatch): Promise<SurveyRow> {
  const [row] = await db.update(onboardingSurveys).set(patch).where(eq(onboardingSurveys.id, id)).returning();
  return row!;
}

export async function emailOf(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

/** The staff queue: questionnaires on review, or committee cases on review, oldest first. */
export async function queue(db: DbOrTx, which: 'survey' | 'committee') {
  const where =
    which === 'survey'
      ? eq(onboardingSurveys.status, 'on_review')
      : eq(onboardingSurveys.committeeStatus, 'onReview');
  const order =
    which === 'survey' ? asc(onboardingSurveys.submittedAt) : asc(onboardingSurveys.committeeUpdatedAt);
  return db
    .select({ survey: onboardingSurveys, email: users.email })
    .from(onboardingSurveys)
    .innerJoin(users, eq(users.id, onboardingSurveys.userId))
    .where(where)
    .orderBy(order, asc(onboardingSurveys.id))
    .limit(500);
}

/** The next free partner id for a new partner: above the demo's and every existing one. */
export async function createPartner(
  db: DbOrTx,
  p: { shopName: string; businessModel: string; siteSection: object; userId: string },
): Promise<number> {
  await db.execute(sql`lock table ${partners} in share row exclusive mode`);
  const [next] = await db
    .select({ id: sql<number>`greatest(coalesce(max(${partners.id}), 0) + 1, 20001)::int` })
    .from(partners);
  const id = next!.id;
  await db.insert(partners).values({
    id,
    shopName: p.shopName,
    businessModel: p.businessModel,
    siteSection: p.siteSection,
    isNewInUiApp: true,
  });
  await db.insert(userPartners).values({ userId: p.userId, partnerId: id });
  // An FBS partner ships from its own warehouse: the marketplace sets up its delivery profile when it connects it.
  if (p.businessModel === 'marketplace_crossdocking')
    await db.insert(deliveryProfiles).values({ partnerId: id, configured: true });
  return id;
}

export async function setRoles(db: DbOrTx, userId: string, roles: string[]): Promise<void> {
  await db.update(users).set({ roles }).where(eq(users.id, userId));
}

export async function rolesOf(db: DbOrTx, userId: string): Promise<string[]> {
  const [row] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, userId));
  return row?.roles ?? [];
}

/** What the steps after approval read of the new partner. */
export async function partnerProgress(db: DbOrTx, partnerId: number) {
  const [signed, published, productCount, activeWarehouse, anyWarehouse, firstSupply, anySupply] =
    await concurrently(db, [
      () =>
        db
          .select({ n: count() })
          .from(offers)
          .where(and(eq(offers.partnerId, partnerId), isNotNull(offers.approvedAt))),
      () => db.select({ n: count() }).from(offers).where(eq(offers.partnerId, partnerId)),
      () => db.select({ n: count() }).from(products).where(eq(products.partnerId, partnerId)),
      () =>
        db
          .select({ n: count() })
          .from(warehouses)
          .where(and(eq(warehouses.partnerId, partnerId), eq(warehouses.status, 'active'))),
      () => db.select({ n: count() }).from(warehouses).where(eq(warehouses.partnerId, partnerId)),
      () =>
        db
          .select({ n: count() })
          .from(fboSupplies)
          .where(
            and(eq(fboSupplies.partnerId, partnerId), inArray(fboSupplies.status, FIRST_SUPPLY_STATUSES)),
          ),
      () => db.select({ n: count() }).from(fboSupplies).where(eq(fboSupplies.partnerId, partnerId)),
    ]);
  const n = (r: { n: number }[]) => Number(r[0]?.n ?? 0);
  return {
    signed: n(signed) > 0,
    published: n(published) > 0,
    productCount: n(productCount),
    activeWarehouse: n(activeWarehouse) > 0,
    anyWarehouse: n(anyWarehouse) > 0,
    firstSupply: n(firstSupply) > 0,
    anySupply: n(anySupply) > 0,
  };
}

/** A supply counts as the first once it passed validation (ready for shipment or further on). */
const FIRST_SUPPLY_STATUSES = [
  'readyForShipment',
  'unloadingNeeded',
  'unloading',
  'unloaded',
  'processing',
  'closed',
];
