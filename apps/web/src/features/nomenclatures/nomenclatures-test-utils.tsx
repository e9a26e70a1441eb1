// Helpers of the nomenclatures screen tests: a screen inside a memory router with Ant Design's App and a
// fresh query cache, a scripted RPC client (tests mock lib/api/client with it), product rows, and picking
// an option of an Ant Design select the way a user does.
import { PARENT_SKU_FIELD, SKU_FIELD, type ProductRow } from '@moda/contracts';
export { rpcError, serve, callsOf, type Handlers } from '../../test/mock-api';

export const PARTNER_ID = 10001;

let seq = 0;
export function product(over: Partial<ProductRow> = {}): ProductRow {
  seq += 1;
  return {
    id: String(seq),
    [SKU_FIELD]: `MD${1000 + seq}`,
    [PARENT_SKU_FIELD]: `MDP${1000 + seq}`,
    sellerSku: `NW-${seq}-42`,
    sellerParentSku: `NW-${seq}`,
    barcode: '4601234567893',
    title: `Dress ${seq}`,
    brand: 'Nord Wind',
    category: 'clothes',
    axaptaCategoryLevel1: null,
    axaptaCategoryLevel2: null,
    price: 4990,
    salePrice: null,
    quantity: 5,
    status: 'online',
    moderationStatus: 'approved',
    moderationReason: null,
    archived: false,
    piValue: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

export { choose, renderRoutes } from '../../test/render';
