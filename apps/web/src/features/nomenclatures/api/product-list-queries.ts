// Server data of the products list: the page of rows, the tab counts, the brands filter, the categories,
// and the row actions (show/hide, stock, hiding the moderator's note), each invalidating the lists.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { ProductListState } from '../product-list/use-product-list-url';
import { catalogueKeys, nomenclatureKeys } from './nomenclature-keys';

export function listParams(state: ProductListState) {
  return {
    tab: state.tab,
    brand: state.brand,
    category: state.category,
    search: state.search.trim() || undefined,
    sort: state.sort,
    page: state.page,
    pageSize: state.pageSize,
  };
}

export function useProductList(partnerId: number, state: ProductListState) {
  const params = listParams(state);
  return useQuery({
    queryKey: nomenclatureKeys.list(partnerId, params),
    queryFn: () => api.call('v1.nomenclatures.list', { partnerId, ...params }),
    // Paging and tab switches keep the previous rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useProductCounts(partnerId: number, state: ProductListState) {
  const { brand, category, search } = listParams(state);
  const filter = { brand, category, search };
  return useQuery({
    queryKey: nomenclatureKeys.counts(partnerId, filter),
    queryFn: () => api.call('v1.nomenclatures.count-by-statuses', { partnerId, ...filter }),
    placeholderData: keepPreviousData,
  });
}

export function useProductBrands(partnerId: number) {
  return useQuery({
    queryKey: nomenclatureKeys.brands(partnerId),
    queryFn: () => api.call('v1.nomenclatures.metadata.brands', { partnerId }),
    staleTime: 5 * 60_000,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: catalogueKeys.categories(),
    queryFn: () => api.call('v1.catalogue.categories.list', {}),
    staleTime: Infinity,
  });
}

function useInvalidateLists(partnerId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: nomenclatureKeys.lists(partnerId) });
}

export function useUpdateActivation(partnerId: number) {
  const invalidate = useInvalidateLists(partnerId);
  return useMutation({
    mutationFn: (vars: { ids: string[]; active: boolean }) =>
      api.call('v1.nomenclatures.update-activation', { partnerId, ...vars }),
    onSettled: invalidate,
  });
}

export function useUpdateStock(partnerId: number) {
  const invalidate = useInvalidateLists(partnerId);
  return useMutation({
    mutationFn: (item: { id: string; quantity: number }) =>
      api.call('v1.nomenclatures.update-stock', { partnerId, items: [item] }),
    onSettled: invalidate,
  });
}

export function useHideModeration(partnerId: number) {
  const invalidate = useInvalidateLists(partnerId);
  return useMutation({
    mutationFn: (ids: string[]) => api.call('v1.nomenclatures.hide-moderation', { partnerId, ids }),
    onSettled: invalidate,
  });
}
