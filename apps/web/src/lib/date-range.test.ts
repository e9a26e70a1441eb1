import { describe, expect, it } from 'vitest';
import { isIsoDay, toWireRange, wireToday, yearsBefore } from './date-range';

// Moscow is UTC+3 all year: 20:59:59Z is the last second of a Moscow day, 21:00:00Z the first of the next.
const LAST_SECOND_OF_21_NOV = new Date('2026-11-21T20:59:59Z');
const FIRST_SECOND_OF_22_NOV = new Date('2026-11-21T21:00:00Z');
const NEW_YEAR_MOSCOW = new Date('2026-12-31T21:00:00Z');

describe('toWireRange (spec 001 §5 date filters)', () => {
  it('runs from since 00:00:00 to until 23:59:59 when both days are set', () => {
    expect(toWireRange({ since: '2026-11-01', until: '2026-11-21' }, LAST_SECOND_OF_21_NOV)).toEqual({
      from: '20261101000000',
      to: '20261121235959',
    });
  });

  it('a single day covers that whole day', () => {
    expect(toWireRange({ since: '2026-11-05', until: '2026-11-05' }, LAST_SECOND_OF_21_NOV)).toEqual({
      from: '20261105000000',
      to: '20261105235959',
    });
  });

  it('with only since ends today 23:59:59, today in Moscow at the day edges', () => {
    expect(toWireRange({ since: '2026-11-01' }, LAST_SECOND_OF_21_NOV)).toEqual({
      from: '20261101000000',
      to: '20261121235959',
    });
    expect(toWireRange({ since: '2026-11-01' }, FIRST_SECOND_OF_22_NOV)).toEqual({
      from: '20261101000000',
      to: '20261122235959',
    });
    expect(toWireRange({ since: '2026-12-01' }, NEW_YEAR_MOSCOW)).toEqual({
      from: '20261201000000',
      to: '20270101235959',
    });
  });

  it('with only until starts 100 years before it', () => {
    expect(toWireRange({ until: '2026-11-21' }, FIRST_SECOND_OF_22_NOV)).toEqual({
      from: '19261121000000',
      to: '20261121235959',
    });
  });

  it('puts a reversed range in order and ignores days that do not exist', () => {
    expect(toWireRange({ since: '2026-11-21', until: '2026-11-01' }, LAST_SECOND_OF_21_NOV)).toEqual({
      from: '20261101000000',
      to: '20261121235959',
    });
    expect(toWireRange({ since: '2026-02-30' }, LAST_SECOND_OF_21_NOV)).toBeUndefined();
    expect(toWireRange({ since: 'yesterday', until: '2026-11-01' }, LAST_SECOND_OF_21_NOV)).toEqual({
      from: '19261101000000',
      to: '20261101235959',
    });
  });

  it('sends nothing when neither day is set', () => {
    expect(toWireRange({}, LAST_SECOND_OF_21_NOV)).toBeUndefined();
    expect(toWireRange({ since: '', until: undefined }, LAST_SECOND_OF_21_NOV)).toBeUndefined();
  });
});

describe('helpers', () => {
  it('wireToday is the Moscow calendar day', () => {
    expect(wireToday(LAST_SECOND_OF_21_NOV)).toBe('2026-11-21');
    expect(wireToday(FIRST_SECOND_OF_22_NOV)).toBe('2026-11-22');
  });

  it('yearsBefore keeps the day, 29 February falls back to the 28th in a common year', () => {
    expect(yearsBefore('2024-02-29', 100)).toBe('1924-02-29');
    expect(yearsBefore('2000-02-29', 100)).toBe('1900-02-28');
    expect(yearsBefore('2026-11-21', 100)).toBe('1926-11-21');
  });

  it('isIsoDay accepts real days only', () => {
    expect(isIsoDay('2026-11-21')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('21.11.26')).toBe(false);
    expect(isIsoDay(null)).toBe(false);
  });
});
