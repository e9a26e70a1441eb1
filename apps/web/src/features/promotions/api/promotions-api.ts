// Server data of promotions through the RPC client: the list, the calendar, the filters with their counts, a
// card and its products, adding and removing products, floor prices, and the REST side: the promotion's
// template, the promotion file's upload and a failed file's error file.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileRecord, PromotionFileRecord } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import type { Params } from '../../../lib/api/rpc-client';
import { downloadFile, uploadWithProgress } from '../../../lib/api/transfer';

export type PromotionListParams = Omit<Params<'v1.promotions.list'>, 'partnerId'>;
export type CalendarParams = Omit<Params<'v2.promotions.list'>, 'partnerId'>;
export type ProductListParams = Omit<Params<'v1.promotions.products.list'>, 'partnerId' | 'promotionId'>;
/** How often an open cost price file is read again (spec 001 §9: files are polled every 10 s). */
const POLL_MS = 10_000;

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
  totals: (partnerId: number, id: string) => [...promotionKeys.card(partnerId, id), 'totals'] as const,
  costFile: (partnerId: number) => [...promotionKeys.all(partnerId), 'cost-file'] as const,
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

/** The products tab: those in the promotion through `products.added`, the others through `products.list`. */
export function usePromotionProducts(partnerId: number, promotionId: string, params: ProductListParams) {
  return useQuery({
    queryKey: promotionKeys.products(partnerId, promotionId, params),
    queryFn: () => {
      const { scope, ...rest } = params;
      return scope === 'candidates'
        ? api.call('v1.promotions.products.list', { partnerId, promotionId, ...params })
        : api.call('v1.promotions.products.added', { partnerId, promotionId, ...rest });
    },
    placeholderData: keepPreviousData,
  });
}

/** How many of the partner's products are in the promotion and how many could join (the tabs' counts). */
export function useProductTotals(partnerId: number, promotionId: string) {
  return useQuery({
    queryKey: promotionKeys.totals(partnerId, promotionId),
    queryFn: () => api.call('v1.promotions.products.total', { partnerId, promotionId }),
  });
}

/** The report of the products in the promotion: an export the file manager shows when ready. */
export const startAddedReport = (partnerId: number, promotionId: string) =>
  api.call('v1.promotions.products.added.report', { partnerId, promotionId });

/** The partner's latest cost price file, read again every 10 s while it is being checked. */
export function useLastCostFile(partnerId: number) {
  return useQuery({
    queryKey: promotionKeys.costFile(partnerId),
    queryFn: async () => {
      const r = await api.call('v1.imports.list', {
        partnerId,
        type: 'product_cost_prices',
        page: 1,
        pageSize: 1,
      });
      return r.items[0] ?? null;
    },
    refetchInterval: (q) =>
      q.state.data?.status === 'new' || q.state.data?.status === 'executing' ? POLL_MS : false,
  });
}

export function uploadCostFile(partnerId: number, file: File): Promise<FileRecord> {
  const form = new FormData();
  form.append('type', 'product_cost_prices');
  form.append('partner_code', String(partnerId));
  form.append('file', file, file.name);
  return uploadWithProgress<FileRecord>('/api/v1/files', form);
}

export const downloadCostTemplate = (partnerId: number) =>
  downloadFile(
    `/api/v1/promotions/cost-prices/template?partnerId=${partnerId}`,
    `cost_prices_${partnerId}.xlsx`,
  );

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
export const downloadErrorFile = (file: Pick<PromotionFileRecord | FileRecord, 'id' | 'name'>) =>
  downloadFile(`/api/v1/files/${file.id}/result/download`, `${file.name.split('.')[0] || 'file'}_error.csv`);
