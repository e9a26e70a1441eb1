// Warehouses: every rule of spec 001 §5 "Warehouses", each state transition allowed and refused,
// one active warehouse under concurrency, gating by business model and role, and tenant isolation.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

// Saturday 21.11.2026, noon in Moscow.
const NOW = new Date('2026-11-21T09:00:00Z');
let t: TestApp;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({
    now: () => NOW,
    config: { loginRate: { perIpPerMinute: 1000, failuresPerAccountIp: 5, failureWindowSec: 900 } },
  });
  for (const u of ['fbs', 'manager', 'support', 'admin', 'seller', 'multi', 'keeper', 'operator'])
    tok[u] = (await t.login(u)).accessToken;
  await t.sql(
    `insert into delivery_profiles (partner_id, configured) values (10002, true) on conflict (partner_id) do update set configured = true`,
  );
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.sql(`delete from warehouse_events; delete from warehouses`);
});

const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'];
const general = (over: Record<string, unknown> = {}) => ({
  name: 'Склад на Складочной',
  address: { index: '127018', region: 'Москва', locality: 'Москва', street: 'ул. Складочная', house: '1' },
  phone: '+7 (495) 123-45-67',
  nonWorkingDays: ['2026-12-31'],
  comment: '',
  ...over,
});
const pickUp = (over: Record<string, unknown> = {}) => ({
  type: 'PICK_UP',
  orderAcceptance: { days: weekdays, time: '12:00' },
  truckArrival: { days: weekdays, time: '15:00' },
  arrivalIntervalHours: 2,
  expectedVolume: 10,
  loadingMinutes: 30,
  noticeTiming: 'ONE_THE_DAY_BEFORE_SHIPMENT',
  baseWarehouse: 'Sofino',
  ...over,
});
const dropOff = (over: Record<string, unknown> = {}) => ({
  type: 'DROP_OFF',
  orderAcceptance: { days: weekdays, time: '12:00' },
  shipment: { days: weekdays, time: '15:00' },
  shippingPoint: 'Bykovo',
  expectedVolume: 10,
  noticeTiming: 'ON_THE_DAY_OF_SHIPMENT',
  ...over,
});
const pickUpReturn = { type: 'PICK_UP', schedule: { days: weekdays, time: '15:00' } };
const dropOffReturn = {
  type: 'DROP_OFF',
  schedule: { days: weekdays, time: '15:00' },
  pickupPoint: 'Bykovo',
};

const create = (params: Record<string, unknown>, who = 'fbs') =>
  t.rpc('v1.warehouses.create', { partnerId: 10002, ...params }, tok[who]);
const fieldsOf = (res: { error?: { data?: { errors?: { field: string; message: string }[] } } }) =>
  res.error?.data?.errors ?? [];
async function createReady(name = 'Склад', activate = false) {
  const res = await create({
    general: general({ name }),
    deliveryMethod: dropOff(),
    returnMethod: dropOffReturn,
    activate,
  });
  return res.result.warehouse.id as string;
}

