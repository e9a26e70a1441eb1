// The supplies list's state in the URL: statuses, warehouses, search, planned and created days, sort, page,
// page size and the open «new supply» dialog, so a reload or a shared link shows the same screen.
import {
  FBO_LIMITS,
  FboSupplySort,
  FboSupplyStatus,
  FboWarehouseCode,
  type FboSupplyState,
  type FboWarehouseCode as WarehouseCode,
} from '@moda/contracts';
import { isIsoDay } from '../../../lib/date-range';
import { positiveInt, useListUrl } from '../../../lib/list-url';
import type { DayRange } from '../../../lib/date-range';

export const DEFAULT_SORT: string = FboSupplySort.parse(undefined);

export type UrlKey =
  | 'status'
  | 'warehouse'
  | 'search'
  | 'plannedFrom'
  | 'plannedTo'
  | 'createdFrom'
  | 'createdTo'
  | 'sort'
  | 'page'
  | 'pageSize'
  | 'action';

export interface SupplyListState {
  status: FboSupplyState[];
  warehouse: WarehouseCode[];
  search: string;
  planned: DayRange;
  created: DayRange;
  sort: string;
  page: number;
  pageSize: number;
  action: 'new' | undefined;
}

const day = (raw: string | null) => (isIsoDay(raw) ? raw : undefined);
const listOf = <T extends string>(raw: string | null, ok: readonly T[]) => [
  ...new Set((raw ?? '').split(',').filter((s): s is T => (ok as readonly string[]).includes(s))),
];

export function readSupplyListState(params: URLSearchParams): SupplyListState {
  const sort = FboSupplySort.safeParse(params.get('sort') ?? undefined);
  return {
    status: listOf(params.get('status'), FboSupplyStatus.options),
    warehouse: listOf(params.get('warehouse'), FboWarehouseCode.options),
    search: params.get('search') ?? '',
    planned: { since: day(params.get('plannedFrom')), until: day(params.get('plannedTo')) },
    created: { since: day(params.get('createdFrom')), until: day(params.get('createdTo')) },
    sort: sort.success ? sort.data : DEFAULT_SORT,
    page: positiveInt(params.get('page'), 1, 10_000),
    pageSize: positiveInt(params.get('pageSize'), FBO_LIMITS.pageSize.default, FBO_LIMITS.pageSize.max),
    action: params.get('action') === 'new' ? 'new' : undefined,
  };
}

const DEFAULTS: Partial<Record<UrlKey, string>> = {
  sort: DEFAULT_SORT,
  page: '1',
  pageSize: String(FBO_LIMITS.pageSize.default),
};

export function useSupplyListUrl() {
  return useListUrl<SupplyListState, UrlKey>(readSupplyListState, DEFAULTS, ['action']);
}

/** The list's filters as the method (and the export) take them. */
export function filterParams(s: SupplyListState) {
  return {
    ...(s.status.length ? { status: s.status } : {}),
    ...(s.warehouse.length ? { warehouseCode: s.warehouse } : {}),
    ...(s.search ? { search: s.search } : {}),
    ...(s.planned.since ? { plannedFrom: s.planned.since } : {}),
    ...(s.planned.until ? { plannedTo: s.planned.until } : {}),
    ...(s.created.since ? { createdFrom: s.created.since } : {}),
    ...(s.created.until ? { createdTo: s.created.until } : {}),
  };
}
