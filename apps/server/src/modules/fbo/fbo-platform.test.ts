// The warehouse's side of FBO supplies through the API as the warehouse system and the seller call it: every
// transition of FBO_SUPPLY_MACHINE allowed and refused, who may make which move, the 2-hour document check on
// a fixed clock, and acceptance with box disputes (and the stock they move). The seller's side: fbo.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FBO_SUPPLY_MACHINE, type FboSupplyAction } from '@moda/contracts';
import type { TestApp } from '../../../test/helpers';
import { setUpFbo, sheet, type FboFixture } from './fbo.fixture';

// 15 March 2026, 15:00 in Moscow.
const NOW = new Date('2026-03-15T12:00:00Z');
let clock = NOW;
let t: TestApp;
let seller: string; // 10001, consignment
let platform: string;
let skus: string[];
let checked: FboFixture['checked'];
let rpc: FboFixture['rpc'];
let draft: FboFixture['draft'];

const plat = (method: string, params: Record<string, unknown>) =>
  t.rpc(`v1.platform.fulfilment-shipments.${method}`, params, platform);
const setStatus = (id: string, status: string) =>
  t.sql(`update fbo_supplies set status = $2, submitted_at = $3 where id = $1`, [
    id,
    status,
    clock.toISOString(),
  ]);
const statusOf = async (id: string) =>
  (await t.sql<{ status: string }>(`select status from fbo_supplies where id = $1`, [id]))[0]!.status;

beforeAll(async () => {
  ({ t, seller, platform, skus, checked, rpc, draft } = await setUpFbo(() => clock));
}, 60_000);
afterAll(() => t.close());

