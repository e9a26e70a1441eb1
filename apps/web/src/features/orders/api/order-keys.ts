// Query keys of the orders area (STYLE.md: one factory per area; mutations invalidate through it).
import type { Params } from '../../../lib/api/rpc-client';

type ListParams = Omit<Params<'v1.orders.list'>, 'partnerId'>;
type FilterParams = Omit<Params<'v1.orders.count-by-statuses'>, 'partnerId'>;

export const orderKeys = {
  all: ['orders'] as const,
  partner: (partnerId: number) => [...orderKeys.all, partnerId] as const,
  lists: (partnerId: number) => [...orderKeys.partner(partnerId), 'list'] as const,
  list: (partnerId: number, params: ListParams) => [...orderKeys.lists(partnerId), params] as const,
  counts: (partnerId: number, filter: FilterParams) =>
    [...orderKeys.lists(partnerId), 'counts', filter] as const,
  card: (partnerId: number, orderNr: string) => [...orderKeys.partner(partnerId), 'card', orderNr] as const,
};
