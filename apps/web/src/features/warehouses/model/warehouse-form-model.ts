// The 3-step warehouse form as data: its values, what each step sends, validation with the contract's
// schemas (WarehouseGeneral, DeliveryMethod, ReturnMethod) and where a server field error belongs.
import {
  DeliveryMethod,
  ERRORS,
  PLATFORM_TRANSPORT_REGIONS,
  ReturnMethod,
  toFieldErrors,
  WAREHOUSE_LIMITS,
  WarehouseAddress,
  WarehouseDraftGeneral,
  WarehouseGeneral,
  type FieldError,
  type Warehouse,
  type Weekday,
} from '@moda/contracts';
import { fieldForPath, placeFieldErrors as placeErrors, type PlacedErrors } from '../../../lib/forms';
import type { CreateParams } from '../api/warehouse-mutations';
import { warehousesText } from '../locale';

export type MethodType = DeliveryMethod['type'];
type PickUpDelivery = Extract<DeliveryMethod, { type: 'PICK_UP' }>;
type DropOffDelivery = Extract<DeliveryMethod, { type: 'DROP_OFF' }>;
export type NoticeTimingValue = PickUpDelivery['noticeTiming'];
export type BaseWarehouseCode = DropOffDelivery['shippingPoint'];

export interface ScheduleValues {
  days: Weekday[];
  time: string | undefined;
}

/** What the form holds; numbers are null while their field is empty. */
export interface WarehouseFormValues {
  general: {
    name: string;
    address: { index: string; region: string; locality: string; street: string; house: string };
    phone: string;
    /** YYYY-MM-DD, as the contract keeps them. */
    nonWorkingDays: string[];
    comment: string;
  };
  deliveryMethod: {
    type: MethodType | undefined;
    orderAcceptance: ScheduleValues;
    truckArrival: ScheduleValues;
    shipment: ScheduleValues;
    arrivalIntervalHours: number | null;
    expectedVolume: number | null;
    loadingMinutes: number | null;
    noticeTiming: NoticeTimingValue | undefined;
    shippingPoint: BaseWarehouseCode | undefined;
    /** Pick-up: the marketplace warehouse the truck takes the orders to (printed on labels). */
    baseWarehouse: BaseWarehouseCode | undefined;
  };
  returnMethod: {
    type: MethodType | undefined;
    schedule: ScheduleValues;
    pickupPoint: BaseWarehouseCode | undefined;
  };
}

export const STEP_KEYS = ['general', 'deliveryMethod', 'returnMethod'] as const;
export type StepKey = (typeof STEP_KEYS)[number];
export const STEP_COUNT = STEP_KEYS.length;

export const WEEKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** 00:00 … 23:00: the server takes whole hours only (spec 001 §9, 60-minute steps). */
export const HOURS: readonly string[] = Array.from(
  { length: 24 },
  (_, h) => `${String(h).padStart(2, '0')}:00`,
);
export const ARRIVAL_INTERVALS: readonly number[] = Array.from(
  { length: WAREHOUSE_LIMITS.arrivalIntervalHours.max - WAREHOUSE_LIMITS.arrivalIntervalHours.min + 1 },
  (_, i) => WAREHOUSE_LIMITS.arrivalIntervalHours.min + i,
);

const emptySchedule = (): ScheduleValues => ({ days: [], time: undefined });

// ---- Moscow dates -------------------------------------------------------------------------------

const DAY_MS = 24 * 3600 * 1000;

/** YYYY-MM-DD in Moscow, `plusDays` after `at`: non-working days are counted in Moscow time. */
export function moscowDay(at: Date, plusDays = 0): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Moscow',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(at.getTime() + plusDays * DAY_MS));
}

/** The first day that may be marked non-working: not today, tomorrow or the day after. */
export const firstAllowedNonWorkingDay = (now: Date) =>
  moscowDay(now, WAREHOUSE_LIMITS.nonWorkingDaysNotBefore);

// ---- Values -------------------------------------------------------------------------------------

const scheduleOf = (s: { days: Weekday[]; time: string } | undefined): ScheduleValues =>
  s ? { days: [...s.days], time: s.time } : emptySchedule();

/**
 * The stored phone of a warehouse. The contract's phone is a transform-and-pipe schema whose output type
 * the type-aware linter cannot resolve, so it is read as unknown and narrowed here, once.
 */
