// The price index tab's state in the URL: the products list's filters, sort and paging (read by the list's
// own reader) plus the index value, so a reload or a shared link shows the same list. The tab itself is the
// prices page's `tab` key, left as it is.
import { NOMENCLATURE_LIMITS, PriceIndexLevel } from '@moda/contracts';
import { useListUrl } from '../../../lib/list-url';
import { DEFAULT_SORT, readListState, type ProductListState } from '../product-list/use-product-list-url';

export interface PriceIndexState extends Omit<ProductListState, 'tab'> {
  index: (typeof PriceIndexLevel.options)[number] | undefined;
}

export function readPriceIndexState(params: URLSearchParams): PriceIndexState {
  const { tab: _tab, ...list } = readListState(params);
  const index = PriceIndexLevel.safeParse(params.get('index'));
  return { ...list, index: index.success ? index.data : undefined };
}

const DEFAULTS: Partial<Record<keyof PriceIndexState, string>> = {
  sort: DEFAULT_SORT,
  page: '1',
  pageSize: String(NOMENCLATURE_LIMITS.pageSize.default),
};

export function usePriceIndexUrl() {
  return useListUrl(readPriceIndexState, DEFAULTS);
}
