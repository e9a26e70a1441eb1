// FBO returns: the seller takes goods back from the marketplace's warehouse (spec 000 §2–§4 FBO return,
// spec 001 §5 Supplier returns and Files, §7 supplier fulfilment returns, §8, §9). Consignment partners only.
import { z } from 'zod';
import { FboReturnStatus } from './enums';
import { FBO_READ_ROLES, FBO_SELLER_ROLES, FboWarehouseCode } from './fbo';
import { defineMethod, PartnerId, partnerParams } from './rpc';
import { defineStateMachine } from './state-machine';
import { safeString } from './text';

export const FBO_RETURN_LIMITS = {
  /** Spec 001 §5 Files: returns files are at most 5 MB. */
  fileMaxBytes: 5 * 1024 * 1024,
  maxSkus: 1000,
  maxQuantity: 100_000,
  /** Spec 001 §9: the slot step is 60 minutes and the range ends at 24:00. */
  slotStepHours: 1,
  maxSlots: 50,
  pageSize: { max: 100, default: 20 },
} as const;

export type FboReturnState = z.infer<typeof FboReturnStatus>;

/** Spec 000 §4, in the words the seller reads. */
export const FBO_RETURN_STATUS_LABELS: Record<FboReturnState, string> = {
  new: 'Создан',
  initial: 'Создан',
  confirmed: 'На подтверждении',
  sent: 'Подтверждён',
  exported: 'На сборке',
  ok: 'Отгружен',
  exportedFail: 'Ошибка складской системы',
  errorSending: 'Отклонён',
  outOfStock: 'Нет в наличии',
  cancelFailed: 'Отмена не удалась',
  cancelled: 'Отменён',
};

/**
 * The return's states (spec 000 §4) and who moves them. The seller creates a return (new; `initial` is the
 * same state written by older clients) and confirms it with the Confirm button; the warehouse system
 * reserves the goods (sent) or rejects the return (errorSending, outOfStock), picks it (exported, then
 * exportedFail on its own error) and ships it (ok). A return being picked is cancelled only by the warehouse:
 * the seller's cancel is a request it grants (cancelled) or refuses (cancelFailed; the goods are shipped).
 */
export const FBO_RETURN_MACHINE = defineStateMachine({
  name: 'fboReturn',
  states: FboReturnStatus.options,
  initial: 'new',
  transitions: {
    confirm: { from: ['new', 'initial'], to: 'confirmed', by: FBO_SELLER_ROLES },
    reserve: { from: ['confirmed'], to: 'sent', by: ['platform'] },
    reject: { from: ['confirmed'], to: 'errorSending', by: ['platform'] },
    outOfStock: { from: ['confirmed', 'exported'], to: 'outOfStock', by: ['platform'] },
    export: { from: ['sent'], to: 'exported', by: ['platform'] },
    failExport: { from: ['exported'], to: 'exportedFail', by: ['platform'] },
    /** The warehouse system recovered: picking starts again. */
    retryExport: { from: ['exportedFail'], to: 'exported', by: ['platform'] },
    ship: { from: ['exported', 'cancelFailed'], to: 'ok', by: ['platform'] },
    cancel: {
      from: ['new', 'initial', 'confirmed', 'sent', 'errorSending', 'outOfStock', 'exportedFail'],
      to: 'cancelled',
      by: FBO_SELLER_ROLES,
    },
    confirmCancel: { from: ['exported'], to: 'cancelled', by: ['platform'] },
    refuseCancel: { from: ['exported'], to: 'cancelFailed', by: ['platform'] },
  },
});
export type FboReturnAction = keyof typeof FBO_RETURN_MACHINE.transitions;
export const FboReturnAction = z.enum(
  Object.keys(FBO_RETURN_MACHINE.transitions) as [FboReturnAction, ...FboReturnAction[]],
);
/** Seller actions the card shows: the machine's, plus asking the warehouse to cancel a return being picked. */
export const FboReturnSellerAction = z.enum(['confirm', 'cancel', 'requestCancel', 'bookSlot']);

/** Returns whose units are held against the stock (the warehouse's reservation, or the seller's claim before it). */
export const FBO_RETURN_HOLDING: readonly FboReturnState[] = [
  'new',
  'initial',
  'confirmed',
  'sent',
  'exported',
  'exportedFail',
  'cancelFailed',
];

