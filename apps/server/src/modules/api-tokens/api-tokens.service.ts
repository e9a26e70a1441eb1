// Managing a partner's API tokens: issue (the secret shown once, its hash kept), list, revoke (heard by every
// instance at once), the usage view, the expiry reminder (home page and one email).
import {
  API_TOKEN_LIMITS,
  API_TOKEN_PREFIX,
  ERRORS,
  fill,
  moscowDay,
  type ApiScopes,
  type ApiToken,
  type ApiTokenStatus,
} from '@moda/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { apiTokensIssue, apiTokensUsage } from '@moda/contracts';
import { AppError } from '../../core/errors';
import { requirePartner, type CallContext } from '../../core/context';
import type { Db, DbOrTx } from '../../db/client';
import { newPrefixedSecret } from '../../auth/service-credentials';
import { emailJob, type Jobs } from '../../jobs/jobs';
import { API_TOKENS_CHANNEL, type ApiTokenGate } from './api-tokens.gate';
import { iso } from '../../db/columns';

const DAY_MS = 86_400_000;

interface Row extends Record<string, unknown> {
  id: string;
  name: string;
  hint: string;
  scopes: ApiScopes;
  ip_ranges: string[];
  created_at: Date | string;
  created_by: string | null;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  last_used_at: Date | string | null;
  last_used_ip: string | null;
}

const SELECT_TOKEN = sql`select t.id, t.name, t.hint, t.scopes, t.ip_ranges, t.created_at, u.email as created_by,
  t.expires_at, t.revoked_at, t.last_used_at, t.last_used_ip
  from api_tokens t left join users u on u.id = t.created_by`;

// Timestamps come back from execute() as text: read them through one helper.
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

function statusOf(r: Row, now: Date): ApiTokenStatus {
  if (r.revoked_at) return 'revoked';
  return new Date(r.expires_at).getTime() <= now.getTime() ? 'expired' : 'active';
}

function toToken(r: Row, now: Date): ApiToken {
  return {
    id: r.id,
    name: r.name,
    hint: r.hint,
    scopes: r.scopes,
    ipRanges: r.ip_ranges,
    status: statusOf(r, now),
    createdAt: iso(r.created_at),
    createdBy: r.created_by,
    expiresAt: iso(r.expires_at),
    revokedAt: isoOrNull(r.revoked_at),
    lastUsedAt: isoOrNull(r.last_used_at),
    lastUsedIp: r.last_used_ip,
  };
}

/**
 * Ends at once the tokens a user issued for a partner (a member taken out of the team): every instance drops
 * them when the transaction commits. Call it inside the transaction that removes the member.
 */
export async function revokeTokensOf(db: DbOrTx, userId: string, partnerId: number): Promise<number> {
  const res = await db.execute<{ id: string }>(sql`
    update api_tokens set revoked_at = now()
     where created_by = ${userId} and partner_id = ${partnerId} and revoked_at is null
    returning id`);
  for (const r of res.rows) await db.execute(sql`select pg_notify(${API_TOKENS_CHANNEL}, ${r.id})`);
  return res.rows.length;
}

/** The names of a partner's tokens by id (revoked ones too), for the audit records that name a token. */
export async function tokenNames(db: DbOrTx, partnerId: number, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const res = await db.execute<{ id: string; name: string }>(sql`
    select id, name from api_tokens where partner_id = ${partnerId} and id = any(${sql.param(ids)}::uuid[])`);
  return new Map(res.rows.map((r) => [r.id, r.name]));
}

export class ApiTokensService {
  constructor(
    private readonly deps: {
      db: Db;
      gate: ApiTokenGate;
      jobs: Jobs;
      now: () => Date;
      appUrl: string;
    },
  ) {}

