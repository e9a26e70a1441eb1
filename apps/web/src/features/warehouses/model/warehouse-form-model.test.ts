// The form model: values from a warehouse, each step checked with the contract's schemas, drafts that
// keep only finished parts, and server field paths placed on their fields and steps.
import { describe, expect, it } from 'vitest';
import {
  buildDraft,
  buildFinished,
  formFieldOf,
  placeFieldErrors,
  schedulesDiffer,
  stepOfField,
  toFormValues,
  validateStep,
  type WarehouseFormValues,
} from './warehouse-form-model';
import { formatDays } from './warehouse-format';

// Saturday 21.11.2026, noon in Moscow.
const NOW = new Date('2026-11-21T09:00:00Z');
const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;

function filled(over: (v: WarehouseFormValues) => void = () => {}): WarehouseFormValues {
  const v = toFormValues();
  v.general = {
    name: 'Склад на Тверской',
    address: { index: '125009', region: 'Москва', locality: 'Москва', street: 'ул. Тверская', house: '7' },
    phone: '+7 (495) 111-22-33',
    nonWorkingDays: ['2026-12-31'],
    comment: '',
  };
  v.deliveryMethod = {
    ...v.deliveryMethod,
    type: 'PICK_UP',
    orderAcceptance: { days: [...weekdays], time: '12:00' },
    truckArrival: { days: [...weekdays], time: '15:00' },
    arrivalIntervalHours: 2,
    expectedVolume: 10,
    loadingMinutes: 30,
    noticeTiming: 'ONE_THE_DAY_BEFORE_SHIPMENT',
    baseWarehouse: 'Sofino',
  };
  v.returnMethod = {
    type: 'PICK_UP',
    schedule: { days: [...weekdays], time: '15:00' },
    pickupPoint: undefined,
  };
  over(v);
  return v;
}

describe('validation with the contract', () => {
  it('a finished form becomes the create params: phone as 10 digits, methods of their type only', () => {
    const built = buildFinished(filled(), NOW);
    expect(built).toEqual({
      ok: true,
      form: {
        general: expect.objectContaining({ phone: '4951112233', nonWorkingDays: ['2026-12-31'] }),
        deliveryMethod: expect.not.objectContaining({ shipment: expect.anything() }),
        returnMethod: { type: 'PICK_UP', version: '2.0', schedule: { days: [...weekdays], time: '15:00' } },
      },
    });
  });

  it('step 1: required fields, 6-digit index, 10-digit phone, non-working days too soon', () => {
    const v = filled((x) => {
      x.general.address.index = '12345';
      x.general.address.street = '';
      x.general.phone = '123';
      x.general.nonWorkingDays = ['2026-11-20', '2026-11-22', '2026-11-24'];
    });
    expect(validateStep('general', v, NOW)).toEqual([
      { field: 'general.address.index', message: 'Должно быть ровно 6 цифр' },
      { field: 'general.address.street', message: 'Обязательное поле' },
      { field: 'general.phone', message: 'Должно быть ровно 10 цифр' },
      { field: 'general.nonWorkingDays.0', message: 'Нельзя выбрать прошедшую дату' },
      {
        field: 'general.nonWorkingDays.1',
        message: 'Нерабочим днём нельзя отметить сегодня, завтра или послезавтра',
      },
    ]);
  });

  it('step 2: a method must be chosen; pick-up only in Moscow and the region; volume 1–110', () => {
    expect(validateStep('deliveryMethod', toFormValues(), NOW)).toEqual([
      { field: 'deliveryMethod.type', message: 'Выберите способ' },
    ]);
    const tver = filled((x) => {
      x.general.address.region = 'Тверская область';
      x.deliveryMethod.expectedVolume = 111;
    });
    expect(validateStep('deliveryMethod', tver, NOW)).toEqual([
      {
        field: 'deliveryMethod.type',
        message: 'Доставка транспортом маркетплейса доступна только в Москве и Московской области',
      },
      { field: 'deliveryMethod.expectedVolume', message: 'Значение должно быть не больше 110' },
    ]);
  });

  it('step 3: drop-off return needs its pick-up point and a whole-hour time', () => {
    const v = filled((x) => {
      x.returnMethod = { type: 'DROP_OFF', schedule: { days: [], time: '12:30' }, pickupPoint: undefined };
    });
    expect(validateStep('returnMethod', v, NOW).map((e) => e.field)).toEqual([
      'returnMethod.schedule.days',
      'returnMethod.schedule.time',
      'returnMethod.pickupPoint',
    ]);
    expect(validateStep('returnMethod', v, NOW)[1]!.message).toBe('Время выбирается с шагом 60 минут');
  });
});

