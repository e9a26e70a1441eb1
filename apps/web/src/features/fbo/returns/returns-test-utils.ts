// Helpers of the FBO returns screen tests: rows and cards as the server answers them.
import { FBO_WAREHOUSE_NAMES, type FboReturnCard, type FboReturnRow } from '@moda/contracts';

let seq = 0;
export function returnRow(over: Partial<FboReturnRow> = {}): FboReturnRow {
  seq += 1;
  return {
    id: `00000000-0000-4000-9000-${String(seq).padStart(12, '0')}`,
    returnId: `VZ-10001-${String(seq).padStart(6, '0')}`,
    warehouseCode: 'Bykovo',
    warehouseName: FBO_WAREHOUSE_NAMES.Bykovo,
    returnAt: '2026-12-03',
    createdAt: '2026-11-20T07:05:00.000Z',
    status: 'new',
    skuCount: 2,
    quantity: 5,
    slot: null,
    ...over,
  };
}

export function returnCard(over: Partial<FboReturnCard> = {}): FboReturnCard {
  return {
    ...returnRow(over),
    creator: 'seller@moda.test',
    reason: null,
    cancelRequested: false,
    items: [
      {
        supplierSku: 'NW-1',
        modaSku: 'MD10001000001',
        title: 'Basic T-shirt',
        quantity: 3,
        reservedQuantity: 0,
        exportedQuantity: 0,
        exportedFailQuantity: 0,
      },
    ],
    history: [
      { from: null, to: 'new', actor: 'seller@moda.test', reason: null, at: '2026-11-20T07:05:00.000Z' },
    ],
    files: [],
    slots: [],
    actions: ['confirm', 'cancel'],
    ...over,
  };
}
