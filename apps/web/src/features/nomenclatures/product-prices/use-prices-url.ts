// The price table's state in the URL (STYLE.md): the products list's filters, sort and paging (read by the
// list's own reader) plus the country, the approval filter, the open tab and the open price history, so a
// reload or a shared link shows the same screen. Defaults are left out of the address.
import { useListUrl } from '../../../lib/list-url';
import { NOMENCLATURE_LIMITS, PriceCountry, PriceListApproval } from '@moda/contracts';
import { DEFAULT_SORT, readListState, type ProductListState } from '../product-list/use-product-list-url';

export const PRICE_TABS = { prices: 'prices', priceIndex: 'price-index' } as const;
export type PriceTab = (typeof PRICE_TABS)[keyof typeof PRICE_TABS];

export interface PricesState extends Omit<ProductListState, 'tab'> {
  tab: PriceTab;
  country: PriceCountry;
  approval: 'all' | 'pending';
  /** The product whose price history is open. */
  history: string | undefined;
}

export function readPricesState(params: URLSearchParams): PricesState {
  const { tab: _productTab, ...list } = readListState(params);
  const country = PriceCountry.safeParse(params.get('country'));
  const approval = PriceListApproval.safeParse(params.get('approval'));
  const history = params.get('history');
  return {
    ...list,
    tab: params.get('tab') === PRICE_TABS.priceIndex ? PRICE_TABS.priceIndex : PRICE_TABS.prices,
    country: country.success ? country.data : 'RU',
    approval: approval.success ? approval.data : 'all',
    history: history && /^\d+$/.test(history) ? history : undefined,
  };
}

const DEFAULTS: Partial<Record<keyof PricesState, string>> = {
  tab: PRICE_TABS.prices,
  country: 'RU',
  approval: 'all',
  sort: DEFAULT_SORT,
  page: '1',
  pageSize: String(NOMENCLATURE_LIMITS.pageSize.default),
};
/** Keys whose change keeps the page: the dialog over the table. */
const KEEP_PAGE: (keyof PricesState)[] = ['history'];

export function usePricesUrl() {
  return useListUrl(readPricesState, DEFAULTS, KEEP_PAGE);
}
