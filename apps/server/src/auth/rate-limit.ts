// Fixed-window counters in PostgreSQL, so a limit holds across every server instance. `hit` counts one event
// per statement (logins); `take` spends calls from a lease an instance reserves at once (API tokens).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface Hit {
  count: number;
  retryAfterSec: number;
}

/**
 * A lease is at most this share of what is left of the limit (integer division): a limit under twice this
 * figure leases one call at a time, so its boundary is exact across instances; a large one is reserved in
 * ever smaller shares as its window fills, down to one call at a time for the last 64.
 */
export const LEASE_SHARE = 64;
const MAX_LEASE = 10_000;

interface Lease {
  key: string;
  /** The window the lease belongs to (the row's `window_start`, epoch ms as PostgreSQL sent it). */
  windowStart: string;
  /** Local clock time the window ends. */
  windowEnd: number;
  /** The row's count once this lease was granted: the lease's last call is number `count`. */
  count: number;
  granted: number;
  left: number;
  timer: NodeJS.Timeout;
}

export class RateLimiter {
  private readonly leases = new Map<string, Lease>();
  private readonly acquiring = new Map<string, Promise<void>>();
  private readonly waiting = new Map<string, number>();
  /** The size of each key's next lease: doubled while leases run out before they expire. */
  private readonly want = new Map<string, number>();

  constructor(
    private readonly db: Db,
    /** How long an instance keeps a lease before giving its unspent calls back. */
    private readonly leaseMs = 1_000,
  ) {}

  /**
   * Count one call under `key` against `limit` per window and return its number in the window; over `limit`
   * the call is to be refused, and is not counted (so calls another instance gives back can still be spent). Calls are spent from a lease this instance reserved with one statement (`count + k`), so a
   * busy token costs a statement per lease, not per call: `k` starts at the calls waiting, doubles while
   * leases run out within their second, and is at most 1/LEASE_SHARE of what is left of the limit (one call
   * at a time near the limit). A lease's unspent calls go back to the row when it expires or its window
   * ends, so a quiet instance holds nothing another needs for longer than a second. Within one instance the
   * numbers are exact; across instances a number may lag by calls another instance has leased and not yet
   * spent (never near the limit, where leases are single calls).
   */
  async take(key: string, windowSec: number, limit: number): Promise<Hit> {
    for (;;) {
      const lease = this.leases.get(key);
      const now = Date.now();
      if (lease && lease.left > 0 && now < lease.windowEnd) {
        lease.left--;
        return {
          count: lease.count - lease.left,
          retryAfterSec: Math.max(1, Math.ceil((lease.windowEnd - now) / 1000)),
        };
      }
      const pending = this.acquiring.get(key);
      if (pending) {
        this.waiting.set(key, (this.waiting.get(key) ?? 0) + 1);
        await pending;
        continue;
      }
      let refused: Hit | undefined;
      const acquisition = this.acquire(key, windowSec, limit).then((hit) => {
        refused = hit;
      });
      this.acquiring.set(key, acquisition);
      try {
        await acquisition;
      } finally {
        this.acquiring.delete(key);
      }
      if (refused) return refused;
    }
  }

