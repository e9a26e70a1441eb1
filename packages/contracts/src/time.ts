// Moscow time, the marketplace's clock: the spec writes every date the seller sees, filters by, or finds in
// a file name in it. Moscow keeps UTC+3 all year (no daylight saving since 2014), so a fixed offset is exact.

const MOSCOW_OFFSET_MS = 3 * 3600_000;
const DAY_MS = 24 * 3600_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The Moscow wall-clock time of an instant, as a Date whose UTC fields read it. Spreadsheet cells have no
 * time zone, so this is what a file shows; it is also how the formats below read the fields.
 */
export function toMoscow(at: Date): Date {
  return new Date(at.getTime() + MOSCOW_OFFSET_MS);
}

/** The instant of a Moscow wall-clock time given as a Date whose UTC fields read it (the inverse of toMoscow). */
export function fromMoscow(wallClock: Date): Date {
  return new Date(wallClock.getTime() - MOSCOW_OFFSET_MS);
}

/** The Moscow calendar day, YYYY-MM-DD, `plusDays` after `at` (negative for days before). */
export function moscowDay(at: Date, plusDays = 0): string {
  return toMoscow(new Date(at.getTime() + plusDays * DAY_MS))
    .toISOString()
    .slice(0, 10);
}

/** DD.MM.YY in Moscow, as file names and CSV cells show dates. */
export function formatMoscowDate(at: Date): string {
  const m = toMoscow(at);
  return `${pad(m.getUTCDate())}.${pad(m.getUTCMonth() + 1)}.${pad(m.getUTCFullYear() % 100)}`;
}

/** 23:59:59 of the Moscow day `at` falls on. */
export function endOfMoscowDay(at: Date): Date {
  const m = toMoscow(at);
  return fromMoscow(new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth(), m.getUTCDate(), 23, 59, 59)));
}

/**
 * The instant of a Moscow wall-clock time in the wire form of date filters, YYYYMMDDHHMMSS (spec 001 §9);
 * null when the text is not such a time or names one that does not exist (30 February, 24:00:00).
 */
export function parseWireDate(s: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const wall = new Date(Date.UTC(y, mo - 1, d, h, mi, se));
  if (
    wall.getUTCFullYear() !== y ||
    wall.getUTCMonth() !== mo - 1 ||
    wall.getUTCDate() !== d ||
    wall.getUTCHours() !== h ||
    wall.getUTCMinutes() !== mi ||
    wall.getUTCSeconds() !== se
  )
    return null;
  return fromMoscow(wall);
}

/** The wire form of an instant, YYYYMMDDHHMMSS in Moscow. */
export function toWireDate(at: Date): string {
  const m = toMoscow(at);
  return (
    pad(m.getUTCFullYear(), 4) +
    pad(m.getUTCMonth() + 1) +
    pad(m.getUTCDate()) +
    pad(m.getUTCHours()) +
    pad(m.getUTCMinutes()) +
    pad(m.getUTCSeconds())
  );
}
