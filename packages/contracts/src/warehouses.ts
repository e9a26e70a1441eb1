// Warehouses of FBS sellers (spec 000 §2–§4 "Warehouse", spec 001 §5 "Warehouses"): fields, the state
// machine, limits and the methods. Only marketplace_crossdocking partners have them.
import { z } from 'zod';
import {
  Role,
  BASE_WAREHOUSES,
  DeliveryMethodType,
  METHOD_VERSION,
  NoticeTiming,
  WarehouseEvent,
  WarehouseStatus,
} from './enums';
import { defineMethod, partnerParams, PartnerId } from './rpc';
import { defineStateMachine } from './state-machine';
import { VALIDATION, fill } from './messages';
import { Phone10, safeString } from './text';

export const WAREHOUSE_LIMITS = {
  expectedVolume: { min: 1, max: 110 },
  name: { min: 2, max: 100 },
  comment: { max: 500 },
  nonWorkingDays: { max: 60 },
  loadingMinutes: { min: 10, max: 480 },
  arrivalIntervalHours: { min: 1, max: 4 },
  /** Non-working days cannot be today, tomorrow or the day after (Moscow time). */
  nonWorkingDaysNotBefore: 3,
} as const;

/** Regions where the marketplace's own transport collects goods (PICK_UP). */
export const PLATFORM_TRANSPORT_REGIONS = ['Москва', 'Московская область'] as const;
export const WAREHOUSE_ROLES = ['partner_user', 'b2b_manager', 'support_engineer'] as const;
export const WAREHOUSE_REVIEW_ROLES = ['support_engineer', 'admin'] as const;

export const Weekday = z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
export type Weekday = z.infer<typeof Weekday>;

/** HH:MM from 00:00 to 23:59 (spec 001 §5 time-slot helpers), picked in 60-minute steps. */
export const TimeOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: VALIDATION.invalidTime, abort: true })
  .refine((t) => t.endsWith(':00'), 'Время выбирается с шагом 60 минут');
/** The end of a time range may also be 24:00 (spec 001 §9: the range ends at 24:00). */
export const TimeRangeEnd = z.union([z.literal('24:00'), TimeOfDay]);

const text = (min: number, max: number, multiline = false) =>
  safeString({ trim: true, multiline })
    .min(1, VALIDATION.required)
    .min(min, fill(VALIDATION.minLength, { from: min }))
    .max(max, fill(VALIDATION.maxLength, { to: max }));

export const WarehouseAddress = z.strictObject({
  index: safeString({ trim: true }).regex(/^\d{6}$/, fill(VALIDATION.exactDigits, { number: 6 })),
  region: text(2, 100),
  locality: text(2, 100),
  street: text(2, 150),
  house: text(1, 20),
});

export const Schedule = z.strictObject({
  days: z.array(Weekday).min(1, 'Выберите хотя бы один день').max(7),
  time: TimeOfDay,
});
export type Schedule = z.infer<typeof Schedule>;

export const BaseWarehouseCode = z.enum(BASE_WAREHOUSES);

const methodVersion = z.literal(METHOD_VERSION).default(METHOD_VERSION);

export const PickUpDelivery = z.strictObject({
  type: z.literal('PICK_UP'),
  version: methodVersion,
  /** Orders accepted until this time on these days ship the same day. */
  orderAcceptance: Schedule,
  truckArrival: Schedule,
  arrivalIntervalHours: z
    .number()
    .int()
    .min(WAREHOUSE_LIMITS.arrivalIntervalHours.min)
    .max(WAREHOUSE_LIMITS.arrivalIntervalHours.max),
  expectedVolume: z
    .number()
    .min(WAREHOUSE_LIMITS.expectedVolume.min)
    .max(WAREHOUSE_LIMITS.expectedVolume.max),
  loadingMinutes: z
    .number()
    .int()
    .min(WAREHOUSE_LIMITS.loadingMinutes.min)
    .max(WAREHOUSE_LIMITS.loadingMinutes.max),
  noticeTiming: NoticeTiming,
  /**
   * The marketplace warehouse the truck takes the orders to (spec 000 §3 "base warehouse address"): its
   * address is printed on the labels, as the shipping point's is for drop-off.
   */
  baseWarehouse: BaseWarehouseCode,
});
export const DropOffDelivery = z.strictObject({
  type: z.literal('DROP_OFF'),
  version: methodVersion,
  orderAcceptance: Schedule,
  /** When the seller brings the goods to the shipping point. */
  shipment: Schedule,
  shippingPoint: BaseWarehouseCode,
  expectedVolume: z
    .number()
    .min(WAREHOUSE_LIMITS.expectedVolume.min)
    .max(WAREHOUSE_LIMITS.expectedVolume.max),
  noticeTiming: NoticeTiming,
});
export const DeliveryMethod = z.discriminatedUnion('type', [PickUpDelivery, DropOffDelivery]);
export type DeliveryMethod = z.infer<typeof DeliveryMethod>;
/**
 * A delivery method as stored: pick-up methods saved before the base warehouse was asked for have none until
 * the form is saved again (their labels say it is missing).
 */
