// How the prices screen writes money: each country in its currency with grouped thousands
// («4 990 ₽», «35,50 Br», «5 600 ₸»), rubles exactly as the rest of the area writes them.
import { PRICE_CURRENCY, type PriceCountry } from '@moda/contracts';
import { formatRub } from '../model/format';
import { pricesText } from './locale';

export function formatMoney(value: number | null | undefined, country: PriceCountry = 'RU'): string {
  if (country === 'RU') return formatRub(value);
  if (value === null || value === undefined) return '—';
  const [int = '0', frac] = Math.abs(value).toFixed(2).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  const cents = frac && frac !== '00' ? `,${frac}` : '';
  return `${value < 0 ? '−' : ''}${grouped}${cents}\u00a0${PRICE_CURRENCY[country].sign}`;
}

/** The calendar date of a sale period (YYYY-MM-DD) as lists show it: DD.MM.YY. */
export function formatDay(value: string | null | undefined): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return m ? `${m[3]}.${m[2]}.${m[1]!.slice(2)}` : '';
}

/** «товара» or «товаров» after «у {n}»: у 1 товара, у 2 товаров, у 21 товара. */
export function goodsAfter(n: number): string {
  return n % 10 === 1 && n % 100 !== 11 ? pricesText.goods.one : pricesText.goods.many;
}
