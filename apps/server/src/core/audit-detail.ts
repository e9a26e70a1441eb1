// What a mutating call changed, for its audit record (issue 28): each field's value before and after. The
// service records it in the call's transaction; a trigger on audit_log copies it into the record the
// dispatcher writes at the end of the same transaction (migration 0037), so the dispatcher stays unchanged.
import { sql } from 'drizzle-orm';
import { AUDIT_LIMITS, type AuditChange } from '@moda/contracts';
import type { CallContext } from './context';

/** Adds `changes` to the call's audit detail (several calls add up, at most AUDIT_LIMITS.changesPerRecord). */
export async function recordAuditChanges(ctx: CallContext, changes: AuditChange[]): Promise<void> {
  const kept = changes.filter((c) => c.before !== c.after).slice(0, AUDIT_LIMITS.changesPerRecord);
  if (!kept.length) return;
  await ctx.db.execute(sql`
    select set_config('moda.audit_detail', jsonb_build_object('changes',
      (select coalesce(jsonb_agg(c), '[]'::jsonb) from (
         select c from jsonb_array_elements(
           coalesce(nullif(current_setting('moda.audit_detail', true), '')::jsonb -> 'changes', '[]'::jsonb)
           || ${JSON.stringify(kept)}::jsonb) c
         limit ${AUDIT_LIMITS.changesPerRecord}) x))::text, true)`);
}
