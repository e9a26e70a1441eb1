// Date filters of the order list: the wire format YYYYMMDDHHMMSS in Moscow time (UTC+3, no daylight
// saving since 2014), turned into instants. Open ranges are closed the way spec 001 §9 asks.
import type { DateRange } from '@moda/contracts';
import { AppError } from '../../core/errors';

export const MOSCOW_OFFSET_MS = 3 * 3600_000;

/** The instant of a Moscow wall-clock time written YYYYMMDDHHMMSS; null when no such time exists. */
export function parseWireDate(s: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const local = new Date(Date.UTC(y, mo - 1, d, h, mi, se));
  if (
    local.getUTCFullYear() !== y ||
    local.getUTCMonth() !== mo - 1 ||
    local.getUTCDate() !== d ||
    local.getUTCHours() !== h ||
    local.getUTCMinutes() !== mi ||
    local.getUTCSeconds() !== se
  )
    return null;
  return new Date(local.getTime() - MOSCOW_OFFSET_MS);
}

/** The wire form of an instant, in Moscow time. */
export function toWireDate(d: Date): string {
  const local = new Date(d.getTime() + MOSCOW_OFFSET_MS);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return (
    p(local.getUTCFullYear(), 4) +
    p(local.getUTCMonth() + 1) +
    p(local.getUTCDate()) +
    p(local.getUTCHours()) +
    p(local.getUTCMinutes()) +
    p(local.getUTCSeconds())
  );
}

/** 23:59:59 of today in Moscow, by the server clock. */
export function endOfMoscowDay(now: Date): Date {
  const local = new Date(now.getTime() + MOSCOW_OFFSET_MS);
  const end = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 23, 59, 59);
  return new Date(end - MOSCOW_OFFSET_MS);
}

/**
 * A filter range as instants (both ends inclusive): both given → as given; only `from` → until today
 * 23:59:59; only `to` → from 100 years before. Bad dates are refused on their field.
 */
export function resolveRange(
  range: DateRange | undefined,
  field: string,
  now: Date,
): { from: Date; to: Date } | null {
  if (!range || (!range.from && !range.to)) return null;
  const parse = (v: string, end: 'from' | 'to') => {
    const d = parseWireDate(v);
    if (!d) throw new AppError('order.invalidDate', { field: `${field}.${end}` });
    return d;
  };
  const to = range.to ? parse(range.to, 'to') : endOfMoscowDay(now);
  let from: Date;
  if (range.from) from = parse(range.from, 'from');
  else {
    from = new Date(to);
    from.setUTCFullYear(from.getUTCFullYear() - 100);
  }
  if (from > to) throw new AppError('order.dateRange', { field: `${field}.from` });
  return { from, to };
}