export function storedPhone(general: Warehouse['general'] | undefined): string | undefined {
  const phone: unknown = general?.phone;
  return typeof phone === 'string' ? phone : undefined;
}

const phoneSchema = WarehouseGeneral.pick({ phone: true });

/** 10 stored digits shown the way people write a Russian number. */
export function formatPhone(digits: string | undefined): string {
  if (!digits) return '';
  const m = /^(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(digits);
  return m ? `+7 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : digits;
}

export function toFormValues(warehouse?: Pick<Warehouse, 'general' | 'deliveryMethod' | 'returnMethod'>) {
  const g = warehouse?.general;
  const d = warehouse?.deliveryMethod ?? null;
  const r = warehouse?.returnMethod ?? null;
  const values: WarehouseFormValues = {
    general: {
      name: g?.name ?? '',
      address: {
        index: g?.address?.index ?? '',
        region: g?.address?.region ?? '',
        locality: g?.address?.locality ?? '',
        street: g?.address?.street ?? '',
        house: g?.address?.house ?? '',
      },
      phone: formatPhone(storedPhone(g)),
      nonWorkingDays: [...(g?.nonWorkingDays ?? [])],
      comment: g?.comment ?? '',
    },
    deliveryMethod: {
      type: d?.type,
      orderAcceptance: scheduleOf(d?.orderAcceptance),
      truckArrival: scheduleOf(d?.type === 'PICK_UP' ? d.truckArrival : undefined),
      shipment: scheduleOf(d?.type === 'DROP_OFF' ? d.shipment : undefined),
      arrivalIntervalHours: d?.type === 'PICK_UP' ? d.arrivalIntervalHours : null,
      expectedVolume: d?.expectedVolume ?? null,
      loadingMinutes: d?.type === 'PICK_UP' ? d.loadingMinutes : null,
      noticeTiming: d?.noticeTiming,
      shippingPoint: d?.type === 'DROP_OFF' ? d.shippingPoint : undefined,
      baseWarehouse: d?.type === 'PICK_UP' ? d.baseWarehouse : undefined,
    },
    returnMethod: {
      type: r?.type,
      schedule: scheduleOf(r?.schedule),
      pickupPoint: r?.type === 'DROP_OFF' ? r.pickupPoint : undefined,
    },
  };
  return values;
}

/**
 * Whether two filled-in schedules differ (the server then warns that logistics cost doubles);
 * false while either is incomplete.
 */
export function schedulesDiffer(a: ScheduleValues | undefined, b: ScheduleValues | undefined): boolean {
  if (!a?.time || !b?.time || a.days.length === 0 || b.days.length === 0) return false;
  const days = (s: ScheduleValues) => WEEKDAYS.filter((d) => s.days.includes(d)).join();
  return a.time !== b.time || days(a) !== days(b);
}

// ---- What each step sends -----------------------------------------------------------------------

const generalCandidate = (g: WarehouseFormValues['general']) => ({
  name: g.name,
  address: { ...g.address },
  phone: g.phone,
  nonWorkingDays: [...g.nonWorkingDays],
  comment: g.comment,
});

/** The delivery method with the fields of its type only (the contract's objects are strict). */
function deliveryCandidate(d: WarehouseFormValues['deliveryMethod']) {
  if (d.type === 'PICK_UP')
    return {
      type: d.type,
      orderAcceptance: d.orderAcceptance,
      truckArrival: d.truckArrival,
      arrivalIntervalHours: d.arrivalIntervalHours,
      expectedVolume: d.expectedVolume,
      loadingMinutes: d.loadingMinutes,
      noticeTiming: d.noticeTiming,
      baseWarehouse: d.baseWarehouse,
    };
  if (d.type === 'DROP_OFF')
    return {
      type: d.type,
      orderAcceptance: d.orderAcceptance,
      shipment: d.shipment,
      shippingPoint: d.shippingPoint,
      expectedVolume: d.expectedVolume,
      noticeTiming: d.noticeTiming,
    };
  return null;
}

function returnCandidate(r: WarehouseFormValues['returnMethod']) {
  if (r.type === 'PICK_UP') return { type: r.type, schedule: r.schedule };
  if (r.type === 'DROP_OFF') return { type: r.type, schedule: r.schedule, pickupPoint: r.pickupPoint };
  return null;
}

// ---- Validation ---------------------------------------------------------------------------------

type SafeParse<T> =
  { success: true; data: T } | { success: false; error: Parameters<typeof toFieldErrors>[0] };

const prefixed = (prefix: string, errors: FieldError[]): FieldError[] =>
  errors.map((e) => ({ field: e.field === '-' ? prefix : `${prefix}.${e.field}`, message: e.message }));

/** One message per field: an empty name is «Обязательное поле», not also «too short». */
const firstPerField = (errors: FieldError[]): FieldError[] =>
  errors.filter((e, i) => errors.findIndex((x) => x.field === e.field) === i);

function check<T>(prefix: string, result: SafeParse<T>): { data?: T; errors: FieldError[] } {
  return result.success
    ? { data: result.data, errors: [] }
    : { errors: firstPerField(prefixed(prefix, toFieldErrors(result.error))) };
}

/** The date rules a schema cannot state: no past days, not today, tomorrow or the day after. */
function nonWorkingDayErrors(days: readonly string[], now: Date): FieldError[] {
  const today = moscowDay(now);
  const firstAllowed = firstAllowedNonWorkingDay(now);
  return days.flatMap((day, i) => {
    if (day < today)
      return [
        { field: `general.nonWorkingDays.${i}`, message: ERRORS['warehouse.nonWorkingDayPast'].message },
      ];
    if (day < firstAllowed)
      return [
        { field: `general.nonWorkingDays.${i}`, message: ERRORS['warehouse.nonWorkingDayTooSoon'].message },
      ];
    return [];
  });
}

const inPlatformRegion = (values: WarehouseFormValues) =>
  (PLATFORM_TRANSPORT_REGIONS as readonly string[]).includes(values.general.address.region.trim());

function platformRegionError(field: string, type: MethodType | undefined, values: WarehouseFormValues) {
  return type === 'PICK_UP' && !inPlatformRegion(values)
    ? [{ field, message: ERRORS['warehouse.platformTransportRegion'].message }]
    : [];
}

function checkGeneral(values: WarehouseFormValues, now: Date) {
  const result = check('general', WarehouseGeneral.safeParse(generalCandidate(values.general)));
  return {
    data: result.data,
    errors: [...result.errors, ...nonWorkingDayErrors(values.general.nonWorkingDays, now)],
  };
}

function checkDelivery(values: WarehouseFormValues) {
  const candidate = deliveryCandidate(values.deliveryMethod);
  if (!candidate)
    return { errors: [{ field: 'deliveryMethod.type', message: warehousesText.validation.chooseType }] };
  const result = check('deliveryMethod', DeliveryMethod.safeParse(candidate));
  return {
    data: result.data,
    errors: [...platformRegionError('deliveryMethod.type', candidate.type, values), ...result.errors],
  };
}

function checkReturn(values: WarehouseFormValues) {
  const candidate = returnCandidate(values.returnMethod);
  if (!candidate)
    return { errors: [{ field: 'returnMethod.type', message: warehousesText.validation.chooseType }] };
  const result = check('returnMethod', ReturnMethod.safeParse(candidate));
  return {
    data: result.data,
    errors: [...platformRegionError('returnMethod.type', candidate.type, values), ...result.errors],
  };
}

/** The errors of one step, as the server would name the fields. */
export function validateStep(step: StepKey, values: WarehouseFormValues, now = new Date()): FieldError[] {
  if (step === 'general') return checkGeneral(values, now).errors;
  if (step === 'deliveryMethod') return checkDelivery(values).errors;
  return checkReturn(values).errors;
}

export type FinishedForm = Pick<CreateParams, 'general' | 'deliveryMethod' | 'returnMethod'>;

/** The whole form for «Добавить склад»: every step valid, or every error. */
export function buildFinished(
  values: WarehouseFormValues,
  now = new Date(),
): { ok: true; form: FinishedForm } | { ok: false; errors: FieldError[] } {
  const general = checkGeneral(values, now);
  const delivery = checkDelivery(values);
  const ret = checkReturn(values);
  const errors = [...general.errors, ...delivery.errors, ...ret.errors];
  if (errors.length || !general.data || !delivery.data || !ret.data) return { ok: false, errors };
  return { ok: true, form: { general: general.data, deliveryMethod: delivery.data, returnMethod: ret.data } };
}

export type DraftPart = keyof typeof warehousesText.form.draftIncomplete.parts;

export interface DraftBuild {
  /** Only the name is required to keep a draft; nothing is sent without it. */
  nameErrors: FieldError[];
  form: FinishedForm;
  /** Parts the user began but did not finish: they are left out of the draft, with their errors. */
  incomplete: { part: DraftPart; errors: FieldError[] }[];
}

/**
 * A draft keeps every part that is complete; a part left empty is simply not sent, and a part begun
 * but not finished is reported so the user decides whether to save without it.
 */
export function buildDraft(values: WarehouseFormValues, now = new Date()): DraftBuild {
  const g = values.general;
  const name = check('general.name', WarehouseDraftGeneral.shape.name.safeParse(g.name));
  const general: FinishedForm['general'] = { name: name.data ?? g.name };
  const incomplete: DraftBuild['incomplete'] = [];
  const take = <T>(part: DraftPart, begun: boolean, result: { data?: T; errors: FieldError[] }) => {
    if (!begun) return undefined;
    if (result.errors.length || result.data === undefined) {
      incomplete.push({ part, errors: result.errors });
      return undefined;
    }
    return result.data;
  };

  const address = take(
    'address',
    Object.values(g.address).some((v) => v.trim() !== ''),
    check('general.address', WarehouseAddress.safeParse(g.address)),
  );
  if (address) general.address = address;
  const phone = take(
    'phone',
    g.phone.trim() !== '',
    check('general', phoneSchema.safeParse({ phone: g.phone })),
  );
  if (phone !== undefined) general.phone = phone.phone;
  const daysErrors = nonWorkingDayErrors(g.nonWorkingDays, now);
  const days = take('nonWorkingDays', g.nonWorkingDays.length > 0, {
    data: daysErrors.length ? undefined : [...g.nonWorkingDays],
    errors: daysErrors,
  });
  if (days) general.nonWorkingDays = days;
  const comment = take(
    'comment',
    g.comment.trim() !== '',
    check('general.comment', WarehouseGeneral.shape.comment.safeParse(g.comment)),
  );
  if (comment !== undefined) general.comment = comment;

  const delivery = take('deliveryMethod', values.deliveryMethod.type !== undefined, checkDelivery(values));
  const ret = take('returnMethod', values.returnMethod.type !== undefined, checkReturn(values));
  return {
    nameErrors: name.errors,
    form: {
      general,
      ...(delivery ? { deliveryMethod: delivery } : {}),
      ...(ret ? { returnMethod: ret } : {}),
    },
    incomplete,
  };
}

// ---- Where a field error belongs ----------------------------------------------------------------

const schedulePaths = (base: string) => [`${base}.days`, `${base}.time`];

/** Every field of the form by the server's path, in the order they appear on screen. */
export const FORM_FIELDS: readonly string[] = [
  'general.name',
  'general.address.index',
  'general.address.region',
  'general.address.locality',
  'general.address.street',
  'general.address.house',
  'general.phone',
  'general.nonWorkingDays',
  'general.comment',
  'deliveryMethod.type',
  ...schedulePaths('deliveryMethod.orderAcceptance'),
  ...schedulePaths('deliveryMethod.truckArrival'),
  ...schedulePaths('deliveryMethod.shipment'),
  'deliveryMethod.arrivalIntervalHours',
  'deliveryMethod.expectedVolume',
  'deliveryMethod.loadingMinutes',
  'deliveryMethod.noticeTiming',
  'deliveryMethod.shippingPoint',
  'deliveryMethod.baseWarehouse',
  'returnMethod.type',
  ...schedulePaths('returnMethod.schedule'),
  'returnMethod.pickupPoint',
];

/**
 * The form field a server path names: 'general.nonWorkingDays.1' → 'general.nonWorkingDays' (the one
 * picker holds every date); a whole missing object → its first field; an unknown path → null.
 */
export const formFieldOf = (path: string): string | null => fieldForPath(path, { fields: FORM_FIELDS });

/** 0-based step that holds a field path, or null. */
export function stepOfField(path: string): number | null {
  const i = STEP_KEYS.indexOf(path.split('.')[0] as StepKey);
  return i === -1 ? null : i;
}

/**
 * Field errors grouped by the form field (of `fields`) that shows them, the rest apart, and the first
 * step that shows one: the form opens it.
 */
export function placeFieldErrors(
  errors: readonly FieldError[],
  fields: readonly string[] = FORM_FIELDS,
): PlacedErrors & { firstStep: number | null } {
  const placed = placeErrors(errors, { fields });
  const steps = [...placed.byField.keys()].map(stepOfField).filter((s): s is number => s !== null);
  return { ...placed, firstStep: steps.length ? Math.min(...steps) : null };
}
