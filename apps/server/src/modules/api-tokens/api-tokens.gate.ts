// The API token on the call path: recognise the secret, check it (revoked, expired, the issuer still in the
// team, the request's IP in the allowed ranges), count the call against the token's rate limit, and record its
// outcome in the usage counters. Kept cheap: a verified token is cached per process and dropped on every
// instance by NOTIFY when it is revoked (or its issuer changes); the last use is written at most once a minute
// per token; usage counters are summed in memory and upserted every few seconds as one statement.
import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import {
  API_RATE_LIMITS,
  API_RATE_WINDOW_SEC,
  API_TOKEN_LIMITS,
  API_TOKEN_PREFIX,
  ERRORS,
  fill,
  fromMoscow,
  moscowDay,
  rateClassOf,
  type ApiScopes,
  type RateClass,
  type RpcErrorObject,
} from '@moda/contracts';
import type pg from 'pg';
import { AppError } from '../../core/errors';
import type { Principal } from '../../core/context';
import type { RateLimiter } from '../../auth/rate-limit';
import { AUTH_CHANNEL } from '../../auth/principals';
import { parsePrefixedSecret, secretMatches } from '../../auth/service-credentials';
import type { DbNotifications } from '../../db/notifications';

export const API_TOKENS_CHANNEL = 'api_tokens_changed';
const TTL_MS = 60_000;
const LAST_USED_EVERY_MS = 60_000;
const FLUSH_EVERY_MS = 2_000;

interface TokenRow {
  id: string;
  partnerId: number;
  name: string;
  hash: Buffer;
  /**
   * The secret that last matched `hash`, as bytes: a token's next calls compare it in constant time instead of
   * hashing again (~9 µs a call). Lives as long as the cached row, at most a minute.
   */
  matched?: Buffer;
  scopes: ApiScopes;
  ipRanges: string[];
  allowed: BlockList | null;
  createdBy: string | null;
  expiresAt: number;
  /** Revoked, or its issuer is disabled or no longer in the partner's team. */
  dead: boolean;
}

/** The rate-limit state of a token's call, for the X-RateLimit-* headers. */
export interface RateState {
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSec: number;
}

/** A token the caller presented, once its row is known (so its failures are counted too). */
export interface TokenRef {
  tokenId: string;
  partnerId: number;
}