describe('creation', () => {
  it('pick-up waits for support: status action_required, outcome added, under Неактивные', async () => {
    const res = await create({ general: general(), deliveryMethod: pickUp(), returnMethod: pickUpReturn });
    expect(res.result).toMatchObject({
      outcome: 'added',
      warehouse: { status: 'action_required', warnings: [] },
    });
    expect(res.result.warehouse.general.phone).toBe('4951234567');
    expect(res.result.warehouse.deliveryMethod.version).toBe('2.0');
    const inactive = (await t.rpc('v1.warehouses.list', { partnerId: 10002, tab: 'inactive' }, tok.fbs))
      .result;
    expect(inactive.items.map((w: { id: string }) => w.id)).toEqual([res.result.warehouse.id]);
    expect(inactive.counts).toEqual({ all: 1, active: 0, inactive: 1 });
  });

  it('drop-off needs no approval and can end as added and activated', async () => {
    const res = await create({
      general: general(),
      deliveryMethod: dropOff(),
      returnMethod: dropOffReturn,
      activate: true,
    });
    expect(res.result).toMatchObject({
      outcome: 'addedAndActivated',
      warehouse: { status: 'active' },
      deactivatedId: null,
    });
    const plain = await create({
      general: general({ name: 'Второй' }),
      deliveryMethod: dropOff(),
      returnMethod: dropOffReturn,
    });
    expect(plain.result).toMatchObject({ outcome: 'added', warehouse: { status: 'inactive' } });
  });

  it('an unfinished form is kept as a draft with only a name', async () => {
    const res = await create({ general: { name: 'Черновик' }, draft: true });
    expect(res.result).toMatchObject({
      outcome: 'savedAsDraft',
      warehouse: { status: 'draft', deliveryMethod: null },
    });
  });

  it('a finished form needs every required field, each named', async () => {
    const res = await create({ general: { name: 'Склад' } });
    expect(fieldsOf(res).map((e) => e.field)).toEqual([
      'general.address',
      'general.phone',
      'deliveryMethod',
      'returnMethod',
    ]);
    expect(fieldsOf(res)[0]!.message).toBe('Обязательное поле');
  });

  it('refuses too-short text, a 5-digit index and a 9-digit phone on their fields', async () => {
    const res = await create({
      general: general({
        name: 'С',
        phone: '123456789',
        address: { index: '12345', region: 'Москва', locality: 'М', street: 'ул', house: '1' },
      }),
      deliveryMethod: dropOff(),
      returnMethod: dropOffReturn,
    });
    expect(res.error?.code).toBe(-32602);
    expect(fieldsOf(res)).toEqual(
      expect.arrayContaining([
        { field: 'general.name', message: 'Слишком короткий текст: нужно не меньше 2 символов' },
        { field: 'general.address.index', message: 'Должно быть ровно 6 цифр' },
        { field: 'general.address.locality', message: 'Слишком короткий текст: нужно не меньше 2 символов' },
        { field: 'general.phone', message: 'Должно быть ровно 10 цифр' },
      ]),
    );
    expect(await t.sql('select 1 from warehouses')).toHaveLength(0);
  });

  it.each([
    [0.99, false],
    [1, true],
    [110, true],
    [110.01, false],
  ])('expected volume %s m³ accepted: %s', async (volume, ok) => {
    const res = await create({
      general: general(),
      deliveryMethod: dropOff({ expectedVolume: volume }),
      returnMethod: dropOffReturn,
    });
    if (ok) expect(res.result?.warehouse.deliveryMethod.expectedVolume).toBe(volume);
    else
      expect(fieldsOf(res)[0]).toMatchObject({
        field: 'deliveryMethod.expectedVolume',
        message: volume < 1 ? 'Значение должно быть не меньше 1' : 'Значение должно быть не больше 110',
      });
  });

  it.each([
    ['2026-11-20', 'Нельзя выбрать прошедшую дату'],
    ['2026-11-21', 'Нерабочим днём нельзя отметить сегодня, завтра или послезавтра'],
    ['2026-11-22', 'Нерабочим днём нельзя отметить сегодня, завтра или послезавтра'],
    ['2026-11-23', 'Нерабочим днём нельзя отметить сегодня, завтра или послезавтра'],
    ['2026-11-24', null],
  ])('non-working day %s → %s', async (day, message) => {
    const res = await create({
      general: general({ nonWorkingDays: ['2026-12-31', day] }),
      deliveryMethod: dropOff(),
      returnMethod: dropOffReturn,
    });
    if (message === null) expect(res.result?.warehouse.general.nonWorkingDays).toEqual(['2026-12-31', day]);
    else expect(fieldsOf(res)).toEqual([{ field: 'general.nonWorkingDays.1', message }]);
  });

  it('times: HH:MM within 00:00–23:59 in 60-minute steps', async () => {
    for (const [time, message] of [
      ['24:00', 'Invalid time format'],
      ['9:00', 'Invalid time format'],
      ['12:30', 'Время выбирается с шагом 60 минут'],
      ['23:60', 'Invalid time format'],
    ]) {
      const res = await create({
        general: general(),
        deliveryMethod: dropOff({ shipment: { days: weekdays, time } }),
        returnMethod: dropOffReturn,
      });
      expect(fieldsOf(res)).toEqual([{ field: 'deliveryMethod.shipment.time', message }]);
    }
  });

  it('platform transport (pick-up) only in Moscow and the Moscow region', async () => {
    const tver = general({
      address: {
        index: '170100',
        region: 'Тверская область',
        locality: 'Тверь',
        street: 'ул. Советская',
        house: '5',
      },
    });
    const res = await create({ general: tver, deliveryMethod: pickUp(), returnMethod: pickUpReturn });
    expect(fieldsOf(res)).toEqual([
      {
        field: 'deliveryMethod.type',
        message: 'Доставка транспортом маркетплейса доступна только в Москве и Московской области',
      },
      {
        field: 'returnMethod.type',
        message: 'Доставка транспортом маркетплейса доступна только в Москве и Московской области',
      },
    ]);
    const region = general({
      address: {
        index: '142100',
        region: 'Московская область',
        locality: 'Подольск',
        street: 'ул. Ленина',
        house: '1',
      },
    });
    expect(
      (await create({ general: region, deliveryMethod: pickUp(), returnMethod: pickUpReturn })).result,
    ).toBeDefined();
    expect(
      (await create({ general: tver, deliveryMethod: dropOff(), returnMethod: dropOffReturn })).result,
    ).toBeDefined();
  });

  it('different delivery and return schedules carry the double logistics cost warning', async () => {
    const res = await create({
      general: general(),
      deliveryMethod: dropOff(),
      returnMethod: { ...dropOffReturn, schedule: { days: ['mon'], time: '15:00' } },
    });
    expect(res.result.warehouse.warnings).toEqual(['doubleLogisticsCost']);
  });

  it('an unconfigured delivery profile refuses methods with a message to contact the manager', async () => {
    const res = await t.rpc(
      'v1.warehouses.create',
      { partnerId: 10005, general: general(), deliveryMethod: dropOff(), returnMethod: dropOffReturn },
      tok.multi,
    );
    expect(res.error).toMatchObject({
      code: 50400,
      message: 'Профиль доставки не настроен: обратитесь к менеджеру или в поддержку',
    });
    const profile = (await t.rpc('v1.warehouses.delivery-profiles.get', { partnerId: 10005 }, tok.multi))
      .result;
    expect(profile.configured).toBe(false);
  });

  it('leaves an audit record naming the new warehouse', async () => {
    const id = await createReady();
    const [row] = await t.sql<{ method: string; object_id: string }>(
      `select method, object_id from audit_log order by id desc limit 1`,
    );
    expect(row).toEqual({ method: 'v1.warehouses.create', object_id: id });
  });
});

