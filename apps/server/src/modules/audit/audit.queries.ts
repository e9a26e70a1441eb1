// SQL of the audit trail.
import { desc, eq, sql } from 'drizzle-orm';
import { concurrently, type DbOrTx } from '../../db/client';
import { users } from '../../db/core.schema';
import { auditLog } from './audit.schema';

export async function listAudit(db: DbOrTx, partnerId: number, limit: number, offset: number) {
  const [items, [total]] = await concurrently(db, [
    () =>
      db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          userId: auditLog.userId,
          userEmail: users.email,
          method: auditLog.method,
          objectId: auditLog.objectId,
          credential: auditLog.credential,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.userId))
        .where(eq(auditLog.partnerId, partnerId))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit)
        .offset(offset),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(eq(auditLog.partnerId, partnerId)),
  ]);
  return { items, total: total?.n ?? 0 };
}
