// The stored dictionary: country defaults to Russia, survives a refresh for the same user, resets.
import { describe, expect, it } from 'vitest';
import type { DictionariesGetResult } from '@moda/contracts';
import { dictionaryStorage } from './dictionary-storage';

const dict = (userId: string): DictionariesGetResult => ({
  partners: [],
  businessModels: [],
  countries: [],
  exportParameters: [],
  orderStatuses: [],
  itemStatuses: [],
  user: { id: userId, externalId: 'E', email: 'a@moda.test', name: '', roles: ['admin'], isNewSeller: false },
});

describe('dictionary storage', () => {
  it('starts with Russia and keeps the chosen country and warehouses for the same user', () => {
    dictionaryStorage.write(dict('u1'));
    expect(dictionaryStorage.country()).toBe('RU');
    dictionaryStorage.setCountry('KZ');
    dictionaryStorage.setFulfilmentWarehouses(['Sofino']);
    dictionaryStorage.write(dict('u1'));
    expect(dictionaryStorage.read()).toMatchObject({
      country: 'KZ',
      userId: 'u1',
      fulfilmentWarehouses: ['Sofino'],
    });
  });

  it('starts over for another user', () => {
    dictionaryStorage.write(dict('u1'));
    dictionaryStorage.setCountry('BY');
    dictionaryStorage.write(dict('u2'));
    expect(dictionaryStorage.read()).toMatchObject({ country: 'RU', userId: 'u2', fulfilmentWarehouses: [] });
  });

  it('ignores a damaged copy and can be reset', () => {
    localStorage.setItem('moda.dictionaries', '{"version":1}');
    expect(dictionaryStorage.read()).toBeUndefined();
    dictionaryStorage.write(dict('u1'));
    dictionaryStorage.reset();
    expect(dictionaryStorage.read()).toBeUndefined();
    expect(dictionaryStorage.country()).toBe('RU');
  });
});
