// FBO supplies to the marketplace's warehouses, their slots and acceptance (spec 000 §2–§4 FBO supply, spec 001
// §5 Files, §8, §9). Consignment partners only. The stock balances and the shipment forecast: ./fbo-stock.
import { z } from 'zod';
import { BASE_WAREHOUSES, type Category, FboSupplyLegacyStatus, FboSupplyStatus, type Role } from './enums';
import { defineMethod, PartnerId, partnerParams } from './rpc';
import { defineStateMachine } from './state-machine';
import { safeString } from './text';

export const FBO_LIMITS = {
  /** Spec 001 §5: the supply file. */
  fileMaxBytes: 5 * 1024 * 1024,
  maxUniqueSkus: 5000,
  maxItems: 10_000,
  /** Spec 001 §9: the marketplace checks the documents for up to 2 hours. */
  validationHours: 2,
  /** A slot is booked, moved or cancelled at least this long before it (Ozon's fulfilment rule). */
  slotLeadHours: 24,
  /** Warehouses publish their unloading capacity this many days ahead. */
  slotHorizonDays: 28,
  /** Unloading starts at this hour (Moscow) on the slot's day: the 24 hours count to it. */
  slotHour: 9,
  /** Supplies a warehouse unloads a day when it has published nothing for that day. */
  defaultDailyCapacity: 20,
  /** Largest capacity a warehouse may publish for a day. */
  maxDailyCapacity: 1000,
  /** One box's name in the supply file. */
  boxMaxLength: 50,
  pageSize: { max: 100, default: 20 },
} as const;

/** Spec 001 §9: from this day FBO goods without marking are not sold (docs/decisions.md "FBO"). */
export const MARKING_REQUIRED_FROM = '2025-08-01';
/**
 * Categories under mandatory marking (Честный знак) for clothes, shoes and perfume-cosmetics: a product of
 * one of them needs a Data Matrix code on each unit to be sold from an FBO warehouse.
 */
export const MARKED_CATEGORIES: readonly z.infer<typeof Category>[] = ['clothes', 'footwear', 'beauty'];
/** Whether an FBO good cannot be sold on `day` (YYYY-MM-DD) for want of marking. */
export function lacksMarking(category: string, dataMatrix: boolean, day: string): boolean {
  return (
    day >= MARKING_REQUIRED_FROM && (MARKED_CATEGORIES as readonly string[]).includes(category) && !dataMatrix
  );
}

export const FboWarehouseCode = z.enum(BASE_WAREHOUSES);
export type FboWarehouseCode = z.infer<typeof FboWarehouseCode>;
export const FBO_WAREHOUSE_NAMES: Record<FboWarehouseCode, string> = {
  Bykovo: 'Быково',
  Sofino: 'Софьино',
  Chekhov: 'Чехов',
  Novokhokhlovskaya: 'Новохохловская',
};

/** The name of a warehouse code as stored (a row's column): the code itself when it is not one of ours. */
export const fboWarehouseName = (code: string): string =>
  FBO_WAREHOUSE_NAMES[code as FboWarehouseCode] ?? code;

export type FboSupplyState = z.infer<typeof FboSupplyStatus>;
type FboSupplyStatus = FboSupplyState;
export const FBO_SUPPLY_STATUS_LABELS: Record<FboSupplyStatus, string> = {
  draft: 'Черновик',
  validation: 'Проверка документов',
  validationError: 'Ошибка проверки',
  readyForShipment: 'Готова к отгрузке',
  unloadingNeeded: 'Ожидает разгрузки',
  unloading: 'Разгрузка',
  unloaded: 'Разгружена',
  processing: 'Приёмка',
  closed: 'Принята',
  rejected: 'Отменена',
  cancelPending: 'Ожидает отмены',
  changeWarehouse: 'Смена склада',
};

/** The old status values (spec 000 §4) read as today's. */
export const FBO_LEGACY_STATUS: Record<z.infer<typeof FboSupplyLegacyStatus>, FboSupplyStatus> = {
  new: 'draft',
  confirmed: 'readyForShipment',
  cancelled: 'rejected',
  sent: 'unloadingNeeded',
  received: 'processing',
  closed: 'closed',
  cancelFailed: 'readyForShipment',
};
/** A status in today's or the old values, read as today's. */
export const AnyFboSupplyStatus = z
  .union([FboSupplyStatus, FboSupplyLegacyStatus])
  .transform((s): FboSupplyStatus =>
    (FboSupplyStatus.options as readonly string[]).includes(s)
      ? (s as FboSupplyStatus)
      : FBO_LEGACY_STATUS[s as keyof typeof FBO_LEGACY_STATUS],
  );

