// The returns list's state in the URL: tab, statuses, warehouses, search, created days, sort, page, page size
// and the open «new return» dialog, so a reload or a shared link shows the same screen.
import {
  FBO_RETURN_LIMITS,
  FboReturnSort,
  FboReturnStatus,
  FboWarehouseCode,
  type FboReturnState,
  type FboWarehouseCode as WarehouseCode,
} from '@moda/contracts';
import { isIsoDay, type DayRange } from '../../../lib/date-range';
import { positiveInt, useListUrl } from '../../../lib/list-url';
import { RETURN_TABS, type ReturnTab } from '../returns/return-look';

export const DEFAULT_SORT: string = FboReturnSort.parse(undefined);

type UrlKey =
  | 'tab'
  | 'status'
  | 'warehouse'
  | 'search'
  | 'createdFrom'
  | 'createdTo'
  | 'sort'
  | 'page'
  | 'pageSize'
  | 'action';

export interface ReturnListState {
  tab: ReturnTab;
  status: FboReturnState[];
  warehouse: WarehouseCode[];
  search: string;
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

export function readReturnListState(params: URLSearchParams): ReturnListState {
  const sort = FboReturnSort.safeParse(params.get('sort') ?? undefined);
  const tab = params.get('tab') ?? 'all';
  return {
    tab: tab in RETURN_TABS ? (tab as ReturnTab) : 'all',
    status: listOf(params.get('status'), FboReturnStatus.options),
    warehouse: listOf(params.get('warehouse'), FboWarehouseCode.options),
    search: params.get('search') ?? '',
    created: { since: day(params.get('createdFrom')), until: day(params.get('createdTo')) },
    sort: sort.success ? sort.data : DEFAULT_SORT,
    page: positiveInt(params.get('page'), 1, 10_000),
    pageSize: positiveInt(
      params.get('pageSize'),
      FBO_RETURN_LIMITS.pageSize.default,
      FBO_RETURN_LIMITS.pageSize.max,
    ),
    action: params.get('action') === 'new' ? 'new' : undefined,
  };
}

const DEFAULTS: Partial<Record<UrlKey, string>> = {
  tab: 'all',
  sort: DEFAULT_SORT,
  page: '1',
  pageSize: String(FBO_RETURN_LIMITS.pageSize.default),
};

export function useReturnListUrl() {
  return useListUrl<ReturnListState, UrlKey>(readReturnListState, DEFAULTS, ['action']);
}

/** The list's filters as the method (and the export) take them: statuses chosen, else the tab's. */
export function filterParams(s: ReturnListState) {
  const status = s.status.length ? s.status : [...RETURN_TABS[s.tab]];
  return {
    ...(status.length ? { status } : {}),
    ...(s.warehouse.length ? { warehouseCode: s.warehouse } : {}),
    ...(s.search ? { search: s.search } : {}),
    ...(s.created.since ? { createdFrom: s.created.since } : {}),
    ...(s.created.until ? { createdTo: s.created.until } : {}),
  };
}
