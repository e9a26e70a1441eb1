// Helpers of the orders screen tests: a screen inside a memory router with Ant Design's App and a fresh
// query cache, order rows and cards as the server answers them, and picking an Ant Design option.
import type { OrderCard, OrderRow } from '@moda/contracts';
export { rpcError, serve, callsOf, type Handlers } from '../../test/mock-api';

export const PARTNER_ID = 10002;

let seq = 0;
export function orderRow(over: Partial<OrderRow> = {}): OrderRow {
  seq += 1;
  return {
    id: String(seq),
    orderNr: `MD-${100200 + seq}`,
    createdAt: '2026-11-20T07:05:00.000Z',
    cutOffAt: '2026-11-22T15:00:00.000Z',
    deliveryDate: null,
    sum: 12990,
    currency: 'RUB',
    itemCount: 2,
    status: 'new',
    country: 'RU',
    paymentMethod: 'Prepaid',
    isOverdue: false,
    hasDiscrepancyActs: false,
    trackingNumbers: [],
    packCount: 0,
    ...over,
  };
}

export function orderCard(over: Partial<OrderCard> = {}): OrderCard {
  const row = orderRow(over);
  return {
    ...row,
    comment: 'Call an hour before delivery',
    businessModel: 'marketplace_crossdocking',
    delivery: { address: 'Moscow, Tverskaya 1, flat 5', method: 'Courier', serviceLevel: 'Standard' },
    payment: {
      productCost: 13990,
      deliveryCost: 0,
      totalDiscount: 1000,
      partnerAgreedPrice: 11500,
      currency: 'RUB',
      paymentMethod: 'COD',
    },
    items: [
      {
        id: '501',
        modaSku: 'MD1001',
        sellerSku: 'NW-1-42',
        name: 'Linen dress',
        basePrice: 7990,
        totalDiscount: 1000,
        paidPrice: 6990,
        status: row.status,
        cancelAction: null,
        imageUrl: null,
      },
      {
        id: '502',
        modaSku: 'MD1002',
        sellerSku: 'NW-2-44',
        name: 'Cotton shirt',
        basePrice: 6000,
        totalDiscount: 0,
        paidPrice: 6000,
        status: row.status,
        cancelAction: null,
        imageUrl: null,
      },
    ],
    discrepancyActs: [],
    packs: [],
    actions: ['confirm', 'reject', 'collect', 'cancel'],
    ...over,
  };
}

export { choose, renderRoutes } from '../../test/render';
