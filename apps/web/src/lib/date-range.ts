// Date-range filters on the wire (spec 001 §5 "Orders and labels", §9): the user picks calendar days,
// the server gets YYYYMMDDHHMMSS in Moscow time. Both days: since 00:00:00 to until 23:59:59; only since:
// up to today 23:59:59; only until: from 100 years before it. A pure function of the clock it is given.
import { moscowDay } from '@moda/contracts';

const YEARS_BACK = 100;

/** A calendar day as the URL and the pickers keep it. */
export type IsoDay = string; // YYYY-MM-DD

export interface DayRange {
  since?: IsoDay | undefined;
  until?: IsoDay | undefined;
}

export interface WireRange {
  from?: string;
  to?: string;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a string is a real calendar day in YYYY-MM-DD form (2026-02-30 is not). */
export function isIsoDay(value: string | null | undefined): value is IsoDay {
  const m = value ? ISO_DAY.exec(value) : null;
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The calendar day `now` falls on in Moscow (the wire format's clock). */
export function wireToday(now: Date): IsoDay {
  return moscowDay(now);
}

/** The same day `years` earlier; 29 February of a year without one becomes the 28th. */
export function yearsBefore(day: IsoDay, years: number): IsoDay {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const lastOfMonth = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(year, 4)}-${pad(m)}-${pad(Math.min(d, lastOfMonth))}`;
}

const wire = (day: IsoDay, time: '000000' | '235959') => `${day.replaceAll('-', '')}${time}`;

/**
 * The wire form of a day range, or undefined when neither end is set. Days that are not real dates are
 * treated as unset; a reversed range is put in order.
 */
export function toWireRange(range: DayRange, now: Date): WireRange | undefined {
  let since = isIsoDay(range.since) ? range.since : undefined;
  let until = isIsoDay(range.until) ? range.until : undefined;
  if (!since && !until) return undefined;
  if (since && until && since > until) [since, until] = [until, since];
  const end = until ?? wireToday(now);
  const start = since ?? yearsBefore(end, YEARS_BACK);
  return { from: wire(start, '000000'), to: wire(end, '235959') };
}
