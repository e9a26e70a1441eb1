// An analytics screen's state in the URL (STYLE.md): the period and grouping every screen has, plus the
// screen's own keys (tab, split, device, sort, page…), so a reload or a shared link shows the same numbers.
import { useCallback } from 'react';
import { useListUrl } from '../../../lib/list-url';
import { readPeriod, type Period } from './period';

export function useAnalyticsUrl<S, K extends string>(
  now: Date,
  readRest: (params: URLSearchParams) => S,
  defaults: Partial<Record<K | 'grouping', string>> = {},
) {
  // The clock changes every render; the period's default only by the hour.
  const hour = Math.floor(now.getTime() / 3_600_000);
  const read = useCallback(
    (params: URLSearchParams): Period & S => ({
      ...readPeriod(params, new Date(hour * 3_600_000)),
      ...readRest(params),
    }),
    [hour, readRest],
  );
  return useListUrl<Period & S, K | 'from' | 'to' | 'grouping'>(read, {
    grouping: 'days',
    ...defaults,
  } as Partial<Record<K | 'from' | 'to' | 'grouping', string>>);
}
