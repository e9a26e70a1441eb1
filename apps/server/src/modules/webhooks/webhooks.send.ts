// One signed POST to a receiver: Stripe's scheme (`Moda-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<body>">`), the event id in a header for deduplication, a hard timeout for the whole exchange, and the
// connection made to the address checked by resolveTarget (never a second, unchecked lookup).
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@moda/contracts';
import { resolveTarget, type TargetPolicy } from './webhooks.net';

export const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

export function signature(secret: string, t: number, body: string): string {
  return createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
}

export interface SendResult {
  responseCode: number | null;
  latencyMs: number;
  error: string | null;
  ok: boolean;
}

const agentOptions = { keepAlive: true, maxSockets: 16 };
const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

export async function send(
  target: { url: string; secret: string },
  event: { id: string; body: string },
  opts: TargetPolicy & { timeoutMs: number; now: () => Date },
): Promise<SendResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  let addresses: { address: string; family: number }[];
  try {
    addresses = await resolveTarget(target.url, opts);
  } catch (err) {
    return { responseCode: null, latencyMs: took(), error: (err as Error).message, ok: false };
  }
  const t = Math.floor(opts.now().getTime() / 1000);
  const url = new URL(target.url);
  const checked: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: typeof addresses) => void)(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'latencyMs' | 'ok'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const ok = r.responseCode !== null && r.responseCode >= 200 && r.responseCode < 300;
      resolve({ ...r, latencyMs: took(), ok });
    };
    const req = lib.request(
      url,
      {
        method: 'POST',
        agent: url.protocol === 'https:' ? agents.https : agents.http,
        lookup: checked,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(event.body),
          'user-agent': 'Moda-Webhooks/1.0',
          [WEBHOOK_SIGNATURE_HEADER]: `t=${t},v1=${signature(target.secret, t, event.body)}`,
          [WEBHOOK_EVENT_ID_HEADER]: event.id,
        },
      },
      (res) => {
        // The answer's body is not kept: only that it came, and its code.
        res.resume();
        res.on('end', () => finish({ responseCode: res.statusCode ?? null, error: null }));
        res.on('error', () => finish({ responseCode: res.statusCode ?? null, error: null }));
      },
    );
    const timer = setTimeout(() => {
      finish({ responseCode: null, error: `Нет ответа за ${opts.timeoutMs / 1000} с` });
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish({ responseCode: null, error: `Не удалось соединиться: ${err.code ?? err.message}` }),
    );
    req.end(event.body);
  });
}