/** Messages of a return's rows (spec 001 §8 "Supplies, returns, orders, labels"). */
export const FBO_RETURN_ROW_ERRORS = {
  skuNotFound: 'Артикул продавца не существует',
  blank: 'Значение не заполнено',
  notANumber: 'Значение должно быть числом',
  atLeastOneItem: 'В возврате должен быть хотя бы один товар',
  notUnique: 'Артикул продавца не уникален',
  notSent: 'Артикул не передан в систему склада',
  atLeastOne: 'Значение должно быть не меньше 1',
  integer: 'Допускаются только целые числа',
  mixed: 'Одежду и ювелирные изделия нельзя возвращать вместе',
  dateFormat: 'Неверный формат даты: ГГГГ-ММ-ДД',
  /** {available}: units on hand and not reserved at the warehouse. */
  tooMany: 'Больше, чем доступно на складе: {available} шт.',
} as const;

/** The return file's columns, as the template names them. */
export const FBO_RETURN_COLUMNS = {
  sellerSku: 'Артикул продавца',
  quantity: 'Количество',
  returnAt: 'Дата возврата',
} as const;

/**
 * Jewellery is told from clothes by the catalogue's ERP category (the marketplace's own tree): a return holds
 * one kind or the other, never both (spec 001 §5 Supplier returns; docs/decisions.md "FBO returns").
 */
export const JEWELLERY_ERP = ['Ювелирные изделия', 'Украшения', 'Бижутерия'] as const;
export type ReturnGoodsKind = 'jewellery' | 'clothes';
export function returnGoodsKind(erpLevel1: string | null, erpLevel2: string | null): ReturnGoodsKind {
  const j = JEWELLERY_ERP as readonly string[];
  return j.includes(erpLevel1 ?? '') || j.includes(erpLevel2 ?? '') ? 'jewellery' : 'clothes';
}

const Day = z.iso.date({ message: FBO_RETURN_ROW_ERRORS.dateFormat });
const ReturnId = z.string().uuid();
const Sku = safeString({ trim: true }).min(1, FBO_RETURN_ROW_ERRORS.blank).max(50);
const Quantity = z
  .number({ message: FBO_RETURN_ROW_ERRORS.notANumber })
  .int(FBO_RETURN_ROW_ERRORS.integer)
  .min(1, FBO_RETURN_ROW_ERRORS.atLeastOne)
  .max(FBO_RETURN_LIMITS.maxQuantity);
const Hour = z.number().int().min(0).max(24);

export const FboReturnItems = z
  .array(z.strictObject({ sellerSku: Sku, quantity: Quantity }))
  .min(1, FBO_RETURN_ROW_ERRORS.atLeastOneItem)
  .max(FBO_RETURN_LIMITS.maxSkus)
  .superRefine((items, c) => {
    const seen = new Set<string>();
    items.forEach((it, i) => {
      if (seen.has(it.sellerSku))
        c.addIssue({ code: 'custom', path: [i, 'sellerSku'], message: FBO_RETURN_ROW_ERRORS.notUnique });
      seen.add(it.sellerSku);
    });
  });

export const FboReturnSlot = z.strictObject({
  date: z.string(),
  /** Hours of the window, Moscow time: from 9 to 12 is 09:00–12:00. */
  fromHour: z.number().int(),
  toHour: z.number().int(),
});
export type FboReturnSlot = z.infer<typeof FboReturnSlot>;

export const FboReturnRow = z.strictObject({
  id: z.string(),
  returnId: z.string(),
  warehouseCode: FboWarehouseCode,
  warehouseName: z.string(),
  returnAt: z.string().nullable(),
  createdAt: z.string(),
  status: FboReturnStatus,
  skuCount: z.number().int(),
  quantity: z.number().int(),
  slot: FboReturnSlot.nullable(),
});
export type FboReturnRow = z.infer<typeof FboReturnRow>;

export const FboReturnItem = z.strictObject({
  supplierSku: z.string(),
  modaSku: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  reservedQuantity: z.number().int(),
  exportedQuantity: z.number().int(),
  exportedFailQuantity: z.number().int(),
});
export type FboReturnItem = z.infer<typeof FboReturnItem>;

export const FboReturnFileKind = z.enum(['source', 'picking', 'shipping']);
export const FBO_RETURN_FILE_LABELS: Record<z.infer<typeof FboReturnFileKind>, string> = {
  source: 'Файл возврата',
  picking: 'Лист сборки',
  shipping: 'Акт передачи',
};
export const FboReturnFile = z.strictObject({
  id: z.string(),
  kind: FboReturnFileKind,
  name: z.string(),
  warehouseCode: FboWarehouseCode,
  count: z.number().int(),
  status: FboReturnStatus,
  occurredAt: z.string(),
});
export type FboReturnFile = z.infer<typeof FboReturnFile>;

export const FboReturnEvent = z.strictObject({
  from: FboReturnStatus.nullable(),
  to: FboReturnStatus,
  actor: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
});

