import { describe, expect, it } from 'vitest';
import { formatRub } from './money';

describe('formatRub', () => {
  it.each([
    [0, '0\u00a0₽'],
    [990, '990\u00a0₽'],
    [4990, '4\u00a0990\u00a0₽'],
    [1234567.5, '1\u00a0234\u00a0567,50\u00a0₽'],
    [-1500, '−1\u00a0500\u00a0₽'],
    [0.1 + 0.2, '0,30\u00a0₽'],
  ])('%s → %s', (value, text) => {
    expect(formatRub(value)).toBe(text);
  });

  it('writes a dash for a missing or broken value', () => {
    expect(formatRub(null)).toBe('—');
    expect(formatRub(undefined)).toBe('—');
    expect(formatRub(Number.NaN)).toBe('—');
  });
});
