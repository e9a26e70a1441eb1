// A filter of calendar days from–to, either end optional: the value is two YYYY-MM-DD strings (what the
// URL keeps); lib/date-range turns them into the wire format.
import { DatePicker, Typography } from 'antd';
import { DATE_FORMAT } from '../../lib/constants';
import { dayjs } from '../../lib/dates';
import type { DayRange } from '../../lib/date-range';
import { componentsText } from '../locale';

export interface DateRangeFilterProps {
  /** Names the field for assistive technology, e.g. «Дата создания». */
  label: string;
  value: DayRange;
  onChange: (range: DayRange) => void;
  className?: string;
}

const ISO = 'YYYY-MM-DD';
const text = componentsText.dateRange;

export function DateRangeFilter({ label, value, onChange, className }: DateRangeFilterProps) {
  const since = value.since ? dayjs(value.since, ISO) : null;
  const until = value.until ? dayjs(value.until, ISO) : null;
  return (
    <DatePicker.RangePicker
      className={className}
      aria-label={label}
      format={DATE_FORMAT}
      allowEmpty={[true, true]}
      // The label stays visible once a day is picked: two pickers side by side look alike otherwise.
      prefix={<Typography.Text type="secondary">{label}:</Typography.Text>}
      placeholder={[text.since, text.until]}
      value={[since, until]}
      onChange={(days) =>
        onChange({
          since: days?.[0]?.format(ISO) ?? undefined,
          until: days?.[1]?.format(ISO) ?? undefined,
        })
      }
    />
  );
}
