import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney, goodsAfter } from './price-format';

describe('price format', () => {
  it('writes each country in its currency with grouped thousands', () => {
    expect(formatMoney(1310)).toBe('1\u00a0310\u00a0₽');
    expect(formatMoney(35.5, 'BY')).toBe('35,50\u00a0Br');
    expect(formatMoney(5600, 'KZ')).toBe('5\u00a0600\u00a0₸');
    expect(formatMoney(null, 'KZ')).toBe('—');
  });
  it('agrees «товар» with the number', () => {
    expect([1, 2, 5, 11, 21, 111].map(goodsAfter)).toEqual([
      'товара',
      'товаров',
      'товаров',
      'товаров',
      'товара',
      'товаров',
    ]);
  });
  it('writes sale dates as DD.MM.YY', () => {
    expect(formatDay('2026-12-01')).toBe('01.12.26');
    expect(formatDay(null)).toBe('');
  });
});