export const FboReturnCard = FboReturnRow.extend({
  creator: z.string().nullable(),
  reason: z.string().nullable(),
  cancelRequested: z.boolean(),
  items: z.array(FboReturnItem),
  history: z.array(FboReturnEvent),
  files: z.array(FboReturnFile),
  /** Windows the warehouse offers to collect the return (sent or being picked, before shipping). */
  slots: z.array(FboReturnSlot),
  actions: z.array(FboReturnSellerAction),
});
export type FboReturnCard = z.infer<typeof FboReturnCard>;

export const FBO_RETURN_SORT_FIELDS = ['created_at', 'return_at', 'return_id', 'quantity', 'status'] as const;
export const FboReturnSort = z
  .string()
  .regex(new RegExp(`^-?(${FBO_RETURN_SORT_FIELDS.join('|')})$`), 'Недопустимая сортировка')
  .default('-created_at');

export const FboReturnFilter = {
  ...partnerParams,
  status: z.array(FboReturnStatus).max(20).optional(),
  warehouseCode: z.array(FboWarehouseCode).max(4).optional(),
  createdFrom: Day.optional(),
  createdTo: Day.optional(),
  /** The return's number or a supplier SKU it holds. */
  search: safeString({ trim: true }).max(100).optional(),
};

const returnRef = { ...partnerParams, id: ReturnId };

export const fboReturnsList = defineMethod({
  name: 'v1.supplier-fulfilment-returns.list',
  params: z.strictObject({
    ...FboReturnFilter,
    sort: FboReturnSort,
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z
      .number()
      .int()
      .min(1)
      .max(FBO_RETURN_LIMITS.pageSize.max)
      .default(FBO_RETURN_LIMITS.pageSize.default),
  }),
  result: z.strictObject({ items: z.array(FboReturnRow), total: z.number().int() }),
  roles: FBO_READ_ROLES,
  partner: true,
  mutates: false,
  description: 'The partner’s FBO returns, filtered by status, warehouse and dates, searched, sorted, paged.',
});

export const fboReturnsGet = defineMethod({
  name: 'v1.supplier-fulfilment-returns.get',
  params: z.strictObject(returnRef),
  result: FboReturnCard,
  roles: FBO_READ_ROLES,
  partner: true,
  mutates: false,
  description: 'One return: details, items, status history, files, offered slots and the caller’s actions.',
});

export const fboReturnsStatuses = defineMethod({
  name: 'v1.supplier-fulfilment-returns.statuses',
  params: z.strictObject({}),
  result: z.array(z.strictObject({ value: FboReturnStatus, label: z.string() })),
  roles: FBO_READ_ROLES,
  partner: false,
  mutates: false,
  description: 'Return statuses with their Russian names.',
});

export const FboReturnStockRow = z.strictObject({
  sellerSku: z.string(),
  modaSku: z.string(),
  title: z.string(),
  warehouseCode: FboWarehouseCode,
  /** On hand and not reserved (by orders or other returns): what a return may take. */
  available: z.number().int(),
  jewellery: z.boolean(),
});
export const fboReturnsStock = defineMethod({
  name: 'v1.supplier-fulfilment-returns.stock',
  params: z.strictObject({
    ...partnerParams,
    warehouseCode: FboWarehouseCode,
    search: safeString({ trim: true }).max(100).optional(),
  }),
  result: z.strictObject({ items: z.array(FboReturnStockRow) }),
  roles: FBO_READ_ROLES,
  partner: true,
  mutates: false,
  description: 'What may be returned from a warehouse: SKUs with units on hand and not reserved.',
});

export const fboReturnsCreate = defineMethod({
  name: 'v1.supplier-fulfilment-returns.create',
  params: z.strictObject({
    ...partnerParams,
    warehouseCode: FboWarehouseCode,
    returnAt: Day.optional(),
    items: FboReturnItems,
  }),
  result: FboReturnCard,
  roles: FBO_SELLER_ROLES,
  partner: true,
  mutates: true,
  description: 'A new return of chosen SKUs and quantities from a warehouse; the units are held at once.',
});

export const fboReturnsCreateFromFile = defineMethod({
  name: 'v1.supplier-return.create-from-file',
  params: z.strictObject({ ...partnerParams, fileId: z.string().uuid() }),
  result: FboReturnCard,
  roles: FBO_SELLER_ROLES,
  partner: true,
  mutates: true,
  description: 'A new return from a checked return file (fbo_return upload, for the warehouse it names).',
});

const returnMove = <const N extends string, E extends z.ZodRawShape>(
  name: N,
  extra: E,
  description: string,
) =>
  defineMethod({
    name,
    params: z.strictObject({ ...returnRef, ...extra }),
    result: FboReturnCard,
    roles: FBO_SELLER_ROLES,
    partner: true,
    mutates: true,
    description,
  });

