// SQL of the team: members are user_partners rows with their role, invitations their own table.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TeamRole } from '@moda/contracts';
import type { DbOrTx } from '../../db/client';
import { partners, userPartners, users } from '../../db/core.schema';
import { teamInvitations } from './team.schema';

export async function members(db: DbOrTx, partnerId: number) {
  return db
    .select({
      userId: userPartners.userId,
      email: users.email,
      displayName: users.displayName,
      role: sql<TeamRole>`${userPartners.role}`,
    })
    .from(userPartners)
    .innerJoin(users, eq(users.id, userPartners.userId))
    .where(eq(userPartners.partnerId, partnerId))
    .orderBy(asc(sql`lower(${users.email})`));
}

/** The partner's members locked for a change of roles: two owners demoting each other cannot both win. */
export async function lockMembers(db: DbOrTx, partnerId: number) {
  return db
    .select({ userId: userPartners.userId, role: sql<TeamRole>`${userPartners.role}` })
    .from(userPartners)
    .where(eq(userPartners.partnerId, partnerId))
    .for('update');
}

export async function setRole(db: DbOrTx, partnerId: number, userId: string, role: TeamRole) {
  await db
    .update(userPartners)
    .set({ role })
    .where(and(eq(userPartners.partnerId, partnerId), eq(userPartners.userId, userId)));
}

export async function unlink(db: DbOrTx, partnerId: number, userId: string) {
  await db
    .delete(userPartners)
    .where(and(eq(userPartners.partnerId, partnerId), eq(userPartners.userId, userId)));
}

export async function link(db: DbOrTx, partnerId: number, userId: string, role: TeamRole) {
  await db.insert(userPartners).values({ userId, partnerId, role });
}

export async function isMember(db: DbOrTx, partnerId: number, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userPartners)
    .where(and(eq(userPartners.partnerId, partnerId), eq(userPartners.userId, userId)));
  return !!row;
}

export async function partnerCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userPartners)
    .where(eq(userPartners.userId, userId));
  return row?.n ?? 0;
}

export async function userByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      roles: users.roles,
      disabledAt: users.disabledAt,
      displayName: users.displayName,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function setUserRoles(db: DbOrTx, userId: string, roles: string[]) {
  await db.update(users).set({ roles }).where(eq(users.id, userId));
}

export async function confirmUser(db: DbOrTx, userId: string) {
  await db
    .update(users)
    .set({ confirmedAt: sql`coalesce(${users.confirmedAt}, now())` })
    .where(eq(users.id, userId));
}

export async function insertUser(db: DbOrTx, row: typeof users.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(users).values(row).returning({ id: users.id });
  return inserted!.id;
}

const invitationColumns = {
  id: teamInvitations.id,
  partnerId: teamInvitations.partnerId,
  email: teamInvitations.email,
  role: sql<TeamRole>`${teamInvitations.role}`,
  createdAt: teamInvitations.createdAt,
  expiresAt: teamInvitations.expiresAt,
  invitedBy: users.email,
};

/** Invitations not yet accepted nor withdrawn (expired ones included: the list shows them as expired). */
export async function openInvitations(db: DbOrTx, partnerId: number) {
  return db
    .select(invitationColumns)
    .from(teamInvitations)
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(
      and(
        eq(teamInvitations.partnerId, partnerId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.cancelledAt),
      ),
    )
    .orderBy(asc(teamInvitations.createdAt));
}

export async function cancelOpenFor(db: DbOrTx, partnerId: number, email: string) {
  await db
    .update(teamInvitations)
    .set({ cancelledAt: sql`now()` })
    .where(
      and(
        eq(teamInvitations.partnerId, partnerId),
        sql`lower(${teamInvitations.email}) = ${email.toLowerCase()}`,
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.cancelledAt),
      ),
    );
}

export async function cancel(db: DbOrTx, partnerId: number, id: string): Promise<boolean> {
  const rows = await db
    .update(teamInvitations)
    .set({ cancelledAt: sql`now()` })
    .where(
      and(
        eq(teamInvitations.partnerId, partnerId),
        eq(teamInvitations.id, id),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.cancelledAt),
      ),
    )
    .returning({ id: teamInvitations.id });
  return rows.length > 0;
}

export async function insertInvitation(db: DbOrTx, row: typeof teamInvitations.$inferInsert) {
  const [inserted] = await db.insert(teamInvitations).values(row).returning({ id: teamInvitations.id });
  return inserted!.id;
}

export async function invitationById(db: DbOrTx, id: string) {
  const [row] = await db
    .select(invitationColumns)
    .from(teamInvitations)
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(eq(teamInvitations.id, id));
  return row;
}

/** A link still usable: neither accepted, withdrawn nor expired. `lock` holds it for the accepting call. */
export async function usableInvitation(db: DbOrTx, tokenHash: string, now: Date, lock: boolean) {
  const q = db
    .select({
      id: teamInvitations.id,
      partnerId: teamInvitations.partnerId,
      email: teamInvitations.email,
      role: sql<TeamRole>`${teamInvitations.role}`,
      shopName: partners.shopName,
    })
    .from(teamInvitations)
    .innerJoin(partners, eq(partners.id, teamInvitations.partnerId))
    .where(
      and(
        eq(teamInvitations.tokenHash, tokenHash),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.cancelledAt),
        sql`${teamInvitations.expiresAt} > ${now.toISOString()}`,
      ),
    );
  const [row] = lock ? await q.for('update', { of: teamInvitations }) : await q;
  return row;
}

export async function markAccepted(db: DbOrTx, id: string) {
  await db
    .update(teamInvitations)
    .set({ acceptedAt: sql`now()` })
    .where(eq(teamInvitations.id, id));
}
