// Date filters of the order list: wire dates (YYYYMMDDHHMMSS in Moscow time) turned into instants, with
// open ranges closed the way spec 001 §9 asks.
import { endOfMoscowDay, parseWireDate, type DateRange } from '@moda/contracts';
import { AppError } from '../../core/errors';

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
