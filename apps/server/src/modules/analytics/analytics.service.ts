// Analytics: the board's revenue summary, chart and income and expenses, sales dynamics (plain, by brand, by
// category), the sales funnel by device, ABC by revenue and margin — all read from the daily aggregates — and
// the storefront's side (events, the rebuild). No HTTP, no JSON-RPC.
import {
  ABC_THRESHOLDS,
  addDays,
  AnalyticsDevice,
  ANALYTICS_LIMITS,
  daysBetween,
  ERRORS,
  FEE_MODEL,
  fill,
  moscowDay,
  previousPeriod,
  type AbcRow,
  type BusinessModel,
  type FieldError,
  type FunnelCounts,
  type FunnelRow,
  type IncomeAndExpenses,
  type Partner,
  type RevenueSummary,
  type SalesPoint,
  type SalesSeries,
  type platformAnalyticsEvents,
} from '@moda/contracts';
import type { z } from 'zod';
import type { Category } from '@moda/contracts';
type CategoryCode = z.infer<typeof Category>;
import { requirePartner, type CallContext } from '../../core/context';
import { AppError } from '../../core/errors';
import type { PartnersService } from '../partners';
import { CATEGORY_NAMES } from '../catalogue';
import * as q from './analytics.queries';

type Grouping = q.Grouping;
interface Period {
  dateFrom: string;
  dateTo: string;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const pct = (part: number, whole: number) => (whole > 0 ? round2((part / whole) * 100) : null);
const change = (now: number, before: number) => (before > 0 ? round2(((now - before) / before) * 100) : null);

/** The first day of the day's bucket: the day, its week's Monday, or the first of its month. */
export function bucketStart(day: string, g: Grouping): string {
  if (g === 'days') return day;
  if (g === 'months') return `${day.slice(0, 7)}-01`;
  const dow = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -dow);
}

/** The period's buckets in order, each cut to the period: [{start, from, to}]. */
export function buckets(
  from: string,
  to: string,
  g: Grouping,
): { start: string; from: string; to: string }[] {
  const out: { start: string; from: string; to: string }[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const start = bucketStart(d, g);
    const last = out.at(-1);
    if (last && last.start === start) last.to = d;
    else out.push({ start, from: d, to: d });
  }
  return out;
}

const point = (b: { from: string; to: string }, s: q.Sums | undefined): SalesPoint => ({
  from: b.from,
  to: b.to,
  revenue: round2(s?.orderedSum ?? 0),
  orders: s?.orders ?? 0,
  items: s?.orderedQty ?? 0,
  boughtItems: s?.boughtQty ?? 0,
  boughtRevenue: round2(s?.boughtSum ?? 0),
  returnedItems: s?.returnedQty ?? 0,
  cancelledItems: s?.cancelledQty ?? 0,
});

const addSums = (a: q.Sums, b: q.Sums): q.Sums => ({
  orders: a.orders + b.orders,
  orderedQty: a.orderedQty + b.orderedQty,
  orderedSum: a.orderedSum + b.orderedSum,
  boughtQty: a.boughtQty + b.boughtQty,
  boughtSum: a.boughtSum + b.boughtSum,
  returnedQty: a.returnedQty + b.returnedQty,
  returnedSum: a.returnedSum + b.returnedSum,
  cancelledQty: a.cancelledQty + b.cancelledQty,
  views: a.views + b.views,
  carts: a.carts + b.carts,
});

const funnelCounts = (s: q.Sums): FunnelCounts => ({
  views: s.views,
  carts: s.carts,
  items: s.orderedQty,
  boughtItems: s.boughtQty,
  revenue: round2(s.orderedSum),
  cartRate: pct(s.carts, s.views),
  orderRate: pct(s.orderedQty, s.carts),
  buyoutRate: pct(s.boughtQty, s.orderedQty),
});

const categoryName = (code: string) =>
  code ? (CATEGORY_NAMES[code as CategoryCode] ?? code) : 'Без категории';
const brandName = (b: string) => b || 'Без бренда';

/** The marketplace's fees on a partner's sales of one category (FEE_MODEL in contracts). */
function fees(model: BusinessModel, category: string, s: q.Sums) {
  const rate = FEE_MODEL.commission[model][category as CategoryCode] ?? FEE_MODEL.commission[model].clothes;
  return {
    commission: s.boughtSum * rate,
    logistics: FEE_MODEL.logisticsPerUnit[model] * (s.boughtQty + s.returnedQty),
    storage: FEE_MODEL.storagePerUnit[model] * s.boughtQty,
    returns: FEE_MODEL.returnPerUnit[model] * s.returnedQty,
  };
}

