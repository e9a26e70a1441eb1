// The imports' item of the action inbox (issue 28): product files whose import failed in the last days and
// that no later import of the partner has made good (a file imported after them clears them). Read on the
// partner's files index (files_partner_created_idx), a few days of uploads.
import { sql } from 'drizzle-orm';
import { INBOX_HORIZONS } from '@moda/contracts';
import type { Db } from '../../db/client';
import type { InboxProvider } from '../../core/inbox';

const DAY_MS = 24 * 3600_000;

export const importsInbox =
  (db: Db): InboxProvider =>
  async ({ partnerId, now }) => {
    const since = new Date(now.getTime() - INBOX_HORIZONS.failedImportsDays * DAY_MS).toISOString();
    const res = await db.execute<{ n: number }>(
      sql`with recent as (
            select status, created_at from files
             where partner_id = ${partnerId} and type = 'nomenclature_import'
               and created_at >= ${since} and created_at <= ${now.toISOString()})
          select count(*)::int as n from recent f
           where f.status = 'fail'
             and not exists (select 1 from recent o where o.status = 'ok' and o.created_at > f.created_at)`,
    );
    const n = res.rows[0]!.n;
    if (n === 0) return [];
    return [
      {
        kind: 'imports_failed',
        count: n,
        deadline: null,
        overdue: false,
        link: '/nomenclatures/add/excel',
        limit: null,
      },
    ];
  };
