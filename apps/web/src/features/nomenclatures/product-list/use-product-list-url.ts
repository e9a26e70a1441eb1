// The products list's state in the URL (STYLE.md): tab, brand, category, search, sort, page and page
// size, so a reload or a shared link shows the same list. Defaults are left out of the address.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
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
export const PAGE_SIZES = [20, 50, 100] as const;

export interface ProductListState {
  tab: ProductListTabValue;
  brand: string | undefined;
  category: CategoryValue | undefined;
  search: string;
  sort: ProductSortValue;
  page: number;
  pageSize: number;
}

function positiveInt(raw: string | null, fallback: number, max: number): number {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
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

const DEFAULTS: Record<string, string> = {
  tab: 'all',
  sort: DEFAULT_SORT,
  page: '1',
  pageSize: String(NOMENCLATURE_LIMITS.pageSize.default),
};

export function useProductListUrl() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);

  /** Changes some keys; any change but the page itself goes back to the first page. */
  const update = useCallback(
    (change: Partial<Record<keyof ProductListState, string | number | undefined>>, replace = false) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(change)) {
            const text = value === undefined ? '' : String(value);
            if (text === '' || DEFAULTS[key] === text) next.delete(key);
            else next.set(key, text);
          }
          if (!('page' in change)) next.delete('page');
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  return { state, update };
}