type EventsInput = z.output<typeof platformAnalyticsEvents.params>['events'];

/** Funnel sums kept per process: a bounded number of pages, each valid while its partner's aggregates are. */
const FUNNEL_KEPT = 1000;
type FunnelSums = {
  devices: { device: string; sums: q.Sums }[];
  page: { rows: { key: string; sums: q.Sums }[]; count: number };
};

export class AnalyticsService {
  /**
   * A funnel page's sums, keyed by its partner, dimension, period, device, sort and page, with the partner's
   * aggregates' last change (`analytics_freshness`) they were read at: a year by product sums every product's
   * months and edge days (~30,000 rows for 2,000 products), so a page read again — the next page, another sort,
   * a second look — is answered from here while nothing changed. Product names are read fresh each time.
   */
  private readonly funnelKept = new Map<string, { stamp: number; sums: FunnelSums }>();

  constructor(private readonly deps: { partners: PartnersService; now: () => Date }) {}

  /** Spec 000 §2: analytics needs the analyticsEnabled experiment (the personal manager switches it on). */
  private async gate(ctx: CallContext): Promise<Partner> {
    const partner = await this.deps.partners.current(ctx);
    if (!partner.enabledFeatures.includes('analyticsEnabled')) throw new AppError('analytics.disabled');
    return partner;
  }

  async revenueSummary(ctx: CallContext, p: Period): Promise<RevenueSummary> {
    await this.gate(ctx);
    const partnerId = requirePartner(ctx);
    const prev = previousPeriod(p.dateFrom, p.dateTo);
    const [now, before, feedback] = await Promise.all([
      q.totals(ctx.db, partnerId, p.dateFrom, p.dateTo),
      q.totals(ctx.db, partnerId, prev.from, prev.to),
      q.feedbackCounts(ctx.db, partnerId, p.dateFrom, p.dateTo),
    ]);
    return {
      revenue: round2(now.orderedSum),
      diffRevenue: change(now.orderedSum, before.orderedSum),
      items: now.orderedQty,
      diffItems: change(now.orderedQty, before.orderedQty),
      prcRansom: pct(now.boughtQty, now.boughtQty + now.returnedQty + now.cancelledQty),
      reviewsCnt: feedback.review,
      questionsCnt: feedback.question,
      orders: now.orders,
      startDate: p.dateFrom,
      endDate: p.dateTo,
      daysCount: daysBetween(p.dateFrom, p.dateTo),
      previous: {
        revenue: round2(before.orderedSum),
        items: before.orderedQty,
        startDate: prev.from,
        endDate: prev.to,
      },
    };
  }

  private async points(ctx: CallContext, from: string, to: string, g: Grouping): Promise<SalesPoint[]> {
    const rows = await q.series(ctx.db, requirePartner(ctx), 'total', from, to, g);
    const byBucket = new Map(rows.map((r) => [r.bucket, r.sums]));
    return buckets(from, to, g).map((b) => point(b, byBucket.get(b.start)));
  }

  async mainChart(ctx: CallContext, p: Period & { grouping: Grouping }) {
    await this.gate(ctx);
    const prev = previousPeriod(p.dateFrom, p.dateTo);
    const [points, previous] = await Promise.all([
      this.points(ctx, p.dateFrom, p.dateTo, p.grouping),
      this.points(ctx, prev.from, prev.to, p.grouping),
    ]);
    return { points, previous };
  }

  async salesDynamics(ctx: CallContext, p: Period & { grouping: Grouping }) {
    await this.gate(ctx);
    return { points: await this.points(ctx, p.dateFrom, p.dateTo, p.grouping) };
  }

