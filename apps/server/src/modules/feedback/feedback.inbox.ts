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
    const [facts, counts, fresh, oldest] = await Promise.all([
      q.partnerFeedback(db, partnerId),
      db.execute<{ type: string; answer_status: string; n: number }>(
        sql`select type, answer_status, n::int as n from feedback_counts
             where partner_id = ${partnerId} and answer_status in ('rejected', 'new')`,
      ),
      db.execute<{ n: number }>(
        sql`select count(*)::int as n from questions
             where partner_id = ${partnerId} and type = 'question' and answer_status = 'new'
               and created_at >= ${windowStart}`,
      ),
      db.execute<{ created_at: string }>(
        sql`select created_at from questions
             where partner_id = ${partnerId} and type = 'question' and answer_status = 'new'
             order by created_at limit 1`,
      ),
    ]);
    if (!facts?.section) return [];
    const items: InboxItem[] = [];
    const rejected = counts.rows.filter((r) => r.answer_status === 'rejected' && r.n > 0);
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
    const newQuestions = counts.rows.find((r) => r.type === 'question' && r.answer_status === 'new')?.n ?? 0;
    const late = newQuestions - fresh.rows[0]!.n;
    const first = oldest.rows[0];
    if (late > 0 && first) {
      items.push({
        kind: 'questions_late',
        count: late,
        deadline: new Date(
          new Date(first.created_at).getTime() + TIMELY_ANSWER.withinHours * HOUR_MS,
        ).toISOString(),
        overdue: true,
        link: '/questions?type=question&status=new&sort=created_at',
        limit: null,
      });
    }
    return items;
  };
