// Server data of the FBS area through the RPC client: shipments with their goods, the seller's confirm and
// cancel (answering with the card, which replaces the cached one and refreshes the lists), return boxes.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FbsShipmentCard } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import type { Params } from '../../../lib/api/rpc-client';
import { fbsKeys } from './fbs-keys';

export type ShipmentListParams = Omit<Params<'v1.shipments.list'>, 'partnerId'>;
export type BoxListParams = Omit<Params<'v1.return-boxes.list'>, 'partnerId'>;

export function useShipments(partnerId: number, params: ShipmentListParams) {
  return useQuery({
    queryKey: fbsKeys.list(partnerId, params),
    queryFn: () => api.call('v1.shipments.list', { partnerId, ...params }),
    placeholderData: keepPreviousData,
  });
}

export function useShipment(partnerId: number, id: string) {
  return useQuery({
    queryKey: fbsKeys.card(partnerId, id),
    queryFn: () => api.call('v1.shipments.get', { partnerId, id }),
  });
}

export function useShipmentItems(partnerId: number, id: string, page: number) {
  return useQuery({
    queryKey: fbsKeys.items(partnerId, id, page),
    queryFn: () => api.call('v1.shipments.items', { partnerId, id, page, pageSize: 50 }),
    placeholderData: keepPreviousData,
  });
}

function useShipmentMove(partnerId: number, method: 'v1.shipments.confirm' | 'v1.shipments.cancel') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(method, { partnerId, id }),
    onSuccess: (card: FbsShipmentCard) => {
      client.setQueryData(fbsKeys.card(partnerId, card.id), card);
      void client.invalidateQueries({ queryKey: fbsKeys.lists(partnerId) });
    },
  });
}
export const useConfirmShipment = (partnerId: number) => useShipmentMove(partnerId, 'v1.shipments.confirm');
export const useCancelShipment = (partnerId: number) => useShipmentMove(partnerId, 'v1.shipments.cancel');

export function useReturnBoxes(partnerId: number, params: BoxListParams) {
  return useQuery({
    queryKey: fbsKeys.boxes(partnerId, params),
    queryFn: () => api.call('v1.return-boxes.list', { partnerId, ...params }),
    placeholderData: keepPreviousData,
  });
}

export function useReturnBoxCounts(partnerId: number, search: string) {
  return useQuery({
    queryKey: fbsKeys.boxCounts(partnerId, search),
    queryFn: () => api.call('v1.return-boxes.count', { partnerId, ...(search ? { search } : {}) }),
  });
}

export function useReturnBox(partnerId: number, id: string) {
  return useQuery({
    queryKey: fbsKeys.box(partnerId, id),
    queryFn: () => api.call('v1.return-boxes.get', { partnerId, id }),
  });
}
