// The FBO stock screen and its forecast (spec 001 §9): reads of the partner's kept stock rows, rebuilt first when
// stale, and the stock FBO returns may take. No HTTP here: rpc/ and rest/ map the errors.
import { MARKING_REQUIRED_FROM, moscowDay, type FboStockRow, type FboWarehouseCode } from '@moda/contracts';
import type { SQL } from 'drizzle-orm';
import type { CallContext } from '../../core/context';
import type { Db, DbOrTx } from '../../db/client';
import type { PartnersService } from '../partners';
import { requireConsignment } from './fbo.consignment';
import * as stock from './fbo.stock';

export class FboStockService {
  constructor(
    private readonly deps: {
      db: Db;
      partners: PartnersService;
      now: () => Date;
      /** Queues a rebuild of a large partner's stock rows (a job); without it they are rebuilt in the call. */
      refreshStockLater?: (partnerId: number) => Promise<void>;
    },
  ) {}

  private now(): Date {
    return this.deps.now();
  }

  private markingDay(): boolean {
    return moscowDay(this.now()) >= MARKING_REQUIRED_FROM;
  }

  /**
   * The stock screen reads the partner's kept rows (`fbo_stock_rows`). Stale ones (a source changed, or older
   * than 15 minutes) are rebuilt first when the partner is small; a large partner's are rebuilt by a job while
   * the screen shows the rows it has, every one «обновляется» (spec 001 §9 stock sync status `waiting_update`).
   */
  private async keptStock(ctx: CallContext, partnerId: number): Promise<{ rebuilding: boolean }> {
    const now = this.now();
    const state = await stock.stockState(ctx.db, partnerId);
    if (!stock.isStale(state, now)) return { rebuilding: false };
    if (state && state.rows > stock.STOCK_SYNC_ROWS && this.deps.refreshStockLater) {
      await this.deps.refreshStockLater(partnerId);
      return { rebuilding: true };
    }
    await this.refreshStock(partnerId);
    return { rebuilding: false };
  }

  /** Builds a partner's kept stock rows (the refresh job runs it). */
  async refreshStock(partnerId: number): Promise<void> {
    const held = this.withHeld<stock.StockFilter>({}, partnerId).held;
    await stock.refreshStock(this.deps.db, partnerId, this.now(), this.markingDay(), held);
  }

  async forecast(ctx: CallContext, x: stock.StockFilter & { sort: string; page: number; pageSize: number }) {
    const partnerId = await requireConsignment(this.deps.partners, ctx);
    const { rebuilding } = await this.keptStock(ctx, partnerId);
    const now = this.now();
    const [rows, totals] = await Promise.all([
      stock.keptPage(ctx.db, partnerId, now, x, x.sort, x.pageSize, (x.page - 1) * x.pageSize),
      stock.keptTotals(ctx.db, partnerId, now, x),
    ]);
    return {
      items: rows.map((r) => toStockRow(rebuilding ? { ...r, waiting_update: true } : r)),
      total: totals.total,
      totals: {
        onHand: totals.on_hand,
        inTransit: totals.in_transit,
        recommended: totals.recommended,
        lacksMarking: totals.marking,
      },
    };
  }

  async forecastGroups(ctx: CallContext, p: stock.StockFilter, by: 'brand' | 'category') {
    const partnerId = await requireConsignment(this.deps.partners, ctx);
    await this.keptStock(ctx, partnerId);
    const rows = await stock.keptGroups(ctx.db, partnerId, this.now(), p, by);
    return {
      items: rows.map((r) => ({
        name: r.name,
        onHand: r.on_hand,
        inTransit: r.in_transit,
        sales7: r.sales7,
        recommended: r.recommended,
        outOfStock: r.out_of_stock,
        stale: r.stale,
      })),
    };
  }

  async *forecastRows(ctx: CallContext, p: stock.StockFilter): AsyncIterable<FboStockRow> {
    const partnerId = await requireConsignment(this.deps.partners, ctx);
    const { rebuilding } = await this.keptStock(ctx, partnerId);
    for await (const r of stock.keptRows(ctx.db, partnerId, this.now(), p))
      yield toStockRow(rebuilding ? { ...r, waiting_update: true } : r);
  }

  // --- units FBO returns hold, and what is on hand to return ------------------------------------------

  private held: ((partnerId: number) => SQL) | null = null;

  /**
   * The returns area says which units its returns hold (`seller_sku, warehouse_code, q` rows of a partner):
   * the stock screen shows them reserved, and they are no longer on hand for another return or an order.
   */
  holdStockWith(held: (partnerId: number) => SQL): void {
    this.held = held;
  }

  private withHeld<F extends stock.StockFilter>(f: F, partnerId: number): F {
    return this.held ? { ...f, held: this.held(partnerId) } : f;
  }

  /** Stock per SKU at one warehouse: on hand and not reserved (by orders or returns), as the stock screen. */
  async stockOnHand(
    db: DbOrTx,
    partnerId: number,
    warehouseCode: FboWarehouseCode,
    search?: string,
  ): Promise<{ sellerSku: string; modaSku: string; title: string; available: number }[]> {
    const f = this.withHeld({ warehouseCode: [warehouseCode], search }, partnerId);
    const out: { sellerSku: string; modaSku: string; title: string; available: number }[] = [];
    for await (const r of stock.stockRows(db, partnerId, this.now(), this.markingDay(), f))
      out.push({ sellerSku: r.seller_sku, modaSku: r.moda_sku, title: r.title, available: r.on_hand });
    return out.sort((a, b) => a.sellerSku.localeCompare(b.sellerSku));
  }
}

function toStockRow(r: stock.StockRowDb): FboStockRow {
  return {
    sellerSku: r.seller_sku,
    modaSku: r.moda_sku,
    title: r.title,
    brand: r.brand,
    category: r.category as FboStockRow['category'],
    warehouseCode: r.warehouse_code as FboWarehouseCode,
    onHand: r.on_hand,
    reserved: r.reserved,
    inTransit: r.in_transit,
    sales7: r.sales7,
    daysOfStock: r.days_of_stock === null ? null : Number(r.days_of_stock),
    daysBucket: (r as unknown as { days_bucket: FboStockRow['daysBucket'] }).days_bucket,
    recommended: r.recommended,
    syncStatus: r.waiting_update ? 'waiting_update' : 'ok',
    lacksMarking: r.lacks_marking,
  };
}
