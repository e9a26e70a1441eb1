// FBS warehouses: the 3-step form's rules, the state machine (draft → approval → inactive ⇄ active),
// one active warehouse per partner, support's review, and ORDER_PACKED / GOODS_OUT events.
import {
  checkTransition,
  moscowDay,
  type DeliveryMethod,
  ERRORS,
  PLATFORM_TRANSPORT_REGIONS,
  type ReturnMethod,
  toFieldErrors,
  WAREHOUSE_LIMITS,
  WAREHOUSE_TAB_OF_STATUS,
  WarehouseGeneral,
  WarehouseStateMachine,
  type FieldError,
  type Schedule,
  type Warehouse,
  type WarehouseAction,
} from '@moda/contracts';
import type { z } from 'zod';
import type { CallContext } from '../../core/context';
import { concurrently } from '../../db/client';
import { requirePartner, requirePrincipal } from '../../core/context';
import { AppError } from '../../core/errors';
import type { PartnersService } from '../partners';
import * as q from './warehouses.queries';

type Status = Warehouse['status'];
type Draft = Warehouse['general'];
const DAY_MS = 24 * 3600 * 1000;
/** Schedule changes reach the carriers' plans within about a day (spec 001 §5). */
const SCHEDULE_DELAY_MS = DAY_MS;

const sameSchedule = (a: Schedule, b: Schedule) =>
  a.time === b.time && [...a.days].sort().join() === [...b.days].sort().join();

export function warningsOf(
  delivery: Warehouse['deliveryMethod'],
  ret: ReturnMethod | null,
): Warehouse['warnings'] {
  if (!delivery || !ret) return [];
  const outbound = delivery.type === 'PICK_UP' ? delivery.truckArrival : delivery.shipment;
  return sameSchedule(outbound, ret.schedule) ? [] : ['doubleLogisticsCost'];
}

