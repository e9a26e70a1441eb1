// Server data of the FBO area through the RPC client: the supplies list, a card with its items, the slot
// calendar of a warehouse, the moves of a supply (each answering with the card, which replaces the cached
// one and refreshes the lists and the stock), and the stock screen with its forecast.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FboSupplyCard } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import type { Params } from '../../../lib/api/rpc-client';
import { fboKeys } from './fbo-keys';

export type SupplyListParams = Omit<Params<'v1.fulfilment-shipments.list'>, 'partnerId'>;
export type StockParams = Omit<Params<'v1.analytics.recommended-shipment.get'>, 'partnerId'>;
export type StockFilter = Omit<Params<'v1.analytics.recommended-shipment.brands'>, 'partnerId'>;

export function useSupplies(partnerId: number, params: SupplyListParams) {
  return useQuery({
    queryKey: fboKeys.list(partnerId, params),
    queryFn: () => api.call('v1.fulfilment-shipments.list', { partnerId, ...params }),
    placeholderData: keepPreviousData,
  });
}

export function useSupply(partnerId: number, id: string) {
  return useQuery({
    queryKey: fboKeys.card(partnerId, id),
    queryFn: () => api.call('v1.fulfilment-shipments.get', { partnerId, id }),
  });
}

export function useSupplyItems(partnerId: number, id: string, page: number, search: string) {
  return useQuery({
    queryKey: fboKeys.items(partnerId, id, page, search),
    queryFn: () =>
      api.call('v1.fulfilment-shipments.items', {
        partnerId,
        id,
        page,
        pageSize: 50,
        ...(search ? { search } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSlots(
  partnerId: number,
  warehouseCode: Params<'v1.fulfilment-shipments.slots'>['warehouseCode'] | undefined,
) {
  return useQuery({
    queryKey: fboKeys.slots(partnerId, warehouseCode ?? ''),
    queryFn: () => api.call('v1.fulfilment-shipments.slots', { partnerId, warehouseCode: warehouseCode! }),
    enabled: Boolean(warehouseCode),
  });
}

/** After a move: the card it answered with goes into the cache; lists, slots and stock are read again. */
function useSupplyUpdate(partnerId: number) {
  const client = useQueryClient();
  return (card: FboSupplyCard) => {
    client.setQueryData(fboKeys.card(partnerId, card.id), card);
    void client.invalidateQueries({ queryKey: fboKeys.lists(partnerId) });
    void client.invalidateQueries({ queryKey: [...fboKeys.partner(partnerId), 'slots'] });
    void client.invalidateQueries({ queryKey: fboKeys.stock(partnerId) });
    void client.invalidateQueries({ queryKey: [...fboKeys.card(partnerId, card.id), 'items'] });
  };
}

type Without<N extends Parameters<typeof api.call>[0]> = Omit<Params<N>, 'partnerId'>;

function useSupplyMutation<
  N extends
    | 'v1.fulfilment-shipments.create'
    | 'v1.fulfilment-shipments.create-draft'
    | 'v1.fulfilment-shipments.submit'
    | 'v1.fulfilment-shipments.revise'
    | 'v1.fulfilment-shipments.book-slot'
    | 'v1.fulfilment-shipments.cancel'
    | 'v1.fulfilment-shipments.change-warehouse'
    | 'v1.fulfilment-shipments.waitlist.join'
    | 'v1.fulfilment-shipments.waitlist.leave'
    | 'v1.fulfilment-shipments.dispute',
>(partnerId: number, method: N) {
  const onSuccess = useSupplyUpdate(partnerId);
  return useMutation({
    mutationFn: (params: Without<N>) =>
      api.call(method, { partnerId, ...params } as Params<N>) as Promise<FboSupplyCard>,
    onSuccess,
  });
}

export const useCreateSupply = (p: number) => useSupplyMutation(p, 'v1.fulfilment-shipments.create');
export const useCreateDraft = (p: number) => useSupplyMutation(p, 'v1.fulfilment-shipments.create-draft');
export const useSubmitSupply = (p: number) => useSupplyMutation(p, 'v1.fulfilment-shipments.submit');
export const useReviseSupply = (p: number) => useSupplyMutation(p, 'v1.fulfilment-shipments.revise');
export const useBookSlot = (p: number) => useSupplyMutation(p, 'v1.fulfilment-shipments.book-slot');
export const useCancelSupply = (p: number) => useSupplyMutation(p, 'v1.fulfilment-shipments.cancel');
export const useChangeWarehouse = (p: number) =>
  useSupplyMutation(p, 'v1.fulfilment-shipments.change-warehouse');
export const useJoinWaitlist = (p: number) => useSupplyMutation(p, 'v1.fulfilment-shipments.waitlist.join');
export const useLeaveWaitlist = (p: number) => useSupplyMutation(p, 'v1.fulfilment-shipments.waitlist.leave');
export const useDisputeBox = (p: number) => useSupplyMutation(p, 'v1.fulfilment-shipments.dispute');

export function useStock(partnerId: number, params: StockParams) {
  return useQuery({
    queryKey: fboKeys.stockPage(partnerId, params),
    queryFn: () => api.call('v1.analytics.recommended-shipment.get', { partnerId, ...params }),
    placeholderData: keepPreviousData,
  });
}

export function useStockGroups(
  partnerId: number,
  by: 'brands' | 'categories',
  filter: StockFilter,
  enabled = true,
) {
  return useQuery({
    queryKey: fboKeys.stockGroups(partnerId, by, filter),
    queryFn: () => api.call(`v1.analytics.recommended-shipment.${by}`, { partnerId, ...filter }),
    enabled,
  });
}
