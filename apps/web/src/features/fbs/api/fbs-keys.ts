// Query keys of the FBS area: shipments (lists, cards, goods) and return boxes (lists, counts, cards).
import type { Params } from '../../../lib/api/rpc-client';

type ListParams = Omit<Params<'v1.shipments.list'>, 'partnerId'>;
type BoxParams = Omit<Params<'v1.return-boxes.list'>, 'partnerId'>;

export const fbsKeys = {
  all: ['fbs'] as const,
  partner: (partnerId: number) => [...fbsKeys.all, partnerId] as const,
  lists: (partnerId: number) => [...fbsKeys.partner(partnerId), 'list'] as const,
  list: (partnerId: number, params: ListParams) => [...fbsKeys.lists(partnerId), params] as const,
  card: (partnerId: number, id: string) => [...fbsKeys.partner(partnerId), 'card', id] as const,
  items: (partnerId: number, id: string, page: number) =>
    [...fbsKeys.card(partnerId, id), 'items', page] as const,
  boxes: (partnerId: number, params: BoxParams) => [...fbsKeys.partner(partnerId), 'boxes', params] as const,
  boxCounts: (partnerId: number, search: string) =>
    [...fbsKeys.partner(partnerId), 'box-counts', search] as const,
  box: (partnerId: number, id: string) => [...fbsKeys.partner(partnerId), 'box', id] as const,
};
