// The audit trail as a seller reads it: who changed what for the partner, from where, and for prices and
// cards each field before and after. Records are written by the dispatcher in the transaction of every
// mutating call; staff read any partner's (the dispatcher lets them act for any), sellers their own.
import type { z } from 'zod';
import {
  AUDIT_LIMITS,
  AuditChange,
  decodeAuditCursor,
  encodeAuditCursor,
  fromMoscow,
  type AuditFilter,
  type AuditRecord,
} from '@moda/contracts';
import type { CallContext } from '../../core/context';
import { requirePartner } from '../../core/context';
import { auditRows, countAudit, listAudit, type AuditRow, type AuditWhere } from './audit.queries';

const DAY_MS = 24 * 3600_000;

/** The filter as SQL reads it: Moscow days are instants. */
export function auditWhere(f: AuditFilter): AuditWhere {
  return {
    userEmail: f.user || undefined,
    area: f.area || undefined,
    objectId: f.objectId || undefined,
    from: f.dateFrom ? fromMoscow(new Date(`${f.dateFrom}T00:00:00Z`)) : undefined,
    to: f.dateTo ? new Date(fromMoscow(new Date(`${f.dateTo}T00:00:00Z`)).getTime() + DAY_MS) : undefined,
  };
}

type Row = AuditRow;

function changesOf(data: unknown): z.infer<typeof AuditChange>[] {
  const raw = (data as { changes?: unknown } | null)?.changes;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((c) => {
    const parsed = AuditChange.safeParse(c);
    return parsed.success ? [parsed.data] : [];
  });
}

export function toRecord(r: Row): z.infer<typeof AuditRecord> {
  return {
    id: String(r.id),
    at: r.at.toISOString(),
    userId: r.userId,
    userEmail: r.userEmail,
    method: r.method,
    objectId: r.objectId,
    credential: r.credential,
    ip: r.ip,
    changes: changesOf(r.data),
  };
}

export class AuditService {
  async list(
    ctx: CallContext,
    p: AuditFilter & { cursor?: string | undefined; pageSize: number },
  ): Promise<{
    items: z.infer<typeof AuditRecord>[];
    total: number;
    totalCapped: boolean;
    nextCursor: string | null;
    prevCursor: string | null;
  }> {
    const page = await listAudit(
      ctx.db,
      requirePartner(ctx),
      auditWhere(p),
      p.pageSize,
      p.cursor ? decodeAuditCursor(p.cursor) : null,
    );
    return {
      total: Math.min(page.total, AUDIT_LIMITS.countCap),
      totalCapped: page.total > AUDIT_LIMITS.countCap,
      items: page.items.map(toRecord),
      nextCursor: page.next && encodeAuditCursor(page.next),
      prevCursor: page.prev && encodeAuditCursor(page.prev),
    };
  }

  count(ctx: CallContext, partnerId: number, f: AuditFilter, cap: number): Promise<number> {
    return countAudit(ctx.db, partnerId, auditWhere(f), cap);
  }

  async *rows(ctx: CallContext, partnerId: number, f: AuditFilter) {
    for await (const r of auditRows(ctx.db, partnerId, auditWhere(f))) yield toRecord(r);
  }
}
