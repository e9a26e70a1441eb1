// Dates in the Russian locale (spec 000 §9): dayjs speaks Russian and lists show DD.MM.YY.
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import { DATE_FORMAT, DATE_TIME_FORMAT } from './constants';

dayjs.locale('ru');

export { dayjs };

type DateInput = string | number | Date | null | undefined;

/** DD.MM.YY, or an empty string for a missing or invalid date. */
export function formatDate(value: DateInput): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_FORMAT) : '';
}

export function formatDateTime(value: DateInput): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_TIME_FORMAT) : '';
}
