// The timely-answer share (spec 000 §3): the share answered within the window over the last days, its
// level, the average response time and the counts, with the levels' boundaries on hover.
import { Flex, Popover, Tag, Typography } from 'antd';
import type { z } from 'zod';
import { TIMELY_ANSWER, TIMELY_LEVEL_LABELS, fill, type TimelyAnswerLevel as Level } from '@moda/contracts';
import type { Result } from '../../../lib/api/rpc-client';
import { questionsText } from '../locale';

const text = questionsText.stats;
type Stats = Result<'v1.questions.stats'>;

const LEVEL_COLOR: Record<z.infer<typeof Level>, string> = {
  very_low: 'red',
  low: 'volcano',
  medium: 'gold',
  upper_medium: 'lime',
  high: 'green',
};

const duration = (minutes: number) =>
  minutes >= 60
    ? fill(text.hours, { h: Math.floor(minutes / 60), m: minutes % 60 })
    : fill(text.minutes, { m: minutes });

export function TimelyShare({ stats }: { stats: Stats | undefined }) {
  if (!stats) return null;
  const levels = (
    <ul className="questions__levels">
      {TIMELY_ANSWER.levels.map((l) => (
        <li key={l.level}>{fill(text.levelRange, { label: TIMELY_LEVEL_LABELS[l.level], from: l.from })}</li>
      ))}
    </ul>
  );
  return (
    <section className="questions__stats" aria-label={text.title}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{text.title}</Typography.Text>
        {stats.level ? (
          <Popover title={text.levels} content={levels}>
            <Tag color={LEVEL_COLOR[stats.level]} className="questions__level" tabIndex={0}>
              {TIMELY_LEVEL_LABELS[stats.level]}
            </Tag>
          </Popover>
        ) : null}
        <Typography.Text>
          {stats.share === null
            ? text.noData
            : fill(text.share, { share: String(stats.share).replace('.', ','), days: stats.periodDays })}
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary" className="questions__stats-line">
        {stats.averageResponseMinutes !== null
          ? `${fill(text.average, { time: duration(stats.averageResponseMinutes) })} · `
          : ''}
        {fill(text.total, { total: stats.total })}
      </Typography.Text>
      <Typography.Text type="secondary" className="questions__stats-line">
        {fill(text.breakdown, {
          hours: TIMELY_ANSWER.withinHours,
          inTime: stats.answeredInTime,
          late: stats.late,
          pending: stats.pending,
        })}
      </Typography.Text>
    </section>
  );
}
