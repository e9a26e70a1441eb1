// Orders: the seller's list and card, collect / confirm / cancel, pack numbers and labels (spec 000 §3–§4
// Order, spec 001 §5 Orders and labels, §7, §8, §9), and the marketplace side that creates and moves orders
// (v1.platform.*, callable only with a service credential).
import { z } from 'zod';
import {
  ConfirmationAction,
  Country,
  OrderBusinessModel,
  OrderCancelAction,
  OrderListTab,
  OrderStatus,
  PaymentMethod,
  type Role,
} from './enums';
import { defineMethod, PartnerId, partnerParams } from './rpc';
import { DigitsId, safeString } from './text';
import { defineStateMachine } from './state-machine';

export const ORDER_LIMITS = {
  pageSize: { max: 100, default: 20 },
  /** Spec 001 §9: orders per export. */
  exportMax: 60_000,
  /** Spec 001 §9: label count per order is 1 up to the order's items; pack numbers per request. */
  packsPerRequest: 50,
  /** Orders printed in one labels PDF. */
  labelsBatchMax: 200,
  /**
   * The largest amount of a platform order (an item's price or discount, the delivery): it fits an item's
   * numeric(12, 2), and 500 items of it with the delivery still fit the order's numeric(14, 2) sums.
   */
  amountMax: 1_000_000_000,
} as const;

/** Spec 001 §9: pack label sizes, millimetres. */
export const LABEL_SIZES = {
  '75x120': { width: 75, height: 120 },
  '100x80': { width: 100, height: 80 },
} as const;
export const LabelSize = z.enum(['75x120', '100x80']);

/** Pack barcode: PACK, then the partner id, then a number (spec 001 §5). */
export const PACK_BARCODE = /^PACK(\d+)-(\d+)$/;
export function packBarcode(partnerId: number, n: number): string {
  return `PACK${partnerId}-${String(n).padStart(6, '0')}`;
}

/** A real delivery status of an order; `unspecified` exists only as a list filter value. */
export const OrderState = OrderStatus.exclude(['unspecified']);
export type OrderState = z.infer<typeof OrderState>;

const SELLER_ROLES = ['partner_user', 'b2b_manager', 'support_engineer', 'admin'] as const satisfies Role[];
const READ_ROLES = [...SELLER_ROLES, 'cc_operator', 'stock_keeper'] as const satisfies Role[];

/**
 * The order's delivery statuses and who moves them. The spec names the statuses but not the transitions
 * (spec 000 §4 Order); these follow the marketplace's delivery flow (docs/decisions.md "Orders").
 */
export const ORDER_MACHINE = defineStateMachine({
  name: 'order',
  states: OrderState.options,
  initial: 'new',
  transitions: {
    confirm: { from: ['new'], to: 'confirmed', by: [...SELLER_ROLES, 'platform'] },
    reject: { from: ['new'], to: 'cancelled', by: [...SELLER_ROLES, 'platform'] },
    collect: { from: ['new', 'confirmed'], to: 'awaiting_shipment', by: [...SELLER_ROLES, 'platform'] },
    cancel: {
      from: ['new', 'confirmed', 'awaiting_shipment'],
      to: 'cancelled',
      by: [...SELLER_ROLES, 'platform'],
    },
    ship: { from: ['awaiting_shipment'], to: 'shipped', by: ['platform'] },
    dispatch: { from: ['shipped'], to: 'in_delivery', by: ['platform'] },
    deliver: { from: ['in_delivery'], to: 'delivered', by: ['platform'] },
    fail_delivery: { from: ['in_delivery'], to: 'not_delivered', by: ['platform'] },
    return: { from: ['not_delivered', 'delivered'], to: 'returned', by: ['platform'] },
    claim: { from: ['delivered'], to: 'claimed', by: ['platform'] },
    request_refund: { from: ['delivered', 'claimed', 'returned'], to: 'refund_requested', by: ['platform'] },
    refund: { from: ['refund_requested'], to: 'refunded', by: ['platform'] },
  },
});
export type OrderAction = keyof typeof ORDER_MACHINE.transitions;
export const OrderAction = z.enum(Object.keys(ORDER_MACHINE.transitions) as [OrderAction, ...OrderAction[]]);

/** Wire format of date filters: YYYYMMDD followed by HHMMSS (spec 001 §9), in Moscow time. */
export const WireDateTime = z.string().regex(/^\d{8}\d{6}$/, 'Дата в формате ГГГГММДДччммсс');
export const DateRange = z.strictObject({ from: WireDateTime.optional(), to: WireDateTime.optional() });
export type DateRange = z.infer<typeof DateRange>;

export const ORDER_SORT_FIELDS = [
  'created_at',
  'cut_off_at',
  'delivery_date',
  'sum',
  'order_nr',
  'status',
] as const;
export const OrderSort = z
  .string()
  .regex(new RegExp(`^-?(${ORDER_SORT_FIELDS.join('|')})$`), 'Недопустимая сортировка')
  .default('-created_at');

