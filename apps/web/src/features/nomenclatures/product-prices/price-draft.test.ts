// The row editor's draft: the sale price and the discount follow each other, the last typed is what is
// sent, and the contract's rules give one message per field.
import { describe, expect, it } from 'vitest';
import type { PriceListRow } from '@moda/contracts';
import { draftErrors, draftOf, itemOf, setDiscount, setPrice, setSalePrice } from './price-draft';

const row = {
  price: 1000,
  salePrice: 800,
  discount: 20,
  saleStartDate: '2026-12-01',
  saleEndDate: '2026-12-10',
};
const start = () => draftOf(row as PriceListRow);

describe('price draft', () => {
  it('a typed discount sets the sale price, and a new price keeps the discount', () => {
    const d = setDiscount(start(), 33, 'RU');
    expect(d).toMatchObject({ salePrice: 670, discount: 33, saleBy: 'discount' });
    expect(setPrice(d, 2000, 'RU')).toMatchObject({ salePrice: 1340, discount: 33 });
    expect(itemOf('7', 'RU', setPrice(d, 2000, 'RU'))).toEqual({
      id: '7',
      country: 'RU',
      price: 2000,
      discount: 33,
      saleStartDate: '2026-12-01',
      saleEndDate: '2026-12-10',
    });
  });

  it('a typed sale price shows its discount, and a new price keeps the sale price', () => {
    const d = setSalePrice(start(), 700);
    expect(d).toMatchObject({ salePrice: 700, discount: 30, saleBy: 'salePrice' });
    expect(setPrice(d, 1400, 'RU')).toMatchObject({ salePrice: 700, discount: 50 });
  });

  it('clearing the sale sends no sale; a missing price is required', () => {
    const d = setSalePrice({ ...start(), start: null, end: null }, null);
    expect(itemOf('7', 'RU', d)).toMatchObject({ salePrice: null, saleStartDate: null });
    expect(draftErrors('RU', setPrice(d, null, 'RU'))).toEqual({ price: 'Обязательное поле' });
  });

  it('puts the first message of each field', () => {
    expect(draftErrors('RU', setDiscount(setPrice(start(), 1005, 'RU'), 90, 'RU'))).toEqual({
      price: 'Цена должна быть кратна 10',
      discount: 'Скидка должна быть от 5% до 80%',
    });
    expect(draftErrors('RU', { ...start(), end: null })).toEqual({
      saleEndDate: 'Специальная цена и период скидки указываются вместе',
    });
  });
});