function blockListOf(ranges: string[]): BlockList | null {
  if (ranges.length === 0) return null;
  const list = new BlockList();
  for (const r of ranges) {
    const [addr, bits] = r.split('/') as [string, string | undefined];
    const type = isIPv6(addr) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return list;
}

/** Whether `ip` is in the list; an IPv4 address reached over IPv6 (::ffff:a.b.c.d) counts as IPv4. */
export function ipAllowed(list: BlockList, ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v4 = mapped ?? (isIPv4(ip) ? ip : null);
  if (v4 !== null) return list.check(v4, 'ipv4');
  return isIPv6(ip) && list.check(ip, 'ipv6');
}

interface Counter {
  partnerId: number;
  tokenId: string;
  day: string;
  method: string;
  calls: number;
  errors: number;
  limited: number;
}
interface Failure {
  partnerId: number;
  tokenId: string;
  at: Date;
  method: string;
  code: number;
  reason: string | null;
  message: string;
  ip: string;
}

export class ApiTokenGate {
  private readonly cache = new Map<string, { row: TokenRow | null; loadedAt: number }>();
  private readonly lastWritten = new Map<string, number>();
  private counters = new Map<string, Counter>();
  private failures: Failure[] = [];
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private today = { value: '', from: 0, until: 0 };

  constructor(
    private readonly pool: pg.Pool,
    private readonly notifications: DbNotifications,
    private readonly limiter: RateLimiter,
    private readonly now: () => Date,
    /** Calls per minute by class: API_RATE_LIMITS unless the configuration raises them (benchmarks). */
    private readonly limits: Record<RateClass, number> = {
      read: API_RATE_LIMITS.read.perMinute,
      write: API_RATE_LIMITS.write.perMinute,
      files: API_RATE_LIMITS.files.perMinute,
    },
  ) {}

  /** Hear revocations from every instance; start the usage flusher. */
  async listen(): Promise<void> {
    await this.notifications.subscribe(API_TOKENS_CHANNEL, {
      message: (id) => this.cache.delete(id),
      reset: () => this.cache.clear(),
    });
    // A user disabled or taken out of a team: the tokens they issued are checked afresh.
    await this.notifications.subscribe(AUTH_CHANNEL, {
      message: (userId) => {
        for (const [id, e] of this.cache) if (e.row?.createdBy === userId) this.cache.delete(id);
      },
      reset: () => this.cache.clear(),
    });
    this.timer = setInterval(() => void this.flush().catch(() => undefined), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  isToken(bearer: string): boolean {
    return bearer.startsWith(API_TOKEN_PREFIX);
  }

  /** Drop a token from this process's cache (after a revocation here, before the notification comes back). */
  forget(id: string): void {
    this.cache.delete(id);
  }

  /**
   * The principal a token acts as, or an error: unknown or wrong secret (401), revoked or expired (401, said
   * so), a request from outside its IP ranges (403). `identified` learns the token once its row is known.
   */
  async authenticate(bearer: string, ip: string, identified: (ref: TokenRef) => void): Promise<Principal> {
    const parsed = parsePrefixedSecret(API_TOKEN_PREFIX, bearer);
    if (!parsed) throw new AppError('auth.unauthorized');
    const row = await this.row(parsed.id);
    if (!row || !this.secretOf(row, parsed.secret)) throw new AppError('auth.unauthorized');
    identified({ tokenId: row.id, partnerId: row.partnerId });
    if (row.dead) throw new AppError('apiToken.revoked');
    const now = this.now().getTime();
    if (row.expiresAt <= now) throw new AppError('apiToken.expired');
    if (row.allowed && !ipAllowed(row.allowed, ip)) {
      throw new AppError('apiToken.ipNotAllowed', {
        message: fill(ERRORS['apiToken.ipNotAllowed'].message, { ip }),
        data: { ip },
      });
    }
    this.touch(row.id, ip, now);
    return {
      userId: row.createdBy ?? '',
      email: '',
      roles: ['partner_user'],
      partnerIds: [row.partnerId],
      familyId: `api-token:${row.id}`,
      apiToken: { tokenId: row.id, partnerId: row.partnerId, scopes: row.scopes },
    };
  }

  private secretOf(row: TokenRow, secret: string): boolean {
    const given = Buffer.from(secret);
    if (row.matched?.length === given.length && timingSafeEqual(row.matched, given)) return true;
    if (!secretMatches(secret, row.hash)) return false;
    row.matched = given;
    return true;
  }

  /** The Moscow day of a call, worked out once a day rather than per call. */
  private dayOf(at: Date): string {
    const t = at.getTime();
    if (t < this.today.from || t >= this.today.until) {
      const value = moscowDay(at);
      const from = fromMoscow(new Date(`${value}T00:00:00Z`)).getTime();
      this.today = { value, from, until: from + 24 * 3600 * 1000 };
    }
    return this.today.value;
  }

  /** Count a call against the token's limit of its class (from this instance's lease); past the limit a 429. */
  async throttle(tokenId: string, def: { name: string; mutates: boolean }): Promise<RateState> {
    const cls = rateClassOf(def);
    const limit = this.limits[cls];
    const hit = await this.limiter.take(`api:${tokenId}:${cls}`, API_RATE_WINDOW_SEC, limit);
    const state: RateState = {
      limit,
      remaining: Math.max(0, limit - hit.count),
      resetSec: hit.retryAfterSec,
    };
    if (hit.count > limit) {
      throw Object.assign(
        new AppError('apiToken.rateLimited', {
          retryAfter: hit.retryAfterSec,
          message: fill(ERRORS['apiToken.rateLimited'].message, {
            limit,
            class: cls,
            retryAfter: hit.retryAfterSec,
          }),
          data: { rateClass: cls, limit },
        }),
        { rateState: state },
      );
    }
    return state;
  }

  /** Count the call's outcome (summed in memory, written by `flush`). */
  record(
    ref: TokenRef,
    method: string,
    outcome: { ok: true } | { ok: false; error: RpcErrorObject },
    ip: string,
  ) {
    const at = this.now();
    const day = this.dayOf(at);
    const key = `${ref.tokenId}|${day}|${method}`;
    let c = this.counters.get(key);
    if (!c) {
      c = { ...ref, day, method, calls: 0, errors: 0, limited: 0 };
      this.counters.set(key, c);
    }
    c.calls++;
    if (outcome.ok) return;
    const limited = outcome.error.data?.reason === 'apiToken.rateLimited';
    if (limited) c.limited++;
    else c.errors++;
    this.failures.push({
      ...ref,
      at,
      method,
      code: outcome.error.code,
      reason: typeof outcome.error.data?.reason === 'string' ? outcome.error.data.reason : null,
      message: outcome.error.message,
      ip,
    });
    // A flood of failures keeps only what the view shows.
    if (this.failures.length > 1000) this.failures.splice(0, this.failures.length - 1000);
  }

  /** Write the summed counters and the failures: one upsert, one insert, one trim. */
  flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async write(): Promise<void> {
    const counters = [...this.counters.values()];
    const failures = this.failures;
    if (counters.length === 0 && failures.length === 0) return;
    this.counters = new Map();
    this.failures = [];
    try {
      if (counters.length) {
        await this.pool.query(
          `insert into api_token_usage (partner_id, token_id, day, method, calls, errors, limited)
           select * from unnest($1::int[], $2::uuid[], $3::date[], $4::text[], $5::int[], $6::int[], $7::int[])
           on conflict (token_id, day, method) do update set
             calls = api_token_usage.calls + excluded.calls,
             errors = api_token_usage.errors + excluded.errors,
             limited = api_token_usage.limited + excluded.limited`,
          [
            counters.map((c) => c.partnerId),
            counters.map((c) => c.tokenId),
            counters.map((c) => c.day),
            counters.map((c) => c.method),
            counters.map((c) => c.calls),
            counters.map((c) => c.errors),
            counters.map((c) => c.limited),
          ],
        );
      }
      if (failures.length) {
        await this.pool.query(
          `insert into api_token_failures (partner_id, token_id, at, method, code, reason, message, ip)
           select * from unnest($1::int[], $2::uuid[], $3::timestamptz[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[])`,
          [
            failures.map((f) => f.partnerId),
            failures.map((f) => f.tokenId),
            failures.map((f) => f.at),
            failures.map((f) => f.method),
            failures.map((f) => f.code),
            failures.map((f) => f.reason),
            failures.map((f) => f.message),
            failures.map((f) => f.ip),
          ],
        );
        await this.pool.query(
          `delete from api_token_failures f
            where f.token_id = any($1::uuid[])
              and f.id < (select min(id) from (select id from api_token_failures g
                                                where g.token_id = f.token_id order by id desc limit $2) kept)`,
          [[...new Set(failures.map((f) => f.tokenId))], API_TOKEN_LIMITS.failuresKept],
        );
      }
    } catch (err) {
      // Counting must never fail a call; what could not be written is lost (a few seconds' worth at most).
      void err;
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.all([this.flush(), this.limiter.release()]);
  }

  /** The last use, written at most once a minute per token and process (never awaited by the call). */
  private touch(id: string, ip: string, now: number): void {
    const last = this.lastWritten.get(id);
    if (last !== undefined && now - last < LAST_USED_EVERY_MS) return;
    this.lastWritten.set(id, now);
    this.pool
      .query(`update api_tokens set last_used_at = $2, last_used_ip = $3 where id = $1`, [
        id,
        new Date(now),
        ip,
      ])
      .catch(() => this.lastWritten.delete(id));
  }

  private async row(id: string): Promise<TokenRow | null> {
    const hit = this.cache.get(id);
    if (hit && Date.now() - hit.loadedAt < TTL_MS) return hit.row;
    const res = await this.pool.query<{
      partner_id: number;
      name: string;
      secret_hash: string;
      scopes: ApiScopes;
      ip_ranges: string[];
      created_by: string | null;
      expires_at: Date;
      dead: boolean;
    }>(
      `select t.partner_id, t.name, t.secret_hash, t.scopes, t.ip_ranges, t.created_by, t.expires_at,
              (t.revoked_at is not null or u.id is null or u.disabled_at is not null
               or not exists (select 1 from user_partners up where up.user_id = u.id and up.partner_id = t.partner_id)) as dead
         from api_tokens t left join users u on u.id = t.created_by
        where t.id = $1`,
      [id],
    );
    const r = res.rows[0];
    const row: TokenRow | null = r
      ? {
          id,
          partnerId: r.partner_id,
          name: r.name,
          hash: Buffer.from(r.secret_hash, 'hex'),
          scopes: r.scopes,
          ipRanges: r.ip_ranges,
          allowed: blockListOf(r.ip_ranges),
          createdBy: r.created_by,
          expiresAt: new Date(r.expires_at).getTime(),
          dead: r.dead,
        }
      : null;
    // Kept only while notifications are heard: otherwise a revocation elsewhere could go unnoticed.
    if (this.notifications.listening) {
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(id, { row, loadedAt: Date.now() });
    }
    return row;
  }
}
