// The period of every analytics screen in the URL: Moscow calendar days from–to and the chart's grouping
// (spec 001 §9: days, weeks, months). Without them, the last 30 days through today; a period the contract
// refuses (reversed, too long, not a day) falls back to that default instead of a failing request.
import { addDays, ANALYTICS_LIMITS, ChartGrouping, daysBetween, moscowDay } from '@moda/contracts';
import { isIsoDay } from '../../../lib/date-range';

export type Grouping = 'days' | 'weeks' | 'months';
export interface Period {
  dateFrom: string;
  dateTo: string;
  grouping: Grouping;
}

export const DEFAULT_DAYS = 30;

export function defaultPeriod(now: Date): { dateFrom: string; dateTo: string } {
  const dateTo = moscowDay(now);
  return { dateFrom: addDays(dateTo, -(DEFAULT_DAYS - 1)), dateTo };
}

export function readPeriod(params: URLSearchParams, now: Date): Period {
  const from = params.get('from');
  const to = params.get('to');
  const grouping = ChartGrouping.safeParse(params.get('grouping'));
  const ok =
    isIsoDay(from) && isIsoDay(to) && from <= to && daysBetween(from, to) <= ANALYTICS_LIMITS.periodMaxDays;
  return {
    ...(ok ? { dateFrom: from, dateTo: to } : defaultPeriod(now)),
    grouping: grouping.success ? grouping.data : 'days',
  };
}