export const FBO_SELLER_ROLES = ['partner_user', 'b2b_manager', 'support_engineer'] as const satisfies Role[];
/** Who may read a consignment partner's FBO supplies, returns and stock: its sellers and the marketplace's staff. */
export const FBO_READ_ROLES = [
  ...FBO_SELLER_ROLES,
  'admin',
  'cc_operator',
  'stock_keeper',
] as const satisfies Role[];

/**
 * The supply's states (spec 000 §4) and who moves them: the seller prepares, sends, cancels and asks to move
 * a supply; the warehouse system (`platform`) checks documents, unloads, counts and answers the requests.
 */
export const FBO_SUPPLY_MACHINE = defineStateMachine({
  name: 'fboSupply',
  states: FboSupplyStatus.options,
  initial: 'draft',
  transitions: {
    submit: { from: ['draft'], to: 'validation', by: FBO_SELLER_ROLES },
    validate: { from: ['validation'], to: 'readyForShipment', by: ['platform'] },
    failValidation: { from: ['validation'], to: 'validationError', by: ['platform'] },
    /** Back to a draft to fix the items after the warehouse refused the documents. */
    revise: { from: ['validationError'], to: 'draft', by: FBO_SELLER_ROLES },
    arrive: { from: ['readyForShipment'], to: 'unloadingNeeded', by: ['platform'] },
    startUnloading: { from: ['unloadingNeeded'], to: 'unloading', by: ['platform'] },
    finishUnloading: { from: ['unloading'], to: 'unloaded', by: ['platform'] },
    startProcessing: { from: ['unloaded'], to: 'processing', by: ['platform'] },
    accept: { from: ['processing'], to: 'closed', by: ['platform'] },
    /** Nothing has reached the warehouse's plan yet: the seller cancels at once. */
    cancel: { from: ['draft', 'validation', 'validationError'], to: 'rejected', by: FBO_SELLER_ROLES },
    /** The warehouse has planned the supply: it must agree. */
    requestCancel: { from: ['readyForShipment'], to: 'cancelPending', by: FBO_SELLER_ROLES },
    confirmCancel: { from: ['cancelPending'], to: 'rejected', by: ['platform'] },
    refuseCancel: { from: ['cancelPending'], to: 'readyForShipment', by: ['platform'] },
    changeWarehouse: { from: ['readyForShipment'], to: 'changeWarehouse', by: FBO_SELLER_ROLES },
    confirmWarehouseChange: { from: ['changeWarehouse'], to: 'readyForShipment', by: ['platform'] },
    refuseWarehouseChange: { from: ['changeWarehouse'], to: 'readyForShipment', by: ['platform'] },
  },
});
export type FboSupplyAction = keyof typeof FBO_SUPPLY_MACHINE.transitions;
export const FboSupplyAction = z.enum(
  Object.keys(FBO_SUPPLY_MACHINE.transitions) as [FboSupplyAction, ...FboSupplyAction[]],
);
/** Moves the warehouse system makes with v1.platform.fulfilment-shipments.move (the rest have their own calls). */
export const FboPlatformMove = z.enum([
  'arrive',
  'startUnloading',
  'finishUnloading',
  'startProcessing',
  'confirmCancel',
  'refuseCancel',
  'confirmWarehouseChange',
  'refuseWarehouseChange',
]);
/** Supplies whose slot is still ahead: they hold the warehouse's capacity for their day. */
export const SLOT_HOLDING_STATUSES: readonly FboSupplyStatus[] = [
  'draft',
  'validation',
  'validationError',
  'readyForShipment',
  'cancelPending',
  'changeWarehouse',
  'unloadingNeeded',
];
/** Supplies on their way to the warehouse: their items are «в пути» on the stock screen. */
export const IN_TRANSIT_STATUSES: readonly FboSupplyStatus[] = [
  'readyForShipment',
  'cancelPending',
  'changeWarehouse',
  'unloadingNeeded',
  'unloading',
  'unloaded',
  'processing',
];