  /** The largest keys of a dimension by revenue, each a series; the rest summed as «Другие». */
  async split(
    ctx: CallContext,
    dim: 'brand' | 'category',
    p: Period & { grouping: Grouping },
  ): Promise<{ series: SalesSeries[] }> {
    await this.gate(ctx);
    const partnerId = requirePartner(ctx);
    const [keys, rows] = await Promise.all([
      q.byKey(ctx.db, partnerId, dim, p.dateFrom, p.dateTo),
      q.series(ctx.db, partnerId, dim, p.dateFrom, p.dateTo, p.grouping),
    ]);
    const sold = keys.filter((k) => k.sums.orderedQty !== 0 || k.sums.orderedSum !== 0);
    const top = sold.slice(0, ANALYTICS_LIMITS.splitSeriesMax);
    const topKeys = new Set(top.map((k) => k.key));
    const rest = sold.slice(ANALYTICS_LIMITS.splitSeriesMax);
    const bs = buckets(p.dateFrom, p.dateTo, p.grouping);
    const cells = new Map<string, q.Sums>();
    for (const r of rows) {
      const key = topKeys.has(r.key) ? r.key : null;
      if (key === null && !rest.some((k) => k.key === r.key)) continue;
      const id = `${key ?? '\u0000'}|${r.bucket}`;
      const had = cells.get(id);
      cells.set(id, had ? addSums(had, r.sums) : r.sums);
    }
    const name = (k: string) => (dim === 'brand' ? brandName(k) : categoryName(k));
    const series: SalesSeries[] = top.map((k) => ({
      key: k.key,
      name: name(k.key),
      total: round2(k.sums.orderedSum),
      points: bs.map((b) => point(b, cells.get(`${k.key}|${b.start}`))),
    }));
    if (rest.length)
      series.push({
        key: null,
        name: 'Другие',
        total: round2(rest.reduce((s, k) => s + k.sums.orderedSum, 0)),
        points: bs.map((b) => point(b, cells.get(`\u0000|${b.start}`))),
      });
    return { series };
  }

  async incomeAndExpenses(ctx: CallContext, p: Period): Promise<IncomeAndExpenses> {
    const partner = await this.gate(ctx);
    const rows = await q.byKey(ctx.db, requirePartner(ctx), 'category', p.dateFrom, p.dateTo);
    const t = { sales: 0, commission: 0, logistics: 0, storage: 0, returns: 0, bought: 0, returned: 0 };
    for (const r of rows) {
      const f = fees(partner.businessModel, r.key, r.sums);
      t.sales += r.sums.boughtSum;
      t.commission += f.commission;
      t.logistics += f.logistics;
      t.storage += f.storage;
      t.returns += f.returns;
      t.bought += r.sums.boughtQty;
      t.returned += r.sums.returnedQty;
    }
    const out = {
      sales: round2(t.sales),
      commission: round2(t.commission),
      logistics: round2(t.logistics),
      storage: round2(t.storage),
      returns: round2(t.returns),
    };
    return {
      ...out,
      payouts: round2(out.sales - out.commission - out.logistics - out.storage - out.returns),
      boughtItems: t.bought,
      returnedItems: t.returned,
    };
  }

  async updatedOn(ctx: CallContext): Promise<{ updatedOn: string | null }> {
    await this.gate(ctx);
    const at = await q.updatedOn(ctx.db, requirePartner(ctx));
    return { updatedOn: at ? at.toISOString() : null };
  }

  async funnel(
    ctx: CallContext,
    p: Period & {
      groupBy: 'product' | 'brand' | 'category';
      device?: AnalyticsDevice | undefined;
      sort: string;
      page: number;
      pageSize: number;
    },
  ) {
    await this.gate(ctx);
    const partnerId = requirePartner(ctx);
    const { devices, page } = await this.funnelSums(ctx, partnerId, p);
    const chosen = devices.filter((d) => !p.device || d.device === p.device);
    const zero = q.totalsZero();
    const total = chosen.reduce((s, d) => addSums(s, d.sums), zero);
    const info =
      p.groupBy === 'product'
        ? new Map(
            (
              await q.productsByIds(
                ctx.db,
                partnerId,
                page.rows.map((r) => r.key),
              )
            ).map((r) => [r.id, r]),
          )
        : new Map<string, q.ProductInfo>();
    const rows: FunnelRow[] = page.rows.map((r) => {
      const prod = info.get(r.key);
      return {
        key: r.key,
        name:
          p.groupBy === 'brand'
            ? brandName(r.key)
            : p.groupBy === 'category'
              ? categoryName(r.key)
              : (prod?.title ?? 'Товар удалён'),
        sellerSku: prod?.seller_sku ?? null,
        brand: prod?.brand ?? null,
        size: prod?.size ?? null,
        ...funnelCounts(r.sums),
      };
    });
    const known = AnalyticsDevice.options;
    return {
      total: funnelCounts(total),
      devices: known.map((device) => ({
        device,
        ...funnelCounts(devices.find((d) => d.device === device)?.sums ?? zero),
      })),
      rows,
      rowCount: page.count,
    };
  }