function toWarehouse(row: q.WarehouseRow): Warehouse {
  // As stored: a pick-up method saved before it named its base warehouse has none.
  const delivery = row.deliveryMethod as Warehouse['deliveryMethod'];
  const ret = row.returnMethod as ReturnMethod | null;
  return {
    id: row.id,
    partnerId: row.partnerId,
    status: row.status as Status,
    general: row.general as Draft,
    deliveryMethod: delivery,
    returnMethod: ret,
    reviewComment: row.reviewComment,
    warnings: warningsOf(delivery, ret),
    scheduleEffectiveFrom: row.scheduleEffectiveFrom?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const prefixed = (prefix: string, error: z.ZodError): FieldError[] =>
  toFieldErrors(error).map((e) => ({
    field: e.field === '-' ? prefix : `${prefix}.${e.field}`,
    message: e.message,
  }));

interface FormInput {
  general: Draft;
  deliveryMethod?: DeliveryMethod | undefined;
  returnMethod?: ReturnMethod | undefined;
  draft: boolean;
}

export class WarehousesService {
  constructor(private readonly deps: { partners: PartnersService; now: () => Date }) {}

  private async requireCrossdocking(ctx: CallContext): Promise<void> {
    const partner = await this.deps.partners.current(ctx);
    if (partner.businessModel !== 'marketplace_crossdocking') throw new AppError('warehouse.notCrossdocking');
  }

  private async load(ctx: CallContext, id: string): Promise<q.WarehouseRow> {
    const row = await q.warehouseById(ctx.db, requirePartner(ctx), id);
    if (!row) throw new AppError('warehouse.notFound');
    return row;
  }

  private allow(ctx: CallContext, action: WarehouseAction, from: Status): void {
    const refused = checkTransition(WarehouseStateMachine, action, from, requirePrincipal(ctx).roles);
    if (refused === 'forbidden') throw new AppError('common.forbidden');
    if (refused) throw new AppError('warehouse.notAllowedFromState');
  }

  async list(ctx: CallContext, tab: 'all' | 'active' | 'inactive') {
    await this.requireCrossdocking(ctx);
    const partnerId = requirePartner(ctx);
    const statuses =
      tab === 'all'
        ? null
        : (Object.keys(WAREHOUSE_TAB_OF_STATUS) as Status[]).filter(
            (s) => WAREHOUSE_TAB_OF_STATUS[s] === tab,
          );
    const [rows, counts] = await concurrently(ctx.db, [
      () => q.listWarehouses(ctx.db, partnerId, statuses),
      () => q.countByStatus(ctx.db, partnerId),
    ]);
    const active = counts.active ?? 0;
    const all = Object.values(counts).reduce((a, b) => a + b, 0);
    return { items: rows.map(toWarehouse), counts: { all, active, inactive: all - active } };
  }

  async details(ctx: CallContext, id: string) {
    await this.requireCrossdocking(ctx);
    const row = await this.load(ctx, id);
    const events = await q.eventsOf(ctx.db, row.partnerId, row.id);
    return {
      ...toWarehouse(row),
      events: events.map((e) => ({
        id: String(e.id),
        event: e.event as 'ORDER_PACKED' | 'GOODS_OUT',
        occurredAt: e.occurredAt.toISOString(),
        orderNr: e.orderNr,
      })),
    };
  }

  /** The rules of spec 001 §5 that a schema cannot state; every failure lands on its field. */
  private async validate(ctx: CallContext, input: FormInput): Promise<void> {
    const errors: FieldError[] = [];
    if (!input.draft) {
      const general = WarehouseGeneral.safeParse(input.general);
      if (!general.success) errors.push(...prefixed('general', general.error));
      if (!input.deliveryMethod) errors.push({ field: 'deliveryMethod', message: 'Обязательное поле' });
      if (!input.returnMethod) errors.push({ field: 'returnMethod', message: 'Обязательное поле' });
    }
    const today = moscowDay(this.deps.now());
    const firstAllowed = moscowDay(this.deps.now(), WAREHOUSE_LIMITS.nonWorkingDaysNotBefore);
    (input.general.nonWorkingDays ?? []).forEach((day, i) => {
      if (day < today)
        errors.push({
          field: `general.nonWorkingDays.${i}`,
          message: ERRORS['warehouse.nonWorkingDayPast'].message,
        });
      else if (day < firstAllowed)
        errors.push({
          field: `general.nonWorkingDays.${i}`,
          message: ERRORS['warehouse.nonWorkingDayTooSoon'].message,
        });
    });
    const region = input.general.address?.region?.trim();
    const platformTransport = (regionOk: boolean, field: string) => {
      if (!regionOk) errors.push({ field, message: ERRORS['warehouse.platformTransportRegion'].message });
    };
    const inPlatformRegion =
      region !== undefined && (PLATFORM_TRANSPORT_REGIONS as readonly string[]).includes(region);
    if (input.deliveryMethod?.type === 'PICK_UP') platformTransport(inPlatformRegion, 'deliveryMethod.type');
    if (input.returnMethod?.type === 'PICK_UP') platformTransport(inPlatformRegion, 'returnMethod.type');

    if (input.deliveryMethod || input.returnMethod) {
      const profile = await q.deliveryProfileOf(ctx.db, requirePartner(ctx));
      if (!profile?.configured) throw new AppError('warehouse.deliveryProfileNotConfigured');
      const allowed = profile.allowedMethods;
      if (input.deliveryMethod && !allowed.includes(input.deliveryMethod.type)) {
        errors.push({ field: 'deliveryMethod.type', message: ERRORS['warehouse.methodNotAllowed'].message });
      }
      if (input.returnMethod && !allowed.includes(input.returnMethod.type)) {
        errors.push({ field: 'returnMethod.type', message: ERRORS['warehouse.methodNotAllowed'].message });
      }
    }
    if (errors.length) throw new AppError('common.badRequest', { errors, message: errors[0]!.message });
  }

  /** Where a finished form goes: pick-up waits for support to approve the arrival time. */
  private submitAction(delivery: DeliveryMethod): WarehouseAction {
    return delivery.type === 'PICK_UP' ? 'submitForApproval' : 'submitReady';
  }

  async create(ctx: CallContext, input: FormInput & { activate: boolean }) {
    await this.requireCrossdocking(ctx);
    await this.validate(ctx, input);
    const partnerId = requirePartner(ctx);
    let status: Status = 'draft';
    if (!input.draft) {
      const action = this.submitAction(input.deliveryMethod!);
      this.allow(ctx, action, 'draft');
      status = WarehouseStateMachine.transitions[action].to;
    }
    const row = await q.insertWarehouse(ctx.db, {
      partnerId,
      status,
      general: input.draft ? input.general : WarehouseGeneral.parse(input.general),
      deliveryMethod: input.deliveryMethod ?? null,
      returnMethod: input.returnMethod ?? null,
    });
    ctx.audit.objectId = row.id;
    if (input.activate && status === 'inactive') {
      const { warehouse, deactivatedId } = await this.activate(ctx, row.id);
      return { warehouse, outcome: 'addedAndActivated' as const, deactivatedId };
    }
    return {
      warehouse: toWarehouse(row),
      outcome: input.draft ? ('savedAsDraft' as const) : ('added' as const),
      deactivatedId: null,
    };
  }

  async edit(ctx: CallContext, id: string, input: FormInput) {
    await this.requireCrossdocking(ctx);
    const row = await this.load(ctx, id);
    const wasDraft = row.status === 'draft';
    const draft = wasDraft && input.draft;
    await this.validate(ctx, { ...input, draft });
    const before = {
      delivery: row.deliveryMethod as DeliveryMethod | null,
      ret: row.returnMethod as ReturnMethod | null,
    };
    if (!wasDraft)
      this.refuseMethodTypeChange(before.delivery, input.deliveryMethod, before.ret, input.returnMethod);

    let status = row.status as Status;
    if (wasDraft && !draft) {
      const action = this.submitAction(input.deliveryMethod!);
      this.allow(ctx, action, 'draft');
      status = WarehouseStateMachine.transitions[action].to;
    }
    const scheduleChanged =
      !wasDraft &&
      (JSON.stringify(before.delivery) !== JSON.stringify(input.deliveryMethod ?? null) ||
        JSON.stringify(before.ret) !== JSON.stringify(input.returnMethod ?? null));
    const updated = await q.updateWarehouse(ctx.db, row.partnerId, id, {
      status,
      general: draft ? input.general : WarehouseGeneral.parse(input.general),
      deliveryMethod: input.deliveryMethod ?? null,
      returnMethod: input.returnMethod ?? null,
      reviewComment: null,
      ...(scheduleChanged
        ? { scheduleEffectiveFrom: new Date(this.deps.now().getTime() + SCHEDULE_DELAY_MS) }
        : {}),
    });
    const outcome: 'savedAsDraft' | 'added' | 'changesApplied' = draft
      ? 'savedAsDraft'
      : wasDraft
        ? 'added'
        : 'changesApplied';
    return {
      warehouse: toWarehouse(updated),
      outcome: outcome,
      deactivatedId: null,
    };
  }

  private refuseMethodTypeChange(
    delivery: DeliveryMethod | null,
    nextDelivery: DeliveryMethod | undefined,
    ret: ReturnMethod | null,
    nextReturn: ReturnMethod | undefined,
  ): void {
    const errors: FieldError[] = [];
    const message = ERRORS['warehouse.methodChangeViaSupport'].message;
    if (delivery && nextDelivery && delivery.type !== nextDelivery.type)
      errors.push({ field: 'deliveryMethod.type', message });
    if (ret && nextReturn && ret.type !== nextReturn.type)
      errors.push({ field: 'returnMethod.type', message });
    if (errors.length) throw new AppError('warehouse.methodChangeViaSupport', { errors });
  }

  async setMethod(
    ctx: CallContext,
    warehouseId: string,
    kind: 'delivery' | 'return',
    method: DeliveryMethod | ReturnMethod,
    mode: 'create' | 'edit',
  ) {
    const row = await this.load(ctx, warehouseId);
    const current = {
      general: row.general as Draft,
      deliveryMethod: row.deliveryMethod as DeliveryMethod | undefined,
      returnMethod: row.returnMethod as ReturnMethod | undefined,
    };
    const next = { ...current, [kind === 'delivery' ? 'deliveryMethod' : 'returnMethod']: method };
    if (mode === 'create' && row.status !== 'draft') throw new AppError('warehouse.notAllowedFromState');
    if (mode === 'edit' && !(kind === 'delivery' ? row.deliveryMethod : row.returnMethod))
      throw new AppError('warehouse.notAllowedFromState');
    const saved = await this.edit(ctx, warehouseId, {
      ...next,
      draft: row.status === 'draft' && !(next.deliveryMethod && next.returnMethod),
    });
    return saved.warehouse;
  }

  async activate(
    ctx: CallContext,
    id: string,
  ): Promise<{ warehouse: Warehouse; deactivatedId: string | null }> {
    await this.requireCrossdocking(ctx);
    const partnerId = requirePartner(ctx);
    // Lock the partner's warehouses first: concurrent activations wait here and never leave two active.
    const locked = await q.lockPartnerWarehouses(ctx.db, partnerId);
    const target = locked.find((w) => w.id === id);
    if (!target) throw new AppError('warehouse.notFound');
    if (target.status === 'draft') throw new AppError('warehouse.unfinished');
    if (target.status === 'action_required') throw new AppError('warehouse.awaitingApproval');
    this.allow(ctx, 'activate', target.status as Status);
    const deactivatedId = await q.deactivateOthers(ctx.db, partnerId, id);
    const row = await q.updateWarehouse(ctx.db, partnerId, id, { status: 'active' });
    ctx.audit.objectId = id;
    return { warehouse: toWarehouse(row), deactivatedId };
  }

  async transition(
    ctx: CallContext,
    id: string,
    action: 'deactivate' | 'approve' | 'sendBack',
    comment?: string,
  ) {
    await this.requireCrossdocking(ctx);
    const row = await this.load(ctx, id);
    this.allow(ctx, action, row.status as Status);
    const updated = await q.updateWarehouse(ctx.db, row.partnerId, id, {
      status: WarehouseStateMachine.transitions[action].to,
      ...(action === 'sendBack' ? { reviewComment: comment ?? null } : {}),
    });
    return { warehouse: toWarehouse(updated), deactivatedId: null };
  }

  async remove(ctx: CallContext, id: string): Promise<{ ok: true }> {
    await this.requireCrossdocking(ctx);
    const row = await this.load(ctx, id);
    if (row.status === 'active') throw new AppError('warehouse.activeCannotBeDeleted');
    await q.updateWarehouse(ctx.db, row.partnerId, id, { deletedAt: new Date() });
    return { ok: true };
  }

  async recordEvent(
    ctx: CallContext,
    id: string,
    event: 'ORDER_PACKED' | 'GOODS_OUT',
    orderNr: string | undefined,
  ) {
    await this.requireCrossdocking(ctx);
    const row = await this.load(ctx, id);
    if (row.status !== 'active') throw new AppError('warehouse.eventNeedsActive');
    const e = await q.insertEvent(ctx.db, {
      partnerId: row.partnerId,
      warehouseId: id,
      event,
      orderNr: orderNr ?? null,
    });
    return { id: String(e.id), event, occurredAt: e.occurredAt.toISOString(), orderNr: e.orderNr };
  }

  async deliveryProfile(ctx: CallContext) {
    await this.requireCrossdocking(ctx);
    const p = await q.deliveryProfileOf(ctx.db, requirePartner(ctx));
    return {
      configured: p?.configured ?? false,
      allowedDeliveryMethods: (p?.allowedMethods ?? []) as ('PICK_UP' | 'DROP_OFF')[],
      managerName: p?.managerName ?? null,
      managerEmail: p?.managerEmail ?? null,
    };
  }

  async baseWarehouses(ctx: CallContext) {
    return {
      items: (await q.listBaseWarehouses(ctx.db, 'dropOff')) as {
        code: 'Bykovo';
        name: string;
        address: string;
      }[],
    };
  }

  async fulfilmentWarehouses(ctx: CallContext, sellerId: number) {
    // A seller asks for their own id; staff for anyone's. Another seller's id answers as a missing one.
    const principal = requirePrincipal(ctx);
    const staff = !principal.roles.every((r) => r === 'partner_user' || r === 'onboarding_user');
    if (!staff && !principal.partnerIds.includes(sellerId)) throw new AppError('partner.notFound');
    return {
      items: (await q.listBaseWarehouses(ctx.db, 'fulfilment')) as {
        code: 'Bykovo';
        name: string;
        address: string;
      }[],
    };
  }

  async reviewQueue(ctx: CallContext) {
    const rows = await q.awaitingReview(ctx.db);
    return { items: rows.map((r) => ({ warehouse: toWarehouse(r.warehouse), shopName: r.shopName })) };
  }
}