/** Messages of the supply file's rows (spec 001 §8 "Supplies, returns, orders, labels"). */
export const FBO_ROW_ERRORS = {
  skuNotFound: 'Артикул продавца не существует',
  blank: 'Значение не заполнено',
  notANumber: 'Значение должно быть числом',
  notUnique: 'Артикул продавца не уникален',
  atLeastOne: 'Значение должно быть не меньше 1',
  integer: 'Допускаются только целые числа',
  tooManySkus: `В поставке не больше ${FBO_LIMITS.maxUniqueSkus} уникальных артикулов`,
  tooManyItems: `В поставке не больше ${FBO_LIMITS.maxItems} единиц товара`,
  boxTooLong: `Номер короба — не более ${FBO_LIMITS.boxMaxLength} символов`,
} as const;

/** The supply file's columns, as the template names them. */
export const FBO_SUPPLY_COLUMNS = {
  sellerSku: 'Артикул продавца',
  quantity: 'Количество',
  box: 'Короб',
} as const;

const Day = z.iso.date({ message: 'Дата в формате ГГГГ-ММ-ДД' });
const SupplyId = z.string().uuid();
const Sku = safeString({ trim: true }).min(1).max(50);
const Quantity = z
  .number()
  .int()
  .min(1, FBO_ROW_ERRORS.atLeastOne)
  .max(FBO_LIMITS.maxItems, FBO_ROW_ERRORS.tooManyItems);

/** Items of a draft: the file's or the forecast's lines, with the 5,000 SKU / 10,000 items limits. */
export const FboDraftItems = z
  .array(z.strictObject({ sellerSku: Sku, quantity: Quantity }))
  .min(1, 'Добавьте хотя бы один товар')
  .max(FBO_LIMITS.maxUniqueSkus, FBO_ROW_ERRORS.tooManySkus)
  .superRefine((items, c) => {
    const seen = new Set<string>();
    items.forEach((it, i) => {
      if (seen.has(it.sellerSku))
        c.addIssue({ code: 'custom', path: [i, 'sellerSku'], message: FBO_ROW_ERRORS.notUnique });
      seen.add(it.sellerSku);
    });
    if (items.reduce((s, it) => s + it.quantity, 0) > FBO_LIMITS.maxItems)
      c.addIssue({ code: 'custom', path: [], message: FBO_ROW_ERRORS.tooManyItems });
  });

export const FboSupplyRow = z.strictObject({
  id: z.string(),
  number: z.string(),
  warehouseCode: FboWarehouseCode,
  warehouseName: z.string(),
  plannedDate: z.string().nullable(),
  createdAt: z.string(),
  itemsQuantity: z.number().int(),
  skuCount: z.number().int(),
  priceSum: z.number(),
  status: FboSupplyStatus,
  fileId: z.string().nullable(),
  fileName: z.string().nullable(),
});
export type FboSupplyRow = z.infer<typeof FboSupplyRow>;

export const FboSupplyItem = z.strictObject({
  sellerSku: z.string(),
  modaSku: z.string(),
  ean: z.string().nullable(),
  title: z.string(),
  price: z.number(),
  declared: z.number().int(),
  received: z.number().int().nullable(),
  surplus: z.number().int().nullable(),
  missing: z.number().int().nullable(),
  damaged: z.number().int().nullable(),
  /** Not sellable from an FBO warehouse for want of marking (MARKING_REQUIRED_FROM). */
  lacksMarking: z.boolean(),
});
export type FboSupplyItem = z.infer<typeof FboSupplyItem>;

export const FboDisputeStatus = z.enum(['open', 'accepted', 'refused']);
export const FBO_DISPUTE_LABELS: Record<z.infer<typeof FboDisputeStatus>, string> = {
  open: 'На рассмотрении',
  accepted: 'Принят складом',
  refused: 'Отклонён складом',
};
export const FboBox = z.strictObject({
  box: z.string(),
  declared: z.number().int(),
  received: z.number().int().nullable(),
  items: z.array(
    z.strictObject({
      sellerSku: z.string(),
      declared: z.number().int(),
      received: z.number().int().nullable(),
    }),
  ),
  dispute: z
    .strictObject({
      id: z.string(),
      status: FboDisputeStatus,
      comment: z.string().nullable(),
      answer: z.string().nullable(),
      createdAt: z.string(),
    })
    .nullable(),
});

