// The audit trail as a seller reads it: who changed what for the partner. Records are written by the
// dispatcher in the transaction of every mutating call.
import type { z } from 'zod';
import type { AuditRecord } from '@moda/contracts';
import type { CallContext } from '../../core/context';
import { requirePartner } from '../../core/context';
import { listAudit } from './audit.queries';

export class AuditService {
  async list(
    ctx: CallContext,
    page: number,
    pageSize: number,
  ): Promise<{ items: z.infer<typeof AuditRecord>[]; total: number }> {
    const { items, total } = await listAudit(ctx.db, requirePartner(ctx), pageSize, (page - 1) * pageSize);
    return {
      total,
      items: items.map((r) => ({ ...r, id: String(r.id), at: r.at.toISOString() })),
    };
  }
}
