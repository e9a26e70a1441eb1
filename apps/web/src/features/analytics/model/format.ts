// How analytics numbers and buckets read: DD.MM.YY days, a week or a month as its days within the period,
// percents with a comma, counts with spaces between thousands.
import { formatMoscowDate, toMoscow } from '@moda/contracts';
import { formatDate } from '../../../lib/dates';
import type { Grouping } from './period';

/** A bucket of a chart or table: «09.03.26», «09.03.26 — 15.03.26». */
export function bucketLabel(p: { from: string; to: string }, grouping: Grouping): string {
  return grouping === 'days' || p.from === p.to
    ? formatDate(p.from)
    : `${formatDate(p.from)} — ${formatDate(p.to)}`;
}

export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
}

export function formatPct(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  return `${String(Math.round(n * 100) / 100).replace('.', ',')}\u00a0%`;
}

/** A change against the previous period: «+12,5 %», «−3 %». */
export function formatChange(n: number): string {
  const abs = formatPct(Math.abs(n));
  return n > 0 ? `+${abs}` : n < 0 ? `−${abs}` : abs;
}

/** DD.MM.YY HH:mm in Moscow, the marketplace's clock (whatever the browser's time zone). */
export function formatMoscowDateTime(iso: string): string {
  const m = toMoscow(new Date(iso));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatMoscowDate(new Date(iso))} ${pad(m.getUTCHours())}:${pad(m.getUTCMinutes())}`;
}
