// The audit trail as a seller reads it: who changed what for the partner, from where, and for prices and
// cards each field before and after. Records are written by the dispatcher in the transaction of every
// mutating call; staff read any partner's (the dispatcher lets them act for any), sellers their own.
import type { z } from 'zod';
import {
  AUDIT_LIMITS,
  AuditChange,
  auditMethodsOf,
  fromMoscow,
  type AuditFilter,
  type AuditRecord,
} from '@moda/contracts';
import type { CallContext } from '../../core/context';
import { requirePartner } from '../../core/context';
import { auditRows, countAudit, listAudit, type AuditWhere } from './audit.queries';

const DAY_MS = 24 * 3600_000;

/** The filter as SQL reads it: an area is its methods, Moscow days are instants. */
export function auditWhere(f: AuditFilter): AuditWhere {
  return {
    userEmail: f.user || undefined,
    methods: f.area ? auditMethodsOf(f.area) : undefined,
    objectId: f.objectId || undefined,
    from: f.dateFrom ? fromMoscow(new Date(`${f.dateFrom}T00:00:00Z`)) : undefined,
    to: f.dateTo ? new Date(fromMoscow(new Date(`${f.dateTo}T00:00:00Z`)).getTime() + DAY_MS) : undefined,
  };
}

type Row = Awaited<ReturnType<typeof listAudit>>['items'][number];

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
    p: AuditFilter & { page: number; pageSize: number },
  ): Promise<{ items: z.infer<typeof AuditRecord>[]; total: number; totalCapped: boolean }> {
    const { items, total } = await listAudit(
      ctx.db,
      requirePartner(ctx),
      auditWhere(p),
      p.pageSize,
      (p.page - 1) * p.pageSize,
    );
    return {
      total: Math.min(total, AUDIT_LIMITS.countCap),
      totalCapped: total > AUDIT_LIMITS.countCap,
      items: items.map(toRecord),
    };
  }

  count(ctx: CallContext, partnerId: number, f: AuditFilter, cap: number): Promise<number> {
    return countAudit(ctx.db, partnerId, auditWhere(f), cap);
  }

  async *rows(ctx: CallContext, partnerId: number, f: AuditFilter) {
    for await (const r of auditRows(ctx.db, partnerId, auditWhere(f))) yield toRecord(r);
  }
}
