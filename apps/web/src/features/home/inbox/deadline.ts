// How an inbox item's deadline reads: «сегодня до 14:00» on the Moscow day of now, DD.MM.YY otherwise, and
// «срок истёк …» once passed. Moscow time, the marketplace's clock, whatever the browser's zone.
import { fill } from '@moda/contracts/messages';
import { formatMoscowDate, moscowDay, toMoscow } from '@moda/contracts/time';
import { homeText } from '../locale';

const pad = (n: number) => String(n).padStart(2, '0');

export function deadlineText(deadline: string, overdue: boolean, now: Date): string {
  const at = new Date(deadline);
  const m = toMoscow(at);
  const time = `${pad(m.getUTCHours())}:${pad(m.getUTCMinutes())}`;
  const text = homeText.inbox;
  if (overdue) return fill(text.overdueSince, { date: formatMoscowDate(at) });
  if (moscowDay(at) === moscowDay(now)) return fill(text.today, { time });
  return fill(text.until, { date: formatMoscowDate(at) });
}
