// FBS shipments from the seller's warehouse and the return boxes that bring refused goods back (spec 000 §2–§4
// FBS shipment, FBS return box; spec 001 §5 Files, §7, §8, §9). Crossdocking (FBS) partners only.
import { z } from 'zod';
import { FbsReturnBoxStatus, FbsReturnTab, FbsShipmentStatus, RejectType, type Role } from './enums';
import { defineMethod, PartnerId, partnerParams } from './rpc';
import { defineStateMachine } from './state-machine';
import { safeString } from './text';

export const FBS_LIMITS = {
  /** Spec 001 §5: shipment files are at most 5 MB. */
  fileMaxBytes: 5 * 1024 * 1024,
  /** Rows of one shipment file. */
  fileMaxRows: 5000,
  /** Packs the warehouse stacks on one pallet before it starts the next. */
  packsPerPallet: 20,
  /** Spec 001 §9 "returns {limit}": return box items per export. */
  exportMax: 50_000,
  pageSize: { max: 100, default: 20 },
  /** A return box's side, centimetres. */
  boxSide: { min: 1, max: 300 },
} as const;

export type FbsShipmentState = z.infer<typeof FbsShipmentStatus>;
export type FbsBoxState = z.infer<typeof FbsReturnBoxStatus>;
export type FbsRejectType = z.infer<typeof RejectType>;

export const FBS_SHIPMENT_STATUS_LABELS: Record<FbsShipmentState, string> = {
  new: 'Ожидает подтверждения',
  confirmed: 'Подтверждена',
  cancelled: 'Отменена',
  sent: 'Отгружена',
  rejected: 'Отклонена',
  received: 'Принята',
  closed: 'Закрыта',
  cancelPending: 'Ожидает отмены',
};
export const FBS_BOX_STATUS_LABELS: Record<FbsBoxState, string> = {
  inProgress: 'Формируется',
  accepted: 'Готов к возврату',
  loading: 'Погрузка',
  shipped: 'Отгружен',
};
export const REJECT_TYPE_LABELS: Record<FbsRejectType, string> = {
  claim: 'Претензия',
  reject: 'Отказ покупателя',
  cancel: 'Отмена',
};
/** The boxes each tab of the returns list shows (spec 000 §4). */
export const FBS_BOX_TAB_STATUSES: Record<z.infer<typeof FbsReturnTab>, readonly FbsBoxState[]> = {
  all: FbsReturnBoxStatus.options,
  readyToReturn: ['accepted', 'loading'],
  archive: ['shipped'],
};

export const FBS_SELLER_ROLES = ['partner_user', 'b2b_manager', 'support_engineer'] as const satisfies Role[];
const READ_ROLES = [...FBS_SELLER_ROLES, 'admin', 'cc_operator', 'stock_keeper'] as const satisfies Role[];

/**
 * The shipment's states (spec 000 §4) and who moves them: the seller confirms or cancels the hand-over it
 * prepares; the courier (`platform`) takes it or refuses it; the sorting centre receives and closes it, and
 * answers a cancel request for a confirmed shipment.
 */
