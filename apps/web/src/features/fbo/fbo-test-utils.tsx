// Helpers of the FBO screen tests: rows, cards and stock lines as the server answers them.
import {
  FBO_WAREHOUSE_NAMES,
  type FboStockRow,
  type FboSupplyCard,
  type FboSupplyRow,
} from '@moda/contracts';
import { fboText } from './locale';
export { rpcError, serve, callsOf, type Handlers } from '../../test/mock-api';
export { choose, renderRoutes } from '../../test/render';

export const PARTNER_ID = 10001;

let seq = 0;
export function supplyRow(over: Partial<FboSupplyRow> = {}): FboSupplyRow {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    number: `FBO-10001-${String(seq).padStart(6, '0')}`,
    warehouseCode: 'Bykovo',
    warehouseName: FBO_WAREHOUSE_NAMES.Bykovo,
    plannedDate: '2026-12-03',
    createdAt: '2026-11-20T07:05:00.000Z',
    itemsQuantity: 120,
    skuCount: 12,
    priceSum: 1234567,
    status: 'readyForShipment',
    fileId: '11111111-0000-4000-8000-000000000001',
    fileName: 'supply_1.xlsx',
    ...over,
  };
}

export function supplyCard(over: Partial<FboSupplyCard> = {}): FboSupplyCard {
  return {
    ...supplyRow(over),
    uploader: 'seller@moda.test',
    validationErrors: [],
    requestedWarehouse: null,
    requestedDate: null,
    hasAcceptanceReport: false,
    totals: {
      goodsDeclared: 120,
      goodsReceived: null,
      totalDefective: null,
      totalShortages: null,
      totalSurplus: null,
      unknownSurplus: null,
      totalCost: 1234567,
    },
    history: [
      { from: null, to: 'draft', actor: 'seller@moda.test', reason: null, at: '2026-11-20T07:05:00.000Z' },
      {
        from: 'draft',
        to: 'validation',
        actor: 'seller@moda.test',
        reason: null,
        at: '2026-11-20T08:00:00.000Z',
      },
      {
        from: 'validation',
        to: 'readyForShipment',
        actor: fboText.create.warehouse,
        reason: null,
        at: '2026-11-20T09:00:00.000Z',
      },
    ],
    boxes: [],
    waitlist: null,
    actions: ['requestCancel', 'changeWarehouse'],
    ...over,
  };
}

export function stockRow(over: Partial<FboStockRow> = {}): FboStockRow {
  seq += 1;
  return {
    sellerSku: `NW-${seq}`,
    modaSku: `MD1000100${String(seq).padStart(4, '0')}`,
    title: 'Basic T-shirt',
    brand: 'Nord Wind',
    category: 'clothes',
    warehouseCode: 'Bykovo',
    onHand: 12,
    reserved: 1,
    inTransit: 0,
    sales7: 14,
    daysOfStock: 5.5,
    daysBucket: 'less_or_equal_7_days',
    recommended: 44,
    syncStatus: 'ok',
    lacksMarking: false,
    ...over,
  };
}
