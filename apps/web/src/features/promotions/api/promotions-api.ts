// Server data of promotions through the RPC client: the list, the calendar, the filters with their counts, a
// card and its products, adding and removing products, floor prices, and the REST side: the promotion's
// template, the promotion file's upload and a failed file's error file.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PromotionFileRecord } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import type { Params } from '../../../lib/api/rpc-client';
import { downloadFile, uploadWithProgress } from '../../../lib/api/transfer';

export type PromotionListParams = Omit<Params<'v1.promotions.list'>, 'partnerId'>;
export type CalendarParams = Omit<Params<'v2.promotions.list'>, 'partnerId'>;
export type ProductListParams = Omit<Params<'v1.promotions.products.list'>, 'partnerId' | 'promotionId'>;

export const promotionKeys = {
  all: (partnerId: number) => ['promotions', partnerId] as const,
  list: (partnerId: number, p: PromotionListParams) => [...promotionKeys.all(partnerId), 'list', p] as const,
  calendar: (partnerId: number, p: CalendarParams) =>
    [...promotionKeys.all(partnerId), 'calendar', p] as const,
  filters: (partnerId: number) => [...promotionKeys.all(partnerId), 'filters'] as const,
  card: (partnerId: number, id: string) => [...promotionKeys.all(partnerId), 'card', id] as const,
  products: (partnerId: number, id: string, p?: ProductListParams) =>
    [...promotionKeys.card(partnerId, id), 'products', ...(p ? [p] : [])] as const,
  files: (partnerId: number) => ['promotion-files', partnerId] as const,
};

export function usePromotions(partnerId: number, params: PromotionListParams) {
  return useQuery({
    queryKey: promotionKeys.list(partnerId, params),
    queryFn: () => api.call('v1.promotions.list', { partnerId, ...params }),
    placeholderData: keepPreviousData,
  });
}

export function useCalendar(partnerId: number, params: CalendarParams, enabled: boolean) {
  return useQuery({
    queryKey: promotionKeys.calendar(partnerId, params),
    queryFn: () => api.call('v2.promotions.list', { partnerId, ...params }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePromotionFilters(partnerId: number) {
  return useQuery({
    queryKey: promotionKeys.filters(partnerId),
    queryFn: () => api.call('v1.promotions.filter.list', { partnerId }),
  });
}

export function usePromotion(partnerId: number, promotionId: string) {
  return useQuery({
    queryKey: promotionKeys.card(partnerId, promotionId),
    queryFn: () => api.call('v1.promotions.get', { partnerId, promotionId }),
  });
}

export function usePromotionProducts(partnerId: number, promotionId: string, params: ProductListParams) {
  return useQuery({
    queryKey: promotionKeys.products(partnerId, promotionId, params),
    queryFn: () => api.call('v1.promotions.products.list', { partnerId, promotionId, ...params }),
    placeholderData: keepPreviousData,
  });
}

/** After a change of products: the card, its products and the lists are read again. */
function useRefresh(partnerId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: promotionKeys.all(partnerId) });
}

export function useChangeProducts(partnerId: number, promotionId: string, how: 'add' | 'delete') {
  const refresh = useRefresh(partnerId);
  return useMutation({
    mutationFn: (productIds: string[]) =>
      api.call(how === 'add' ? 'v1.promotions.products.add' : 'v1.promotions.products.delete', {
        partnerId,
        promotionId,
        productIds,
      }),
    onSuccess: refresh,
  });
}

export function useSetFloor(partnerId: number) {
  const refresh = useRefresh(partnerId);
  return useMutation({
    mutationFn: (item: { id: string; costPrice: number | null; floorPrice: number | null }) =>
      api.call('v1.promotions.cost-prices.set', { partnerId, items: [item] }),
    onSuccess: refresh,
  });
}

export function usePromotionFiles(partnerId: number, poll: (files: PromotionFileRecord[]) => number | false) {
  return useQuery({
    queryKey: promotionKeys.files(partnerId),
    queryFn: () => api.call('v1.promotions.files.list', { partnerId }),
    refetchInterval: (q) => poll(q.state.data?.items ?? []),
    retry: false,
  });
}

export function useCloseFile(partnerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => api.call('v1.promotions.files.close', { partnerId, fileId }),
    onSettled: () => client.invalidateQueries({ queryKey: promotionKeys.files(partnerId) }),
  });
}

export function uploadPromotionFile(
  partnerId: number,
  promotionId: string,
  action: 'add' | 'remove',
  file: File,
): Promise<PromotionFileRecord> {
  const form = new FormData();
  form.append('partner_code', String(partnerId));
  form.append('action', action);
  form.append('file', file);
  return uploadWithProgress<PromotionFileRecord>(`/api/v1/promotions/${promotionId}/files`, form);
}

export const downloadTemplate = (partnerId: number, promotionId: string) =>
  downloadFile(
    `/api/v1/promotions/${promotionId}/template?partnerId=${partnerId}`,
    `promotion_${promotionId}.xlsx`,
  );

/** The error file of a failed import: the file name's first part plus _error.csv (spec 001 §7). */
export const downloadErrorFile = (file: Pick<PromotionFileRecord, 'id' | 'name'>) =>
  downloadFile(`/api/v1/files/${file.id}/result/download`, `${file.name.split('.')[0] || 'file'}_error.csv`);