export const FboSupplyTotals = z.strictObject({
  goodsDeclared: z.number().int(),
  goodsReceived: z.number().int().nullable(),
  totalDefective: z.number().int().nullable(),
  totalShortages: z.number().int().nullable(),
  totalSurplus: z.number().int().nullable(),
  unknownSurplus: z.number().int().nullable(),
  totalCost: z.number(),
});

export const FboSupplyEvent = z.strictObject({
  from: FboSupplyStatus.nullable(),
  to: FboSupplyStatus,
  actor: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
});

export const FboSupplyCard = FboSupplyRow.extend({
  uploader: z.string().nullable(),
  validationErrors: z.array(z.string()),
  /** A move to another warehouse waiting for the warehouse's answer. */
  requestedWarehouse: FboWarehouseCode.nullable(),
  requestedDate: z.string().nullable(),
  hasAcceptanceReport: z.boolean(),
  totals: FboSupplyTotals,
  history: z.array(FboSupplyEvent),
  boxes: z.array(FboBox),
  waitlist: z.strictObject({ warehouseCode: FboWarehouseCode, date: z.string() }).nullable(),
  actions: z.array(FboSupplyAction),
});
export type FboSupplyCard = z.infer<typeof FboSupplyCard>;

export const FBO_SORT_FIELDS = [
  'created_at',
  'planned_date',
  'number',
  'items',
  'price_sum',
  'status',
] as const;
export const FboSupplySort = z
  .string()
  .regex(new RegExp(`^-?(${FBO_SORT_FIELDS.join('|')})$`), 'Недопустимая сортировка')
  .default('-created_at');

export const FboSupplyFilter = {
  ...partnerParams,
  status: z.array(AnyFboSupplyStatus).max(30).optional(),
  warehouseCode: z.array(FboWarehouseCode).max(4).optional(),
  plannedFrom: Day.optional(),
  plannedTo: Day.optional(),
  createdFrom: Day.optional(),
  createdTo: Day.optional(),
  /** The supply's number or a seller SKU it holds. */
  search: safeString({ trim: true }).max(100).optional(),
};

const supplyRef = { ...partnerParams, id: SupplyId };

export const fboSuppliesList = defineMethod({
  name: 'v1.fulfilment-shipments.list',
  params: z.strictObject({
    ...FboSupplyFilter,
    sort: FboSupplySort,
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(FBO_LIMITS.pageSize.max).default(FBO_LIMITS.pageSize.default),
  }),
  result: z.strictObject({ items: z.array(FboSupplyRow), total: z.number().int() }),
  roles: FBO_READ_ROLES,
  partner: true,
  mutates: false,
  description:
    'The partner’s FBO supplies, filtered by status, warehouse and dates, searched, sorted, paged.',
});

export const fboSuppliesGet = defineMethod({
  name: 'v1.fulfilment-shipments.get',
  params: z.strictObject(supplyRef),
  result: FboSupplyCard,
  roles: FBO_READ_ROLES,
  partner: true,
  mutates: false,
  description: 'One supply: details, totals, status history, boxes and the actions the caller may take.',
});

export const fboSuppliesItems = defineMethod({
  name: 'v1.fulfilment-shipments.items',
  params: z.strictObject({
    ...supplyRef,
    search: safeString({ trim: true }).max(50).optional(),
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(FBO_LIMITS.pageSize.max).default(50),
  }),
  result: z.strictObject({ items: z.array(FboSupplyItem), total: z.number().int() }),
  roles: FBO_READ_ROLES,
  partner: true,
  mutates: false,
  description: 'The items of a supply with what was declared and what the warehouse counted.',
});

export const fboSuppliesStatuses = defineMethod({
  name: 'v1.fulfilment-shipments.statuses',
  params: z.strictObject({}),
  result: z.array(z.strictObject({ value: FboSupplyStatus, label: z.string() })),
  roles: FBO_READ_ROLES,
  partner: false,
  mutates: false,
  description: 'Supply statuses with their Russian names.',
});

