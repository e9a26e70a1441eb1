// Server data of the orders area: the page of rows, the tab and status counts, one order, and the
// actions on it (collect, confirm / reject, cancel the order or some items), each refreshing the card
// it answers with and the lists.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderCard } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import type { Params } from '../../../lib/api/rpc-client';
import { filterParams, listParams, type OrderListState } from '../model/order-filter';
import { orderKeys } from './order-keys';

export function useOrderList(partnerId: number, state: OrderListState, now: Date) {
  const params = listParams(state, now);
  return useQuery({
    queryKey: orderKeys.list(partnerId, params),
    queryFn: () => api.call('v1.orders.list', { partnerId, ...params }),
    // Paging and tab switches keep the previous rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useOrderCounts(partnerId: number, state: OrderListState, now: Date) {
  const filter = filterParams(state, now);
  return useQuery({
    queryKey: orderKeys.counts(partnerId, filter),
    queryFn: () => api.call('v1.orders.count-by-statuses', { partnerId, ...filter }),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(partnerId: number, orderNr: string) {
  return useQuery({
    queryKey: orderKeys.card(partnerId, orderNr),
    queryFn: () => api.call('v1.orders.get', { partnerId, orderNr }),
  });
}

/** Puts the card a mutation answered with into the cache and refreshes the lists. */
function useCardUpdate(partnerId: number) {
  const client = useQueryClient();
  return {
    onSuccess: (card: OrderCard) => {
      client.setQueryData(orderKeys.card(partnerId, card.orderNr), card);
      void client.invalidateQueries({ queryKey: orderKeys.lists(partnerId) });
    },
  };
}

export function useCollectOrder(partnerId: number, orderNr: string) {
  return useMutation({
    mutationFn: () => api.call('v1.orders.collect', { partnerId, orderNr }),
    ...useCardUpdate(partnerId),
  });
}

export function useConfirmation(partnerId: number, orderNr: string) {
  return useMutation({
    mutationFn: (action: Params<'v1.orders.confirmation'>['action']) =>
      api.call('v1.orders.confirmation', { partnerId, orderNr, action }),
    ...useCardUpdate(partnerId),
  });
}

export type CancelAction = Params<'v1.orders.cancel'>['action'];

export function useCancelOrder(partnerId: number, orderNr: string) {
  return useMutation({
    mutationFn: (action: CancelAction) => api.call('v1.orders.cancel', { partnerId, orderNr, action }),
    ...useCardUpdate(partnerId),
  });
}

export function useCancelItems(partnerId: number, orderNr: string) {
  return useMutation({
    mutationFn: (vars: { itemIds: string[]; action: CancelAction }) =>
      api.call('v1.orders.item-cancel', { partnerId, orderNr, ...vars }),
    ...useCardUpdate(partnerId),
  });
}

/** Re-reads the card (after pack numbers were issued through REST). */
export function useRefreshOrder(partnerId: number, orderNr: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: orderKeys.card(partnerId, orderNr) });
}
