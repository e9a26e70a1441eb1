// The dictionary response kept in local storage (spec 000 §3, spec 001 §3) with the current country
// (default Russia), the user id and the fulfilment warehouses; reset on login, logout or on demand.
import type { Country, DictionariesGetResult } from '@moda/contracts';
import { DEFAULT_COUNTRY } from '@moda/contracts/constants';
import { readJson, removeKey, STORAGE_KEYS, writeJson } from './browser-storage';

export interface StoredDictionaries {
  version: 1;
  dictionaries: DictionariesGetResult;
  country: Country;
  userId: string;
  /** Filled by the warehouses area once its calls exist; kept here so a reset clears it too. */
  fulfilmentWarehouses: unknown[];
  savedAt: number;
}

export const dictionaryStorage = {
  read(): StoredDictionaries | undefined {
    const stored = readJson<StoredDictionaries>(STORAGE_KEYS.dictionaries);
    // An older or damaged copy is as good as none: the app fetches a fresh one.
    if (stored?.version !== 1 || !stored.dictionaries?.user || !Array.isArray(stored.dictionaries.partners)) {
      return undefined;
    }
    return stored;
  },

  write(dictionaries: DictionariesGetResult): StoredDictionaries {
    const previous = this.read();
    const sameUser = previous?.userId === dictionaries.user.id;
    const next: StoredDictionaries = {
      version: 1,
      dictionaries,
      country: sameUser ? previous.country : DEFAULT_COUNTRY,
      userId: dictionaries.user.id,
      fulfilmentWarehouses: sameUser ? previous.fulfilmentWarehouses : [],
      savedAt: Date.now(),
    };
    writeJson(STORAGE_KEYS.dictionaries, next);
    return next;
  },

  setCountry(country: Country): void {
    const stored = this.read();
    if (stored) writeJson(STORAGE_KEYS.dictionaries, { ...stored, country });
  },

  setFulfilmentWarehouses(items: unknown[]): void {
    const stored = this.read();
    if (stored) writeJson(STORAGE_KEYS.dictionaries, { ...stored, fulfilmentWarehouses: items });
  },

  country(): Country {
    return this.read()?.country ?? DEFAULT_COUNTRY;
  },

  reset(): void {
    removeKey(STORAGE_KEYS.dictionaries);
  },
};