describe('states', () => {
  it('an unfinished warehouse cannot be activated until edited', async () => {
    const { id } = (await create({ general: { name: 'Черновик' }, draft: true })).result.warehouse;
    const refused = await t.rpc('v1.warehouses.activate', { partnerId: 10002, id }, tok.fbs);
    expect(refused.error).toMatchObject({
      code: 50400,
      message: 'Склад заполнен не до конца: отредактируйте его, чтобы активировать',
    });
    const edited = await t.rpc(
      'v1.warehouses.edit',
      { partnerId: 10002, id, general: general(), deliveryMethod: dropOff(), returnMethod: dropOffReturn },
      tok.fbs,
    );
    expect(edited.result).toMatchObject({ outcome: 'added', warehouse: { status: 'inactive' } });
    expect(
      (await t.rpc('v1.warehouses.activate', { partnerId: 10002, id }, tok.fbs)).result.warehouse.status,
    ).toBe('active');
  });

  it('awaiting approval: the seller cannot activate; support approves or sends back', async () => {
    const { id } = (
      await create({ general: general(), deliveryMethod: pickUp(), returnMethod: pickUpReturn })
    ).result.warehouse;
    expect(
      (await t.rpc('v1.warehouses.activate', { partnerId: 10002, id }, tok.fbs)).error?.data?.reason,
    ).toBe('warehouse.awaitingApproval');
    expect((await t.rpc('v1.warehouses.approve', { partnerId: 10002, id }, tok.fbs)).error?.code).toBe(50403);
    const queue = (await t.rpc('v1.warehouses.review.list', {}, tok.support)).result;
    expect(queue.items).toEqual([
      expect.objectContaining({ shopName: 'Urban Loft', warehouse: expect.objectContaining({ id }) }),
    ]);
    const back = await t.rpc(
      'v1.warehouses.send-back',
      { partnerId: 10002, id, comment: 'Машина не успеет к 15:00, выберите 17:00' },
      tok.support,
    );
    expect(back.result.warehouse).toMatchObject({
      status: 'draft',
      reviewComment: 'Машина не успеет к 15:00, выберите 17:00',
    });
    const resubmit = await t.rpc(
      'v1.warehouses.edit',
      {
        partnerId: 10002,
        id,
        general: general(),
        deliveryMethod: pickUp({ truckArrival: { days: weekdays, time: '17:00' } }),
        returnMethod: pickUpReturn,
      },
      tok.fbs,
    );
    expect(resubmit.result.warehouse).toMatchObject({ status: 'action_required', reviewComment: null });
    expect(
      (await t.rpc('v1.warehouses.approve', { partnerId: 10002, id }, tok.support)).result.warehouse.status,
    ).toBe('inactive');
    expect(
      (await t.rpc('v1.warehouses.approve', { partnerId: 10002, id }, tok.support)).error?.data?.reason,
    ).toBe('warehouse.notAllowedFromState');
    expect(
      (await t.rpc('v1.warehouses.activate', { partnerId: 10002, id }, tok.fbs)).result.warehouse.status,
    ).toBe('active');
  });

  it('only one active: activating another deactivates the current one and says which', async () => {
    const first = await createReady('Первый', true);
    const second = await createReady('Второй');
    const res = await t.rpc('v1.warehouses.activate', { partnerId: 10002, id: second }, tok.fbs);
    expect(res.result).toMatchObject({ warehouse: { id: second, status: 'active' }, deactivatedId: first });
    const details = (await t.rpc('v1.warehouses.details', { partnerId: 10002, id: first }, tok.fbs)).result;
    expect(details.status).toBe('inactive');
  });

  it('two concurrent activations never leave two active', async () => {
    const ids = [
      await createReady('Склад A'),
      await createReady('Склад B'),
      await createReady('Склад C'),
      await createReady('Склад D'),
    ];
    const results = await Promise.all(
      ids.map((id) => t.rpc('v1.warehouses.activate', { partnerId: 10002, id }, tok.fbs)),
    );
    expect(results.every((r) => r.result)).toBe(true);
    const active = await t.sql(`select id from warehouses where partner_id = 10002 and status = 'active'`);
    expect(active).toHaveLength(1);
  });

  it('deactivation moves the warehouse to Неактивные; deactivating an inactive one is refused', async () => {
    const id = await createReady('Активный', true);
    expect(
      (await t.rpc('v1.warehouses.deactivate', { partnerId: 10002, id }, tok.fbs)).result.warehouse.status,
    ).toBe('inactive');
    expect(
      (await t.rpc('v1.warehouses.deactivate', { partnerId: 10002, id }, tok.fbs)).error?.data?.reason,
    ).toBe('warehouse.notAllowedFromState');
    const lists = (await t.rpc('v1.warehouses.list', { partnerId: 10002, tab: 'active' }, tok.fbs)).result;
    expect(lists.items).toEqual([]);
  });

  it('an active warehouse cannot be deleted; an inactive one can and disappears', async () => {
    const id = await createReady('Удаляемый', true);
    expect((await t.rpc('v1.warehouses.delete', { partnerId: 10002, id }, tok.fbs)).error?.message).toBe(
      'Активный склад нельзя удалить: сначала деактивируйте его',
    );
    await t.rpc('v1.warehouses.deactivate', { partnerId: 10002, id }, tok.fbs);
    expect((await t.rpc('v1.warehouses.delete', { partnerId: 10002, id }, tok.fbs)).result).toEqual({
      ok: true,
    });
    expect((await t.rpc('v1.warehouses.details', { partnerId: 10002, id }, tok.fbs)).error?.code).toBe(50404);
  });
});

