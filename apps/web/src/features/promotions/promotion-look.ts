// How promotions look: the seller status's colour and words, dates, and the countdown to the end of
// registration, shared by the list, the calendar and the card.
import {
  PROMOTION_FORMAT_LABELS,
  PROMOTION_TYPE_LABELS,
  fill,
  type PromotionRow,
  type PromotionSellerStatus,
} from '@moda/contracts';
import { dayjs } from '../../lib/dates';
import { promotionsText } from './locale';

export const STATUS_COLOR: Record<PromotionSellerStatus, string> = {
  available: 'green',
  registrationEnded: 'default',
  myActive: 'blue',
  myFinished: 'purple',
};
export const statusName = (s: PromotionSellerStatus) => promotionsText.status[s];
export const typeName = (t: PromotionRow['type']) => PROMOTION_TYPE_LABELS[t];
export const formatName = (f: PromotionRow['format']) => PROMOTION_FORMAT_LABELS[f];

/** A YYYY-MM-DD day as DD.MM.YY. */
export const day = (d: string) => dayjs(d).format('DD.MM.YY');
export const period = (from: string, to: string) => `${day(from)} – ${day(to)}`;

/** What is left until `deadline`: days, hours and minutes; null once it passed. */
export function countdown(deadline: string, now: number): string | null {
  const ms = new Date(deadline).getTime() - now;
  if (ms <= 0) return null;
  const c = promotionsText.countdown;
  const minutes = Math.floor(ms / 60_000);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return [d ? fill(c.days, { n: d }) : '', d || h ? fill(c.hours, { n: h }) : '', fill(c.minutes, { n: m })]
    .filter(Boolean)
    .join(' ');
}