describe('the state machine', () => {
  const sellerActions: Partial<
    Record<FboSupplyAction, (id: string) => Promise<{ error?: { data?: { reason?: string } } }>>
  > = {
    submit: (id) => rpc('submit', { id }),
    revise: (id) => rpc('revise', { id }),
    cancel: (id) => rpc('cancel', { id }),
    requestCancel: (id) => rpc('cancel', { id }),
    changeWarehouse: (id) =>
      rpc('change-warehouse', { id, warehouseCode: 'Sofino', plannedDate: '2026-03-21' }),
  };
  const platformActions: Partial<
    Record<FboSupplyAction, (id: string) => Promise<{ error?: { data?: { reason?: string } } }>>
  > = {
    validate: (id) => plat('validate', { id, ok: true }),
    failValidation: (id) => plat('validate', { id, ok: false, reasons: ['Нет сертификата'] }),
    accept: (id) =>
      plat('report', {
        id,
        items: [
          { sellerSku: skus[0], received: 5 },
          { sellerSku: skus[1], received: 3 },
        ],
      }),
  };
  for (const a of [
    'arrive',
    'startUnloading',
    'finishUnloading',
    'startProcessing',
    'confirmCancel',
    'refuseCancel',
    'confirmWarehouseChange',
    'refuseWarehouseChange',
  ] as const)
    platformActions[a] = (id) => plat('move', { id, action: a });

  for (const [action, t0] of Object.entries(FBO_SUPPLY_MACHINE.transitions)) {
    const call = sellerActions[action as FboSupplyAction] ?? platformActions[action as FboSupplyAction]!;
    it(`${action}: allowed from ${t0.from.join(', ')} to ${t0.to}, refused from every other state`, async () => {
      for (const from of FBO_SUPPLY_MACHINE.states) {
        const s = await draft();
        await setStatus(s.id, from);
        if (from === 'changeWarehouse')
          await t.sql(
            `update fbo_supplies set requested_warehouse = 'Sofino', requested_date = '2026-03-21' where id = $1`,
            [s.id],
          );
        const r = await call(s.id);
        const allowed = (t0.from as readonly string[]).includes(from);
        // cancel and requestCancel share one seller call: from readyForShipment it asks, elsewhere it cancels.
        const sibling = action === 'cancel' ? 'requestCancel' : action === 'requestCancel' ? 'cancel' : null;
        const bySibling =
          sibling !== null &&
          (FBO_SUPPLY_MACHINE.transitions[sibling].from as readonly string[]).includes(from);
        if (allowed) {
          expect(r.error, `${action} from ${from}`).toBeUndefined();
          expect(await statusOf(s.id)).toBe(t0.to);
        } else if (!bySibling && !(action === 'changeWarehouse' && from === 'draft')) {
          // (A draft moves to another warehouse at once, without a change of state: tested below.)
          expect(r.error, `${action} from ${from}`).toBeDefined();
          expect(await statusOf(s.id)).toBe(from);
        }
      }
    }, 30_000);
  }

  it('a refused document check names its reasons', async () => {
    const s = await draft();
    await rpc('submit', { id: s.id });
    const bare = await plat('validate', { id: s.id, ok: false });
    expect(bare.error?.data?.errors?.[0]).toMatchObject({
      field: 'reasons',
      message: 'Укажите, почему документы не прошли проверку',
    });
    expect(await statusOf(s.id)).toBe('validation');
    await plat('validate', { id: s.id, ok: false, reasons: ['Нет декларации соответствия'] });
    const card = (await rpc('get', { id: s.id })).result;
    expect(card).toMatchObject({
      status: 'validationError',
      validationErrors: ['Нет декларации соответствия'],
    });
    expect(card.actions).toEqual(['revise', 'cancel']);
  });

  it('the warehouse’s moves need the service credential, the seller’s a seller', async () => {
    const s = await draft();
    const asSeller = await t.rpc('v1.platform.fulfilment-shipments.validate', { id: s.id, ok: true }, seller);
    expect(asSeller.error?.code).toBe(50403);
    const asPlatform = await t.rpc(
      'v1.fulfilment-shipments.submit',
      { partnerId: 10001, id: s.id },
      platform,
    );
    expect(asPlatform.error?.code).toBe(50403);
    expect(await statusOf(s.id)).toBe('draft');
  });

  it('a draft without a slot is not sent; a draft moves to another warehouse at once', async () => {
    const s = await rpc('create-draft', {
      warehouseCode: 'Bykovo',
      items: [{ sellerSku: skus[0], quantity: 1 }],
    });
    const r = await rpc('submit', { id: s.result.id });
    expect(r.error?.data?.errors?.[0]).toMatchObject({
      field: 'plannedDate',
      message: 'Забронируйте слот приёмки на складе',
    });
    const moved = await rpc('change-warehouse', {
      id: s.result.id,
      warehouseCode: 'Chekhov',
      plannedDate: '2026-03-22',
    });
    expect(moved.result).toMatchObject({
      status: 'draft',
      warehouseCode: 'Chekhov',
      plannedDate: '2026-03-22',
    });
  });

  it('a confirmed warehouse change moves the supply; the history tells every step', async () => {
    const s = await draft();
    await rpc('submit', { id: s.id });
    await plat('validate', { id: s.id, ok: true });
    await rpc('change-warehouse', { id: s.id, warehouseCode: 'Sofino', plannedDate: '2026-03-23' });
    await plat('move', { id: s.id, action: 'confirmWarehouseChange' });
    const card = (await rpc('get', { id: s.id })).result;
    expect(card).toMatchObject({
      status: 'readyForShipment',
      warehouseCode: 'Sofino',
      plannedDate: '2026-03-23',
      requestedWarehouse: null,
    });
    expect(card.history.map((h: { to: string }) => h.to)).toEqual([
      'draft',
      'validation',
      'readyForShipment',
      'changeWarehouse',
      'readyForShipment',
    ]);
    expect(card.actions).toEqual(['requestCancel', 'changeWarehouse']);
  });
});

describe('the 2-hour document check', () => {
  it('a supply left in validation goes to validationError by itself at 2 hours, with a reason', async () => {
    const s = await draft();
    await rpc('submit', { id: s.id });
    clock = new Date(NOW.getTime() + 2 * 3_600_000 - 1);
    expect((await rpc('get', { id: s.id })).result.status).toBe('validation');
    clock = new Date(NOW.getTime() + 2 * 3_600_000);
    const card = (await rpc('get', { id: s.id })).result;
    clock = NOW;
    expect(card.status).toBe('validationError');
    expect(card.validationErrors).toEqual([
      'Склад не проверил документы за 2 часа. Отправьте поставку на проверку ещё раз',
    ]);
    expect(card.history.at(-1)).toMatchObject({
      from: 'validation',
      to: 'validationError',
      actor: 'Система',
    });
  });
});

