// Moscow time at the edges that matter: the last and first second of a Moscow day (which UTC puts on
// different days), month and year ends, and wire dates that do not exist.
import { describe, expect, it } from 'vitest';
import {
  endOfMoscowDay,
  formatMoscowDate,
  fromMoscow,
  moscowDay,
  parseWireDate,
  toMoscow,
  toWireDate,
} from './time';

// 20:59:59Z is the last second of a Moscow day, 21:00:00Z the first of the next.
const LAST_SECOND_OF_21_NOV = new Date('2026-11-21T20:59:59Z');
const FIRST_SECOND_OF_22_NOV = new Date('2026-11-21T21:00:00Z');
const NEW_YEAR_MOSCOW = new Date('2026-12-31T21:00:00Z');

describe('Moscow time', () => {
  it('reads an instant as Moscow wall-clock time and back', () => {
    expect(toMoscow(new Date('2026-03-14T21:00:00Z')).toISOString()).toBe('2026-03-15T00:00:00.000Z');
    expect(fromMoscow(new Date('2026-03-15T00:00:00Z')).toISOString()).toBe('2026-03-14T21:00:00.000Z');
    // Summer and winter alike: no daylight saving.
    expect(toMoscow(new Date('2026-07-01T12:00:00Z')).getUTCHours()).toBe(15);
  });

  it('names the Moscow calendar day, counting days forward and back', () => {
    expect(moscowDay(LAST_SECOND_OF_21_NOV)).toBe('2026-11-21');
    expect(moscowDay(FIRST_SECOND_OF_22_NOV)).toBe('2026-11-22');
    expect(moscowDay(NEW_YEAR_MOSCOW)).toBe('2027-01-01');
    expect(moscowDay(LAST_SECOND_OF_21_NOV, 3)).toBe('2026-11-24');
    expect(moscowDay(NEW_YEAR_MOSCOW, -1)).toBe('2026-12-31');
  });

  it('writes DD.MM.YY in Moscow', () => {
    expect(formatMoscowDate(LAST_SECOND_OF_21_NOV)).toBe('21.11.26');
    expect(formatMoscowDate(FIRST_SECOND_OF_22_NOV)).toBe('22.11.26');
    expect(formatMoscowDate(NEW_YEAR_MOSCOW)).toBe('01.01.27');
    expect(formatMoscowDate(new Date('2005-02-03T10:00:00Z'))).toBe('03.02.05');
  });

  it('ends the Moscow day at 23:59:59', () => {
    expect(endOfMoscowDay(new Date('2026-03-15T22:30:00Z')).toISOString()).toBe('2026-03-16T20:59:59.000Z');
    expect(endOfMoscowDay(LAST_SECOND_OF_21_NOV)).toEqual(LAST_SECOND_OF_21_NOV);
  });

  it('parses and writes wire dates YYYYMMDDHHMMSS at UTC+3', () => {
    expect(parseWireDate('20260315000000')!.toISOString()).toBe('2026-03-14T21:00:00.000Z');
    expect(parseWireDate('20261231235959')!.toISOString()).toBe('2026-12-31T20:59:59.000Z');
    expect(toWireDate(new Date('2026-03-14T21:00:00Z'))).toBe('20260315000000');
    expect(toWireDate(NEW_YEAR_MOSCOW)).toBe('20270101000000');
    expect(toWireDate(parseWireDate('20240229123456')!)).toBe('20240229123456');
  });

  it('refuses wire dates that are not real times or not in the format', () => {
    for (const bad of [
      '20260230000000',
      '20250229000000',
      '20260315240000',
      '20260315006000',
      '2026031500000',
      '2026-03-15',
      '',
    ]) {
      expect(parseWireDate(bad), bad).toBeNull();
    }
  });
});
