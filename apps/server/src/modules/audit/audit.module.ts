// The audit module's descriptor: the audit trail's reading method and its export (records are written by
// every mutation).
import { defineModule } from '../../core/module';
import { AuditService } from './audit.service';
import { auditRpc } from './audit.rpc';
import { registerAuditExports } from './audit.exports';

export const auditModule = defineModule({
  name: 'audit',
  create: () => ({ audit: new AuditService() }),
  rpc: (s) => auditRpc(s.audit),
  start: (s) => {
    registerAuditExports(s.audit);
    return Promise.resolve();
  },
});
