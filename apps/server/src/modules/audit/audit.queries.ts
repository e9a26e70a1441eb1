// SQL of the audit trail: one partner's records newest first, by person, methods (an area), object and time.
// Every filter has its index (partner first, then the filter's column, then the time), and the total is
// counted up to a cap, so a log of millions answers a page in milliseconds.
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { AUDIT_LIMITS } from '@moda/contracts';
import { concurrently, type DbOrTx } from '../../db/client';
import { users } from '../../db/core.schema';
import { auditLog } from './audit.schema';

export interface AuditWhere {
  userEmail?: string | undefined;
  methods?: string[] | undefined;
  objectId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function conditions(partnerId: number, w: AuditWhere): SQL {
  const parts: (SQL | undefined)[] = [eq(auditLog.partnerId, partnerId)];
  if (w.userEmail !== undefined)
    parts.push(
      eq(
        auditLog.userId,
        sql`(select ${users.id} from ${users} where lower(${users.email}) = ${w.userEmail.toLowerCase()})`,
      ),
    );
  if (w.methods) parts.push(w.methods.length ? inArray(auditLog.method, w.methods) : sql`false`);
  if (w.objectId !== undefined) parts.push(eq(auditLog.objectId, w.objectId));
  if (w.from) parts.push(gte(auditLog.at, w.from));
  if (w.to) parts.push(lt(auditLog.at, w.to));
  return and(...parts)!;
}

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  userId: auditLog.userId,
  userEmail: users.email,
  method: auditLog.method,
  objectId: auditLog.objectId,
  credential: auditLog.credential,
  ip: auditLog.ip,
  data: auditLog.data,
};

export interface AuditRow {
  id: bigint;
  at: Date;
  userId: string | null;
  userEmail: string | null;
  method: string;
  objectId: string | null;
  credential: string | null;
  ip: string | null;
  data: unknown;
}

export async function listAudit(db: DbOrTx, partnerId: number, w: AuditWhere, limit: number, offset: number) {
  const where = conditions(partnerId, w);
  const [items, [total]] = await concurrently(db, [
    () =>
      db
        .select(columns)
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.userId))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit)
        .offset(offset),
    () =>
      db.select({ n: sql<number>`count(*)::int` }).from(
        db
          .select({ one: sql`1` })
          .from(auditLog)
          .where(where)
          .limit(AUDIT_LIMITS.countCap + 1)
          .as('capped'),
      ),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function countAudit(db: DbOrTx, partnerId: number, w: AuditWhere, cap: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(auditLog)
      .where(conditions(partnerId, w))
      .limit(cap + 1)
      .as('capped'),
  );
  return row?.n ?? 0;
}

/** The records of an export, page by page by (at, id) below the last one: never all in memory. */
export async function* auditRows(db: DbOrTx, partnerId: number, w: AuditWhere, pageSize = 2000) {
  let after: { at: Date; id: bigint } | null = null;
  for (;;) {
    const where: SQL = after
      ? and(
          conditions(partnerId, w),
          sql`(${auditLog.at}, ${auditLog.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`,
        )!
      : conditions(partnerId, w);
    const page: AuditRow[] = await db
      .select(columns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize);
    yield* page;
    if (page.length < pageSize) return;
    const last = page[page.length - 1]!;
    after = { at: last.at, id: last.id };
  }
}
