// The questions list's state in the URL (STYLE.md): kind, statuses, answered, brands, ratings, fit, product,
// search, days, sort, page and page size, so a reload or a shared link shows the same list. Defaults are
// left out of the address; values the contracts do not know are ignored.
import { FEEDBACK_LIMITS, FeedbackSort, FeedbackType, QuestionStatus, SizeFit } from '@moda/contracts';
import type { z } from 'zod';
import { positiveInt, useListUrl } from '../../../lib/list-url';
import { isIsoDay, toWireRange, type DayRange } from '../../../lib/date-range';
import type { Params } from '../../../lib/api/rpc-client';

export type Kind = z.infer<typeof FeedbackType>;
export type Status = z.infer<typeof QuestionStatus>;
export type Fit = z.infer<typeof SizeFit>;

export interface QuestionListState {
  type: Kind;
  status: Status[];
  answered: 'yes' | 'no' | undefined;
  brand: string[];
  rating: number[];
  sizeFit: Fit[];
  sku: string;
  search: string;
  created: DayRange;
  sort: string;
  page: number;
  pageSize: number;
}

export type UrlKey =
  | 'type'
  | 'status'
  | 'answered'
  | 'brand'
  | 'rating'
  | 'sizeFit'
  | 'sku'
  | 'search'
  | 'createdFrom'
  | 'createdTo'
  | 'sort'
  | 'page'
  | 'pageSize';

export const DEFAULT_SORT: string = FeedbackSort.parse(undefined);
const list = (raw: string | null) => [...new Set((raw ?? '').split(',').filter(Boolean))];
const day = (raw: string | null) => (isIsoDay(raw) ? raw : undefined);

export function readQuestionListState(params: URLSearchParams): QuestionListState {
  const type = FeedbackType.safeParse(params.get('type'));
  const sort = FeedbackSort.safeParse(params.get('sort') ?? undefined);
  const answered = params.get('answered');
  return {
    type: type.success ? type.data : 'question',
    status: list(params.get('status')).filter((s): s is Status => QuestionStatus.safeParse(s).success),
    answered: answered === 'yes' || answered === 'no' ? answered : undefined,
    brand: list(params.get('brand')).slice(0, 50),
    rating: list(params.get('rating'))
      .map(Number)
      .filter((n) => Number.isInteger(n) && n >= 1 && n <= 5),
    sizeFit: list(params.get('sizeFit')).filter((s): s is Fit => SizeFit.safeParse(s).success),
    sku: (params.get('sku') ?? '').slice(0, 50),
    search: (params.get('search') ?? '').slice(0, 100),
    created: { since: day(params.get('createdFrom')), until: day(params.get('createdTo')) },
    sort: sort.success ? sort.data : DEFAULT_SORT,
    page: positiveInt(params.get('page'), 1, 10_000),
    pageSize: positiveInt(
      params.get('pageSize'),
      FEEDBACK_LIMITS.pageSize.default,
      FEEDBACK_LIMITS.pageSize.max,
    ),
  };
}

const DEFAULTS: Partial<Record<UrlKey, string>> = {
  type: 'question',
  sort: DEFAULT_SORT,
  page: '1',
  pageSize: String(FEEDBACK_LIMITS.pageSize.default),
};

export function useQuestionListUrl() {
  return useListUrl(readQuestionListState, DEFAULTS);
}

export type FilterParams = Omit<Params<'v1.questions.list'>, 'partnerId' | 'sort' | 'page' | 'pageSize'>;

/** The list's filters as the server reads them (shared by the list and its export); `now` decides "today". */
export function filterParams(s: QuestionListState, now: Date): FilterParams {
  const p: FilterParams = { type: s.type };
  if (s.status.length) p.status = s.status;
  if (s.answered) p.answered = s.answered === 'yes';
  if (s.brand.length) p.brand = s.brand;
  if (s.type === 'review' && s.rating.length) p.rating = s.rating;
  if (s.type === 'review' && s.sizeFit.length) p.sizeFit = s.sizeFit;
  if (s.sku.trim()) p.sku = s.sku.trim();
  if (s.search.trim()) p.search = s.search.trim();
  const createdAt = toWireRange(s.created, now);
  if (createdAt) p.createdAt = createdAt;
  return p;
}
