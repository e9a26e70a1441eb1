// Server data of the price index tab: the list, totals and settings, the simulation of price changes, saving
// them through the price table's bulk change, the seller's claims, and the export. Every change invalidates
// the index and the price table.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PriceChangeInput } from '@moda/contracts';
import { api } from '../../../../lib/api/client';
import type { Params } from '../../../../lib/api/rpc-client';
import { nomenclatureKeys } from '../../api/nomenclature-keys';

export type IndexListParams = Omit<Params<'v1.matching-manager.price-index.list'>, 'partnerId'>;
type TotalParams = Omit<Params<'v1.matching-manager.price-index.total'>, 'partnerId'>;
export type ClaimListParams = Omit<Params<'v1.matching-manager.rfc.list'>, 'partnerId'>;

export const priceIndexKeys = {
  all: (partnerId: number) => ['price-index', partnerId] as const,
  list: (partnerId: number, p: IndexListParams) => [...priceIndexKeys.all(partnerId), 'list', p] as const,
  total: (partnerId: number, p: TotalParams) => [...priceIndexKeys.all(partnerId), 'total', p] as const,
  settings: (partnerId: number) => [...priceIndexKeys.all(partnerId), 'settings'] as const,
  claims: (partnerId: number, p: ClaimListParams) => [...priceIndexKeys.all(partnerId), 'claims', p] as const,
};

/** The seller's claims and disputes with the marketplace's answers, newest first (all, or one product's). */
export function useClaims(partnerId: number, params: ClaimListParams, enabled: boolean) {
  return useQuery({
    queryKey: priceIndexKeys.claims(partnerId, params),
    queryFn: () => api.call('v1.matching-manager.rfc.list', { partnerId, ...params }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useIndexList(partnerId: number, params: IndexListParams) {
  return useQuery({
    queryKey: priceIndexKeys.list(partnerId, params),
    queryFn: () => api.call('v1.matching-manager.price-index.list', { partnerId, ...params }),
    placeholderData: keepPreviousData,
  });
}

export function useIndexTotal(partnerId: number, params: TotalParams) {
  return useQuery({
    queryKey: priceIndexKeys.total(partnerId, params),
    queryFn: () => api.call('v1.matching-manager.price-index.total', { partnerId, ...params }),
    placeholderData: keepPreviousData,
  });
}

export function useIndexSettings(partnerId: number) {
  return useQuery({
    queryKey: priceIndexKeys.settings(partnerId),
    queryFn: () => api.call('v1.matching-manager.settings.get', { partnerId }),
    staleTime: 5 * 60_000,
  });
}

function useInvalidate(partnerId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: priceIndexKeys.all(partnerId) }),
      client.invalidateQueries({ queryKey: nomenclatureKeys.prices(partnerId) }),
    ]);
}

export function useSimulate(partnerId: number) {
  return useMutation({
    mutationFn: (items: PriceChangeInput[]) => api.call('v1.matching-manager.simulate', { partnerId, items }),
  });
}

/** Save simulated prices: the simulation was the confirmation of critical changes. */
export function useApplyPrices(partnerId: number) {
  const invalidate = useInvalidate(partnerId);
  return useMutation({
    mutationFn: (items: PriceChangeInput[]) =>
      api.call('v1.nomenclatures.set-prices', { partnerId, items, confirmCritical: true }),
    onSettled: invalidate,
  });
}

export function useAddCompetitorPrice(partnerId: number) {
  const invalidate = useInvalidate(partnerId);
  return useMutation({
    mutationFn: (p: {
      productId: string;
      competitor: string;
      url: string;
      price: number;
      fileId?: string | undefined;
    }) => api.call('v1.matching-manager.rfc.competitor-price.create', { partnerId, ...p }),
    onSuccess: invalidate,
  });
}

export function useDispute(partnerId: number) {
  const invalidate = useInvalidate(partnerId);
  return useMutation({
    mutationFn: (p: {
      competitorOfferId: string;
      reason: 'WRONG_PRODUCT' | 'OUT_OF_STOCK' | 'WRONG_PRICE';
      comment?: string | undefined;
    }) => api.call('v1.matching-manager.rfc.competitor-price.dispute', { partnerId, ...p }),
    onSuccess: invalidate,
  });
}