describe('editing an existing warehouse', () => {
  it('changing the delivery or return method type is possible only through support', async () => {
    const id = await createReady();
    const res = await t.rpc(
      'v1.warehouses.edit',
      { partnerId: 10002, id, general: general(), deliveryMethod: pickUp(), returnMethod: pickUpReturn },
      tok.fbs,
    );
    expect(res.error?.data?.errors).toEqual([
      {
        field: 'deliveryMethod.type',
        message: 'Изменить способ доставки или возврата можно только через поддержку',
      },
      {
        field: 'returnMethod.type',
        message: 'Изменить способ доставки или возврата можно только через поддержку',
      },
    ]);
    const method = await t.rpc(
      'v1.warehouses.delivery-method.edit',
      { partnerId: 10002, warehouseId: id, method: pickUp() },
      tok.fbs,
    );
    expect(method.error?.data?.reason).toBe('warehouse.methodChangeViaSupport');
  });

  it('a schedule change applies in about 24 hours', async () => {
    const id = await createReady();
    const res = await t.rpc(
      'v1.warehouses.delivery-method.edit',
      { partnerId: 10002, warehouseId: id, method: dropOff({ shipment: { days: weekdays, time: '17:00' } }) },
      tok.fbs,
    );
    expect(res.result.scheduleEffectiveFrom).toBe(new Date(NOW.getTime() + 24 * 3600 * 1000).toISOString());
    expect(res.result.warnings).toEqual(['doubleLogisticsCost']);
  });

  it('methods can be set step by step on a draft, which is submitted once both are there', async () => {
    const { id } = (await create({ general: general(), draft: true })).result.warehouse;
    const step2 = await t.rpc(
      'v1.warehouses.delivery-method.create',
      { partnerId: 10002, warehouseId: id, method: pickUp() },
      tok.fbs,
    );
    expect(step2.result.status).toBe('draft');
    const step3 = await t.rpc(
      'v1.warehouses.return-method.create',
      { partnerId: 10002, warehouseId: id, method: pickUpReturn },
      tok.fbs,
    );
    expect(step3.result.status).toBe('action_required');
  });
});