export const FBS_SHIPMENT_MACHINE = defineStateMachine({
  name: 'fbsShipment',
  states: FbsShipmentStatus.options,
  initial: 'new',
  transitions: {
    confirm: { from: ['new'], to: 'confirmed', by: FBS_SELLER_ROLES },
    /** Nothing is planned on the marketplace's side yet: cancelled at once. */
    cancel: { from: ['new'], to: 'cancelled', by: FBS_SELLER_ROLES },
    /** The courier is planned: the marketplace must agree. */
    requestCancel: { from: ['confirmed'], to: 'cancelPending', by: FBS_SELLER_ROLES },
    confirmCancel: { from: ['cancelPending'], to: 'cancelled', by: ['platform'] },
    refuseCancel: { from: ['cancelPending'], to: 'confirmed', by: ['platform'] },
    /** The courier took the shipment (or it was dropped at the point): GOODS_OUT. */
    accept: { from: ['new', 'confirmed'], to: 'sent', by: ['platform'] },
    /** The courier refused the hand-over (not ready, damaged packaging). */
    reject: { from: ['new', 'confirmed'], to: 'rejected', by: ['platform'] },
    receive: { from: ['sent'], to: 'received', by: ['platform'] },
    close: { from: ['received'], to: 'closed', by: ['platform'] },
  },
});
export type FbsShipmentAction = keyof typeof FBS_SHIPMENT_MACHINE.transitions;
export const FbsShipmentAction = z.enum(
  Object.keys(FBS_SHIPMENT_MACHINE.transitions) as [FbsShipmentAction, ...FbsShipmentAction[]],
);
export const FbsPlatformShipmentMove = z.enum([
  'accept',
  'reject',
  'receive',
  'close',
  'confirmCancel',
  'refuseCancel',
]);
/** Shipments whose orders are still theirs: a cancelled or rejected one lets its orders join the next. */
export const FBS_HOLDING_STATUSES: readonly FbsShipmentState[] = [
  'new',
  'confirmed',
  'cancelPending',
  'sent',
  'received',
  'closed',
];

/** The return box's states (spec 000 §4): the sorting centre fills, closes, loads and ships it. */
export const FBS_BOX_MACHINE = defineStateMachine({
  name: 'fbsReturnBox',
  states: FbsReturnBoxStatus.options,
  initial: 'inProgress',
  transitions: {
    fill: { from: ['inProgress'], to: 'inProgress', by: ['platform'] },
    close: { from: ['inProgress'], to: 'accepted', by: ['platform'] },
    load: { from: ['accepted'], to: 'loading', by: ['platform'] },
    ship: { from: ['loading'], to: 'shipped', by: ['platform'] },
  },
});
export type FbsBoxAction = keyof typeof FBS_BOX_MACHINE.transitions;
export const FbsBoxMove = z.enum(['load', 'ship']);

const Day = z.iso.date({ message: 'Дата в формате ГГГГ-ММ-ДД' });

export const FbsShipmentRow = z.strictObject({
  id: z.string(),
  shipmentId: z.string(),
  /** The planned hand-over (courier arrival or drop-off time), or when it went. */
  shippedAt: z.string(),
  pallets: z.number().int(),
  packs: z.number().int(),
  items: z.number().int(),
  status: FbsShipmentStatus,
  createdAt: z.string(),
});
export type FbsShipmentRow = z.infer<typeof FbsShipmentRow>;

export const FbsPallet = z.strictObject({
  barcode: z.string(),
  /** The cargo space number of the pallet in its shipment, from 1. */
  cargoSpace: z.number().int(),
  packs: z.number().int(),
  items: z.number().int(),
});

export const FbsShipmentCard = FbsShipmentRow.extend({
  cargoSpaceNmb: z.number().int(),
  packagesNmb: z.number().int(),
  goodsNmb: z.number().int(),
  handover: z.strictObject({
    type: z.enum(['PICK_UP', 'DROP_OFF']),
    warehouseName: z.string(),
    /** Where the goods go: the base warehouse of a pick-up or the shipping point of a drop-off. */
    destination: z.string(),
  }),
  palletList: z.array(FbsPallet),
  history: z.array(
    z.strictObject({
      from: FbsShipmentStatus.nullable(),
      to: FbsShipmentStatus,
      actor: z.string(),
      at: z.string(),
    }),
  ),
  actions: z.array(FbsShipmentAction),
});
export type FbsShipmentCard = z.infer<typeof FbsShipmentCard>;

export const FbsShipmentItem = z.strictObject({
  palletBarcode: z.string(),
  packBarcode: z.string(),
  sku: z.string(),
  /** Units of this SKU in the pack. */
  unitload: z.number().int(),
  orderNr: z.string(),
  orderStatus: z.string(),
});
export type FbsShipmentItem = z.infer<typeof FbsShipmentItem>;

