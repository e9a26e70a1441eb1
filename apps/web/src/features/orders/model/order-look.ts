// How orders look: the tag colour of each delivery status and the sort fields of the list's columns.
import type { OrderState } from '@moda/contracts';

export const STATUS_COLOR: Record<OrderState, string> = {
  new: 'blue',
  confirmed: 'geekblue',
  awaiting_shipment: 'orange',
  shipped: 'cyan',
  in_delivery: 'purple',
  delivered: 'green',
  not_delivered: 'volcano',
  returned: 'magenta',
  cancelled: 'default',
  claimed: 'red',
  refund_requested: 'gold',
  refunded: 'default',
};

/** Which list column sorts by which server field (ORDER_SORT_FIELDS). */
export const COLUMN_SORT: Record<string, string> = {
  orderNr: 'order_nr',
  createdAt: 'created_at',
  cutOffAt: 'cut_off_at',
  sum: 'sum',
  status: 'status',
};