export const FboSlotDay = z.strictObject({
  date: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  /** At least 24 hours ahead and within the 28 published days. */
  bookable: z.boolean(),
  waitlist: z.number().int(),
});
export const fboSlots = defineMethod({
  name: 'v1.fulfilment-shipments.slots',
  params: z.strictObject({ ...partnerParams, warehouseCode: FboWarehouseCode }),
  result: z.strictObject({ warehouseCode: FboWarehouseCode, days: z.array(FboSlotDay) }),
  roles: FBO_READ_ROLES,
  partner: true,
  mutates: false,
  description: 'The warehouse’s unloading capacity per day for the next 28 days, with what is booked.',
});

const slot = { warehouseCode: FboWarehouseCode, plannedDate: Day };

export const fboSuppliesCreate = defineMethod({
  name: 'v1.fulfilment-shipments.create',
  params: z.strictObject({ ...partnerParams, ...slot, fileId: z.string().uuid() }),
  result: FboSupplyCard,
  roles: FBO_SELLER_ROLES,
  partner: true,
  mutates: true,
  description: 'A draft supply from a checked supply file, at a warehouse, with its arrival slot booked.',
});

export const fboSuppliesCreateDraft = defineMethod({
  name: 'v1.fulfilment-shipments.create-draft',
  params: z.strictObject({
    ...partnerParams,
    warehouseCode: FboWarehouseCode,
    plannedDate: Day.optional(),
    items: FboDraftItems,
  }),
  result: FboSupplyCard,
  roles: FBO_SELLER_ROLES,
  partner: true,
  mutates: true,
  description: 'A draft supply from chosen lines (the forecast’s), quantities as given; the slot may follow.',
});

const supplyMove = <const N extends string, E extends z.ZodRawShape>(
  name: N,
  extra: E,
  description: string,
) =>
  defineMethod({
    name,
    params: z.strictObject({ ...supplyRef, ...extra }),
    result: FboSupplyCard,
    roles: FBO_SELLER_ROLES,
    partner: true,
    mutates: true,
    description,
  });

export const fboSuppliesSubmit = supplyMove(
  'v1.fulfilment-shipments.submit',
  {},
  'Send a draft with its slot booked to the marketplace’s document check (validation).',
);
export const fboSuppliesRevise = supplyMove(
  'v1.fulfilment-shipments.revise',
  {},
  'Take a supply refused by the document check back to a draft.',
);
export const fboSuppliesBookSlot = supplyMove(
  'v1.fulfilment-shipments.book-slot',
  { plannedDate: Day },
  'Book or move the arrival slot (at least 24 hours ahead of both the old and the new slot).',
);
export const fboSuppliesCancel = supplyMove(
  'v1.fulfilment-shipments.cancel',
  {},
  'Cancel a supply: at once before the warehouse plans it, else a request the warehouse answers.',
);
export const fboSuppliesChangeWarehouse = supplyMove(
  'v1.fulfilment-shipments.change-warehouse',
  slot,
  'Ask to move a supply to another warehouse and slot (a draft moves at once).',
);
export const fboSuppliesSetItems = supplyMove(
  'v1.fulfilment-shipments.set-items',
  { items: FboDraftItems },
  'Replace the items of a draft (quantities edited on the card).',
);
export const fboSuppliesWaitlistJoin = supplyMove(
  'v1.fulfilment-shipments.waitlist.join',
  slot,
  'Wait for a full day at a warehouse: the slot is booked by itself the moment capacity frees.',
);
export const fboSuppliesWaitlistLeave = supplyMove(
  'v1.fulfilment-shipments.waitlist.leave',
  {},
  'Stop waiting for a slot.',
);
export const fboSuppliesDispute = supplyMove(
  'v1.fulfilment-shipments.dispute',
  {
    box: safeString({ trim: true }).min(1).max(FBO_LIMITS.boxMaxLength),
    comment: safeString({ trim: true, multiline: true }).max(1000).optional(),
  },
  'Dispute the shortage of one box of an accepted supply; the warehouse accepts or refuses it.',
);

// --- the marketplace's warehouse side: service credential only -----------------------------------------

const platformRef = { id: SupplyId };
const PlatformSupplyResult = z.strictObject({
  id: z.string(),
  partnerId: PartnerId,
  status: FboSupplyStatus,
});

