// The price index tab's state in the URL: the products list's filters, sort and paging (read by the list's
// own reader) plus the index value and the open claims drawer (`claims`: `all` or a product id), so a reload
// or a shared link shows the same screen. The tab itself is the
// prices page's `tab` key, left as it is.
import { NOMENCLATURE_LIMITS, PriceIndexLevel } from '@moda/contracts';
import { useListUrl } from '../../../lib/list-url';
import { DEFAULT_SORT, readListState, type ProductListState } from '../product-list/use-product-list-url';

export interface PriceIndexState extends Omit<ProductListState, 'tab'> {
  index: (typeof PriceIndexLevel.options)[number] | undefined;
  /** The claims drawer: every claim (`all`) or one product's (its id). */
  claims: string | undefined;
}

export function readPriceIndexState(params: URLSearchParams): PriceIndexState {
  const { tab: _tab, ...list } = readListState(params);
  const index = PriceIndexLevel.safeParse(params.get('index'));
  const claims = params.get('claims') ?? '';
  return {
    ...list,
    index: index.success ? index.data : undefined,
    claims: claims === 'all' || /^\d{1,19}$/.test(claims) ? claims : undefined,
  };
}

const DEFAULTS: Partial<Record<keyof PriceIndexState, string>> = {
  sort: DEFAULT_SORT,
  page: '1',
  pageSize: String(NOMENCLATURE_LIMITS.pageSize.default),
};

export function usePriceIndexUrl() {
  return useListUrl<PriceIndexState, keyof PriceIndexState>(readPriceIndexState, DEFAULTS, ['claims']);
}