  private async funnelSums(
    ctx: CallContext,
    partnerId: number,
    p: Period & { groupBy: q.Dim; device?: string | undefined; sort: string; page: number; pageSize: number },
  ): Promise<FunnelSums> {
    const stamp = (await q.updatedOn(ctx.db, partnerId))?.getTime() ?? 0;
    const key = JSON.stringify([
      partnerId,
      p.groupBy,
      p.dateFrom,
      p.dateTo,
      p.device ?? '',
      p.sort,
      p.page,
      p.pageSize,
    ]);
    const kept = this.funnelKept.get(key);
    if (kept && kept.stamp === stamp) return kept.sums;
    const [devices, page] = await Promise.all([
      q.byDevice(ctx.db, partnerId, p.dateFrom, p.dateTo),
      q.funnelPage(
        ctx.db,
        partnerId,
        p.groupBy,
        p.dateFrom,
        p.dateTo,
        p.device,
        p.sort,
        p.pageSize,
        (p.page - 1) * p.pageSize,
      ),
    ]);
    const sums = { devices, page };
    this.funnelKept.delete(key);
    if (this.funnelKept.size >= FUNNEL_KEPT) this.funnelKept.delete(this.funnelKept.keys().next().value!);
    this.funnelKept.set(key, { stamp, sums });
    return sums;
  }

  async abc(
    ctx: CallContext,
    p: Period & {
      metric: 'revenue' | 'margin';
      level: 'model' | 'size';
      abcClass?: 'A' | 'B' | 'C' | undefined;
      page: number;
      pageSize: number;
    },
  ) {
    const partner = await this.gate(ctx);
    const partnerId = requirePartner(ctx);
    const sold = await q.byKey(ctx.db, partnerId, 'product', p.dateFrom, p.dateTo);
    const [info, inStock] = await Promise.all([
      q.productsByIds(
        ctx.db,
        partnerId,
        sold.map((s) => s.key),
      ),
      q.productsInStock(ctx.db, partnerId),
    ]);
    const byId = new Map(info.map((r) => [r.id, r]));
    type Acc = Omit<AbcRow, 'share' | 'cumulativeShare' | 'abcClass'>;
    const groups = new Map<string, Acc>();
    const keyOf = (prod: q.ProductInfo) => (p.level === 'model' ? prod.seller_parent_sku : prod.seller_sku);
    const entry = (prod: q.ProductInfo): Acc => {
      const k = keyOf(prod);
      let g = groups.get(k);
      if (!g) {
        g = {
          sellerSku: k,
          title: prod.title,
          brand: prod.brand,
          size: p.level === 'size' ? prod.size : null,
          boughtItems: 0,
          revenue: 0,
          margin: 0,
          stock: 0,
        };
        groups.set(k, g);
      }
      return g;
    };
    for (const s of sold) {
      const prod = byId.get(s.key);
      if (!prod || (s.sums.boughtQty === 0 && s.sums.boughtSum === 0 && s.sums.returnedQty === 0)) continue;
      const f = fees(partner.businessModel, prod.category, s.sums);
      const g = entry(prod);
      g.boughtItems += s.sums.boughtQty;
      g.revenue += s.sums.boughtSum;
      g.margin += s.sums.boughtSum - f.commission - f.logistics - f.storage - f.returns;
    }
    const stockOf = new Map<string, number>();
    for (const prod of inStock) stockOf.set(keyOf(prod), (stockOf.get(keyOf(prod)) ?? 0) + prod.quantity);
    const ranked = [...groups.values()]
      .map((g) => ({
        ...g,
        revenue: round2(g.revenue),
        margin: round2(g.margin),
        stock: stockOf.get(g.sellerSku) ?? 0,
      }))
      .sort((a, b) => b[p.metric] - a[p.metric] || a.sellerSku.localeCompare(b.sellerSku));
    const whole = ranked.reduce((s, r) => s + Math.max(0, r[p.metric]), 0);
    let cumulative = 0;
    const classed: AbcRow[] = ranked.map((r) => {
      const value = Math.max(0, r[p.metric]);
      const share = whole > 0 ? value / whole : 0;
      // A row's class is where its share starts: the row that crosses 80 % is still A.
      const startsAt = cumulative;
      cumulative += share;
      const abcClass =
        value <= 0 ? 'C' : startsAt < ABC_THRESHOLDS.A ? 'A' : startsAt < ABC_THRESHOLDS.B ? 'B' : 'C';
      return {
        ...r,
        share: round2(share * 100),
        cumulativeShare: round2(Math.min(cumulative, 1) * 100),
        abcClass,
      };
    });
    const classes = (['A', 'B', 'C'] as const).map((c) => {
      const of = classed.filter((r) => r.abcClass === c);
      const value = round2(of.reduce((s, r) => s + r[p.metric], 0));
      return { abcClass: c, count: of.length, value, share: pct(Math.max(0, value), whole) ?? 0 };
    });
    const filtered = p.abcClass ? classed.filter((r) => r.abcClass === p.abcClass) : classed;
    const deadMap = new Map<string, AbcRow>();
    for (const prod of inStock) {
      const k = keyOf(prod);
      if (groups.has(k)) continue;
      const had = deadMap.get(k);
      if (had) had.stock += prod.quantity;
      else
        deadMap.set(k, {
          sellerSku: k,
          title: prod.title,
          brand: prod.brand,
          size: p.level === 'size' ? prod.size : null,
          boughtItems: 0,
          revenue: 0,
          margin: 0,
          share: 0,
          cumulativeShare: 0,
          abcClass: 'C',
          stock: prod.quantity,
        });
    }
    const dead = [...deadMap.values()].sort(
      (a, b) => b.stock - a.stock || a.sellerSku.localeCompare(b.sellerSku),
    );
    const start = (p.page - 1) * p.pageSize;
    return {
      classes,
      rows: filtered.slice(start, start + p.pageSize),
      rowCount: filtered.length,
      deadStock: {
        count: dead.length,
        units: dead.reduce((s, r) => s + r.stock, 0),
        rows: dead.slice(0, ANALYTICS_LIMITS.pageSize.max),
      },
    };
  }

