// Server data of the prices screen: the price table, a product's price history, and the changes — one
// product, many at once, the threshold check before a bulk change, and reviewers' decisions. Every change
// invalidates the price table and histories, and the products list whose prices it shows.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PriceChangeInput } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { fileNameFromDisposition } from '../../../lib/api/rpc-client';
import type { Params } from '../../../lib/api/rpc-client';
import { nomenclatureKeys } from './nomenclature-keys';

export type PriceListParams = Omit<Params<'v1.nomenclatures.prices-list'>, 'partnerId'>;

export function usePriceList(partnerId: number, params: PriceListParams) {
  return useQuery({
    queryKey: nomenclatureKeys.priceList(partnerId, params),
    queryFn: () => api.call('v1.nomenclatures.prices-list', { partnerId, ...params }),
    placeholderData: keepPreviousData,
  });
}

export function usePriceHistory(partnerId: number, id: string | undefined) {
  return useQuery({
    queryKey: nomenclatureKeys.priceHistory(partnerId, id ?? ''),
    queryFn: () => api.call('v1.nomenclatures.price-history', { partnerId, id: id ?? '' }),
    enabled: Boolean(id),
  });
}

function useInvalidatePrices(partnerId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: nomenclatureKeys.prices(partnerId) }),
      client.invalidateQueries({ queryKey: nomenclatureKeys.lists(partnerId) }),
    ]);
}

export function useUpdatePrice(partnerId: number) {
  const invalidate = useInvalidatePrices(partnerId);
  return useMutation({
    mutationFn: (vars: { item: PriceChangeInput; confirmCritical: boolean }) =>
      api.call('v1.nomenclatures.update-price', { partnerId, ...vars }),
    onSuccess: invalidate,
  });
}

export function useSetPrices(partnerId: number) {
  const invalidate = useInvalidatePrices(partnerId);
  return useMutation({
    mutationFn: (items: PriceChangeInput[]) =>
      api.call('v1.nomenclatures.set-prices', { partnerId, items, confirmCritical: true }),
    onSettled: invalidate,
  });
}

/** Which of the new prices go beyond the critical-change threshold (asked before a bulk change). */
export function checkThreshold(partnerId: number, items: { id: string; country: string; price: number }[]) {
  return api.call('v1.nomenclatures.price-threshold-exceeded', {
    partnerId,
    items: items.map((i) => ({
      id: i.id,
      country: i.country as PriceChangeInput['country'],
      price: i.price,
    })),
  });
}

export function useDecidePrices(partnerId: number) {
  const invalidate = useInvalidatePrices(partnerId);
  return useMutation({
    mutationFn: (vars: { changeIds: string[]; decision: 'approved' | 'rejected' }) =>
      api.call('v1.nomenclatures.prices-approve', { partnerId, ...vars }),
    onSettled: invalidate,
  });
}

/** Saves a file from under /rest, named by its content-disposition (spec 001 §7). */
export async function downloadRestFile(url: string, fallbackName: string): Promise<string> {
  const response = await api.rest(url.replace(/^\/rest(?=\/)/, ''));
  const name = fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName);
  const blobUrl = URL.createObjectURL(await response.blob());
  // A detached link: the shell's guard against external links never sees this blob: address.
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
  return name;
}
