// The audit log's export (issue 28): the screen's filters, one CSV row per record with the method in
// Russian words and each change before and after.
import {
  ACCESS_AREA_LABELS,
  AuditFilter,
  EXPORT_LIMITS,
  auditAreaOf,
  auditLabelOf,
  toMoscow,
} from '@moda/contracts';
import { registerExportType } from '../exports';
import type { AuditService } from './audit.service';

let registered = false;

const when = (iso: string) => toMoscow(new Date(iso)).toISOString().slice(0, 16).replace('T', ' ');

/** Who made the call: the person (and the API token they issued, when a program made it), else the marketplace. */
export function actorOf(r: {
  userEmail: string | null;
  credential: string | null;
  tokenName?: string | null | undefined;
}): string {
  const token = r.credential?.startsWith('api-token:') ? `API-токен «${r.tokenName ?? ''}»` : null;
  if (r.userEmail) return token ? `${r.userEmail}, ${token}` : r.userEmail;
  if (r.credential?.startsWith('service:'))
    return `Маркетплейс: ${r.credential.split(':').slice(2).join(':')}`;
  return token ?? r.credential ?? '';
}

/** Registers the export once per process, reading through the audit service. */
export function registerAuditExports(audit: AuditService): void {
  if (registered) return;
  registered = true;
  registerExportType({
    type: 'audit_log',
    format: 'csv',
    title: 'Журнал_действий',
    filter: AuditFilter,
    limit: EXPORT_LIMITS.audit_log ?? 100_000,
    limitMessage:
      'В выгрузке журнала не больше {limit} записей, под фильтры попадает {count}. Уточните фильтры',
    count: (ctx, partnerId, f) => audit.count(ctx, partnerId, f, (EXPORT_LIMITS.audit_log ?? 100_000) + 1),
    columns: [
      { key: 'at', header: 'Когда (МСК)' },
      { key: 'who', header: 'Кто' },
      { key: 'action', header: 'Действие' },
      { key: 'area', header: 'Раздел' },
      { key: 'objectId', header: 'Объект' },
      { key: 'changes', header: 'Было → стало' },
      { key: 'ip', header: 'IP-адрес' },
    ],
    async *rows(ctx, partnerId, f) {
      for await (const r of audit.rows(ctx, partnerId, f)) {
        const area = auditAreaOf(r.method);
        yield {
          at: when(r.at),
          who: actorOf(r),
          action: auditLabelOf(r.method),
          area: area ? ACCESS_AREA_LABELS[area] : '',
          objectId: r.objectId ?? '',
          changes: (r.changes ?? [])
            .map((c) => `${c.objectId} ${c.field}: ${c.before ?? '—'} → ${c.after ?? '—'}`)
            .join('; '),
          ip: r.ip ?? '',
        };
      }
    },
  });
}
