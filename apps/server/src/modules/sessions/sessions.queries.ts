// SQL of the auth module: users, token families and refresh tokens.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshTokens, tokenFamilies, users } from '../../db/core.schema';
import { AUTH_CHANNEL } from '../../auth/principals';
import type { Role } from '@moda/contracts';

export interface LoginUser {
  id: string;
  passwordHash: string;
  roles: Role[];
  disabled: boolean;
  confirmed: boolean;
}

export async function findUserByLogin(db: DbOrTx, username: string): Promise<LoginUser | undefined> {
  const name = username.toLowerCase();
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      roles: users.roles,
      disabledAt: users.disabledAt,
      confirmedAt: users.confirmedAt,
    })
    .from(users)
    .where(or(sql`lower(${users.email}) = ${name}`, sql`lower(${users.login}) = ${name}`))
    .limit(1);
  return (
    row && {
      id: row.id,
      passwordHash: row.passwordHash,
      roles: row.roles as Role[],
      disabled: row.disabledAt !== null,
      confirmed: row.confirmedAt !== null,
    }
  );
}

export async function findActiveUser(db: DbOrTx, id: string): Promise<{ roles: Role[] } | undefined> {
  const [row] = await db
    .select({ roles: users.roles })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.disabledAt)));
  return row && { roles: row.roles as Role[] };
}

export async function insertFamily(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.insert(tokenFamilies).values({ userId }).returning({ id: tokenFamilies.id });
  return row!.id;
}

export async function insertRefreshToken(
  db: DbOrTx,
  familyId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.insert(refreshTokens).values({ familyId, tokenHash, expiresAt });
}

/** Marks a refresh token used, atomically: of two concurrent uses only one gets the row. */
export async function consumeRefreshToken(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ familyId: string; userId: string } | undefined> {
  const res = await db.execute<{ family_id: string; user_id: string }>(sql`
    update refresh_tokens rt set used_at = now()
      from token_families f
     where rt.token_hash = ${tokenHash} and rt.used_at is null and rt.expires_at > now()
       and f.id = rt.family_id and f.revoked_at is null
    returning rt.family_id, f.user_id`);
  const row = res.rows[0];
  return row && { familyId: row.family_id, userId: row.user_id };
}

export async function findRefreshToken(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ familyId: string; userId: string; used: boolean } | undefined> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt, userId: tokenFamilies.userId })
    .from(refreshTokens)
    .innerJoin(tokenFamilies, eq(tokenFamilies.id, refreshTokens.familyId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row && { familyId: row.familyId, userId: row.userId, used: row.usedAt !== null };
}

export async function revokeFamily(
  db: DbOrTx,
  familyId: string,
  userId: string,
  reason: string,
): Promise<void> {
  await db
    .update(tokenFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(tokenFamilies.id, familyId), isNull(tokenFamilies.revokedAt)));
  await notifyAuthChanged(db, userId);
}

export async function setUserDisabled(db: DbOrTx, userId: string, disabled: boolean): Promise<void> {
  await db
    .update(users)
    .set({ disabledAt: disabled ? sql`now()` : null })
    .where(eq(users.id, userId));
  await notifyAuthChanged(db, userId);
}

/** Delivered at commit to every instance's PrincipalStore. */
export async function notifyAuthChanged(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${userId})`);
}

/** Ends every login of a user (after a password change). */
export async function revokeAllFamilies(db: DbOrTx, userId: string, reason: string): Promise<void> {
  await db
    .update(tokenFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(tokenFamilies.userId, userId), isNull(tokenFamilies.revokedAt)));
  await notifyAuthChanged(db, userId);
}
