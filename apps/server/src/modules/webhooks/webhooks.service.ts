// The seller's endpoints and their delivery log, test sends and replays; and the delivery pump the workers run:
// it takes the due deliveries (a later event of an object waits for the earlier one), sends them signed, and
// records each attempt — retried with exponential backoff for 24 hours, after which the delivery is given up;
// an endpoint that has not answered 2xx for 24 hours is disabled and its owners are told.
import { sql } from 'drizzle-orm';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_EVENT,
  fill,
  ERRORS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookDeliveryStatus,
} from '@moda/contracts';
import type { CallContext } from '../../core/context';
import { requirePartner } from '../../core/context';
import { AppError } from '../../core/errors';
import type { Db, DbOrTx } from '../../db/client';
import { emailJob, type Jobs } from '../../jobs/jobs';
import { WEBHOOKS_CHANNEL } from './webhooks.emit';
import { resolveTarget } from './webhooks.net';
import { newSecret, send, type SendResult } from './webhooks.send';

const HOUR_MS = 3_600_000;
const RETRY_FOR_MS = WEBHOOK_LIMITS.retryHours * HOUR_MS;
/** Events are kept this long for replays. */
export const REPLAY_DAYS = 30;
/** A claimed delivery whose worker went silent this long is taken again (at-least-once). */
const CLAIM_STALE_MS = 2 * 60_000;

export interface WebhookSettings {
  allowPrivateTargets: boolean;
  timeoutMs: number;
  retryBaseMs: number;
  /** Deliveries in flight per pump, and per endpoint (a slow endpoint cannot take every slot). */
  concurrency?: number;
  perEndpoint?: number;
}

interface EndpointRow extends Record<string, unknown> {
  id: string;
  url: string;
  description: string;
  events: string[];
  secret: string;
  status: 'active' | 'disabled';
  disabled_at: Date | null;
  failing_since: Date | null;
  created_at: Date;
  last_at: Date | null;
  last_code: number | null;
  last_ok: boolean | null;
}

const SELECT_ENDPOINT = sql`
  select e.id, e.url, e.description, e.events, e.secret, e.status, e.disabled_at, e.failing_since, e.created_at,
         l.at as last_at, l.response_code as last_code,
         (l.response_code between 200 and 299) as last_ok
    from webhook_endpoints e
    left join lateral (
      select a.at, a.response_code from webhook_deliveries d join webhook_attempts a on a.delivery_id = d.id
       where d.endpoint_id = e.id order by a.at desc limit 1) l on true`;

/** Timestamps come back from raw SQL as strings: one way to the wire. */
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const toEndpoint = (r: EndpointRow): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events as WebhookEventType[],
  status: r.status,
  disabledAt: iso(r.disabled_at),
  failingSince: iso(r.failing_since),
  secretHint: r.secret.slice(-4),
  createdAt: iso(r.created_at)!,
  lastDelivery: r.last_at ? { at: iso(r.last_at)!, responseCode: r.last_code, ok: !!r.last_ok } : null,
});

/** The JSON body of an event: the same bytes on every attempt and replay. */
export const envelope = (e: {
  id: string;
  type: string;
  created_at: Date;
  partner_id: number;
  object_id: string;
  payload: unknown;
}) =>
  JSON.stringify({
    id: e.id,
    type: e.type,
    createdAt: new Date(e.created_at).toISOString(),
    partnerId: e.partner_id,
    objectId: e.object_id,
    data: e.payload,
  });

interface Claimed extends Record<string, unknown> {
  id: string;
  endpoint_id: string;
  attempt: number;
  created_at: Date;
  url: string;
  secret: string;
  event_id: string;
  type: string;
  event_created_at: Date;
  partner_id: number;
  object_id: string;
  payload: unknown;
}

export class WebhooksService {
  constructor(
    private readonly deps: {
      db: Db;
      jobs: Jobs;
      now: () => Date;
      settings: () => WebhookSettings;
      appUrl: string;
      log: (obj: object, msg: string) => void;
    },
  ) {}

  private get policy() {
    return { allowPrivateTargets: this.deps.settings().allowPrivateTargets };
  }

  // --- the seller's side ---------------------------------------------------------------------------

