// The warehouse's side of FBO supplies (v1.platform.*, service credentials only): its queue, the document
// check, the moves along the supply's way, the acceptance report with the stock it adds, box disputes, and
// slot capacity. The moves it shares with the seller's FboService are in fbo.supply-moves.ts.
import {
  ERRORS,
  fill,
  type FboSupplyAction,
  type FboWarehouseCode,
  type FboSupplyState as SupplyStatus,
} from '@moda/contracts';
import { sql } from 'drizzle-orm';
import type { CallContext } from '../../core/context';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import * as q from './fbo.queries';
import { actorOf, expireValidation, fillWaitlist, moveSupply, requireMove } from './fbo.supply-moves';

export class FboPlatformService {
  constructor(private readonly deps: { db: Db; now: () => Date }) {}

  private async load(ctx: CallContext, id: string): Promise<q.SupplyRow> {
    const row = await q.supplyById(ctx.db, null, id, true);
    if (!row) throw new AppError('fbo.notFound', { field: 'id' });
    ctx.audit.objectId = id;
    ctx.audit.partnerId = row.partner_id;
    return row;
  }

  private result(row: q.SupplyRow, status: SupplyStatus) {
    return { id: row.id, partnerId: row.partner_id, status };
  }

  async list(
    ctx: CallContext,
    p: {
      status: SupplyStatus[];
      warehouseCode?: string | undefined;
      openDisputes?: boolean | undefined;
      limit: number;
    },
  ) {
    await expireValidation(this.deps);
    const rows = await q.platformQueue(ctx.db, p.status, p.warehouseCode, p.limit, p.openDisputes);
    const disputes = await q.openDisputesOf(
      ctx.db,
      rows.map((r) => r.id),
    );
    const items: Awaited<ReturnType<typeof q.itemsOf>>[] = [];
    for (const r of rows) items.push(await q.itemsOf(ctx.db, r.partner_id, r.id));
    return {
      items: rows.map((r, i) => ({
        id: r.id,
        partnerId: r.partner_id,
        number: r.number,
        status: r.status as SupplyStatus,
        warehouseCode: r.warehouse_code as FboWarehouseCode,
        plannedDate: r.planned_date,
        requestedWarehouse: r.requested_warehouse as FboWarehouseCode | null,
        items: items[i]!.rows.map((it) => ({
          sellerSku: it.seller_sku,
          box: it.box || null,
          declared: it.declared,
        })),
        openDisputes: disputes.filter((d) => d.supply_id === r.id).map((d) => ({ id: d.id, box: d.box })),
      })),
    };
  }

  async validate(ctx: CallContext, p: { id: string; ok: boolean; reasons?: string[] | undefined }) {
    const row = await this.load(ctx, p.id);
    const status = p.ok
      ? await moveSupply(this.deps, ctx, row, 'validate', { validation_errors: [] })
      : await moveSupply(
          this.deps,
          ctx,
          row,
          'failValidation',
          { validation_errors: p.reasons ?? [] },
          (p.reasons ?? []).join('; '),
        );
    return this.result(row, status);
  }

  async move(ctx: CallContext, p: { id: string; action: Exclude<FboSupplyAction, 'submit'> }) {
    const row = await this.load(ctx, p.id);
    let patch: Record<string, unknown> = {};
    if (p.action === 'confirmWarehouseChange')
      patch = {
        warehouse_code: row.requested_warehouse,
        planned_date: row.requested_date,
        requested_warehouse: null,
        requested_date: null,
      };
    if (p.action === 'refuseWarehouseChange') patch = { requested_warehouse: null, requested_date: null };
    const status = await moveSupply(this.deps, ctx, row, p.action, patch);
    // A slot given up (cancelled, moved elsewhere, a refused move's requested day) frees capacity.
    if (p.action === 'confirmCancel' && row.planned_date)
      await fillWaitlist(this.deps, ctx.db, row.warehouse_code, row.planned_date);
    if (p.action === 'confirmWarehouseChange' && row.planned_date)
      await fillWaitlist(this.deps, ctx.db, row.warehouse_code, row.planned_date);
    if (p.action === 'refuseWarehouseChange' && row.requested_warehouse && row.requested_date)
      await fillWaitlist(this.deps, ctx.db, row.requested_warehouse, row.requested_date);
    return this.result(row, status);
  }

