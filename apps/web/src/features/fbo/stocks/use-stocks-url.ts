// The stock screen's state in the URL: the view (by SKU, brand or category), filters by brand, category,
// warehouse, days bucket, marking and search, sort, page and page size.
import {
  Category,
  DaysBucket,
  FBO_LIMITS,
  FboStockSort,
  FboWarehouseCode,
  type FboWarehouseCode as WarehouseCode,
} from '@moda/contracts';
import type { z } from 'zod';
import { positiveInt, useListUrl } from '../../../lib/list-url';

export const DEFAULT_SORT: string = FboStockSort.parse(undefined);
export const VIEWS = ['skus', 'brands', 'categories'] as const;
export type View = (typeof VIEWS)[number];

export type UrlKey =
  'view' | 'brand' | 'category' | 'warehouse' | 'days' | 'marking' | 'search' | 'sort' | 'page' | 'pageSize';

export interface StockState {
  view: View;
  brand: string[];
  category: z.infer<typeof Category>[];
  warehouse: WarehouseCode[];
  days: z.infer<typeof DaysBucket> | undefined;
  marking: boolean;
  search: string;
  sort: string;
  page: number;
  pageSize: number;
}

const listOf = <T extends string>(raw: string | null, ok?: readonly T[]) => [
  ...new Set(
    (raw ?? '').split(',').filter((s): s is T => s !== '' && (!ok || (ok as readonly string[]).includes(s))),
  ),
];

export function readStockState(p: URLSearchParams): StockState {
  const sort = FboStockSort.safeParse(p.get('sort') ?? undefined);
  const days = DaysBucket.safeParse(p.get('days'));
  return {
    view: (VIEWS as readonly string[]).includes(p.get('view') ?? '') ? (p.get('view') as View) : 'skus',
    brand: listOf(p.get('brand')).slice(0, 50),
    category: listOf(p.get('category'), Category.options),
    warehouse: listOf(p.get('warehouse'), FboWarehouseCode.options),
    days: days.success ? days.data : undefined,
    marking: p.get('marking') === '1',
    search: p.get('search') ?? '',
    sort: sort.success ? sort.data : DEFAULT_SORT,
    page: positiveInt(p.get('page'), 1, 10_000),
    pageSize: positiveInt(p.get('pageSize'), FBO_LIMITS.pageSize.default, FBO_LIMITS.pageSize.max),
  };
}

const DEFAULTS: Partial<Record<UrlKey, string>> = {
  view: 'skus',
  sort: DEFAULT_SORT,
  page: '1',
  pageSize: String(FBO_LIMITS.pageSize.default),
};

export function useStocksUrl() {
  return useListUrl<StockState, UrlKey>(readStockState, DEFAULTS, ['view']);
}

export function stockFilter(s: StockState) {
  return {
    ...(s.brand.length ? { brand: s.brand } : {}),
    ...(s.category.length ? { category: s.category } : {}),
    ...(s.warehouse.length ? { warehouseCode: s.warehouse } : {}),
    ...(s.days ? { daysBucket: s.days } : {}),
    ...(s.marking ? { lacksMarking: true } : {}),
    ...(s.search ? { search: s.search } : {}),
  };
}
