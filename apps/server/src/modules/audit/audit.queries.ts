// SQL of the audit trail: one partner's records newest first, by person, area, object and time, paged by a
// keyset cursor (at, id). Every filter has its index (partner first, then the filter's column, then the time),
// a page after a cursor starts where the previous one ended instead of reading and dropping the pages before
// it, and the total is counted up to a cap, so a log of millions answers a page in milliseconds.
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { AUDIT_LIMITS, type AccessArea, type AuditCursorValue } from '@moda/contracts';
import { concurrently, type DbOrTx } from '../../db/client';
import { users } from '../../db/core.schema';
import { auditLog } from './audit.schema';

export interface AuditWhere {
  userEmail?: string | undefined;
  /** The stored area of the records (written with each record, auditAreaOf of its method). */
  area?: AccessArea | undefined;
  objectId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function conditions(partnerId: number, w: AuditWhere): SQL[] {
  const parts: SQL[] = [eq(auditLog.partnerId, partnerId)];
  if (w.userEmail !== undefined)
    parts.push(
      eq(
        auditLog.userId,
        sql`(select ${users.id} from ${users} where lower(${users.email}) = ${w.userEmail.toLowerCase()})`,
      ),
    );
  if (w.area !== undefined) parts.push(eq(auditLog.area, w.area));
  if (w.objectId !== undefined) parts.push(eq(auditLog.objectId, w.objectId));
  if (w.from) parts.push(gte(auditLog.at, w.from));
  if (w.to) parts.push(lt(auditLog.at, w.to));
  return parts;
}

/** A cursor's instant as PostgreSQL reads it exactly: the ISO time with all six digits of the second. */
function cursorInstant(atMicros: bigint): string {
  const ms = atMicros / 1000n;
  const iso = new Date(Number(ms)).toISOString(); // …ss.mmmZ
  return `${iso.slice(0, -1)}${String(atMicros % 1000n).padStart(3, '0')}Z`;
}

/**
 * The records beyond a cursor: older ones (`after`) or newer ones (`before`). The bare bound on `at` lets
 * every filter's index start its range at the cursor; the row comparison settles records of the same instant
 * by id.
 */
function beyond(c: AuditCursorValue): SQL {
  const at = sql`${cursorInstant(c.atMicros)}::timestamptz`;
  return c.side === 'after'
    ? sql`${auditLog.at} <= ${at} and (${auditLog.at}, ${auditLog.id}) < (${at}, ${c.id}::bigint)`
    : sql`${auditLog.at} >= ${at} and (${auditLog.at}, ${auditLog.id}) > (${at}, ${c.id}::bigint)`;
}

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  /** The time to the microsecond (a Date keeps milliseconds), for the cursor. */
  atMicros: sql<string>`(extract(epoch from ${auditLog.at}) * 1000000)::bigint::text`,
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
  atMicros: string;
  userId: string | null;
  userEmail: string | null;
  method: string;
  objectId: string | null;
  credential: string | null;
  ip: string | null;
  data: unknown;
}

/** The cursor of a record: the page on its `side`. */
export const cursorOf = (r: AuditRow, side: AuditCursorValue['side']): AuditCursorValue => ({
  side,
  atMicros: BigInt(r.atMicros),
  id: r.id,
});

/**
 * Up to `limit` records beyond the cursor (the newest without one), in the order they are read: newest first,
 * except newer records before a cursor, read oldest first from it.
 */
function page(db: DbOrTx, partnerId: number, w: AuditWhere, cursor: AuditCursorValue | null, limit: number) {
  const where = and(...conditions(partnerId, w), ...(cursor ? [beyond(cursor)] : []));
  const dir = cursor?.side === 'before' ? asc : desc;
  return db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where)
    .orderBy(dir(auditLog.at), dir(auditLog.id))
    .limit(limit) as Promise<AuditRow[]>;
}

function capped(db: DbOrTx, partnerId: number, w: AuditWhere, cap: number) {
  return db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(auditLog)
      .where(and(...conditions(partnerId, w)))
      .limit(cap + 1)
      .as('capped'),
  );
}

export interface AuditPage {
  items: AuditRow[];
  /** The records matching the filters (not the cursor), counted up to the cap and one more. */
  total: number;
  next: AuditCursorValue | null;
  prev: AuditCursorValue | null;
}

/**
 * One page of the log and the cursors beside it. A page reads one record more than it shows, to know whether
 * another follows. A previous page that reaches the newest record is the first page (it may have been short).
 */
export async function listAudit(
  db: DbOrTx,
  partnerId: number,
  w: AuditWhere,
  pageSize: number,
  cursor: AuditCursorValue | null,
): Promise<AuditPage> {
  const [rows, [total]] = await concurrently(db, [
    () => page(db, partnerId, w, cursor, pageSize + 1),
    () => capped(db, partnerId, w, AUDIT_LIMITS.countCap),
  ]);
  const n = total?.n ?? 0;
  const more = rows.length > pageSize;
  if (cursor?.side === 'before') {
    if (!more) return listAudit(db, partnerId, w, pageSize, null);
    const items = rows.slice(0, pageSize).reverse();
    return {
      items,
      total: n,
      next: cursorOf(items[items.length - 1]!, 'after'),
      prev: cursorOf(items[0]!, 'before'),
    };
  }
  const items = rows.slice(0, pageSize);
  return {
    items,
    total: n,
    next: more ? cursorOf(items[items.length - 1]!, 'after') : null,
    prev: cursor && items.length ? cursorOf(items[0]!, 'before') : null,
  };
}

export async function countAudit(db: DbOrTx, partnerId: number, w: AuditWhere, cap: number): Promise<number> {
  const [row] = await capped(db, partnerId, w, cap);
  return row?.n ?? 0;
}

/** The records of an export, page by page by the same cursor as the screen's: never all in memory. */
export async function* auditRows(db: DbOrTx, partnerId: number, w: AuditWhere, pageSize = 2000) {
  let after: AuditCursorValue | null = null;
  for (;;) {
    const rows = await page(db, partnerId, w, after, pageSize);
    yield* rows;
    if (rows.length < pageSize) return;
    after = cursorOf(rows[rows.length - 1]!, 'after');
  }
}
