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
import { tokenNames } from '../api-tokens';
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

const TOKEN = /^api-token:([0-9a-f-]{36})$/;

/** The records with the names of the API tokens they were made with (one query for the lot). */
async function withTokenNames(
  ctx: CallContext,
  partnerId: number,
  records: z.infer<typeof AuditRecord>[],
): Promise<z.infer<typeof AuditRecord>[]> {
  const ids = [...new Set(records.flatMap((r) => TOKEN.exec(r.credential ?? '')?.[1] ?? []))];
  const names = await tokenNames(ctx.db, partnerId, ids);
  return records.map((r) => {
    const id = TOKEN.exec(r.credential ?? '')?.[1];
    return id ? { ...r, tokenName: names.get(id) ?? null } : r;
  });
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
      items: await withTokenNames(ctx, requirePartner(ctx), page.items.map(toRecord)),
      nextCursor: page.next && encodeAuditCursor(page.next),
      prevCursor: page.prev && encodeAuditCursor(page.prev),
    };
  }

  count(ctx: CallContext, partnerId: number, f: AuditFilter, cap: number): Promise<number> {
    return countAudit(ctx.db, partnerId, auditWhere(f), cap);
  }

  async *rows(ctx: CallContext, partnerId: number, f: AuditFilter) {
    // Token names looked up once per token of the export (a partner has a few dozen at most).
    const names = new Map<string, string | null>();
    for await (const row of auditRows(ctx.db, partnerId, auditWhere(f))) {
      const r = toRecord(row);
      const id = TOKEN.exec(r.credential ?? '')?.[1];
      if (id === undefined) {
        yield r;
        continue;
      }
      if (!names.has(id)) names.set(id, (await tokenNames(ctx.db, partnerId, [id])).get(id) ?? null);
      yield { ...r, tokenName: names.get(id) ?? null };
    }
  }
}
