// Query keys of the warehouses area: one factory, so lists, details and the review queue are read and
// invalidated through the same names.
import type { Params } from '../../../lib/api/rpc-client';

export const warehouseKeys = {
  all: ['warehouses'] as const,
  lists: () => [...warehouseKeys.all, 'list'] as const,
  list: (params: Params<'v1.warehouses.list'>) => [...warehouseKeys.lists(), params] as const,
  details: () => [...warehouseKeys.all, 'details'] as const,
  detail: (params: Params<'v1.warehouses.details'>) => [...warehouseKeys.details(), params] as const,
  deliveryProfile: (partnerId: number) => [...warehouseKeys.all, 'delivery-profile', partnerId] as const,
  baseWarehouses: () => [...warehouseKeys.all, 'base-warehouses'] as const,
  review: () => [...warehouseKeys.all, 'review'] as const,
};
