// Fixed-window counters in PostgreSQL, so a limit holds across every server instance.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface Hit {
  count: number;
  retryAfterSec: number;
}

export class RateLimiter {
  constructor(private readonly db: Db) {}

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