describe('drafts', () => {
  it('need only a name, and leave out empty parts', () => {
    const v = toFormValues();
    v.general.name = 'Черновик';
    expect(buildDraft(v, NOW)).toEqual({
      nameErrors: [],
      form: { general: { name: 'Черновик' } },
      incomplete: [],
    });
    expect(buildDraft(toFormValues(), NOW).nameErrors).toEqual([
      { field: 'general.name', message: 'Обязательное поле' },
    ]);
  });

  it('report parts begun but not finished, with their errors, and keep the finished ones', () => {
    const v = filled((x) => {
      x.general.address.house = '';
      x.deliveryMethod.noticeTiming = undefined;
    });
    const draft = buildDraft(v, NOW);
    expect(draft.incomplete.map((p) => p.part)).toEqual(['address', 'deliveryMethod']);
    expect(draft.incomplete[0]!.errors).toEqual([
      { field: 'general.address.house', message: 'Обязательное поле' },
    ]);
    expect(draft.form.general).toEqual(expect.objectContaining({ phone: '4951112233' }));
    expect(draft.form.general.address).toBeUndefined();
    expect(draft.form.deliveryMethod).toBeUndefined();
    expect(draft.form.returnMethod).toMatchObject({ type: 'PICK_UP' });
  });
});

describe('server field errors', () => {
  it.each([
    ['general.address.index', 'general.address.index', 0],
    ['general.nonWorkingDays.1', 'general.nonWorkingDays', 0],
    ['general.address', 'general.address.index', 0],
    ['deliveryMethod.expectedVolume', 'deliveryMethod.expectedVolume', 1],
    ['deliveryMethod.shipment.time', 'deliveryMethod.shipment.time', 1],
    ['deliveryMethod', 'deliveryMethod.type', 1],
    ['returnMethod.type', 'returnMethod.type', 2],
  ])('%s lands on %s, step %i', (path, field, step) => {
    expect(formFieldOf(path)).toBe(field);
    expect(stepOfField(path)).toBe(step);
  });

  it('groups messages per field, opens the first step with one, and keeps unknown paths apart', () => {
    const placed = placeFieldErrors([
      { field: 'returnMethod.type', message: 'a' },
      { field: 'deliveryMethod.expectedVolume', message: 'b' },
      { field: 'comment', message: 'c' },
    ]);
    expect(placed.firstStep).toBe(1);
    expect(placed.byField.get('deliveryMethod.expectedVolume')).toEqual(['b']);
    expect(placed.unplaced).toEqual([{ field: 'comment', message: 'c' }]);
  });
});

describe('schedulesDiffer', () => {
  it('compares filled-in schedules only, days in any order', () => {
    const s = (days: string[], time?: string) => ({ days: days as never[], time });
    expect(schedulesDiffer(s(['mon', 'tue'], '15:00'), s(['tue', 'mon'], '15:00'))).toBe(false);
    expect(schedulesDiffer(s(['mon'], '15:00'), s(['mon'], '16:00'))).toBe(true);
    expect(schedulesDiffer(s(['mon'], '15:00'), s(['mon', 'fri'], '15:00'))).toBe(true);
    expect(schedulesDiffer(s(['mon'], '15:00'), s([], undefined))).toBe(false);
  });
});

describe('formatDays', () => {
  it.each([
    [['mon', 'tue', 'wed', 'thu', 'fri'], 'пн–пт'],
    [['mon', 'wed', 'fri'], 'пн, ср, пт'],
    [['sat', 'sun'], 'сб, вс'],
    [['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'], 'ежедневно'],
  ] as const)('%j → %s', (days, text) => {
    expect(formatDays(days)).toBe(text);
  });
});
