// The products list and its row actions: show / hide and stock, one answer per product so that a bulk
// action reports exactly which products did not change and why.
import {
  ERRORS,
  ProductListTab,
  parseSort,
  type ErrorKey,
  type nomenclaturesCountByStatuses,
  type nomenclaturesList,
} from '@moda/contracts';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { NotifiedCache } from '../../db/notifications';
import type { CallContext } from '../../core/context';
import { requirePartner } from '../../core/context';
import { recordAuditChanges } from '../../core/audit-detail';
import { toProductRow } from '../catalogue';
import * as q from './nomenclatures.queries';

type ListParams = z.output<typeof nomenclaturesList.params>;
type Filter = z.output<typeof nomenclaturesCountByStatuses.params>;
type Counts = z.output<typeof nomenclaturesCountByStatuses.result>;
interface ItemResult {
  id: string;
  ok: boolean;
  error?: { reason: string; message: string };
}

const failed = (id: number | string, key: ErrorKey): ItemResult => ({
  id: String(id),
  ok: false,
  error: { reason: key, message: ERRORS[key].message },
});

/** Why a product cannot be shown, or null: only approved products outside the archive go online. */
function showRefusal(p: { status: string; archived: boolean; moderationStatus: string }): ErrorKey | null {
  if (p.archived) return 'nomenclature.archived';
  if (p.status === 'need_action' || p.moderationStatus === 'rejected') return 'nomenclature.needsAction';
  if (p.status === 'moderation_pending' || p.moderationStatus === 'on_moderation')
    return 'nomenclature.onModeration';
  if (p.status === 'photoshoot_pending') return 'nomenclature.photoshootPending';
  return null;
}

export type StatusCountRow = { status: string; archived: boolean; n: number };

/** The channel migration 0017 announces a partner's changed product_counts on. */
export const PRODUCT_COUNTS_CHANNEL = 'product_counts_changed';

export class NomenclaturesService {
  constructor(
    private readonly deps: {
      /** The partners' unfiltered status counts, kept per process until they change (see decisions.md). */
      counts?: NotifiedCache<number, StatusCountRow[]>;
    } = {},
  ) {}

  async list(ctx: CallContext, p: Omit<ListParams, 'partnerId'>) {
    const { rows, total } = await q.listProducts(ctx.db, {
      partnerId: requirePartner(ctx),
      brand: p.brand,
      category: p.category,
      search: p.search,
      tab: p.tab,
      sort: parseSort(p.sort),
      limit: p.pageSize,
      offset: (p.page - 1) * p.pageSize,
    });
    return { items: rows.map(toProductRow), total, page: p.page, pageSize: p.pageSize };
  }

  async counts(ctx: CallContext, f: Omit<Filter, 'partnerId'>): Promise<Counts> {
    const partnerId = requirePartner(ctx);
    const cache = this.deps.counts;
    // Inside a transaction the cache could hold neither the transaction's own changes nor be filled from them.
    const cacheable = cache && !f.brand && !f.category && !f.search && !(ctx.db instanceof PgTransaction);
    const rows = cacheable
      ? await cache.get(partnerId, () => q.countByStatus(ctx.db, { partnerId }))
      : await q.countByStatus(ctx.db, { partnerId, ...f });
    const counts = Object.fromEntries(ProductListTab.options.map((t) => [t, 0])) as Counts;
    for (const r of rows) {
      if (r.archived) counts.archive += r.n;
      else {
        counts.all += r.n;
        counts[r.status as keyof Counts] += r.n;
      }
    }
    return counts;
  }

  async setActive(ctx: CallContext, ids: string[], active: boolean): Promise<{ items: ItemResult[] }> {
    const partnerId = requirePartner(ctx);
    const wanted = [...new Set(ids.map(Number))];
    const found = new Map((await q.lockProducts(ctx.db, partnerId, wanted)).map((p) => [p.id, p]));
    const toOnline: number[] = [];
    const toOutOfStock: number[] = [];
    const toInactive: number[] = [];
    const results = ids.map((raw): ItemResult => {
      const p = found.get(Number(raw));
      if (!p) return failed(raw, 'nomenclature.notFound');
      if (active) {
        if (p.status === 'online' || p.status === 'out_of_stock') return { id: raw, ok: true };
        const refusal = showRefusal(p);
        if (refusal) return failed(raw, refusal);
        (p.quantity > 0 ? toOnline : toOutOfStock).push(p.id);
        return { id: raw, ok: true };
      }
      if (p.archived) return failed(raw, 'nomenclature.archived');
      if (p.status === 'online' || p.status === 'out_of_stock') toInactive.push(p.id);
      else if (p.status !== 'inactive') return failed(raw, showRefusal(p) ?? 'nomenclature.onModeration');
      return { id: raw, ok: true };
    });
    await q.setStatus(ctx.db, partnerId, toOnline, 'online');
    await q.setStatus(ctx.db, partnerId, toOutOfStock, 'out_of_stock');
    await q.setStatus(ctx.db, partnerId, toInactive, 'inactive');
    ctx.audit.objectId = ids.length === 1 ? ids[0] : `${ids.length} products`;
    return { items: results };
  }

  async setStock(
    ctx: CallContext,
    items: { id: string; quantity: number }[],
  ): Promise<{ items: ItemResult[] }> {
    const partnerId = requirePartner(ctx);
    const found = new Map(
      (await q.lockProducts(ctx.db, partnerId, [...new Set(items.map((i) => Number(i.id)))])).map((p) => [
        p.id,
        p,
      ]),
    );
    const updates: { id: number; quantity: number; status: string }[] = [];
    const results = items.map((i): ItemResult => {
      const p = found.get(Number(i.id));
      if (!p) return failed(i.id, 'nomenclature.notFound');
      if (p.archived) return failed(i.id, 'nomenclature.archived');
      // A shown product follows its stock between online and out of stock; other statuses keep theirs.
      const status =
        p.status === 'online' || p.status === 'out_of_stock'
          ? i.quantity > 0
            ? 'online'
            : 'out_of_stock'
          : p.status;
      updates.push({ id: p.id, quantity: i.quantity, status });
      return { id: i.id, ok: true };
    });
    await q.setQuantities(ctx.db, partnerId, updates);
    ctx.audit.objectId = items.length === 1 ? items[0]!.id : `${items.length} products`;
    await recordAuditChanges(
      ctx,
      updates.map((u) => ({
        objectId: String(u.id),
        field: 'quantity',
        before: found.get(u.id)!.quantity,
        after: u.quantity,
      })),
    );
    return { items: results };
  }

  async hideModeration(ctx: CallContext, ids: string[]): Promise<{ items: ItemResult[] }> {
    const hidden = new Set(await q.hideModeration(ctx.db, requirePartner(ctx), ids.map(Number)));
    return {
      items: ids.map((id) =>
        hidden.has(Number(id)) ? { id, ok: true } : failed(id, 'nomenclature.notFound'),
      ),
    };
  }

  async brands(ctx: CallContext) {
    return { items: await q.brandsOf(ctx.db, requirePartner(ctx)) };
  }
}
