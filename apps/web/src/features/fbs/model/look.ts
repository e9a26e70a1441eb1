// How FBS states look: tag colours of shipment and box statuses, their Russian names from the locale.
import type { FbsBoxState, FbsShipmentState } from '@moda/contracts';
import { fbsText } from '../locale';

export const SHIPMENT_COLOR: Record<FbsShipmentState, string> = {
  new: 'gold',
  confirmed: 'blue',
  cancelPending: 'orange',
  cancelled: 'default',
  rejected: 'red',
  sent: 'cyan',
  received: 'geekblue',
  closed: 'green',
};
export const BOX_COLOR: Record<FbsBoxState, string> = {
  inProgress: 'gold',
  accepted: 'blue',
  loading: 'cyan',
  shipped: 'green',
};
export const shipmentStatusName = (s: FbsShipmentState) => fbsText.shipmentStatus[s];
export const boxStatusName = (s: FbsBoxState) => fbsText.boxStatus[s];

/** Sort fields of the shipments list by column key. */
export const COLUMN_SORT: Record<string, string> = {
  shipmentId: 'shipment_id',
  shippedAt: 'shipped_at',
  items: 'items',
  status: 'status',
};
