// Verifying a webhook delivery (docs/webhooks.md): `Moda-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<raw body>" with the endpoint's secret>` (Stripe's scheme). Node only (node:crypto).
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * True when the delivery is signed with `secret` and its timestamp is within `toleranceSeconds` of now (a
 * recorded request replayed later is refused). `body` is the raw body exactly as received, before any JSON
 * parsing. A missing or malformed header is false, never an exception.
 */
export function verifySignature(
  secret: string,
  header: string | string[] | null | undefined,
  body: string | Uint8Array,
  toleranceSeconds = 300,
  nowMs = Date.now(),
): boolean {
  if (typeof header !== 'string') return false;
  const parts = new Map<string, string[]>();
  for (const kv of header.split(',')) {
    const i = kv.indexOf('=');
    if (i <= 0) continue;
    const k = kv.slice(0, i).trim();
    parts.set(k, [...(parts.get(k) ?? []), kv.slice(i + 1).trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > toleranceSeconds) return false;
  const raw = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
  const expected = createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(`${t}.`, 'utf8'), raw]))
    .digest();
  // Any of the v1 signatures may match (a secret being rolled over signs with both).
  return (parts.get('v1') ?? []).some((sig) => {
    if (!/^[0-9a-f]{64}$/i.test(sig)) return false;
    return timingSafeEqual(expected, Buffer.from(sig, 'hex'));
  });
}