export const OrderFilter = {
  ...partnerParams,
  country: Country.optional(),
  /** `unspecified` also filters the delivery date to empty (spec 000 §4). */
  status: z.array(OrderStatus).max(OrderStatus.options.length).optional(),
  /** Order number, SKU (ours or the seller's) or words of an item name. */
  fullSearch: safeString({ trim: true }).max(100).optional(),
  createdAt: DateRange.optional(),
  deliveryDate: DateRange.optional(),
};

export const OrderRow = z.strictObject({
  id: z.string(),
  orderNr: z.string(),
  createdAt: z.string(),
  cutOffAt: z.string(),
  deliveryDate: z.string().nullable(),
  sum: z.number(),
  currency: z.string(),
  itemCount: z.number().int(),
  status: OrderState,
  country: Country,
  paymentMethod: PaymentMethod,
  isOverdue: z.boolean(),
  hasDiscrepancyActs: z.boolean(),
  trackingNumbers: z.array(z.string()),
  packCount: z.number().int(),
});
export type OrderRow = z.infer<typeof OrderRow>;

export const OrderItem = z.strictObject({
  id: z.string(),
  modaSku: z.string(),
  sellerSku: z.string(),
  name: z.string(),
  basePrice: z.number(),
  totalDiscount: z.number(),
  paidPrice: z.number(),
  // An item moves through the same states as its order.
  status: OrderState,
  cancelAction: OrderCancelAction.nullable(),
  imageUrl: z.string().nullable(),
});
export type OrderItem = z.infer<typeof OrderItem>;

export const DiscrepancyAct = z.strictObject({
  id: z.string(),
  reason: z.string(),
  comment: z.string().nullable(),
  files: z.array(z.strictObject({ name: z.string(), url: z.string() })),
  createdAt: z.string(),
});

// Marketplace systems send it with an order; the card shows it back.
export const OrderDelivery = z.strictObject({
  address: safeString().max(500),
  method: safeString().max(100),
  serviceLevel: safeString().max(100),
});

export const OrderCard = OrderRow.extend({
  comment: z.string().nullable(),
  businessModel: OrderBusinessModel,
  delivery: OrderDelivery,
  payment: z.strictObject({
    productCost: z.number(),
    deliveryCost: z.number(),
    totalDiscount: z.number(),
    partnerAgreedPrice: z.number(),
    currency: z.string(),
    paymentMethod: PaymentMethod,
  }),
  items: z.array(OrderItem),
  discrepancyActs: z.array(DiscrepancyAct),
  packs: z.array(z.strictObject({ barcode: z.string(), createdAt: z.string() })),
  /** What the caller may do now (from ORDER_MACHINE): the web shows these as buttons. */
  actions: z.array(OrderAction),
});
export type OrderCard = z.infer<typeof OrderCard>;

const orderRef = { ...partnerParams, orderNr: safeString({ trim: true }).min(1).max(40) };

