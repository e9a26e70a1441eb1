// Audit methods.
import type { HandlerMap } from '../../core/handlers';
import type { AuditService } from './audit.service';

export const auditRpc = (audit: AuditService) =>
  ({
    'v1.audit.list': (ctx, p) => audit.list(ctx, p),
  }) satisfies HandlerMap;