  async report(
    ctx: CallContext,
    p: {
      id: string;
      items: {
        sellerSku: string;
        box: string | null;
        received: number;
        surplus: number;
        missing: number;
        damaged: number;
      }[];
      unknownSurplus: number;
    },
  ) {
    const row = await this.load(ctx, p.id);
    requireMove(row, 'accept', actorOf(ctx).actors);
    const { rows: lines } = await q.itemsOf(ctx.db, row.partner_id, row.id);
    const key = (sku: string, box: string) => `${sku}\u0000${box}`;
    const byKey = new Map(lines.map((l) => [key(l.seller_sku, l.box), l]));
    const reported = new Map<string, (typeof p.items)[number]>();
    p.items.forEach((it, i) => {
      const k = key(it.sellerSku, it.box ?? '');
      const line = byKey.get(k);
      if (!line || reported.has(k))
        throw new AppError('fbo.reportUnknownItem', {
          field: `items.${i}.sellerSku`,
          message: fill(ERRORS['fbo.reportUnknownItem'].message, { sku: it.sellerSku, box: it.box ?? '—' }),
        });
      const counted = it.received + it.damaged + it.missing - it.surplus;
      if (counted !== line.declared)
        throw new AppError('fbo.reportMismatch', {
          field: `items.${i}.received`,
          message: fill(ERRORS['fbo.reportMismatch'].message, {
            sku: it.sellerSku,
            declared: line.declared,
            counted,
          }),
        });
      reported.set(k, it);
    });
    const absent = lines.find((l) => !reported.has(key(l.seller_sku, l.box)));
    if (absent)
      throw new AppError('fbo.reportIncomplete', {
        field: 'items',
        message: fill(ERRORS['fbo.reportIncomplete'].message, {
          sku: absent.seller_sku,
          box: absent.box || '—',
        }),
      });
    await ctx.db.execute(
      sql`update fbo_supply_items i set received = x.received, surplus = x.surplus, missing = x.missing,
            damaged = x.damaged
          from json_to_recordset(${JSON.stringify(p.items.map((it) => ({ ...it, box: it.box ?? '' })))}::json)
            as x("sellerSku" text, box text, received int, surplus int, missing int, damaged int)
         where i.partner_id = ${row.partner_id} and i.supply_id = ${row.id}::uuid
           and i.seller_sku = x."sellerSku" and i.box = x.box`,
    );
    const at = this.deps.now();
    const status = await moveSupply(this.deps, ctx, row, 'accept', {
      unknown_surplus: p.unknownSurplus,
      reported_at: at,
    });
    const perSku = new Map<string, number>();
    for (const it of p.items) perSku.set(it.sellerSku, (perSku.get(it.sellerSku) ?? 0) + it.received);
    await q.addStock(
      ctx.db,
      row.partner_id,
      [...perSku].map(([sellerSku, quantity]) => ({
        sellerSku,
        warehouseCode: row.warehouse_code,
        quantity,
      })),
      'supply',
      row.id,
      at,
    );
    return this.result(row, status);
  }

  async resolveDispute(
    ctx: CallContext,
    p: { disputeId: string; accepted: boolean; found: number; answer?: string | undefined },
  ) {
    const d = await q.disputeById(ctx.db, p.disputeId);
    if (!d) throw new AppError('fbo.disputeNotFound', { field: 'disputeId' });
    if (d.status !== 'open') throw new AppError('fbo.disputeClosed', { field: 'disputeId' });
    const row = await this.load(ctx, d.supply_id);
    const { rows } = await q.itemsOf(ctx.db, row.partner_id, row.id);
    const box = rows.filter((i) => i.box === d.box && (i.missing ?? 0) > 0);
    const missing = box.reduce((n, i) => n + (i.missing ?? 0), 0);
    if (p.accepted && (p.found < 1 || p.found > missing))
      throw new AppError('fbo.disputeFoundTooMany', {
        field: 'found',
        message: fill(ERRORS['fbo.disputeFoundTooMany'].message, { max: missing }),
      });
    const at = this.deps.now();
    if (p.accepted) {
      // The units found go to the box's lines short of something, in order.
      let left = p.found;
      const moves: { sellerSku: string; warehouseCode: string; quantity: number }[] = [];
      for (const i of box) {
        const n = Math.min(left, i.missing ?? 0);
        if (!n) continue;
        left -= n;
        await ctx.db.execute(
          sql`update fbo_supply_items set received = received + ${n}, missing = missing - ${n}
               where partner_id = ${row.partner_id} and supply_id = ${row.id}::uuid
                 and seller_sku = ${i.seller_sku} and box = ${i.box}`,
        );
        moves.push({ sellerSku: i.seller_sku, warehouseCode: row.warehouse_code, quantity: n });
      }
      await q.addStock(ctx.db, row.partner_id, moves, 'dispute', d.id, at);
    }
    await ctx.db.execute(
      sql`update fbo_disputes set status = ${p.accepted ? 'accepted' : 'refused'}, answer = ${p.answer ?? null},
            found = ${p.accepted ? p.found : 0}, resolved_at = ${at.toISOString()}
          where partner_id = ${row.partner_id} and id = ${d.id}::uuid`,
    );
    await q.addEvent(
      ctx.db,
      row.partner_id,
      row.id,
      'closed',
      'closed',
      actorOf(ctx).name,
      p.accepted
        ? `Спор по коробу «${d.box}» принят: найдено ${p.found} шт.`
        : `Спор по коробу «${d.box}» отклонён`,
      at,
    );
    return this.result(row, row.status as SupplyStatus);
  }

  async capacity(
    ctx: CallContext,
    p: { warehouseCode: FboWarehouseCode; days: { date: string; capacity: number }[] },
  ) {
    await q.setCapacity(ctx.db, p.warehouseCode, p.days);
    ctx.audit.objectId = p.warehouseCode;
    const booked: { id: string; date: string }[] = [];
    for (const d of p.days) booked.push(...(await fillWaitlist(this.deps, ctx.db, p.warehouseCode, d.date)));
    return { booked };
  }
}
