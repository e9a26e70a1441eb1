// SQL of accounts: new users, one-time email links, seller profiles, brands and support requests.
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userPartners, users } from '../../db/core.schema';
import { sellerBrands, sellerProfiles, supportRequests, userTokens } from './accounts.schema';

export type TokenKind = 'confirm' | 'reset';

const accountColumns = {
  id: users.id,
  email: users.email,
  confirmedAt: users.confirmedAt,
  disabledAt: users.disabledAt,
  passwordHash: users.passwordHash,
  roles: users.roles,
};

export async function userByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function userByLogin(db: DbOrTx, username: string) {
  const name = username.toLowerCase();
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(sql`lower(${users.email}) = ${name} or lower(${users.login}) = ${name}`);
  return row;
}

export async function userById(db: DbOrTx, id: string) {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id));
  return row;
}

export async function insertUser(db: DbOrTx, row: typeof users.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(users).values(row).returning({ id: users.id });
  return inserted!.id;
}

export async function setPassword(db: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function confirmUser(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ confirmedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function insertToken(
  db: DbOrTx,
  userId: string,
  kind: TokenKind,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  // A new link replaces the older ones of the same kind.
  await db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)));
  await db.insert(userTokens).values({ tokenHash, userId, kind, expiresAt });
}

export async function lastTokenAt(db: DbOrTx, userId: string, kind: TokenKind): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: userTokens.createdAt })
    .from(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind)))
    .orderBy(desc(userTokens.createdAt))
    .limit(1);
  return row?.createdAt;
}

/** A link that is unused and not expired; `consume` marks it used in the same statement. */
export async function validToken(
  db: DbOrTx,
  tokenHash: string,
  kind: TokenKind,
  consume: boolean,
): Promise<string | undefined> {
  const where = and(
    eq(userTokens.tokenHash, tokenHash),
    eq(userTokens.kind, kind),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, sql`now()`),
  );
  if (consume) {
    const [row] = await db
      .update(userTokens)
      .set({ usedAt: sql`now()` })
      .where(where)
      .returning({ userId: userTokens.userId });
    return row?.userId;
  }
  const [row] = await db.select({ userId: userTokens.userId }).from(userTokens).where(where);
  return row?.userId;
}

export async function tokenOwner(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .where(eq(userTokens.tokenHash, tokenHash));
  return row?.userId;
}

export async function profileOf(db: DbOrTx, partnerId: number) {
  const [row] = await db.select().from(sellerProfiles).where(eq(sellerProfiles.partnerId, partnerId));
  return row;
}

export async function upsertContacts(db: DbOrTx, partnerId: number, contacts: unknown): Promise<void> {
  await db
    .insert(sellerProfiles)
    .values({ partnerId, contacts })
    .onConflictDoUpdate({ target: sellerProfiles.partnerId, set: { contacts } });
}

export async function brandsOf(db: DbOrTx, partnerId: number) {
  return db
    .select()
    .from(sellerBrands)
    .where(eq(sellerBrands.partnerId, partnerId))
    .orderBy(sellerBrands.name);
}

export async function insertSupportRequest(
  db: DbOrTx,
  row: typeof supportRequests.$inferInsert,
): Promise<string> {
  const [inserted] = await db.insert(supportRequests).values(row).returning({ id: supportRequests.id });
  return inserted!.id;
}

export async function partnerIdsOf(db: DbOrTx, userId: string): Promise<number[]> {
  const rows = await db
    .select({ partnerId: userPartners.partnerId })
    .from(userPartners)
    .where(eq(userPartners.userId, userId));
  return rows.map((r) => r.partnerId);
}

export async function linkPartners(db: DbOrTx, userId: string, partnerIds: number[]): Promise<void> {
  if (partnerIds.length)
    await db
      .insert(userPartners)
      .values(partnerIds.map((partnerId) => ({ userId, partnerId })))
      .onConflictDoNothing();
}
