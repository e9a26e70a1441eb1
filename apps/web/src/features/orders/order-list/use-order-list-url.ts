// The orders list's state in the URL (STYLE.md): tab, statuses, country, search, the created and delivery
// day ranges, sort, page and page size, so a reload or a shared link shows the same list. Defaults are
// left out of the address; values the contracts do not know are ignored.
import { positiveInt, useListUrl } from '../../../lib/list-url';
import { Country, ORDER_LIMITS, OrderListTab, OrderSort, OrderStatus } from '@moda/contracts';
import { isIsoDay } from '../../../lib/date-range';
import type { OrderListState, OrderStatusValue } from '../model/order-filter';

export const DEFAULT_SORT: string = OrderSort.parse(undefined);

/** URL keys of every part of the state. */
export type UrlKey =
  | 'tab'
  | 'status'
  | 'country'
  | 'search'
  | 'createdFrom'
  | 'createdTo'
  | 'deliveryFrom'
  | 'deliveryTo'
  | 'sort'
  | 'page'
  | 'pageSize';

const day = (raw: string | null) => (isIsoDay(raw) ? raw : undefined);

export function readOrderListState(params: URLSearchParams): OrderListState {
  const tab = OrderListTab.safeParse(params.get('tab'));
  const country = Country.safeParse(params.get('country'));
  const sort = OrderSort.safeParse(params.get('sort') ?? undefined);
  const status = [
    ...new Set(
      (params.get('status') ?? '')
        .split(',')
        .filter((s): s is OrderStatusValue => OrderStatus.safeParse(s).success),
    ),
  ];
  return {
    tab: tab.success ? tab.data : 'all',
    status,
    country: country.success ? country.data : undefined,
    search: params.get('search') ?? '',
    created: { since: day(params.get('createdFrom')), until: day(params.get('createdTo')) },
    delivery: { since: day(params.get('deliveryFrom')), until: day(params.get('deliveryTo')) },
    sort: sort.success ? sort.data : DEFAULT_SORT,
    page: positiveInt(params.get('page'), 1, 10_000),
    pageSize: positiveInt(params.get('pageSize'), ORDER_LIMITS.pageSize.default, ORDER_LIMITS.pageSize.max),
  };
}

const DEFAULTS: Partial<Record<UrlKey, string>> = {
  tab: 'all',
  sort: DEFAULT_SORT,
  page: '1',
  pageSize: String(ORDER_LIMITS.pageSize.default),
};

export function useOrderListUrl() {
  return useListUrl(readOrderListState, DEFAULTS);
}
