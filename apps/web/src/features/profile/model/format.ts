// How the profile shows stored values: phones as +7 (916) 111-22-33, dates as DD.MM.YY, blanks as a dash.
import { formatDate } from '../../../lib/dates';
import { profileText } from '../locale';

export function formatPhone(digits: string | null | undefined): string {
  if (!digits) return profileText.empty;
  const m = /^(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(digits);
  return m ? `+7 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : digits;
}

export function orDash(value: string | null | undefined): string {
  return value ? value : profileText.empty;
}

export function dateOrDash(value: string | null | undefined): string {
  return formatDate(value) || profileText.empty;
}