export const fboReturnsConfirm = returnMove(
  'v1.supplier-fulfilment-returns.confirm',
  {},
  'The seller’s Confirm: the return goes to the warehouse system.',
);
export const fboReturnsCancel = returnMove(
  'v1.supplier-fulfilment-returns.cancel',
  {},
  'Cancel a return (a return being picked: a request the warehouse grants or refuses).',
);
export const fboReturnsBookSlot = returnMove(
  'v1.supplier-fulfilment-returns.book-slot',
  { date: Day, fromHour: Hour },
  'Book one of the windows the warehouse offers to collect the return.',
);

// --- the marketplace's warehouse side: service credential only -----------------------------------------

const PlatformReturnResult = z.strictObject({
  id: z.string(),
  partnerId: PartnerId,
  status: FboReturnStatus,
});
const platformRef = { id: ReturnId };
const Count = z.number().int().min(0).max(FBO_RETURN_LIMITS.maxQuantity);

export const platformReturnsList = defineMethod({
  name: 'v1.platform.supplier-fulfilment-returns.list',
  params: z.strictObject({
    status: z.array(FboReturnStatus).min(1).max(20),
    warehouseCode: FboWarehouseCode.optional(),
    limit: z.number().int().min(1).max(500).default(100),
  }),
  result: z.strictObject({
    items: z.array(
      z.strictObject({
        id: z.string(),
        partnerId: PartnerId,
        returnId: z.string(),
        status: FboReturnStatus,
        warehouseCode: FboWarehouseCode,
        cancelRequested: z.boolean(),
        slot: FboReturnSlot.nullable(),
        slotsOffered: z.number().int(),
        items: z.array(
          z.strictObject({
            sellerSku: z.string(),
            quantity: z.number().int(),
            reservedQuantity: z.number().int(),
          }),
        ),
      }),
    ),
  }),
  roles: 'platform',
  partner: false,
  mutates: false,
  description: 'Returns of every partner in some states, oldest first: the warehouse system’s work queue.',
});

export const platformReturnsReserve = defineMethod({
  name: 'v1.platform.supplier-fulfilment-returns.reserve',
  params: z.strictObject({
    ...platformRef,
    /** Units reserved per SKU (at most what was asked); none at all makes the return outOfStock. */
    items: z
      .array(z.strictObject({ sellerSku: Sku, reserved: Count }))
      .min(1)
      .max(FBO_RETURN_LIMITS.maxSkus),
  }),
  result: PlatformReturnResult,
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'The warehouse reserves a confirmed return’s goods (sent), or finds none (outOfStock).',
});

export const platformReturnsReject = defineMethod({
  name: 'v1.platform.supplier-fulfilment-returns.reject',
  params: z.strictObject({ ...platformRef, reason: safeString({ trim: true }).min(1).max(500) }),
  result: PlatformReturnResult,
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'The warehouse system refuses a confirmed return (errorSending), with the reason.',
});

export const platformReturnsOfferSlots = defineMethod({
  name: 'v1.platform.supplier-fulfilment-returns.offer-slots',
  params: z.strictObject({
    ...platformRef,
    slots: z
      .array(
        z.strictObject({ date: Day, fromHour: Hour, toHour: Hour }).refine((s) => s.toHour > s.fromHour, {
          path: ['toHour'],
          message: 'Окно заканчивается позже, чем начинается',
        }),
      )
      .min(1)
      .max(FBO_RETURN_LIMITS.maxSlots),
  }),
  result: PlatformReturnResult,
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'The windows in which the seller may collect a reserved return (replaces earlier offers).',
});

export const platformReturnsMove = defineMethod({
  name: 'v1.platform.supplier-fulfilment-returns.move',
  params: z.strictObject({
    ...platformRef,
    action: z.enum(['export', 'failExport', 'retryExport', 'confirmCancel', 'refuseCancel']),
    reason: safeString({ trim: true }).max(500).optional(),
  }),
  result: PlatformReturnResult,
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'Picking starts, fails or restarts; a cancel request is granted or refused.',
});

export const platformReturnsPick = defineMethod({
  name: 'v1.platform.supplier-fulfilment-returns.pick',
  params: z.strictObject({
    ...platformRef,
    /** Per SKU: units picked and units the warehouse system failed to pick (their sum ≤ reserved). */
    items: z
      .array(z.strictObject({ sellerSku: Sku, exported: Count, failed: Count }))
      .min(1)
      .max(FBO_RETURN_LIMITS.maxSkus),
  }),
  result: PlatformReturnResult,
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'The picking result per item; nothing picked makes the return exportedFail or outOfStock.',
});

export const platformReturnsShip = defineMethod({
  name: 'v1.platform.supplier-fulfilment-returns.ship',
  params: z.strictObject(platformRef),
  result: PlatformReturnResult,
  roles: 'platform',
  partner: false,
  mutates: true,
  description: 'The picked goods are handed to the seller in the booked window (ok); the stock goes down.',
});