export const StoredDeliveryMethod = z.discriminatedUnion('type', [
  PickUpDelivery.extend({ baseWarehouse: BaseWarehouseCode.optional() }),
  DropOffDelivery,
]);

export const PickUpReturn = z.strictObject({
  type: z.literal('PICK_UP'),
  version: methodVersion,
  schedule: Schedule,
});
export const DropOffReturn = z.strictObject({
  type: z.literal('DROP_OFF'),
  version: methodVersion,
  schedule: Schedule,
  pickupPoint: BaseWarehouseCode,
});
export const ReturnMethod = z.discriminatedUnion('type', [PickUpReturn, DropOffReturn]);
export type ReturnMethod = z.infer<typeof ReturnMethod>;

export const WarehouseGeneral = z.strictObject({
  name: text(WAREHOUSE_LIMITS.name.min, WAREHOUSE_LIMITS.name.max),
  address: WarehouseAddress,
  /** 10 digits, without +7 or 8. */
  phone: Phone10,
  nonWorkingDays: z.array(z.iso.date()).max(WAREHOUSE_LIMITS.nonWorkingDays.max).default([]),
  comment: safeString({ trim: true, multiline: true }).max(WAREHOUSE_LIMITS.comment.max).default(''),
});
export type WarehouseGeneral = z.infer<typeof WarehouseGeneral>;

/** A draft may stop after any step; only the name is needed to keep it. */
export const WarehouseDraftGeneral = WarehouseGeneral.partial().extend({ name: WarehouseGeneral.shape.name });

export const WarehouseStateMachine = defineStateMachine({
  name: 'warehouse',
  states: WarehouseStatus.options,
  initial: 'draft',
  transitions: {
    /** A finished form with platform pick-up waits for support to approve the truck arrival time. */
    submitForApproval: {
      from: ['draft'],
      to: 'action_required',
      by: ['partner_user', 'b2b_manager', 'support_engineer'],
    },
    /** A finished form with drop-off needs no approval. */
    submitReady: { from: ['draft'], to: 'inactive', by: ['partner_user', 'b2b_manager', 'support_engineer'] },
    approve: { from: ['action_required'], to: 'inactive', by: ['support_engineer', 'admin'] },
    sendBack: { from: ['action_required'], to: 'draft', by: ['support_engineer', 'admin'] },
    activate: { from: ['inactive'], to: 'active', by: ['partner_user', 'b2b_manager', 'support_engineer'] },
    deactivate: { from: ['active'], to: 'inactive', by: ['partner_user', 'b2b_manager', 'support_engineer'] },
  },
});
export type WarehouseAction = keyof typeof WarehouseStateMachine.transitions;
/** Which list tab a status belongs to: a warehouse in progress is found under Неактивные (spec 000 §4). */
export const WAREHOUSE_TAB_OF_STATUS = {
  active: 'active',
  inactive: 'inactive',
  draft: 'inactive',
  action_required: 'inactive',
} as const;
export const WarehouseTab = z.enum(['all', 'active', 'inactive']);

