// Server data of the warehouses screen through the app's RPC client: the partner's list per tab, one
// warehouse for the edit form, the delivery profile, the base warehouses and support's review queue.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Params } from '../../../lib/api/rpc-client';
import { warehouseKeys } from './warehouse-keys';

export type WarehouseListTab = NonNullable<Params<'v1.warehouses.list'>['tab']>;

export function useWarehouses(partnerId: number, tab: WarehouseListTab, enabled = true) {
  const params = { partnerId, tab };
  return useQuery({
    queryKey: warehouseKeys.list(params),
    queryFn: () => api.call('v1.warehouses.list', params),
    enabled,
  });
}

export function useWarehouseDetails(partnerId: number, id: string | null) {
  const params = { partnerId, id: id ?? '' };
  return useQuery({
    queryKey: warehouseKeys.detail(params),
    queryFn: () => api.call('v1.warehouses.details', params),
    enabled: id !== null,
  });
}

export function useDeliveryProfile(partnerId: number) {
  return useQuery({
    queryKey: warehouseKeys.deliveryProfile(partnerId),
    queryFn: () => api.call('v1.warehouses.delivery-profiles.get', { partnerId }),
  });
}

export function useBaseWarehouses(enabled = true) {
  return useQuery({
    queryKey: warehouseKeys.baseWarehouses(),
    queryFn: () => api.call('v1.warehouses.base-warehouses.list', {}),
    staleTime: 60 * 60 * 1000,
    enabled,
  });
}

export function useReviewQueue(enabled: boolean) {
  return useQuery({
    queryKey: warehouseKeys.review(),
    queryFn: () => api.call('v1.warehouses.review.list', {}),
    enabled,
  });
}