export const ordersList = defineMethod({
  name: 'v1.orders.list',
  params: z.strictObject({
    ...OrderFilter,
    tab: OrderListTab.default('all'),
    sort: OrderSort,
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(ORDER_LIMITS.pageSize.max).default(ORDER_LIMITS.pageSize.default),
  }),
  result: z.strictObject({
    items: z.array(OrderRow),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'The partner’s orders on a tab, filtered, sorted (`-field` descending) and paged.',
});

export const ordersCountByStatuses = defineMethod({
  name: 'v1.orders.count-by-statuses',
  params: z.strictObject(OrderFilter),
  result: z.strictObject({
    tabs: z.record(OrderListTab, z.number().int()),
    statuses: z.record(OrderState, z.number().int()),
  }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'Counts per tab (all, overdue, with discrepancy acts) and per status under the same filters.',
});

export const ordersGet = defineMethod({
  name: 'v1.orders.get',
  params: z.strictObject(orderRef),
  result: OrderCard,
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'One order with delivery, payment, items, discrepancy acts, packs and the allowed actions.',
});

export const ordersCollect = defineMethod({
  name: 'v1.orders.collect',
  params: z.strictObject(orderRef),
  result: OrderCard,
  roles: SELLER_ROLES,
  partner: true,
  mutates: true,
  description: 'The order is collected: it moves to awaiting shipment.',
});

export const ordersConfirmation = defineMethod({
  name: 'v1.orders.confirmation',
  params: z.strictObject({ ...orderRef, action: ConfirmationAction }),
  result: OrderCard,
  roles: SELLER_ROLES,
  partner: true,
  mutates: true,
  description: 'Confirm a new order, or reject it.',
});

export const ordersCancel = defineMethod({
  name: 'v1.orders.cancel',
  params: z.strictObject({ ...orderRef, action: OrderCancelAction }),
  result: OrderCard,
  roles: SELLER_ROLES,
  partner: true,
  mutates: true,
  description: 'Cancel the whole order (irreversible) with CLAIM, REJECT or CANCEL.',
});

export const ordersItemCancel = defineMethod({
  name: 'v1.orders.item-cancel',
  params: z.strictObject({
    ...orderRef,
    itemIds: z.array(DigitsId()).min(1).max(500),
    action: OrderCancelAction,
  }),
  result: OrderCard,
  roles: SELLER_ROLES,
  partner: true,
  mutates: true,
  description: 'Cancel single items (irreversible); all of them must be in the same status.',
});

const StatusLabel = z.strictObject({ value: z.string(), label: z.string() });
export const ordersStatuses = defineMethod({
  name: 'v1.orders.statuses',
  params: z.strictObject({}),
  result: z.array(StatusLabel),
  roles: READ_ROLES,
  partner: false,
  mutates: false,
  description: 'Order statuses with their Russian names (the dictionary the list filter shows).',
});
export const ordersItemStatuses = defineMethod({
  name: 'v1.orders.item-statuses',
  params: z.strictObject({}),
  result: z.array(StatusLabel),
  roles: READ_ROLES,
  partner: false,
  mutates: false,
  description: 'Item statuses with their Russian names.',
});

// --- the marketplace side: service credential only ---------------------------------------------------

export const PlatformOrderInput = z.strictObject({
  partnerId: PartnerId,
  /** Omitted: the server assigns one. */
  orderNr: safeString({ trim: true }).min(1).max(40).optional(),
  country: Country.default('RU'),
  createdAt: z.iso.datetime({ offset: true }).optional(),
  cutOffAt: z.iso.datetime({ offset: true }),
  comment: safeString({ multiline: true }).max(1000).optional(),
  delivery: OrderDelivery,
  paymentMethod: PaymentMethod,
  deliveryCost: z.number().min(0).max(ORDER_LIMITS.amountMax).default(0),
  /** Products by the seller's SKU, one entry per unit. */
  items: z
    .array(
      z.strictObject({
        sellerSku: safeString().min(1).max(50),
        paidPrice: z.number().min(0).max(ORDER_LIMITS.amountMax).optional(),
        totalDiscount: z.number().min(0).max(ORDER_LIMITS.amountMax).default(0),
      }),
    )
    .min(1)
    .max(500),
});

export const platformOrdersCreate = defineMethod({
  name: 'v1.platform.orders.create',
  params: PlatformOrderInput,
  result: z.strictObject({ orderNr: z.string(), id: z.string() }),
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'A buyer placed an order for the partner’s products (marketplace systems only).',
});

export const platformOrdersMove = defineMethod({
  name: 'v1.platform.orders.move',
  params: z.strictObject({
    orderNr: safeString().min(1).max(40),
    action: OrderAction,
    /** Only these items (the rest keep their status); all items when omitted. */
    itemIds: z.array(DigitsId()).min(1).max(500).optional(),
    deliveryDate: z.iso.datetime({ offset: true }).optional(),
  }),
  result: z.strictObject({ orderNr: z.string(), status: OrderState }),
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'Move an order (or some items) along the delivery flow; checked against ORDER_MACHINE.',
});

export const platformOrdersOpenDiscrepancyAct = defineMethod({
  name: 'v1.platform.orders.open-discrepancy-act',
  params: z.strictObject({
    orderNr: safeString().min(1).max(40),
    reason: safeString({ multiline: true }).min(1).max(500),
    comment: safeString({ multiline: true }).max(2000).optional(),
    files: z
      .array(z.strictObject({ name: safeString().max(255), url: safeString().max(2000) }))
      .max(20)
      .default([]),
  }),
  result: z.strictObject({ id: z.string() }),
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'The marketplace found a discrepancy on an order and opens an act.',
});

export const platformOrdersAddTracking = defineMethod({
  name: 'v1.platform.orders.add-tracking-number',
  params: z.strictObject({
    orderNr: safeString().min(1).max(40),
    trackingNumber: safeString().min(1).max(64),
  }),
  result: z.strictObject({ trackingNumbers: z.array(z.string()) }),
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'Attach a carrier’s tracking number to an order.',
});

export const platformProductsList = defineMethod({
  name: 'v1.platform.products.list',
  params: z.strictObject({
    partnerId: PartnerId,
    /** Products after this seller SKU (keyset paging). */
    after: safeString().max(50).optional(),
    limit: z.number().int().min(1).max(1000).default(200),
  }),
  result: z.strictObject({
    items: z.array(
      z.strictObject({
        sellerSku: z.string(),
        modaSku: z.string(),
        price: z.number().nullable(),
        quantity: z.number().int(),
      }),
    ),
  }),
  roles: 'platform',
  partner: false,
  mutates: false,
  description: 'The partner’s products buyers can order now (online, not archived), by seller SKU.',
});