describe('acceptance, disputes and stock', () => {
  it('the report closes the supply with its totals, stock grows, a disputed box is corrected', async () => {
    const file = await checked(
      await sheet([
        [skus[0]!, 6, 'A'],
        [skus[1]!, 4, 'B'],
      ]),
      { warehouse: 'Sofino' },
    );
    const created = await rpc('create', {
      warehouseCode: 'Sofino',
      plannedDate: '2026-03-24',
      fileId: file.id,
    });
    expect(created.error).toBeUndefined();
    const s = created.result;
    const stockAt = async () => {
      const r = await t.rpc(
        'v1.analytics.recommended-shipment.get',
        { partnerId: 10001, search: skus[0], warehouseCode: ['Sofino'] },
        seller,
      );
      return (
        (r.result.items as { sellerSku: string; inTransit: number; onHand: number; reserved: number }[]).find(
          (i) => i.sellerSku === skus[0],
        ) ?? { inTransit: 0, onHand: 0, reserved: 0 }
      );
    };
    const before = await stockAt();
    await rpc('submit', { id: s.id });
    await plat('validate', { id: s.id, ok: true });
    // Ready for shipment: on its way to Sofino.
    expect((await stockAt()).inTransit).toBe(before.inTransit + 6);
    for (const action of ['arrive', 'startUnloading', 'finishUnloading', 'startProcessing'])
      expect((await plat('move', { id: s.id, action })).error).toBeUndefined();
    const bad = await plat('report', {
      id: s.id,
      items: [
        { sellerSku: skus[0], box: 'A', received: 5 },
        { sellerSku: skus[1], box: 'B', received: 4 },
      ],
    });
    expect(bad.error?.data?.errors?.[0]?.message).toBe(
      `Не сходится количество «${skus[0]}»: заявлено 6, а принято + брак + недостача − излишек = 5`,
    );
    const ok = await plat('report', {
      id: s.id,
      items: [
        { sellerSku: skus[0], box: 'A', received: 3, missing: 2, damaged: 1 },
        { sellerSku: skus[1], box: 'B', received: 5, surplus: 1 },
      ],
      unknownSurplus: 2,
    });
    expect(ok.result.status).toBe('closed');
    const card = (await rpc('get', { id: s.id })).result;
    expect(card.totals).toMatchObject({
      goodsDeclared: 10,
      goodsReceived: 8,
      totalDefective: 1,
      totalShortages: 2,
      totalSurplus: 1,
      unknownSurplus: 2,
    });
    const after = await stockAt();
    expect(after.inTransit).toBe(before.inTransit);
    expect(after.onHand + after.reserved).toBeGreaterThan(before.onHand + before.reserved);
    const moves = await t.sql<{ q: number }>(
      `select sum(quantity)::int as q from fbo_stock_moves where ref = $1`,
      [s.id],
    );
    expect(moves[0]!.q).toBe(8);
    // Box A is short of 2: disputed in one click, the warehouse finds 1.
    expect((await rpc('dispute', { id: s.id, box: 'B' })).error?.data?.reason).toBe('fbo.disputeNotAllowed');
    const disputed = await rpc('dispute', { id: s.id, box: 'A', comment: 'Короб был полным' });
    expect(disputed.result.boxes[0].dispute).toMatchObject({ status: 'open' });
    expect((await rpc('dispute', { id: s.id, box: 'A' })).error?.data?.reason).toBe('fbo.disputeExists');
    const queue = await plat('list', { status: ['closed'] });
    const open = queue.result.items.find((i: { id: string }) => i.id === s.id).openDisputes[0];
    expect(
      (
        await t.rpc(
          'v1.platform.fulfilment-shipments.resolve-dispute',
          { disputeId: open.id, accepted: true, found: 3 },
          platform,
        )
      ).error?.data?.errors?.[0]?.message,
    ).toBe('Найдено больше, чем недостача в коробе: 2');
    const resolved = await t.rpc(
      'v1.platform.fulfilment-shipments.resolve-dispute',
      { disputeId: open.id, accepted: true, found: 1, answer: 'Нашли при пересчёте' },
      platform,
    );
    expect(resolved.error).toBeUndefined();
    const fixed = (await rpc('get', { id: s.id })).result;
    expect(fixed.totals).toMatchObject({ goodsReceived: 9, totalShortages: 1 });
    expect(fixed.boxes[0].dispute).toMatchObject({ status: 'accepted', answer: 'Нашли при пересчёте' });
    // The acceptance report and the labels download.
    const report = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/fulfilment-shipments/${s.id}/acceptance-report?partnerId=10001`,
      headers: { authorization: `Bearer ${seller}` },
    });
    expect(report.statusCode).toBe(200);
    const labels = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/fulfilment-shipments/${s.id}/labels?partnerId=10001&kind=box`,
      headers: { authorization: `Bearer ${seller}` },
    });
    expect(labels.statusCode).toBe(200);
    expect(labels.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
