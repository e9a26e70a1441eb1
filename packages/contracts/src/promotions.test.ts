// The cost price file's row rule is the contract's (CostPriceInput, as v1.promotions.cost-prices.set): its
// bounds, two decimals, the floor not under the cost, an empty cell clearing, a word refused.
import { describe, expect, it } from 'vitest';
import { costPriceCell, costPriceRowErrors } from './promotions';
import { PRICE_RULES } from './prices';

const row = (costPrice: string, floorPrice: string) => costPriceRowErrors({ costPrice, floorPrice });

describe('a cost price file row', () => {
  it('reads cells: empty clears, a comma or spaces are a number, a word is not', () => {
    expect(costPriceCell('  ')).toBeNull();
    expect(costPriceCell('1 250,50')).toBe(1250.5);
    expect(costPriceCell('12abc')).toBe('nan');
  });

  it('holds the bounds of the set method at their edges', () => {
    expect(row('0', String(PRICE_RULES.maximum))).toEqual([]);
    expect(row('-0.01', '')).toEqual([{ column: 'costPrice', message: 'Значение должно быть не меньше 0' }]);
    expect(row('', String(PRICE_RULES.maximum + 0.01))).toEqual([
      { column: 'floorPrice', message: `Значение должно быть не больше ${PRICE_RULES.maximum}` },
    ]);
    expect(row('10.01', '')).toEqual([]);
    expect(row('10.001', '')).toEqual([
      { column: 'costPrice', message: 'Не больше двух знаков после запятой' },
    ]);
  });

  it('refuses a floor under the cost on the floor, takes it equal, and either one alone', () => {
    expect(row('500', '499.99')).toEqual([
      { column: 'floorPrice', message: 'Минимальная цена не может быть ниже себестоимости' },
    ]);
    expect(row('500', '500')).toEqual([]);
    expect(row('', '')).toEqual([]);
    expect(row('сто', '')).toEqual([
      { column: 'costPrice', message: 'Введите число, например 1250 или 1250,50' },
    ]);
  });
});
