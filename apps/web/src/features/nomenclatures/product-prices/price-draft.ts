// One product's price as the row editor holds it while the seller types: the price, the sale price and the
// discount kept in step (whichever was typed last is what goes to the server), the sale period, and the
// contract's own rules turned into a message per field.
import {
  PRICE_RULES,
  VALIDATION,
  discountOf,
  priceRuleErrors,
  salePriceFor,
  type PriceChangeInput,
  type PriceCountry,
  type PriceField,
  type PriceListRow,
} from '@moda/contracts';

export interface PriceDraft {
  price: number | null;
  salePrice: number | null;
  discount: number | null;
  start: string | null;
  end: string | null;
  /** Which of the two the seller typed last. */
  saleBy: 'salePrice' | 'discount';
}

export type DraftErrors = Partial<Record<PriceField, string>>;

export function draftOf(row: PriceListRow): PriceDraft {
  return {
    price: row.price,
    salePrice: row.salePrice,
    discount: row.discount,
    start: row.saleStartDate,
    end: row.saleEndDate,
    saleBy: 'salePrice',
  };
}

const inRange = (d: number | null) =>
  d !== null && d >= PRICE_RULES.discount.min && d <= PRICE_RULES.discount.max;

export function setPrice(d: PriceDraft, price: number | null, country: PriceCountry): PriceDraft {
  if (d.saleBy === 'discount')
    return {
      ...d,
      price,
      salePrice: price !== null && inRange(d.discount) ? salePriceFor(price, d.discount!, country) : null,
    };
  return { ...d, price, discount: discountOf(price, d.salePrice) };
}

export function setSalePrice(d: PriceDraft, salePrice: number | null): PriceDraft {
  return { ...d, salePrice, discount: discountOf(d.price, salePrice), saleBy: 'salePrice' };
}

export function setDiscount(d: PriceDraft, discount: number | null, country: PriceCountry): PriceDraft {
  const salePrice =
    discount !== null && d.price !== null && inRange(discount)
      ? salePriceFor(d.price, discount, country)
      : null;
  return { ...d, discount, salePrice, saleBy: 'discount' };
}

/** What goes to the server; without a price there is nothing to send. */
export function itemOf(id: string, country: PriceCountry, d: PriceDraft): PriceChangeInput | null {
  if (d.price === null) return null;
  const bySale = d.saleBy === 'discount' ? d.discount !== null : d.salePrice !== null;
  return {
    id,
    country,
    price: d.price,
    ...(bySale
      ? d.saleBy === 'discount'
        ? { discount: d.discount }
        : { salePrice: d.salePrice }
      : { salePrice: null }),
    saleStartDate: d.start,
    saleEndDate: d.end,
  };
}

/** The first message of each field, from the contract's rules (the server checks the same). */
export function draftErrors(country: PriceCountry, d: PriceDraft): DraftErrors {
  if (d.price === null) return { price: VALIDATION.required };
  const item = itemOf('0', country, d)!;
  const out: DraftErrors = {};
  for (const e of priceRuleErrors(item).errors) out[e.field] ??= e.message;
  return out;
}
