// The outbox: an event is written in the transaction of the change it reports, with one delivery for each of the
// partner's active endpoints that wants it — so a rolled-back change sends nothing and a committed one is never
// lost. The NOTIFY wakes the delivery workers once the transaction commits (PostgreSQL holds it until then).
import { sql } from 'drizzle-orm';
import { WEBHOOK_PAYLOADS, type WebhookEventType, type WebhookPayload } from '@moda/contracts';
import type { DbOrTx } from '../../db/client';

export const WEBHOOKS_CHANNEL = 'webhooks';

/**
 * The object an event is about, across its types: `order.created` and `order.cancelled` share `order:<nr>`;
 * a rejected answer belongs to its question or review.
 */
export function objectKey(type: string, objectId: string, payload: unknown): string {
  const kind =
    type === 'feedback.answer_rejected'
      ? (payload as { kind: string }).kind
      : type.slice(0, type.lastIndexOf('.'));
  return `${kind}:${objectId}`;
}

/**
 * Records an event for the partner's webhooks inside the caller's transaction (`tx` is the call's `ctx.db`).
 * The payload is checked against the catalogue's schema: a wrong one is a bug of the caller, not of the data.
 */
export async function emitEvent<T extends WebhookEventType>(
  tx: DbOrTx,
  e: { partnerId: number; type: T; objectId: string; payload: WebhookPayload<T> },
): Promise<void> {
  const payload = WEBHOOK_PAYLOADS[e.type].parse(e.payload);
  await tx.execute(sql`
    with ev as (
      insert into webhook_events (partner_id, type, object_id, payload)
      values (${e.partnerId}, ${e.type}, ${e.objectId}, ${JSON.stringify(payload)}::jsonb)
      returning id, created_at
    ), d as (
      insert into webhook_deliveries (partner_id, endpoint_id, event_id, object_key, next_attempt_at, created_at)
      select ${e.partnerId}, ep.id, ev.id, ${objectKey(e.type, e.objectId, payload)}, ev.created_at, ev.created_at
        from webhook_endpoints ep, ev
       where ep.partner_id = ${e.partnerId} and ep.status = 'active' and ${e.type} = any(ep.events)
      returning 1
    )
    select case when exists (select 1 from d) then pg_notify(${WEBHOOKS_CHANNEL}, '') end`);
}

/** The partner's endpoints disabled after 24 hours of failures, newest first (the home page's notice). */
export async function disabledEndpoints(
  db: DbOrTx,
  partnerId: number,
): Promise<{ id: string; url: string; disabledAt: string }[]> {
  const res = await db.execute<{ id: string; url: string; disabled_at: Date }>(sql`
    select id, url, disabled_at from webhook_endpoints
     where partner_id = ${partnerId} and status = 'disabled' order by disabled_at desc, id`);
  return res.rows.map((r) => ({ id: r.id, url: r.url, disabledAt: new Date(r.disabled_at).toISOString() }));
}
