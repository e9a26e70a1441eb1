// The API tokens' item of the action inbox: active tokens ending within 3 days (the partner's few tokens, read
// by the partner's index), linking to the profile's API tab.
import { sql } from 'drizzle-orm';
import { API_TOKEN_LIMITS } from '@moda/contracts';
import type { Db } from '../../db/client';
import type { InboxProvider } from '../../core/inbox';

const DAY_MS = 86_400_000;

export const apiTokensInbox =
  (db: Db): InboxProvider =>
  async ({ partnerId, now }) => {
    const res = await db.execute<{ n: number; first: string | null }>(sql`
      select count(*)::int as n, min(expires_at) as first from api_tokens
       where partner_id = ${partnerId} and revoked_at is null and expires_at > ${now}
         and expires_at <= ${new Date(now.getTime() + API_TOKEN_LIMITS.remindDaysBefore * DAY_MS)}`);
    const row = res.rows[0];
    if (!row || row.n === 0 || !row.first) return [];
    return [
      {
        kind: 'api_tokens_expiring',
        count: row.n,
        deadline: new Date(row.first).toISOString(),
        overdue: false,
        link: '/profile/api',
        limit: null,
      },
    ];
  };