export const platformFboList = defineMethod({
  name: 'v1.platform.fulfilment-shipments.list',
  params: z.strictObject({
    status: z.array(AnyFboSupplyStatus).min(1).max(30),
    warehouseCode: FboWarehouseCode.optional(),
    /** Only supplies with a box dispute waiting for the warehouse's answer. */
    openDisputes: z.boolean().optional(),
    limit: z.number().int().min(1).max(500).default(100),
  }),
  result: z.strictObject({
    items: z.array(
      z.strictObject({
        id: z.string(),
        partnerId: PartnerId,
        number: z.string(),
        status: FboSupplyStatus,
        warehouseCode: FboWarehouseCode,
        plannedDate: z.string().nullable(),
        requestedWarehouse: FboWarehouseCode.nullable(),
        items: z.array(
          z.strictObject({ sellerSku: z.string(), box: z.string().nullable(), declared: z.number().int() }),
        ),
        openDisputes: z.array(z.strictObject({ id: z.string(), box: z.string() })),
      }),
    ),
  }),
  roles: 'platform',
  partner: false,
  mutates: false,
  description: 'Supplies of every partner in some states, oldest first: the warehouse system’s work queue.',
});

export const platformFboValidate = defineMethod({
  name: 'v1.platform.fulfilment-shipments.validate',
  params: z
    .strictObject({
      ...platformRef,
      ok: z.boolean(),
      /** Why the documents were refused: required when `ok` is false. */
      reasons: z
        .array(safeString({ trim: true }).min(1).max(500))
        .max(50)
        .optional(),
    })
    .refine((p) => p.ok || (p.reasons?.length ?? 0) > 0, {
      path: ['reasons'],
      message: 'Укажите, почему документы не прошли проверку',
    }),
  result: PlatformSupplyResult,
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'The document check’s answer: ready for shipment, or validationError with the reasons.',
});

export const platformFboMove = defineMethod({
  name: 'v1.platform.fulfilment-shipments.move',
  params: z.strictObject({ ...platformRef, action: FboPlatformMove }),
  result: PlatformSupplyResult,
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'Arrival, unloading, counting, and the answers to cancel and warehouse-change requests.',
});

const Count = z
  .number()
  .int()
  .min(0)
  .max(FBO_LIMITS.maxItems * 10);
export const platformFboReport = defineMethod({
  name: 'v1.platform.fulfilment-shipments.report',
  params: z.strictObject({
    ...platformRef,
    /** What was counted per item and box (box null: the supply had no boxes). */
    items: z
      .array(
        z.strictObject({
          sellerSku: Sku,
          box: safeString({ trim: true }).max(FBO_LIMITS.boxMaxLength).nullable().default(null),
          received: Count,
          surplus: Count.default(0),
          missing: Count.default(0),
          damaged: Count.default(0),
        }),
      )
      .max(FBO_LIMITS.maxItems),
    /** Goods that arrived but match nothing the seller declared. */
    unknownSurplus: Count.default(0),
  }),
  result: PlatformSupplyResult,
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'The acceptance report: what was received per item and box; the supply closes (accepted).',
});

export const platformFboResolveDispute = defineMethod({
  name: 'v1.platform.fulfilment-shipments.resolve-dispute',
  params: z.strictObject({
    disputeId: z.string().uuid(),
    accepted: z.boolean(),
    /** Accepted: the units found after all, added to what was received. */
    found: Count.default(0),
    answer: safeString({ trim: true, multiline: true }).max(1000).optional(),
  }),
  result: PlatformSupplyResult,
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'The warehouse’s answer to a disputed box; an accepted dispute corrects the totals.',
});

export const platformFboCapacity = defineMethod({
  name: 'v1.platform.fulfilment-warehouses.capacity.set',
  params: z.strictObject({
    warehouseCode: FboWarehouseCode,
    days: z
      .array(
        z.strictObject({
          date: Day,
          capacity: z.number().int().min(0).max(FBO_LIMITS.maxDailyCapacity),
        }),
      )
      .min(1)
      .max(FBO_LIMITS.slotHorizonDays + 1),
  }),
  result: z.strictObject({ booked: z.array(z.strictObject({ id: z.string(), date: z.string() })) }),
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'Publish a warehouse’s unloading capacity per day; freed capacity books waiting supplies.',
});
