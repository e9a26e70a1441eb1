// The list's state as the server reads it: calendar days become wire date ranges (lib/date-range), an
// empty search is left out. The same filter feeds the list, the counts and the export.
import type { Country, OrderListTab, OrderStatus } from '@moda/contracts';
import type { z } from 'zod';
import { toWireRange, type DayRange } from '../../../lib/date-range';
import type { Params } from '../../../lib/api/rpc-client';

export type OrderStatusValue = z.infer<typeof OrderStatus>;
export type CountryValue = z.infer<typeof Country>;
export type OrderTab = z.infer<typeof OrderListTab>;

export interface OrderListState {
  tab: OrderTab;
  status: OrderStatusValue[];
  country: CountryValue | undefined;
  search: string;
  created: DayRange;
  delivery: DayRange;
  sort: string;
  page: number;
  pageSize: number;
}

export type OrderFilterParams = Omit<Params<'v1.orders.count-by-statuses'>, 'partnerId'>;

/** The filters shared by the list, the tab and status counts and the export; `now` decides "today". */
export function filterParams(state: OrderListState, now: Date): OrderFilterParams {
  const params: OrderFilterParams = {};
  if (state.country) params.country = state.country;
  if (state.status.length > 0) params.status = state.status;
  const search = state.search.trim();
  if (search) params.fullSearch = search;
  const createdAt = toWireRange(state.created, now);
  if (createdAt) params.createdAt = createdAt;
  const deliveryDate = toWireRange(state.delivery, now);
  if (deliveryDate) params.deliveryDate = deliveryDate;
  return params;
}

export function listParams(state: OrderListState, now: Date): Omit<Params<'v1.orders.list'>, 'partnerId'> {
  return {
    ...filterParams(state, now),
    tab: state.tab,
    sort: state.sort,
    page: state.page,
    pageSize: state.pageSize,
  };
}
