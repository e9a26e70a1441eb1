// The products list's state in the URL (STYLE.md): tab, brand, category, search, sort, page and page
// size, so a reload or a shared link shows the same list. Defaults are left out of the address.
import { positiveInt, useListUrl } from '../../../lib/list-url';
import {
  Category,
  NOMENCLATURE_LIMITS,
  ProductListTab,
  ProductSort,
  type ProductSort as ProductSortValue,
} from '@moda/contracts';
import type { z } from 'zod';

export type ProductListTabValue = z.infer<typeof ProductListTab>;
export type CategoryValue = z.infer<typeof Category>;

export const DEFAULT_SORT: ProductSortValue = ProductSort.parse(undefined);

export interface ProductListState {
  tab: ProductListTabValue;
  brand: string | undefined;
  category: CategoryValue | undefined;
  search: string;
  sort: ProductSortValue;
  page: number;
  pageSize: number;
}

export function readListState(params: URLSearchParams): ProductListState {
  const tab = ProductListTab.safeParse(params.get('tab'));
  const category = Category.safeParse(params.get('category'));
  const sort = ProductSort.safeParse(params.get('sort') ?? undefined);
  return {
    tab: tab.success ? tab.data : 'all',
    brand: params.get('brand') || undefined,
    category: category.success ? category.data : undefined,
    search: params.get('search') ?? '',
    sort: sort.success ? sort.data : DEFAULT_SORT,
    page: positiveInt(params.get('page'), 1, 10_000),
    pageSize: positiveInt(
      params.get('pageSize'),
      NOMENCLATURE_LIMITS.pageSize.default,
      NOMENCLATURE_LIMITS.pageSize.max,
    ),
  };
}

const DEFAULTS: Partial<Record<keyof ProductListState, string>> = {
  tab: 'all',
  sort: DEFAULT_SORT,
  page: '1',
  pageSize: String(NOMENCLATURE_LIMITS.pageSize.default),
};

export function useProductListUrl() {
  return useListUrl(readListState, DEFAULTS);
}
