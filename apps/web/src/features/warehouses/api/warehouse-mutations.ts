// Changes to warehouses through the app's RPC client. Every success invalidates the area's lists,
// details and review queue through the key factory, so every tab shows the new state.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Params } from '../../../lib/api/rpc-client';
import { warehouseKeys } from './warehouse-keys';

export type CreateParams = Params<'v1.warehouses.create'>;
export type EditParams = Params<'v1.warehouses.edit'>;
/** A warehouse as the transitions address it: its own partner and id (support acts for any partner). */
export type WarehouseRef = Params<'v1.warehouses.activate'>;
export type SendBackParams = Params<'v1.warehouses.send-back'>;

export async function invalidateWarehouses(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: warehouseKeys.lists() }),
    client.invalidateQueries({ queryKey: warehouseKeys.details() }),
    client.invalidateQueries({ queryKey: warehouseKeys.review() }),
  ]);
}

function useWarehouseMutation<P, R>(call: (params: P) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => invalidateWarehouses(client),
  });
}

export const useCreateWarehouse = () =>
  useWarehouseMutation((params: CreateParams) => api.call('v1.warehouses.create', params));

export const useEditWarehouse = () =>
  useWarehouseMutation((params: EditParams) => api.call('v1.warehouses.edit', params));

export const useActivateWarehouse = () =>
  useWarehouseMutation((params: WarehouseRef) => api.call('v1.warehouses.activate', params));

export const useDeactivateWarehouse = () =>
  useWarehouseMutation((params: WarehouseRef) => api.call('v1.warehouses.deactivate', params));

export const useDeleteWarehouse = () =>
  useWarehouseMutation((params: WarehouseRef) => api.call('v1.warehouses.delete', params));

export const useApproveWarehouse = () =>
  useWarehouseMutation((params: WarehouseRef) => api.call('v1.warehouses.approve', params));

export const useSendBackWarehouse = () =>
  useWarehouseMutation((params: SendBackParams) => api.call('v1.warehouses.send-back', params));
