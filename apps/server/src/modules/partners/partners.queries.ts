// SQL of partners: the partner rows, user links and feature flags.
import { asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { BusinessModel, FeatureName, SiteSection } from '@moda/contracts';
import type { DbOrTx } from '../../db/client';
import { partners, users } from '../../db/core.schema';

export interface PartnerRow {
  id: number;
  shopName: string;
  businessModel: BusinessModel;
  enabledFeatures: FeatureName[];
  siteSection: SiteSection;
  isNewInUiApp: boolean;
}

const columns = {
  id: partners.id,
  shopName: partners.shopName,
  businessModel: partners.businessModel,
  enabledFeatures: partners.enabledFeatures,
  siteSection: partners.siteSection,
  isNewInUiApp: partners.isNewInUiApp,
};

const typed = (rows: Record<keyof typeof columns, unknown>[]) => rows as PartnerRow[];

export async function partnersByIds(db: DbOrTx, ids: number[]): Promise<PartnerRow[]> {
  if (ids.length === 0) return [];
  return typed(
    await db.select(columns).from(partners).where(inArray(partners.id, ids)).orderBy(asc(partners.id)),
  );
}

export async function partnerById(db: DbOrTx, id: number): Promise<PartnerRow | undefined> {
  return (await partnersByIds(db, [id]))[0];
}

export async function searchPartners(db: DbOrTx, query: string, limit: number): Promise<PartnerRow[]> {
  const asId = /^\d+$/.test(query) ? Number(query) : null;
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where =
    query === ''
      ? undefined
      : or(ilike(partners.shopName, pattern), asId !== null ? eq(partners.id, asId) : undefined);
  return typed(await db.select(columns).from(partners).where(where).orderBy(asc(partners.id)).limit(limit));
}

export async function userProfile(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, externalId: users.externalId, name: users.displayName })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function markActivatedInUi(db: DbOrTx, partnerId: number): Promise<void> {
  await db.update(partners).set({ isNewInUiApp: false }).where(eq(partners.id, partnerId));
}

export async function setFeature(
  db: DbOrTx,
  partnerId: number,
  name: FeatureName,
  enabled: boolean,
): Promise<void> {
  await db
    .update(partners)
    .set({
      enabledFeatures: enabled
        ? sql`(select array_agg(distinct f order by f) from unnest(array_append(${partners.enabledFeatures}, ${name})) f)`
        : sql`array_remove(${partners.enabledFeatures}, ${name})`,
    })
    .where(eq(partners.id, partnerId));
}
