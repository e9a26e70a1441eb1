// Query keys of the FBO area: supplies (lists, cards, items, slots) and the stock forecast, invalidated
// through the same names after every change.
import type { Params } from '../../../lib/api/rpc-client';

type ListParams = Omit<Params<'v1.fulfilment-shipments.list'>, 'partnerId'>;
type StockParams = Omit<Params<'v1.analytics.recommended-shipment.get'>, 'partnerId'>;

export const fboKeys = {
  all: ['fbo'] as const,
  partner: (partnerId: number) => [...fboKeys.all, partnerId] as const,
  lists: (partnerId: number) => [...fboKeys.partner(partnerId), 'list'] as const,
  list: (partnerId: number, params: ListParams) => [...fboKeys.lists(partnerId), params] as const,
  card: (partnerId: number, id: string) => [...fboKeys.partner(partnerId), 'card', id] as const,
  items: (partnerId: number, id: string, page: number, search: string) =>
    [...fboKeys.card(partnerId, id), 'items', page, search] as const,
  slots: (partnerId: number, warehouse: string) =>
    [...fboKeys.partner(partnerId), 'slots', warehouse] as const,
  stock: (partnerId: number) => [...fboKeys.partner(partnerId), 'stock'] as const,
  stockPage: (partnerId: number, params: StockParams) =>
    [...fboKeys.stock(partnerId), 'rows', params] as const,
  stockGroups: (partnerId: number, by: string, params: object) =>
    [...fboKeys.stock(partnerId), by, params] as const,
};