  /** Reserve the next lease; answers the refused call's figures when the row is past its limit. */
  private async acquire(key: string, windowSec: number, limit: number): Promise<Hit | undefined> {
    const old = this.leases.get(key);
    const waiters = this.waiting.get(key) ?? 0;
    this.waiting.delete(key);
    // A lease spent before it expired asks for twice as much; otherwise as many as are waiting now.
    const spent = old !== undefined && old.left === 0 && Date.now() < old.windowEnd;
    const want = Math.min(MAX_LEASE, Math.max(waiters + 1, spent ? (this.want.get(key) ?? 1) * 2 : 1));
    this.want.set(key, want);
    const giveBack = old && old.left > 0 ? old.left : 0;
    if (old) this.drop(old);
    const res = await this.db.execute<{
      count: number;
      granted: number;
      window_start: string;
      left_ms: number;
    }>(sql`
      insert into rate_limits (key, window_start, count, last_grant)
      select ${key}, now(), g, g
        from (select greatest(1, least(${want}::int, ${limit}::int / ${LEASE_SHARE}::int)) as g,
                     set_config('synchronous_commit', 'off', true)) first
      on conflict (key) do update set
        count = (select c + case when c >= ${limit}::int then 0 else greatest(1, least(${want}::int, (${limit}::int - c) / ${LEASE_SHARE}::int)) end from (select
                   case when rate_limits.window_start <= now() - make_interval(secs => ${windowSec}) then 0
                        when rate_limits.window_start = ${old?.windowStart ?? null}::timestamptz then rate_limits.count - ${giveBack}::int
                        else rate_limits.count end as c) now_spent),
        last_grant = (select case when c >= ${limit}::int then 0 else greatest(1, least(${want}::int, (${limit}::int - c) / ${LEASE_SHARE}::int)) end from (select
                   case when rate_limits.window_start <= now() - make_interval(secs => ${windowSec}) then 0
                        when rate_limits.window_start = ${old?.windowStart ?? null}::timestamptz then rate_limits.count - ${giveBack}::int
                        else rate_limits.count end as c) now_spent),
        window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSec}) then now() else rate_limits.window_start end
      returning count, last_grant as granted, window_start::text as window_start,
                extract(epoch from (window_start + make_interval(secs => ${windowSec}) - now())) * 1000 as left_ms`);
    const row = res.rows[0]!;
    const leftMs = Number(row.left_ms);
    const retryAfterSec = Math.max(1, Math.ceil(leftMs / 1000));
    // Nothing granted: the window's calls are spent (a refused call is not counted, so calls given back
    // later by another instance's lease are there to spend).
    if (row.granted === 0) return { count: limit + 1, retryAfterSec };
    const lease: Lease = {
      key,
      windowStart: row.window_start,
      windowEnd: Date.now() + leftMs,
      count: row.count,
      granted: row.granted,
      left: row.granted,
      timer: setTimeout(() => void this.expire(lease), Math.min(this.leaseMs, leftMs)),
    };
    lease.timer.unref();
    this.leases.set(key, lease);
    return undefined;
  }

  /** A lease's time is up: its unspent calls go back to its window's count (if that window still runs). */
  private async expire(lease: Lease): Promise<void> {
    if (this.leases.get(lease.key) !== lease) return;
    this.drop(lease);
    if (lease.left === 0) return;
    const left = lease.left;
    lease.left = 0;
    await this.db
      .execute(
        sql`update rate_limits set count = greatest(0, count - ${left}::int)
             where key = ${lease.key} and window_start = ${lease.windowStart}::timestamptz`,
      )
      .catch(() => undefined);
  }

  private drop(lease: Lease): void {
    clearTimeout(lease.timer);
    if (this.leases.get(lease.key) === lease) this.leases.delete(lease.key);
  }

  /** Give every lease's unspent calls back (a server stopping). */
  async release(): Promise<void> {
    await Promise.all([...this.leases.values()].map((lease) => this.expire(lease)));
  }

  /**
   * Count one event under `key` and return the count in the current window. The statement commits without
   * waiting for its WAL flush (`synchronous_commit` off for its own transaction): every call of one API token
   * updates the same row, whose lock is held until commit, so a flush per call serialised a token's calls
   * (the token path cost 65 % on the RPC bench). A crash may forget the last milliseconds of counts: harmless.
   */
  async hit(key: string, windowSec: number): Promise<Hit> {
    const res = await this.db.execute<{ count: number; retry_after: number }>(sql`
      insert into rate_limits (key, window_start, count)
      select ${key}, now(), 1 from (select set_config('synchronous_commit', 'off', true)) async_commit
      on conflict (key) do update set
        count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSec}) then 1 else rate_limits.count + 1 end,
        window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSec}) then now() else rate_limits.window_start end
      returning count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSec}) - now())))::int as retry_after`);
    const row = res.rows[0]!;
    return { count: row.count, retryAfterSec: Math.max(1, row.retry_after) };
  }

  /** The count in the current window without counting. */
  async peek(key: string, windowSec: number): Promise<Hit> {
    const res = await this.db.execute<{ count: number; retry_after: number }>(sql`
      select count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSec}) - now())))::int as retry_after
      from rate_limits where key = ${key} and window_start > now() - make_interval(secs => ${windowSec})`);
    const row = res.rows[0];
    return row
      ? { count: row.count, retryAfterSec: Math.max(1, row.retry_after) }
      : { count: 0, retryAfterSec: 0 };
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where key = ${key}`);
  }
}
