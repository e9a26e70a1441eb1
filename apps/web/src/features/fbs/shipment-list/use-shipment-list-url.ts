// The shipments list's state in the URL: statuses, search, hand-over days, sort, page and page size, and the
// open shipment-file dialog (?action=upload), so a reload or a shared link shows the same screen.
import { FBS_LIMITS, FbsShipmentSort, FbsShipmentStatus, type FbsShipmentState } from '@moda/contracts';
import { isIsoDay, type DayRange } from '../../../lib/date-range';
import { positiveInt, useListUrl } from '../../../lib/list-url';

export const DEFAULT_SORT: string = FbsShipmentSort.parse(undefined);

export type UrlKey =
  'status' | 'search' | 'shippedFrom' | 'shippedTo' | 'sort' | 'page' | 'pageSize' | 'action';

export interface ShipmentListState {
  status: FbsShipmentState[];
  search: string;
  shipped: DayRange;
  sort: string;
  page: number;
  pageSize: number;
  action: 'upload' | undefined;
}

const day = (raw: string | null) => (isIsoDay(raw) ? raw : undefined);

export function readShipmentListState(params: URLSearchParams): ShipmentListState {
  const sort = FbsShipmentSort.safeParse(params.get('sort') ?? undefined);
  const ok = FbsShipmentStatus.options as readonly string[];
  return {
    status: [
      ...new Set(
        (params.get('status') ?? '').split(',').filter((s): s is FbsShipmentState => ok.includes(s)),
      ),
    ],
    search: params.get('search') ?? '',
    shipped: { since: day(params.get('shippedFrom')), until: day(params.get('shippedTo')) },
    sort: sort.success ? sort.data : DEFAULT_SORT,
    page: positiveInt(params.get('page'), 1, 10_000),
    pageSize: positiveInt(params.get('pageSize'), FBS_LIMITS.pageSize.default, FBS_LIMITS.pageSize.max),
    action: params.get('action') === 'upload' ? 'upload' : undefined,
  };
}

const DEFAULTS: Partial<Record<UrlKey, string>> = {
  sort: DEFAULT_SORT,
  page: '1',
  pageSize: String(FBS_LIMITS.pageSize.default),
};

export function useShipmentListUrl() {
  return useListUrl<ShipmentListState, UrlKey>(readShipmentListState, DEFAULTS, ['action']);
}

/** The list's filters as the method takes them. */
export function filterParams(s: ShipmentListState) {
  return {
    ...(s.status.length ? { status: s.status } : {}),
    ...(s.search ? { search: s.search } : {}),
    ...(s.shipped.since ? { shippedFrom: s.shipped.since } : {}),
    ...(s.shipped.until ? { shippedTo: s.shipped.until } : {}),
  };
}
