// The price rules the server and the web share: rounding a discount into a sale price per currency, the
// discount a sale price gives, the form's rules at their boundaries, price index levels, and the bulk message.
import { describe, expect, it } from 'vitest';
import {
  correctionFailedMessage,
  discountOf,
  priceIndexLevel,
  priceRuleErrors,
  salePriceFor,
} from './prices';

describe('prices', () => {
  it('rounds a discounted price the way each currency is written', () => {
    expect(salePriceFor(1000, 33, 'RU')).toBe(670);
    expect(salePriceFor(35.55, 33, 'BY')).toBe(23.82);
    expect(salePriceFor(5600, 33, 'KZ')).toBe(3752);
  });

  it('gives the whole-percent discount of a sale price, none without one', () => {
    expect(discountOf(4990, 3990)).toBe(20);
    expect(discountOf(4990, null)).toBeNull();
    expect(discountOf(null, 3990)).toBeNull();
    expect(discountOf(1000, 1000)).toBeNull();
  });

  it('checks the form’s rules at their boundaries', () => {
    const sale = { saleStartDate: '2026-12-01', saleEndDate: '2026-12-10' };
    const reasons = (item: Parameters<typeof priceRuleErrors>[0]) =>
      priceRuleErrors(item).errors.map((e) => `${e.field}:${e.reason}`);
    expect(reasons({ country: 'RU', price: 1000, discount: 5, ...sale })).toEqual([]);
    expect(reasons({ country: 'RU', price: 1000, discount: 4.99, ...sale })).toEqual([
      'discount:price.discountRange',
    ]);
    expect(reasons({ country: 'RU', price: 1000, salePrice: 950, ...sale })).toEqual([]);
    expect(reasons({ country: 'RU', price: 1000, salePrice: 960, ...sale })).toEqual([
      'salePrice:price.specialPriceRange',
    ]);
    expect(reasons({ country: 'RU', price: 100 })).toEqual([]);
    expect(reasons({ country: 'RU', price: 95 })).toEqual([
      'price:price.multipleOf10',
      'price:price.belowMinimum',
    ]);
    expect(reasons({ country: 'BY', price: 5.01 })).toEqual([]);
    expect(reasons({ country: 'BY', price: 5.011 })).toEqual(['price:price.maxTwoDecimals']);
    expect(
      reasons({
        country: 'RU',
        price: 1000,
        salePrice: 800,
        saleStartDate: '2026-12-02',
        saleEndDate: '2026-12-01',
      }),
    ).toEqual(['saleStartDate:price.startAfterEnd']);
    expect(priceRuleErrors({ country: 'RU', price: 1000, discount: 20, ...sale }).salePrice).toBe(800);
  });

  it('places a price index value on its level', () => {
    expect([null, 0, 1, 1.01, 20, 20.01].map(priceIndexLevel)).toEqual([
      'UNCOUNTED',
      'OPTIMAL',
      'OPTIMAL',
      'AVERAGE',
      'AVERAGE',
      'OVERPRICED',
    ]);
  });

  it('says how many products a bulk change could not change, agreeing the noun', () => {
    expect(correctionFailedMessage(1)).toBe('Не удалось изменить цену у 1 товара');
    expect(correctionFailedMessage(2)).toBe('Не удалось изменить цену у 2 товаров');
    expect(correctionFailedMessage(11)).toBe('Не удалось изменить цену у 11 товаров');
    expect(correctionFailedMessage(21)).toBe('Не удалось изменить цену у 21 товара');
  });
});