  async issue(
    ctx: CallContext,
    p: z.output<typeof apiTokensIssue.params>,
  ): Promise<{ token: ApiToken; secret: string }> {
    const partnerId = requirePartner(ctx);
    const now = this.deps.now();
    // One issue at a time per partner, so two at once cannot both be the 20th.
    await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext('api_tokens'), ${partnerId})`);
    const active = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from api_tokens
       where partner_id = ${partnerId} and revoked_at is null and expires_at > ${now}`);
    if (active.rows[0]!.n >= API_TOKEN_LIMITS.activePerPartner) {
      throw new AppError('apiToken.tooMany', {
        message: fill(ERRORS['apiToken.tooMany'].message, { max: API_TOKEN_LIMITS.activePerPartner }),
      });
    }
    const { id, token, hash } = newPrefixedSecret(API_TOKEN_PREFIX);
    const ranges = [...new Set(p.ipRanges)];
    const createdBy = ctx.principal?.userId || null;
    await ctx.db.execute(sql`
      insert into api_tokens (partner_id, id, name, secret_hash, hint, scopes, ip_ranges, created_by, created_at, expires_at)
      values (${partnerId}, ${id}, ${p.name}, ${hash}, ${`${token.slice(0, API_TOKEN_PREFIX.length + 8)}…`},
              ${JSON.stringify(p.scopes)}::jsonb, array(select jsonb_array_elements_text(${JSON.stringify(ranges)}::jsonb)), ${createdBy}, ${now},
              ${new Date(now.getTime() + p.expiresInDays * DAY_MS)})`);
    ctx.audit.objectId = id;
    return { token: (await this.one(ctx.db, partnerId, id, now))!, secret: token };
  }

  async list(ctx: CallContext): Promise<{ items: ApiToken[]; activeLimit: number }> {
    const partnerId = requirePartner(ctx);
    const now = this.deps.now();
    const res = await ctx.db.execute<Row>(sql`${SELECT_TOKEN} where t.partner_id = ${partnerId}
      order by (t.revoked_at is null and t.expires_at > ${now}) desc, t.created_at desc`);
    return {
      items: res.rows.map((r) => toToken(r, now)),
      activeLimit: API_TOKEN_LIMITS.activePerPartner,
    };
  }

  async revoke(ctx: CallContext, id: string): Promise<{ ok: true }> {
    const partnerId = requirePartner(ctx);
    const res = await ctx.db.execute<{ id: string }>(sql`
      update api_tokens set revoked_at = coalesce(revoked_at, now())
       where id = ${id} and partner_id = ${partnerId} returning id`);
    if (res.rows.length === 0) throw new AppError('apiToken.notFound');
    // Heard by every instance (this one included) once the transaction commits.
    await ctx.db.execute(sql`select pg_notify(${API_TOKENS_CHANNEL}, ${id})`);
    ctx.afterCommit(async () => this.deps.gate.forget(id));
    return { ok: true };
  }

  async usage(ctx: CallContext, p: z.output<typeof apiTokensUsage.params>) {
    const partnerId = requirePartner(ctx);
    if (!(await this.one(ctx.db, partnerId, p.id, this.deps.now()))) throw new AppError('apiToken.notFound');
    await this.deps.gate.flush();
    const now = this.deps.now();
    const from = moscowDay(now, -(p.days - 1));
    const days = await ctx.db.execute<{ day: string; calls: number; errors: number; limited: number }>(sql`
      select day::text as day, sum(calls)::int as calls, sum(errors)::int as errors, sum(limited)::int as limited
        from api_token_usage where partner_id = ${partnerId} and token_id = ${p.id} and day >= ${from}::date
       group by day`);
    const byDay = new Map(days.rows.map((d) => [d.day, d]));
    const methods = await ctx.db.execute<{
      method: string;
      calls: number;
      errors: number;
      limited: number;
    }>(sql`
      select method, sum(calls)::int as calls, sum(errors)::int as errors, sum(limited)::int as limited
        from api_token_usage where partner_id = ${partnerId} and token_id = ${p.id} and day >= ${from}::date
       group by method order by sum(calls) desc, method`);
    const failures = await ctx.db.execute<{
      at: Date | string;
      method: string;
      code: number;
      reason: string | null;
      message: string;
      ip: string | null;
    }>(sql`
      select at, method, code, reason, message, ip from api_token_failures
       where partner_id = ${partnerId} and token_id = ${p.id}
       order by id desc limit ${API_TOKEN_LIMITS.failuresKept}`);
    return {
      days: Array.from({ length: p.days }, (_, i) => {
        const day = moscowDay(now, i - (p.days - 1));
        const d = byDay.get(day);
        return { day, calls: d?.calls ?? 0, errors: d?.errors ?? 0, limited: d?.limited ?? 0 };
      }),
      methods: methods.rows,
      failures: failures.rows.map((f) => ({ ...f, at: iso(f.at) })),
    };
  }

  async expiring(ctx: CallContext) {
    const partnerId = requirePartner(ctx);
    const now = this.deps.now();
    const res = await ctx.db.execute<{ id: string; name: string; expires_at: Date }>(sql`
      select id, name, expires_at from api_tokens
       where partner_id = ${partnerId} and revoked_at is null and expires_at > ${now}
         and expires_at <= ${new Date(now.getTime() + API_TOKEN_LIMITS.remindDaysBefore * DAY_MS)}
       order by expires_at`);
    return {
      items: res.rows.map((r) => ({ id: r.id, name: r.name, expiresAt: iso(r.expires_at) })),
    };
  }

  /**
   * Emails each issuer once about their tokens ending within the reminder's days: the update marks them in the
   * same statement, so two instances running it never send the same reminder twice.
   */
  async remindExpiring(): Promise<number> {
    const now = this.deps.now();
    const res = await this.deps.db.execute<{
      name: string;
      expires_at: Date;
      email: string;
      partner_id: number;
    }>(sql`
      update api_tokens t set reminded_at = ${now}
        from users u
       where u.id = t.created_by and t.revoked_at is null and t.reminded_at is null
         and t.expires_at > ${now}
         and t.expires_at <= ${new Date(now.getTime() + API_TOKEN_LIMITS.remindDaysBefore * DAY_MS)}
      returning t.name, t.expires_at, u.email, t.partner_id`);
    for (const r of res.rows) {
      const until = new Date(r.expires_at).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' });
      await this.deps.jobs.send(emailJob, {
        to: r.email,
        subject: `Токен API «${r.name}» скоро перестанет действовать`,
        text:
          `Срок действия токена API «${r.name}» (партнёр ${r.partner_id}) заканчивается ${until} по Москве.\n` +
          `Выпустите новый токен и замените его в интеграции до этого времени: ${this.deps.appUrl}/profile/api\n`,
      });
    }
    return res.rows.length;
  }

  private async one(db: DbOrTx, partnerId: number, id: string, now: Date): Promise<ApiToken | null> {
    const res = await db.execute<Row>(
      sql`${SELECT_TOKEN} where t.partner_id = ${partnerId} and t.id = ${id}`,
    );
    return res.rows[0] ? toToken(res.rows[0], now) : null;
  }
}
