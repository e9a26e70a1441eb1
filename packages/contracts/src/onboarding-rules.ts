// The onboarding questionnaire's own domain rules, written by hand (spec 001 §5 "Questionnaire", §9):
// check digits of Russian, Kazakh and Belarusian registration numbers, and Russian working days.

const digits = (s: string): number[] => [...s].map(Number);
const weighted = (d: number[], weights: readonly number[]) =>
  weights.reduce((sum, w, i) => sum + w * (d[i] ?? 0), 0);

/** ИНН of a Russian organization: 10 digits, the last one a check digit. */
export function validInn10(inn: string): boolean {
  if (!/^\d{10}$/.test(inn)) return false;
  const d = digits(inn);
  return (weighted(d, [2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10 === d[9];
}

/** ИНН of a person (an individual entrepreneur): 12 digits, the last two check digits. */
export function validInn12(inn: string): boolean {
  if (!/^\d{12}$/.test(inn)) return false;
  const d = digits(inn);
  const c11 = (weighted(d, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10;
  const c12 = (weighted(d, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10;
  return c11 === d[10] && c12 === d[11];
}

/** ОГРН: 13 digits; the first 12 as a number modulo 11, then modulo 10, is the last. */
export function validOgrn(ogrn: string): boolean {
  if (!/^\d{13}$/.test(ogrn)) return false;
  return Number((BigInt(ogrn.slice(0, 12)) % 11n) % 10n) === Number(ogrn[12]);
}

/** ОГРНИП: 15 digits; the first 14 as a number modulo 13, then modulo 10, is the last. */
export function validOgrnip(ogrnip: string): boolean {
  if (!/^\d{15}$/.test(ogrnip)) return false;
  return Number((BigInt(ogrnip.slice(0, 14)) % 13n) % 10n) === Number(ogrnip[14]);
}

/**
 * КПП: 9 characters — the tax office (4 digits), the reason (2 digits or capital Latin letters), a number
 * (3 digits). It has no check digit, so its shape is the whole rule.
 */
export function validKpp(kpp: string): boolean {
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp);
}

/** БИН of Kazakhstan: 12 digits; weights 1–11, and when the sum gives 10 a second pass with 3–11, 1, 2. */
export function validBin(bin: string): boolean {
  if (!/^\d{12}$/.test(bin)) return false;
  const d = digits(bin);
  let check = weighted(d, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]) % 11;
  if (check === 10) check = weighted(d, [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2]) % 11;
  return check !== 10 && check === d[11];
}

/** УНП of Belarus: 9 digits; weights 29, 23, 19, 17, 13, 7, 5, 3 modulo 11 give the last (10 is never valid). */
export function validUnn(unn: string): boolean {
  if (!/^\d{9}$/.test(unn)) return false;
  const d = digits(unn);
  const check = weighted(d, [29, 23, 19, 17, 13, 7, 5, 3]) % 11;
  return check !== 10 && check === d[8];
}

/**
 * The official non-working days of the Russian Federation (the Labour Code, art. 112, and the government's
 * decrees moving days off) that fall on weekdays, as ISO dates; weekends are counted apart. No working Saturday
 * is decreed for 2026. Extend the list when the next year's decree is published.
 */
export const RU_HOLIDAYS: readonly string[] = [
  // 2026 (decree of 24.09.2025): January 3 and 4 moved to January 9 and December 31
  '2026-01-01',
  '2026-01-02',
  '2026-01-05',
  '2026-01-06',
  '2026-01-07',
  '2026-01-08',
  '2026-01-09',
  '2026-02-23',
  '2026-03-09',
  '2026-05-01',
  '2026-05-11',
  '2026-06-12',
  '2026-11-04',
  '2026-12-31',
  // 2027: the holidays of the Labour Code and their Monday transfers (the decree moving days is not out yet)
  '2027-01-01',
  '2027-01-04',
  '2027-01-05',
  '2027-01-06',
  '2027-01-07',
  '2027-01-08',
  '2027-02-23',
  '2027-03-08',
  '2027-05-03',
  '2027-05-10',
  '2027-06-14',
  '2027-11-04',
];
const HOLIDAYS = new Set(RU_HOLIDAYS);

/** Whether an ISO date (YYYY-MM-DD, a calendar day in Moscow) is a working day in Russia. */
export function isRuWorkingDay(isoDate: string): boolean {
  if (HOLIDAYS.has(isoDate)) return false;
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The ISO date `count` Russian working days after `isoDate` (the day itself is not counted). */
export function addRuWorkingDays(isoDate: string, count: number): string {
  const day = new Date(`${isoDate}T00:00:00Z`);
  let left = count;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (isRuWorkingDay(day.toISOString().slice(0, 10))) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}

/** The same calendar day `months` later; the 31st of a shorter month becomes its last day. */
export function addCalendarMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}