  async list(ctx: CallContext): Promise<{ items: WebhookEndpoint[] }> {
    const res = await ctx.db.execute<EndpointRow>(
      sql`${SELECT_ENDPOINT} where e.partner_id = ${requirePartner(ctx)} order by e.created_at, e.id`,
    );
    return { items: res.rows.map(toEndpoint) };
  }

  private async one(db: DbOrTx, partnerId: number, id: string, lock = false): Promise<EndpointRow> {
    if (lock)
      await db.execute(
        sql`select 1 from webhook_endpoints where partner_id = ${partnerId} and id = ${id} for update`,
      );
    const res = await db.execute<EndpointRow>(
      sql`${SELECT_ENDPOINT} where e.partner_id = ${partnerId} and e.id = ${id}`,
    );
    if (!res.rows[0]) throw new AppError('webhook.notFound', { field: 'id' });
    return res.rows[0];
  }

  async create(
    ctx: CallContext,
    p: { url: string; events: WebhookEventType[]; description: string },
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const partnerId = requirePartner(ctx);
    // Two dialogs saving at once cannot pass the limit together.
    await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext('webhooks'), ${partnerId})`);
    const count = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from webhook_endpoints where partner_id = ${partnerId}`,
    );
    if (count.rows[0]!.n >= WEBHOOK_LIMITS.endpointsPerPartner)
      throw new AppError('webhook.tooMany', {
        message: fill(ERRORS['webhook.tooMany'].message, { max: WEBHOOK_LIMITS.endpointsPerPartner }),
      });
    await resolveTarget(p.url, this.policy);
    const secret = newSecret();
    const res = await ctx.db.execute<{ id: string }>(sql`
      insert into webhook_endpoints (partner_id, url, description, events, secret, created_at)
      values (${partnerId}, ${p.url}, ${p.description}, ${sql.raw(textArray(p.events))}, ${secret}, ${this.deps.now()})
      returning id`);
    const id = res.rows[0]!.id;
    ctx.audit.objectId = id;
    return { endpoint: toEndpoint(await this.one(ctx.db, partnerId, id)), secret };
  }

  async update(
    ctx: CallContext,
    p: {
      id: string;
      url?: string | undefined;
      events?: WebhookEventType[] | undefined;
      description?: string | undefined;
    },
  ): Promise<WebhookEndpoint> {
    const partnerId = requirePartner(ctx);
    const current = await this.one(ctx.db, partnerId, p.id, true);
    if (p.url !== undefined && p.url !== current.url) await resolveTarget(p.url, this.policy);
    await ctx.db.execute(sql`
      update webhook_endpoints
         set url = ${p.url ?? current.url},
             events = ${sql.raw(textArray(p.events ?? current.events))},
             description = ${p.description ?? current.description}
       where partner_id = ${partnerId} and id = ${p.id}`);
    return toEndpoint(await this.one(ctx.db, partnerId, p.id));
  }

  async delete(ctx: CallContext, id: string): Promise<{ ok: true }> {
    const partnerId = requirePartner(ctx);
    await this.one(ctx.db, partnerId, id, true);
    await ctx.db.execute(sql`delete from webhook_endpoints where partner_id = ${partnerId} and id = ${id}`);
    return { ok: true };
  }

  async enable(ctx: CallContext, id: string): Promise<WebhookEndpoint> {
    const partnerId = requirePartner(ctx);
    await this.one(ctx.db, partnerId, id, true);
    await ctx.db.execute(sql`
      update webhook_endpoints set status = 'active', disabled_at = null, failing_since = null
       where partner_id = ${partnerId} and id = ${id}`);
    return toEndpoint(await this.one(ctx.db, partnerId, id));
  }

  async deliveries(
    ctx: CallContext,
    p: { id: string; status?: WebhookDeliveryStatus | undefined; page: number; limit: number },
  ): Promise<{ items: WebhookDelivery[]; total: number }> {
    const partnerId = requirePartner(ctx);
    await this.one(ctx.db, partnerId, p.id);
    const where = sql`d.partner_id = ${partnerId} and d.endpoint_id = ${p.id}${
      p.status ? sql` and d.status = ${p.status}` : sql``
    }`;
    const [rows, total] = await Promise.all([
      ctx.db.execute<{
        id: string;
        status: WebhookDeliveryStatus;
        attempt: number;
        next_attempt_at: Date;
        replay: string | null;
        created_at: Date;
        event_id: string;
        type: string;
        event_created_at: Date;
        partner_id: number;
        object_id: string;
        payload: unknown;
        attempts: {
          attempt: number;
          at: string;
          response_code: number | null;
          latency_ms: number | null;
          error: string | null;
        }[];
      }>(sql`
        select d.id, d.status, d.attempt, d.next_attempt_at, d.replay, d.created_at,
               ev.id as event_id, ev.type, ev.created_at as event_created_at, ev.partner_id, ev.object_id, ev.payload,
               coalesce((select json_agg(json_build_object('attempt', a.attempt, 'at', a.at, 'response_code',
                         a.response_code, 'latency_ms', a.latency_ms, 'error', a.error) order by a.attempt desc)
                           from webhook_attempts a where a.delivery_id = d.id), '[]') as attempts
          from webhook_deliveries d join webhook_events ev on ev.id = d.event_id
         where ${where}
         order by d.created_at desc, d.seq desc
         limit ${p.limit} offset ${(p.page - 1) * p.limit}`),
      ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_deliveries d where ${where}`),
    ]);
    return {
      total: total.rows[0]!.n,
      items: rows.rows.map((r) => {
        const last = r.attempts[0];
        return {
          id: r.id,
          eventId: r.event_id,
          type: r.type,
          objectId: r.object_id,
          createdAt: iso(r.created_at)!,
          status: r.status,
          attempt: r.attempt,
          responseCode: last?.response_code ?? null,
          latencyMs: last?.latency_ms ?? null,
          error: last?.error ?? null,
          nextAttemptAt: r.status === 'pending' ? iso(r.next_attempt_at) : null,
          replay: r.replay !== null,
          body: envelope({ ...r, id: r.event_id, created_at: r.event_created_at }),
          attempts: r.attempts.map((a) => ({
            attempt: a.attempt,
            at: new Date(a.at).toISOString(),
            responseCode: a.response_code,
            latencyMs: a.latency_ms,
            error: a.error,
          })),
        };
      }),
    };
  }

  private async active(ctx: CallContext, id: string): Promise<EndpointRow> {
    const endpoint = await this.one(ctx.db, requirePartner(ctx), id);
    if (endpoint.status !== 'active') throw new AppError('webhook.disabled', { field: 'id' });
    return endpoint;
  }

  async test(ctx: CallContext, id: string): Promise<{ deliveryId: string }> {
    const partnerId = requirePartner(ctx);
    await this.active(ctx, id);
    const now = this.deps.now();
    const res = await ctx.db.execute<{ id: string }>(sql`
      with ev as (
        insert into webhook_events (partner_id, type, object_id, payload, created_at)
        values (${partnerId}, ${WEBHOOK_TEST_EVENT}, ${id}, ${JSON.stringify({ message: 'Moda webhook test' })}::jsonb, ${now})
        returning id)
      insert into webhook_deliveries (partner_id, endpoint_id, event_id, object_key, replay, next_attempt_at, created_at)
      select ${partnerId}, ${id}, ev.id, ${`test:${id}`}, 'test', ${now}, ${now} from ev
      returning id`);
    await this.notify(ctx.db);
    ctx.audit.objectId = id;
    return { deliveryId: res.rows[0]!.id };
  }

  async replay(
    ctx: CallContext,
    p: { id: string; deliveryId?: string | undefined; since?: string | undefined },
  ): Promise<{ count: number }> {
    const partnerId = requirePartner(ctx);
    const endpoint = await this.active(ctx, p.id);
    const now = this.deps.now();
    ctx.audit.objectId = p.id;
    let count: number;
    if (p.deliveryId !== undefined) {
      const res = await ctx.db.execute(sql`
        insert into webhook_deliveries (partner_id, endpoint_id, event_id, object_key, replay, next_attempt_at, created_at)
        select partner_id, endpoint_id, event_id, object_key, ${p.deliveryId}, ${now}, ${now}
          from webhook_deliveries where partner_id = ${partnerId} and endpoint_id = ${p.id} and id = ${p.deliveryId}`);
      if (!res.rowCount) throw new AppError('webhook.deliveryNotFound', { field: 'deliveryId' });
      count = 1;
    } else {
      const since = new Date(p.since!);
      if (since.getTime() > now.getTime()) throw new AppError('webhook.replayInFuture', { field: 'since' });
      if (since.getTime() < now.getTime() - REPLAY_DAYS * 24 * HOUR_MS)
        throw new AppError('webhook.replayTooOld', {
          field: 'since',
          message: fill(ERRORS['webhook.replayTooOld'].message, { days: REPLAY_DAYS }),
        });
      const res = await ctx.db.execute(sql`
        insert into webhook_deliveries (partner_id, endpoint_id, event_id, object_key, replay, next_attempt_at, created_at)
        select ev.partner_id, ${p.id}, ev.id, (case when ev.type = 'feedback.answer_rejected' then ev.payload->>'kind'
                     else regexp_replace(ev.type, '\.[^.]+$', '') end) || ':' || ev.object_id,
               'since', ${now}, ${now}
          from webhook_events ev
         where ev.partner_id = ${partnerId} and ev.created_at >= ${since}
           and ev.type = any(${sql.raw(textArray(endpoint.events))})
         order by ev.created_at, ev.id`);
      count = res.rowCount ?? 0;
    }
    if (count) await this.notify(ctx.db);
    return { count };
  }

  private notify(db: DbOrTx) {
    return db.execute(sql`select pg_notify(${WEBHOOKS_CHANNEL}, '')`);
  }

  // --- delivery --------------------------------------------------------------------------------------

  /** Whether a delivery is due now (the workers' poll: retries come due without a NOTIFY). */
  async anyDue(): Promise<boolean> {
    const res = await this.deps.db.execute<{ due: boolean }>(sql`
      select exists (select 1 from webhook_deliveries
                      where status = 'pending' and next_attempt_at <= ${this.deps.now()}) as due`);
    return !!res.rows[0]?.due;
  }

  /**
   * Delivers everything due until nothing is, several at a time; returns the attempts made. Any number of
   * processes may run it at once: a delivery is claimed by a conditional update before it is sent.
   */
  async deliverDue(budgetMs = Infinity): Promise<number> {
    const { concurrency = 32, perEndpoint = 8 } = this.deps.settings();
    const until = performance.now() + budgetMs;
    const active = new Set<Promise<void>>();
    const byEndpoint = new Map<string, number>();
    let attempts = 0;
    for (;;) {
      const room = concurrency - active.size;
      let claimed: Claimed[] = [];
      if (room > 0 && performance.now() < until) {
        const saturated = [...byEndpoint].filter(([, n]) => n >= perEndpoint).map(([id]) => id);
        claimed = await this.claim(room, perEndpoint, saturated);
      }
      for (const row of claimed) {
        byEndpoint.set(row.endpoint_id, (byEndpoint.get(row.endpoint_id) ?? 0) + 1);
        const p: Promise<void> = this.attempt(row)
          .catch((err: unknown) => this.deps.log({ error: String(err) }, 'webhook delivery failed to record'))
          .finally(() => {
            active.delete(p);
            byEndpoint.set(row.endpoint_id, byEndpoint.get(row.endpoint_id)! - 1);
          });
        active.add(p);
        attempts++;
      }
      if (!active.size && !claimed.length) return attempts;
      if (!claimed.length || active.size >= concurrency) await Promise.race(active);
    }
  }

  private async claim(room: number, perEndpoint: number, saturated: string[]): Promise<Claimed[]> {
    const now = this.deps.now();
    const stale = new Date(now.getTime() - CLAIM_STALE_MS);
    const res = await this.deps.db.execute<Claimed>(sql`
      with c as (
        update webhook_deliveries d set claimed_at = ${now}
         where d.id in (
                 select h.id from webhook_endpoints e
                   cross join lateral (
                     select d2.id, d2.seq from webhook_deliveries d2
                      where d2.endpoint_id = e.id and d2.status = 'pending' and d2.next_attempt_at <= ${now}
                        and (d2.claimed_at is null or d2.claimed_at < ${stale})
                        and not exists (select 1 from webhook_deliveries p
                                         where p.endpoint_id = d2.endpoint_id and p.object_key = d2.object_key
                                           and p.status = 'pending' and p.seq < d2.seq)
                      order by d2.seq limit ${perEndpoint}) h
                  where e.status = 'active' and e.id <> all(${sql.raw(uuidArray(saturated))})
                  order by h.seq limit ${room})
           and d.status = 'pending' and (d.claimed_at is null or d.claimed_at < ${stale})
        returning d.id, d.endpoint_id, d.attempt, d.created_at, d.event_id, d.seq)
      select c.id, c.endpoint_id, c.attempt, c.created_at, e.url, e.secret,
             ev.id as event_id, ev.type, ev.created_at as event_created_at, ev.partner_id, ev.object_id, ev.payload
        from c join webhook_endpoints e on e.id = c.endpoint_id join webhook_events ev on ev.id = c.event_id
       order by c.seq`);
    return res.rows;
  }

  private async attempt(row: Claimed): Promise<void> {
    const settings = this.deps.settings();
    const body = envelope({ ...row, id: row.event_id, created_at: row.event_created_at });
    const result = await send(
      { url: row.url, secret: row.secret },
      { id: row.event_id, body },
      {
        allowPrivateTargets: settings.allowPrivateTargets,
        timeoutMs: settings.timeoutMs,
        now: this.deps.now,
      },
    );
    await this.record(row, result, settings.retryBaseMs);
  }

  private async record(row: Claimed, r: SendResult, retryBaseMs: number): Promise<void> {
    const now = this.deps.now();
    const attempt = row.attempt + 1;
    const expired = now.getTime() - new Date(row.created_at).getTime() >= RETRY_FOR_MS;
    const next = new Date(now.getTime() + Math.min(retryBaseMs * 2 ** (attempt - 1), HOUR_MS));
    const status = r.ok ? 'succeeded' : expired ? 'failed' : 'pending';
    const disabled = await this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into webhook_attempts (delivery_id, attempt, at, response_code, latency_ms, error)
        values (${row.id}, ${attempt}, ${now}, ${r.responseCode}, ${r.latencyMs}, ${r.error})`);
      await tx.execute(sql`
        update webhook_deliveries set status = ${status}, attempt = ${attempt}, claimed_at = null,
               next_attempt_at = ${status === 'pending' ? next : now}
         where id = ${row.id}`);
      if (r.ok) {
        await tx.execute(sql`update webhook_endpoints set failing_since = null
                              where id = ${row.endpoint_id} and failing_since is not null`);
        return null;
      }
      // Failing since the first failure after the last success; 24 hours of it disables the endpoint.
      const res = await tx.execute<{ partner_id: number; url: string }>(sql`
        update webhook_endpoints
           set failing_since = coalesce(failing_since, ${now}),
               status = case when coalesce(failing_since, ${now}) <= ${new Date(now.getTime() - RETRY_FOR_MS)}
                              then 'disabled' else status end,
               disabled_at = case when coalesce(failing_since, ${now}) <= ${new Date(now.getTime() - RETRY_FOR_MS)}
                                  then ${now} else disabled_at end
         where id = ${row.endpoint_id} and status = 'active'
        returning partner_id, url, status`);
      const e = res.rows[0] as { partner_id: number; url: string; status: string } | undefined;
      if (e?.status !== 'disabled') return null;
      // Nothing more goes to it; the seller replays the gap once it is enabled again.
      await tx.execute(sql`update webhook_deliveries set status = 'failed', claimed_at = null
                            where endpoint_id = ${row.endpoint_id} and status = 'pending'`);
      return e;
    });
    if (disabled) await this.tellDisabled(disabled.partner_id, disabled.url);
  }

  private async tellDisabled(partnerId: number, url: string): Promise<void> {
    const owners = await this.deps.db.execute<{ email: string }>(sql`
      select u.email from users u join user_partners up on up.user_id = u.id
       where up.partner_id = ${partnerId} and up.role = 'owner' and u.disabled_at is null`);
    for (const o of owners.rows)
      await this.deps.jobs.send(emailJob, {
        to: o.email,
        subject: 'Вебхук отключён: адрес не отвечает 24 часа',
        text:
          `Вебхук ${url} (партнёр ${partnerId}) не принимал события 24 часа, и мы отключили его.\n` +
          `Проверьте, что сервер отвечает кодом 2xx за 10 секунд, затем включите вебхук и повторите события ` +
          `с момента отключения: ${this.deps.appUrl}/profile/webhooks\n`,
      });
  }
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** A text[] literal of checked values (event types from the contract's enum). */
const textArray = (values: string[]) => `array[${values.map(quote).join(',')}]::text[]`;
const uuidArray = (values: string[]) =>
  `array[${values
    .filter((v) => /^[0-9a-f-]{36}$/.test(v))
    .map(quote)
    .join(',')}]::uuid[]`;
