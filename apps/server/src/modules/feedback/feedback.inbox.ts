// The feedback items of the action inbox (issue 28): answers rejected by moderation, with the partner's strikes
// against the block (STRIKE_RULES), and questions waiting longer than the timely-answer window
// (TIMELY_ANSWER.withinHours). Both read the kept counts per kind and status (feedback_counts); the late
// questions are those counts less the few new ones still inside the window, read on the status index.
import { sql } from 'drizzle-orm';
import { STRIKE_RULES, TIMELY_ANSWER, type InboxItem } from '@moda/contracts';
import type { Db } from '../../db/client';
import type { InboxProvider } from '../../core/inbox';
import * as q from './feedback.queries';

const HOUR_MS = 3600_000;

export const feedbackInbox =
  (db: Db): InboxProvider =>
  async ({ partnerId, now }) => {
    const windowStart = new Date(now.getTime() - TIMELY_ANSWER.withinHours * HOUR_MS).toISOString();
    const [facts, figures] = await Promise.all([
      q.partnerFeedback(db, partnerId),
      db.execute<{ type: string; answer_status: string; n: number; fresh: number; oldest: string | null }>(
        sql`select c.type, c.answer_status, c.n::int as n,
                   (select count(*)::int from questions
                     where partner_id = ${partnerId} and type = 'question' and answer_status = 'new'
                       and created_at >= ${windowStart}) as fresh,
                   (select min(created_at) from questions
                     where partner_id = ${partnerId} and type = 'question' and answer_status = 'new') as oldest
              from feedback_counts c
             where c.partner_id = ${partnerId} and c.answer_status in ('rejected', 'new')`,
      ),
    ]);
    const counts = figures.rows;
    if (!facts?.section) return [];
    const items: InboxItem[] = [];
    const rejected = counts.filter((r) => r.answer_status === 'rejected' && r.n > 0);
    const rejectedTotal = rejected.reduce((n, r) => n + r.n, 0);
    if (rejectedTotal > 0) {
      const top = rejected.reduce((a, b) => (b.n > a.n ? b : a));
      items.push({
        kind: 'feedback_rejected',
        count: rejectedTotal,
        deadline: null,
        overdue: false,
        link: `/questions?type=${top.type}&status=rejected`,
        limit: {
          used: Math.min(facts.strikes.length, STRIKE_RULES.permanentBlockAt),
          max: STRIKE_RULES.permanentBlockAt,
        },
      });
    }
    const newQuestions = counts.find((r) => r.type === 'question' && r.answer_status === 'new')?.n ?? 0;
    const late = newQuestions - (counts[0]?.fresh ?? 0);
    const oldest = counts[0]?.oldest ?? null;
    if (late > 0 && oldest) {
      items.push({
        kind: 'questions_late',
        count: late,
        deadline: new Date(new Date(oldest).getTime() + TIMELY_ANSWER.withinHours * HOUR_MS).toISOString(),
        overdue: true,
        link: '/questions?type=question&status=new&sort=created_at',
        limit: null,
      });
    }
    return items;
  };
