// Fixtures of the FBS screen tests: shipment rows and cards, return boxes, as the contract writes them.
import type { FbsReturnBoxRow, FbsShipmentCard, FbsShipmentRow } from '@moda/contracts';

export { rpcError, serve, callsOf } from '../../test/mock-api';
export { renderRoutes } from '../../test/render';

export const PARTNER_ID = 10002;

export function shipmentRow(over: Partial<FbsShipmentRow> = {}): FbsShipmentRow {
  return {
    id: '11111111-0000-4000-8000-000000000001',
    shipmentId: 'FBS10002-000042',
    shippedAt: '2026-12-01T15:00:00.000Z',
    pallets: 2,
    packs: 23,
    items: 31,
    status: 'new',
    createdAt: '2026-11-30T09:00:00.000Z',
    ...over,
  };
}

export function shipmentCard(over: Partial<FbsShipmentCard> = {}): FbsShipmentCard {
  return {
    ...shipmentRow(),
    cargoSpaceNmb: 2,
    packagesNmb: 23,
    goodsNmb: 31,
    handover: { type: 'DROP_OFF', warehouseName: 'Main warehouse', destination: 'Novokhokhlovskaya point' },
    palletList: [
      { barcode: 'PLT10002-000042-01', cargoSpace: 1, packs: 20, items: 27 },
      { barcode: 'PLT10002-000042-02', cargoSpace: 2, packs: 3, items: 4 },
    ],
    history: [{ from: null, to: 'new', actor: 'platform', at: '2026-11-30T09:00:00.000Z' }],
    actions: ['confirm', 'cancel'],
    ...over,
  };
}

export function boxRow(over: Partial<FbsReturnBoxRow> = {}): FbsReturnBoxRow {
  return {
    id: '33333333-0000-4000-8000-000000000001',
    code: 'RB10002-000007',
    status: 'accepted',
    length: 60,
    width: 40,
    height: 30,
    shippedAt: null,
    itemQuantity: 5,
    ...over,
  };
}
