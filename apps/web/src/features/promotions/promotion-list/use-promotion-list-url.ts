// The promotions list's state in the URL: the filter, list or calendar, the calendar's month, search and
// paging, so a reload or a shared link shows the same screen.
import { PROMOTION_LIMITS, PromotionFilter } from '@moda/contracts';
import { positiveInt, useListUrl } from '../../../lib/list-url';
import { dayjs } from '../../../lib/dates';

type UrlKey = 'filter' | 'view' | 'month' | 'search' | 'page' | 'pageSize';
type Filter = (typeof PromotionFilter.options)[number];

export interface PromotionListState {
  filter: Filter;
  view: 'list' | 'calendar';
  month: string;
  search: string;
  page: number;
  pageSize: number;
}

export function readPromotionListState(params: URLSearchParams): PromotionListState {
  const filter = PromotionFilter.safeParse(params.get('filter') ?? 'all');
  const month = params.get('month') ?? '';
  return {
    filter: filter.success ? filter.data : 'all',
    view: params.get('view') === 'calendar' ? 'calendar' : 'list',
    month: /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : dayjs().format('YYYY-MM'),
    search: params.get('search') ?? '',
    page: positiveInt(params.get('page'), 1, 10_000),
    pageSize: positiveInt(
      params.get('pageSize'),
      PROMOTION_LIMITS.pageSize.default,
      PROMOTION_LIMITS.pageSize.max,
    ),
  };
}

const DEFAULTS: Partial<Record<UrlKey, string>> = {
  filter: 'all',
  view: 'list',
  page: '1',
  pageSize: String(PROMOTION_LIMITS.pageSize.default),
};

export const usePromotionListUrl = () =>
  useListUrl<PromotionListState, UrlKey>(readPromotionListState, DEFAULTS, ['month', 'view']);
