// The audit trail: who changed what for a partner, through which credential (DESIGN "Tenancy and access").
import { z } from 'zod';
import { defineMethod, partnerParams } from './rpc';

export const AuditRecord = z.strictObject({
  id: z.string(),
  at: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  method: z.string(),
  objectId: z.string().nullable(),
  credential: z.string().nullable(),
});
export const auditList = defineMethod({
  name: 'v1.audit.list',
  params: z.strictObject({
    ...partnerParams,
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(20),
  }),
  result: z.strictObject({ items: z.array(AuditRecord), total: z.number().int() }),
  roles: ['partner_user', 'admin', 'support_engineer', 'b2b_manager'],
  partner: true,
  mutates: false,
  description: 'Changes made for a partner, newest first.',
});