export const FBS_SORT_FIELDS = ['shipped_at', 'created_at', 'shipment_id', 'items', 'status'] as const;
export const FbsShipmentSort = z
  .string()
  .regex(new RegExp(`^-?(${FBS_SORT_FIELDS.join('|')})$`), 'Недопустимая сортировка')
  .default('-shipped_at');

const page = {
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(FBS_LIMITS.pageSize.max).default(FBS_LIMITS.pageSize.default),
};

export const FbsShipmentFilter = z
  .strictObject({
    ...partnerParams,
    status: z.array(FbsShipmentStatus).max(FbsShipmentStatus.options.length).optional(),
    shippedFrom: Day.optional(),
    shippedTo: Day.optional(),
    /** A shipment's number or the number of an order in it. */
    search: safeString({ trim: true }).max(40).optional(),
  })
  .refine((f) => !f.shippedFrom || !f.shippedTo || f.shippedFrom <= f.shippedTo, {
    message: 'Дата начала не может быть позже даты окончания',
    path: ['shippedTo'],
  });

export const fbsShipmentsList = defineMethod({
  name: 'v1.shipments.list',
  params: FbsShipmentFilter.safeExtend({ sort: FbsShipmentSort, ...page }),
  result: z.strictObject({
    items: z.array(FbsShipmentRow),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description:
    'The partner’s FBS shipments, filtered by status, hand-over dates and number, sorted and paged.',
});

const shipmentRef = { ...partnerParams, id: z.uuid() };

export const fbsShipmentsGet = defineMethod({
  name: 'v1.shipments.get',
  params: z.strictObject(shipmentRef),
  result: FbsShipmentCard,
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'One shipment: totals, pallets, hand-over, history and the actions the caller may take.',
});

export const fbsShipmentsItems = defineMethod({
  name: 'v1.shipments.items',
  params: z.strictObject({ ...shipmentRef, ...page }),
  result: z.strictObject({
    items: z.array(FbsShipmentItem),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'The goods of a shipment: pallet, pack, SKU, units, order and its status.',
});

export const fbsShipmentsStatuses = defineMethod({
  name: 'v1.shipments.statuses',
  params: z.strictObject({}),
  result: z.array(z.strictObject({ value: FbsShipmentStatus, label: z.string() })),
  roles: READ_ROLES,
  partner: false,
  mutates: false,
  description: 'Shipment statuses with their Russian names.',
});

const sellerMove = <const N extends string>(name: N, description: string) =>
  defineMethod({
    name,
    params: z.strictObject(shipmentRef),
    result: FbsShipmentCard,
    roles: FBS_SELLER_ROLES,
    partner: true,
    mutates: true,
    description,
  });
export const fbsShipmentsConfirm = sellerMove(
  'v1.shipments.confirm',
  'The seller confirms the shipment being formed: the courier is planned for it.',
);
export const fbsShipmentsCancel = sellerMove(
  'v1.shipments.cancel',
  'Cancel a shipment awaiting confirmation at once, or ask the marketplace to cancel a confirmed one.',
);

// --- return boxes ---------------------------------------------------------------------------------------

export const FbsReturnBoxRow = z.strictObject({
  id: z.string(),
  code: z.string(),
  status: FbsReturnBoxStatus,
  /** Centimetres, known once the box is closed. */
  length: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  shippedAt: z.string().nullable(),
  itemQuantity: z.number().int(),
});
export type FbsReturnBoxRow = z.infer<typeof FbsReturnBoxRow>;

export const FbsReturnItem = z.strictObject({
  id: z.string(),
  image: z.string().nullable(),
  sellerSku: z.string(),
  dataMatrix: z.string().nullable(),
  price: z.number(),
  itemName: z.string(),
  rejectType: RejectType,
  rejectedAt: z.string(),
  orderNr: z.string(),
});
export type FbsReturnItem = z.infer<typeof FbsReturnItem>;

export const FbsReturnFilter = {
  ...partnerParams,
  /** A box code or the number of an order in it. */
  search: safeString({ trim: true }).max(40).optional(),
};

export const fbsReturnBoxesList = defineMethod({
  name: 'v1.return-boxes.list',
  params: z.strictObject({
    ...FbsReturnFilter,
    tab: FbsReturnTab.default('all'),
    sort: z.enum(['-created_at', 'created_at', '-shipped_at', 'shipped_at']).default('-created_at'),
    ...page,
  }),
  result: z.strictObject({
    items: z.array(FbsReturnBoxRow),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'The partner’s return boxes on a tab (all, readyToReturn, archive), paged.',
});

export const fbsReturnBoxesCount = defineMethod({
  name: 'v1.return-boxes.count',
  params: z.strictObject(FbsReturnFilter),
  result: z.record(FbsReturnTab, z.number().int()),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'Return boxes per tab under the same search.',
});

export const fbsReturnBoxesGet = defineMethod({
  name: 'v1.return-boxes.get',
  params: z.strictObject({ ...partnerParams, id: z.uuid() }),
  result: FbsReturnBoxRow.extend({ items: z.array(FbsReturnItem), createdAt: z.string() }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'One return box with its items.',
});

export const fbsReturnBoxesStatuses = defineMethod({
  name: 'v1.return-boxes.statuses',
  params: z.strictObject({}),
  result: z.array(z.strictObject({ value: FbsReturnBoxStatus, label: z.string() })),
  roles: READ_ROLES,
  partner: false,
  mutates: false,
  description: 'Return box statuses with their Russian names.',
});

// --- the marketplace side: service credential only ------------------------------------------------------

export const platformFbsShipmentsList = defineMethod({
  name: 'v1.platform.shipments.list',
  params: z.strictObject({
    partnerId: PartnerId,
    status: z.array(FbsShipmentStatus).max(FbsShipmentStatus.options.length).optional(),
    limit: z.number().int().min(1).max(500).default(100),
  }),
  result: z.strictObject({
    items: z.array(FbsShipmentRow.extend({ orderNrs: z.array(z.string()) })),
  }),
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'The partner’s shipments for the courier and sorting centre (collected orders grouped first).',
});

export const platformFbsShipmentsMove = defineMethod({
  name: 'v1.platform.shipments.move',
  params: z.strictObject({ id: z.uuid(), action: FbsPlatformShipmentMove }),
  result: z.strictObject({ id: z.string(), status: FbsShipmentStatus }),
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'The courier takes or refuses a shipment, the sorting centre receives and closes it.',
});

export const BoxDimensions = z.strictObject({
  length: z.number().int().min(FBS_LIMITS.boxSide.min).max(FBS_LIMITS.boxSide.max),
  width: z.number().int().min(FBS_LIMITS.boxSide.min).max(FBS_LIMITS.boxSide.max),
  height: z.number().int().min(FBS_LIMITS.boxSide.min).max(FBS_LIMITS.boxSide.max),
});

export const platformFbsReturnBoxesFill = defineMethod({
  name: 'v1.platform.return-boxes.fill',
  params: z.strictObject({
    orderNr: safeString({ trim: true }).min(1).max(40),
    rejectType: RejectType,
    /** Data Matrix codes read from the returned units, in the order's item order. */
    dataMatrix: z.array(safeString().min(1).max(200)).max(500).optional(),
  }),
  result: z.strictObject({ boxId: z.string(), code: z.string(), itemQuantity: z.number().int() }),
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'The sorting centre puts a returned order’s items into the partner’s box being filled.',
});

export const platformFbsReturnBoxesClose = defineMethod({
  name: 'v1.platform.return-boxes.close',
  params: z.strictObject({ id: z.uuid(), dimensions: BoxDimensions }),
  result: z.strictObject({ id: z.string(), status: FbsReturnBoxStatus }),
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'The box is full and measured: ready to return to the seller.',
});

export const platformFbsReturnBoxesMove = defineMethod({
  name: 'v1.platform.return-boxes.move',
  params: z.strictObject({ id: z.uuid(), action: FbsBoxMove }),
  result: z.strictObject({ id: z.string(), status: FbsReturnBoxStatus }),
  roles: 'platform',
  partner: false,
  mutates: true,
  description:
    'Loading and shipping a ready box back to the seller (its goods return to the seller’s stock).',
});

export const platformFbsReturnBoxesList = defineMethod({
  name: 'v1.platform.return-boxes.list',
  params: z.strictObject({
    partnerId: PartnerId,
    status: z.array(FbsReturnBoxStatus).max(4).optional(),
  }),
  result: z.strictObject({ items: z.array(FbsReturnBoxRow) }),
  roles: 'platform',
  partner: false,
  mutates: false,
  description: 'The partner’s return boxes for the sorting centre.',
});

// --- the shipment file (POST /rest/api/v1/import/shipments_ac) -----------------------------------------

/** One row of a shipment file: an order and the pallet it is stacked on (rows of a pallet share a number). */
export const FbsFileRow = z.strictObject({
  orderNr: safeString({ trim: true }).min(1, 'Укажите номер заказа').max(40, 'Не длиннее 40 символов'),
  pallet: z
    .number({ message: 'Номер паллеты — целое число от 1 до 99' })
    .int('Номер паллеты — целое число от 1 до 99')
    .min(1, 'Номер паллеты — целое число от 1 до 99')
    .max(99, 'Номер паллеты — целое число от 1 до 99'),
});
export const FBS_FILE_COLUMNS = ['Номер заказа', 'Номер паллеты'] as const;

// --- the hand-over schedule -----------------------------------------------------------------------------

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const MOSCOW_MS = 3 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** What the schedule of a warehouse's delivery method says about hand-overs (spec 000 §3 Warehouse). */
export interface HandoverSchedule {
  /** Orders collected until this time on these days go with that day's hand-over. */
  orderAcceptance: { days: readonly string[]; time: string };
  /** The truck's arrival (pick-up) or the drop-off at the shipping point. */
  handover: { days: readonly string[]; time: string };
  /** The warehouse's non-working days, YYYY-MM-DD. */
  nonWorkingDays: readonly string[];
}

/**
 * The hand-over an order collected at `at` goes with: the first acceptance day from `at` on whose acceptance
 * time has not passed, then the first hand-over day from it, skipping non-working days. Null when the
 * schedule has no such day within two weeks.
 */
export function nextHandover(s: HandoverSchedule, at: Date): Date | null {
  const wall = new Date(at.getTime() + MOSCOW_MS);
  const midnight = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const dayOf = (i: number) => new Date(midnight + i * DAY_MS);
  const works = (i: number) => !s.nonWorkingDays.includes(dayOf(i).toISOString().slice(0, 10));
  const weekday = (i: number) => WEEKDAYS[dayOf(i).getUTCDay()]!;
  const nowMinutes = wall.getUTCHours() * 60 + wall.getUTCMinutes();
  for (let i = 0; i < 14; i++) {
    if (!s.orderAcceptance.days.includes(weekday(i)) || !works(i)) continue;
    if (i === 0 && nowMinutes > minutes(s.orderAcceptance.time)) continue;
    for (let j = i; j < i + 14; j++) {
      if (!s.handover.days.includes(weekday(j)) || !works(j)) continue;
      const handover = midnight + j * DAY_MS + minutes(s.handover.time) * 60_000 - MOSCOW_MS;
      // A hand-over of the acceptance day before its deadline has gone: the next one.
      if (handover <= at.getTime()) continue;
      return new Date(handover);
    }
  }
  return null;
}
