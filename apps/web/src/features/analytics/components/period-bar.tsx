// The period of an analytics screen: Moscow calendar days from–to (both needed, at most a year) and, where the
// screen draws buckets, days / weeks / months. Changes go to the URL.
import { DatePicker, Flex, Segmented, Typography } from 'antd';
import { ANALYTICS_LIMITS } from '@moda/contracts';
import { DATE_FORMAT } from '../../../lib/constants';
import { dayjs } from '../../../lib/dates';
import type { Grouping, Period } from '../model/period';
import { analyticsText } from '../locale';

const ISO = 'YYYY-MM-DD';
const text = analyticsText.common;

export interface PeriodBarProps {
  period: Period;
  onChange: (change: { from?: string; to?: string; grouping?: Grouping }) => void;
  withGrouping?: boolean;
  children?: React.ReactNode;
}

export function PeriodBar({ period, onChange, withGrouping = true, children }: PeriodBarProps) {
  return (
    <Flex gap={12} wrap align="center" className="analytics-period">
      <DatePicker.RangePicker
        aria-label={text.period}
        format={DATE_FORMAT}
        allowClear={false}
        prefix={<Typography.Text type="secondary">{text.period}:</Typography.Text>}
        placeholder={[text.since, text.until]}
        value={[dayjs(period.dateFrom, ISO), dayjs(period.dateTo, ISO)]}
        disabledDate={(d, info) =>
          !!info.from && Math.abs(d.diff(info.from, 'day')) >= ANALYTICS_LIMITS.periodMaxDays
        }
        onChange={(days) => {
          if (days?.[0] && days[1]) onChange({ from: days[0].format(ISO), to: days[1].format(ISO) });
        }}
      />
      {withGrouping ? (
        <Segmented<Grouping>
          aria-label={text.groupingLabel}
          value={period.grouping}
          options={(['days', 'weeks', 'months'] as const).map((g) => ({ value: g, label: text.grouping[g] }))}
          onChange={(grouping) => onChange({ grouping })}
        />
      ) : null}
      {children}
    </Flex>
  );
}
