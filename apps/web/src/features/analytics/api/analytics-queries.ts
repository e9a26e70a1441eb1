// Server data of the analytics area: one query per method, keyed by the partner and the params, keeping the
// previous numbers on screen while the next period loads.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MethodName } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import type { Params } from '../../../lib/api/rpc-client';

type AnalyticsMethod = Extract<MethodName, `v1.analytics.${string}`>;

export const analyticsKeys = {
  all: ['analytics'] as const,
  partner: (partnerId: number) => [...analyticsKeys.all, partnerId] as const,
  call: <N extends AnalyticsMethod>(partnerId: number, method: N, params: Omit<Params<N>, 'partnerId'>) =>
    [...analyticsKeys.partner(partnerId), method, params] as const,
};

export function useAnalytics<N extends AnalyticsMethod>(
  partnerId: number,
  method: N,
  params: Omit<Params<N>, 'partnerId'>,
  enabled = true,
) {
  return useQuery({
    queryKey: analyticsKeys.call(partnerId, method, params),
    queryFn: () => api.call(method, { partnerId, ...params } as Params<N>),
    placeholderData: keepPreviousData,
    enabled,
  });
}