describe('events and reference data', () => {
  it('records ORDER_PACKED and GOODS_OUT at the active warehouse only', async () => {
    const id = await createReady('Активный', true);
    const e = await t.rpc(
      'v1.warehouses.events.record',
      { partnerId: 10002, id, event: 'ORDER_PACKED', orderNr: 'MD-1001' },
      tok.fbs,
    );
    expect(e.result).toMatchObject({ event: 'ORDER_PACKED', orderNr: 'MD-1001' });
    await t.rpc('v1.warehouses.events.record', { partnerId: 10002, id, event: 'GOODS_OUT' }, tok.keeper);
    const details = (await t.rpc('v1.warehouses.details', { partnerId: 10002, id }, tok.fbs)).result;
    expect(details.events.map((x: { event: string }) => x.event)).toEqual(['GOODS_OUT', 'ORDER_PACKED']);
    const other = await createReady('Неактивный');
    expect(
      (
        await t.rpc(
          'v1.warehouses.events.record',
          { partnerId: 10002, id: other, event: 'GOODS_OUT' },
          tok.fbs,
        )
      ).error?.data?.reason,
    ).toBe('warehouse.eventNeedsActive');
    expect(
      (await t.rpc('v1.warehouses.events.record', { partnerId: 10002, id, event: 'LOST' }, tok.fbs)).error
        ?.code,
    ).toBe(-32602);
  });

  it('base and fulfilment warehouses come from the server', async () => {
    const base = (await t.rpc('v1.warehouses.base-warehouses.list', {}, tok.fbs)).result;
    expect(base.items.map((b: { code: string }) => b.code).sort()).toEqual([
      'Bykovo',
      'Chekhov',
      'Novokhokhlovskaya',
      'Sofino',
    ]);
    expect(base.items.find((b: { code: string }) => b.code === 'Bykovo').name).toBe('Быково');
    expect(
      (await t.rpc('v1.fulfilment-warehouses.list', { seller_id: 10001 }, tok.seller)).result.items,
    ).toHaveLength(4);
    expect((await t.rpc('v1.fulfilment-warehouses.list', { seller_id: 10002 }, tok.seller)).error?.code).toBe(
      50404,
    );
  });
});

describe('access', () => {
  it('only crossdocking partners have warehouses: others get 50403', async () => {
    const res = await t.rpc('v1.warehouses.list', { partnerId: 10001 }, tok.seller);
    expect(res.error).toMatchObject({ code: 50403, data: { reason: 'warehouse.notCrossdocking' } });
  });

  it('roles: partner user, B2B manager and support engineer only', async () => {
    expect((await t.rpc('v1.warehouses.list', { partnerId: 10002 }, tok.manager)).result).toBeDefined();
    expect((await t.rpc('v1.warehouses.list', { partnerId: 10002 }, tok.support)).result).toBeDefined();
    for (const who of ['admin', 'keeper', 'operator'])
      expect((await t.rpc('v1.warehouses.list', { partnerId: 10002 }, tok[who])).error?.code).toBe(50403);
  });

  it('another partner’s warehouse answers as a missing one, and stays untouched', async () => {
    const id = await createReady('Чужой');
    const other = await t.rpc('v1.warehouses.details', { partnerId: 10002, id }, tok.multi);
    const missing = await t.rpc('v1.warehouses.details', { partnerId: 99999, id }, tok.multi);
    expect(other.error).toEqual(missing.error);
    expect((await t.rpc('v1.warehouses.activate', { partnerId: 10002, id }, tok.multi)).error?.code).toBe(
      50404,
    );
    // Through their own partner id the warehouse of 10002 does not exist either.
    expect((await t.rpc('v1.warehouses.activate', { partnerId: 10005, id }, tok.multi)).error?.code).toBe(
      50404,
    );
    expect(
      (await t.sql<{ status: string }>(`select status from warehouses where id = $1`, [id]))[0]!.status,
    ).toBe('inactive');
  });
});