  // --- the storefront's side (v1.platform.*) ------------------------------------------------------------

  async events(ctx: CallContext, events: EventsInput): Promise<{ accepted: number }> {
    const now = this.deps.now();
    const oldest = moscowDay(now, -ANALYTICS_LIMITS.eventMaxAgeDays);
    const errors: FieldError[] = [];
    const partnerIds = [...new Set(events.map((e) => e.partnerId))];
    const existing = await q.partnerExists(ctx.db, partnerIds);
    const skuMaps = new Map<number, Map<string, string>>();
    const orderMaps = new Map<number, Map<string, string>>();
    for (const pid of partnerIds) {
      if (!existing.has(pid)) continue;
      const own = events.filter((e) => e.partnerId === pid);
      skuMaps.set(
        pid,
        await q.productIdsBySku(ctx.db, pid, [
          ...new Set(own.flatMap((e) => (e.sellerSku ? [e.sellerSku] : []))),
        ]),
      );
      orderMaps.set(
        pid,
        await q.orderIdsByNr(ctx.db, pid, [...new Set(own.flatMap((e) => (e.orderNr ? [e.orderNr] : [])))]),
      );
    }
    const rows: q.NewEvent[] = [];
    const devices: { partnerId: number; orderId: string; device: string }[] = [];
    events.forEach((e, i) => {
      const at = new Date(e.at);
      if (!existing.has(e.partnerId)) {
        errors.push({ field: `events.${i}.partnerId`, message: ERRORS['partner.notFound'].message });
        return;
      }
      if (at.getTime() > now.getTime() + 60_000 || moscowDay(at) < oldest) {
        errors.push({
          field: `events.${i}.at`,
          message: fill(ERRORS['analytics.eventDate'].message, { days: ANALYTICS_LIMITS.eventMaxAgeDays }),
        });
        return;
      }
      if (e.type === 'checkout') {
        const orderId = orderMaps.get(e.partnerId)?.get(e.orderNr!);
        if (!orderId)
          errors.push({ field: `events.${i}.orderNr`, message: ERRORS['order.notFound'].message });
        else devices.push({ partnerId: e.partnerId, orderId, device: e.device });
        return;
      }
      const productId = skuMaps.get(e.partnerId)?.get(e.sellerSku!);
      if (!productId)
        errors.push({
          field: `events.${i}.sellerSku`,
          message: fill(ERRORS['analytics.unknownSku'].message, { sku: e.sellerSku! }),
        });
      else
        rows.push({
          partnerId: e.partnerId,
          productId,
          type: e.type,
          device: e.device,
          at: at.toISOString(),
          count: e.count,
        });
    });
    if (errors.length) throw new AppError('common.badRequest', { message: errors[0]!.message, errors });
    await q.insertEvents(ctx.db, rows);
    await q.insertOrderDevices(ctx.db, devices);
    return { accepted: events.length };
  }

  async rebuild(ctx: CallContext, partnerId?: number): Promise<{ partners: number; rows: number }> {
    const ids = partnerId ? [partnerId] : await q.partnersWithData(ctx.db);
    if (partnerId && !(await q.partnerExists(ctx.db, [partnerId])).has(partnerId))
      throw new AppError('partner.notFound', { field: 'partnerId' });
    let rows = 0;
    for (const id of ids) rows += await q.rebuildPartner(ctx.db, id);
    return { partners: ids.length, rows };
  }
}
