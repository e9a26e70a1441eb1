// The supply moves both sides make (FboService, FboPlatformService): a move checked against the supply
// machine with its event, the 2-hour document check's expiry, and the waitlist booked when a slot frees.
import {
  ERRORS,
  FBO_LIMITS,
  FBO_SUPPLY_MACHINE,
  FBO_SUPPLY_STATUS_LABELS,
  FBO_WAREHOUSE_NAMES,
  checkTransition,
  fill,
  fromMoscow,
  type Actor,
  type FboSupplyAction,
  type FboWarehouseCode,
  type FboSupplyState as SupplyStatus,
} from '@moda/contracts';
import type { CallContext } from '../../core/context';
import { requirePrincipal } from '../../core/context';
import { AppError } from '../../core/errors';
import { emitEvent } from '../webhooks';
import type { Db, DbOrTx } from '../../db/client';
import * as q from './fbo.queries';

/** The services' clock: `now()` is read at each step, as the services read it. */
type Clock = { now: () => Date };

/** Who moves a supply: the seller's roles, or the warehouse system. */
export function actorOf(ctx: CallContext): { actors: Actor[]; name: string } {
  const p = requirePrincipal(ctx);
  if (p.service) return { actors: ['platform'], name: 'Склад маркетплейса' };
  return { actors: p.roles, name: p.email };
}

export const cannotMove = (action: FboSupplyAction) =>
  new AppError('fbo.cannotMove', {
    message: fill(ERRORS['fbo.cannotMove'].message, {
      status: FBO_SUPPLY_STATUS_LABELS[FBO_SUPPLY_MACHINE.transitions[action].to],
    }),
  });

/** The instant unloading starts on a slot's day: the 24 hours count to it. */
export function slotStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return fromMoscow(new Date(Date.UTC(y, m - 1, d, FBO_LIMITS.slotHour)));
}

/** Whether a slot's day is still 24 hours ahead of `now`. */
export function leadOk(day: string, now: Date): boolean {
  return slotStart(day).getTime() - now.getTime() >= FBO_LIMITS.slotLeadHours * 3_600_000;
}

/** Whether a day of a warehouse has room, under the day's lock. */
export async function hasRoom(db: DbOrTx, warehouse: string, day: string): Promise<boolean> {
  await q.lockDay(db, warehouse, day);
  const [load] = await q.dayLoad(db, warehouse, day, day);
  return load!.booked < load!.capacity;
}

/** Refuse a move the machine does not allow from the supply's status, or not to these actors. */
export function requireMove(row: q.SupplyRow, action: FboSupplyAction, actors: readonly Actor[]): void {
  const refused = checkTransition(FBO_SUPPLY_MACHINE, action, row.status as SupplyStatus, actors);
  if (refused === 'forbidden') throw new AppError('common.forbidden');
  if (refused) throw cannotMove(action);
}

/** Check the move against the machine for the caller, record it, and set the new status. */
export async function moveSupply(
  clock: Clock,
  ctx: CallContext,
  row: q.SupplyRow,
  action: FboSupplyAction,
  patch: Record<string, unknown> = {},
  reason: string | null = null,
  actor = actorOf(ctx),
): Promise<SupplyStatus> {
  requireMove(row, action, actor.actors);
  const to = FBO_SUPPLY_MACHINE.transitions[action].to;
  const at = clock.now();
  await q.setSupply(ctx.db, row.partner_id, row.id, { status: to, ...patch }, at);
  await q.addEvent(ctx.db, row.partner_id, row.id, row.status, to, actor.name, reason, at);
  await emitEvent(ctx.db, {
    partnerId: row.partner_id,
    type: 'fbo.supply.status_changed',
    objectId: row.id,
    payload: { supplyId: row.id, status: to, previousStatus: row.status as SupplyStatus },
  });
  ctx.audit.objectId = row.id;
  ctx.audit.partnerId = row.partner_id;
  return to;
}

/** Book waiting supplies of a day while it has room, longest waiting first. */
export async function fillWaitlist(
  clock: Clock,
  db: DbOrTx,
  warehouse: string,
  day: string,
): Promise<{ id: string; date: string }[]> {
  const booked: { id: string; date: string }[] = [];
  if (!leadOk(day, clock.now())) return booked;
  for (const w of await q.waiting(db, warehouse, day)) {
    if (!(await hasRoom(db, warehouse, day))) break;
    const row = await q.supplyById(db, w.partner_id, w.id, true);
    if (!row || !WAITLIST_FROM.has(row.status)) continue;
    const at = clock.now();
    await q.setSupply(
      db,
      row.partner_id,
      row.id,
      {
        warehouse_code: warehouse,
        planned_date: day,
        waitlist_warehouse: null,
        waitlist_date: null,
        waitlist_since: null,
      },
      at,
    );
    await q.addEvent(
      db,
      row.partner_id,
      row.id,
      row.status,
      row.status,
      'Система',
      `Слот из листа ожидания: ${FBO_WAREHOUSE_NAMES[warehouse as FboWarehouseCode]}, ${formatDay(day)}`,
      at,
    );
    booked.push({ id: row.id, date: day });
  }
  return booked;
}

/**
 * Supplies whose document check ran past 2 hours go to validationError by themselves, with a reason. Reads
 * of either side run it first; on the services' own `db` it runs in a transaction of its own.
 */
export async function expireValidation(deps: Clock & { db: Db }, db: DbOrTx = deps.db): Promise<number> {
  const before = new Date(deps.now().getTime() - FBO_LIMITS.validationHours * 3_600_000);
  const run = async (tx: DbOrTx) => {
    const rows = await q.overdueValidation(tx, before);
    for (const r of rows) {
      const at = deps.now();
      const reason = `Склад не проверил документы за ${FBO_LIMITS.validationHours} часа. Отправьте поставку на проверку ещё раз`;
      await q.setSupply(
        tx,
        r.partner_id,
        r.id,
        { status: 'validationError', validation_errors: [reason] },
        at,
      );
      await q.addEvent(tx, r.partner_id, r.id, 'validation', 'validationError', 'Система', reason, at);
      await emitEvent(tx, {
        partnerId: r.partner_id,
        type: 'fbo.supply.status_changed',
        objectId: r.id,
        payload: { supplyId: r.id, status: 'validationError', previousStatus: 'validation' },
      });
    }
    return rows.length;
  };
  return db === deps.db ? deps.db.transaction(run) : run(db);
}

/** A supply may wait for a full day's slot while the warehouse has not planned it yet. */
export const WAITLIST_FROM = new Set<string>(['draft', 'validationError']);

export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y!.slice(2)}`;
}