export const Warehouse = z.strictObject({
  id: z.string().uuid(),
  partnerId: z.number().int(),
  status: WarehouseStatus,
  general: WarehouseDraftGeneral,
  deliveryMethod: StoredDeliveryMethod.nullable(),
  returnMethod: ReturnMethod.nullable(),
  /** Why support sent it back, shown until the seller edits it. */
  reviewComment: z.string().nullable(),
  /** Different delivery and return schedules double the logistics cost. */
  warnings: z.array(z.enum(['doubleLogisticsCost'])),
  /** Schedule changes take effect from this moment (about 24 hours after the change). */
  scheduleEffectiveFrom: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Warehouse = z.infer<typeof Warehouse>;

export const WarehouseEventRecord = z.strictObject({
  id: z.string(),
  event: WarehouseEvent,
  occurredAt: z.string(),
  orderNr: z.string().nullable(),
});
export const WarehouseDetails = Warehouse.extend({ events: z.array(WarehouseEventRecord) });

const idParams = { ...partnerParams, id: z.string().uuid() };
const W = { roles: WAREHOUSE_ROLES, partner: true } as const;

export const WarehousesListResult = z.strictObject({
  items: z.array(Warehouse),
  counts: z.strictObject({ all: z.number().int(), active: z.number().int(), inactive: z.number().int() }),
});

export const warehousesList = defineMethod({
  name: 'v1.warehouses.list',
  params: z.strictObject({ ...partnerParams, tab: WarehouseTab.default('all') }),
  result: WarehousesListResult,
  ...W,
  mutates: false,
  description: 'The partner’s warehouses on a tab (all, active, inactive) with the count of each tab.',
});
export const warehousesDetails = defineMethod({
  name: 'v1.warehouses.details',
  params: z.strictObject(idParams),
  result: WarehouseDetails,
  ...W,
  mutates: false,
  description: 'One warehouse with its delivery and return methods and recorded events.',
});

export const WarehouseSaveResult = z.strictObject({
  warehouse: Warehouse,
  outcome: z.enum(['added', 'addedAndActivated', 'savedAsDraft', 'changesApplied']),
  /** The warehouse that was active before, when this one took its place. */
  deactivatedId: z.string().nullable(),
});
export const WarehousesCreateParams = z.strictObject({
  ...partnerParams,
  general: WarehouseDraftGeneral,
  deliveryMethod: DeliveryMethod.optional(),
  returnMethod: ReturnMethod.optional(),
  /** Keep an unfinished form as a draft. */
  draft: z.boolean().default(false),
  /** Activate at once when no approval is needed (drop-off), replacing the active warehouse. */
  activate: z.boolean().default(false),
});
export const warehousesCreate = defineMethod({
  name: 'v1.warehouses.create',
  params: WarehousesCreateParams,
  result: WarehouseSaveResult,
  ...W,
  mutates: true,
  description: 'Create a warehouse from the 3-step form; ends as added, added and activated, or a draft.',
});
export const warehousesEdit = defineMethod({
  name: 'v1.warehouses.edit',
  params: WarehousesCreateParams.omit({ activate: true }).extend({ id: z.string().uuid() }),
  result: WarehouseSaveResult,
  ...W,
  mutates: true,
  description: 'Edit a warehouse. Its delivery or return method type can be changed only through support.',
});
const transition = <const N extends string>(
  name: N,
  description: string,
  roles: readonly ('partner_user' | 'b2b_manager' | 'support_engineer' | 'admin')[] = WAREHOUSE_ROLES,
) =>
  defineMethod({
    name,
    params: z.strictObject(idParams),
    result: z.strictObject({ warehouse: Warehouse, deactivatedId: z.string().nullable() }),
    roles,
    partner: true,
    mutates: true,
    description,
  });
export const warehousesActivate = transition(
  'v1.warehouses.activate',
  'Activate a warehouse; the active one, if any, becomes inactive in the same transaction.',
);
export const warehousesDeactivate = transition(
  'v1.warehouses.deactivate',
  'Deactivate the active warehouse.',
);
export const warehousesApprove = transition(
  'v1.warehouses.approve',
  'Support approves the shipment schedule of a warehouse awaiting approval.',
  WAREHOUSE_REVIEW_ROLES,
);
export const warehousesSendBack = defineMethod({
  name: 'v1.warehouses.send-back',
  params: z.strictObject({ ...idParams, comment: text(5, 500, true) }),
  result: z.strictObject({ warehouse: Warehouse, deactivatedId: z.string().nullable() }),
  roles: WAREHOUSE_REVIEW_ROLES,
  partner: true,
  mutates: true,
  description: 'Support sends a warehouse back to the seller with a comment on what to change.',
});
export const warehousesDelete = defineMethod({
  name: 'v1.warehouses.delete',
  params: z.strictObject(idParams),
  result: z.strictObject({ ok: z.literal(true) }),
  ...W,
  mutates: true,
  description: 'Delete a warehouse that is not active.',
});

const methodParams = <T extends z.ZodType>(method: T) =>
  z.strictObject({ ...partnerParams, warehouseId: z.string().uuid(), method });
export const warehousesDeliveryMethodCreate = defineMethod({
  name: 'v1.warehouses.delivery-method.create',
  params: methodParams(DeliveryMethod),
  result: Warehouse,
  ...W,
  mutates: true,
  description: 'Set the delivery method (pick-up or drop-off) of a draft warehouse.',
});
export const warehousesDeliveryMethodEdit = defineMethod({
  name: 'v1.warehouses.delivery-method.edit',
  params: methodParams(DeliveryMethod),
  result: Warehouse,
  ...W,
  mutates: true,
  description: 'Change the schedule of the delivery method; its type changes only through support.',
});
export const warehousesReturnMethodCreate = defineMethod({
  name: 'v1.warehouses.return-method.create',
  params: methodParams(ReturnMethod),
  result: Warehouse,
  ...W,
  mutates: true,
  description: 'Set the return method (pick-up or drop-off) of a draft warehouse.',
});
export const warehousesReturnMethodEdit = defineMethod({
  name: 'v1.warehouses.return-method.edit',
  params: methodParams(ReturnMethod),
  result: Warehouse,
  ...W,
  mutates: true,
  description: 'Change the schedule of the return method; its type changes only through support.',
});

export const BaseWarehouse = z.strictObject({
  code: BaseWarehouseCode,
  name: z.string(),
  address: z.string(),
});
export const warehousesBaseList = defineMethod({
  name: 'v1.warehouses.base-warehouses.list',
  params: z.strictObject({}),
  result: z.strictObject({ items: z.array(BaseWarehouse) }),
  roles: Role.options,
  partner: false,
  mutates: false,
  description: 'The marketplace warehouses that take drop-offs and hand out returns.',
});
export const fulfilmentWarehousesList = defineMethod({
  name: 'v1.fulfilment-warehouses.list',
  params: z.strictObject({ seller_id: PartnerId }),
  result: z.strictObject({ items: z.array(BaseWarehouse) }),
  roles: Role.options,
  partner: false,
  mutates: false,
  description: 'Fulfilment (FBO) warehouses a seller may supply to.',
});

export const DeliveryProfile = z.strictObject({
  configured: z.boolean(),
  allowedDeliveryMethods: z.array(DeliveryMethodType),
  managerName: z.string().nullable(),
  managerEmail: z.string().nullable(),
});
export const warehousesDeliveryProfiles = defineMethod({
  name: 'v1.warehouses.delivery-profiles.get',
  params: z.strictObject(partnerParams),
  result: DeliveryProfile,
  ...W,
  mutates: false,
  description: 'Whether the partner’s delivery profile is configured, and which methods it allows.',
});

export const warehousesEventsRecord = defineMethod({
  name: 'v1.warehouses.events.record',
  params: z.strictObject({ ...idParams, event: WarehouseEvent, orderNr: safeString().max(50).optional() }),
  result: WarehouseEventRecord,
  roles: ['partner_user', 'b2b_manager', 'support_engineer', 'stock_keeper'],
  partner: true,
  mutates: true,
  description: 'Record ORDER_PACKED or GOODS_OUT at the active warehouse.',
});

export const WarehouseReviewItem = z.strictObject({ warehouse: Warehouse, shopName: z.string() });
export const warehousesReviewList = defineMethod({
  name: 'v1.warehouses.review.list',
  params: z.strictObject({}),
  result: z.strictObject({ items: z.array(WarehouseReviewItem) }),
  roles: WAREHOUSE_REVIEW_ROLES,
  partner: false,
  mutates: false,
  description: 'Warehouses of every partner awaiting support’s approval, oldest first.',
});
