// Price changes: every rule of spec 001 §5 "Prices and discounts" on its field, critical changes that need
// confirmation, sharp drops held in quarantine for review, promotions that block or are left, and RU prices
// converted into BY and KZ when the partner has auto-conversion. Bulk changes answer per product.
import {
  ERRORS,
  PRICE_RULES,
  correctionFailedMessage,
  discountOf,
  fill,
  parseSort,
  priceChangePercent,
  priceRuleErrors,
  type ErrorKey,
  type PriceChangeInput,
  type PriceCountry,
  type PriceItemResult,
  type PriceListRow,
} from '@moda/contracts';
import { sql } from 'drizzle-orm';
import type { CallContext } from '../../core/context';
import { concurrently, type DbOrTx } from '../../db/client';
import { requirePartner, requirePrincipal } from '../../core/context';
import { AppError } from '../../core/errors';
import { emitEvent } from '../webhooks';
import { recordAuditChanges } from '../../core/audit-detail';
import { productIdentity } from '../catalogue';
import type { PartnersService } from '../partners';
import * as q from './prices.queries';

/** Rubles into Belarusian rubles and tenge for auto-conversion (set by the marketplace's finance team). */
export const CONVERSION_RATES = { BY: 0.035, KZ: 5.6 } as const;

type Err = PriceItemResult['errors'][number];
const err = (field: string, key: ErrorKey, message = ERRORS[key].message): Err => ({
  field,
  reason: key,
  message,
});
const pct = (part: number, whole: number) => (part / whole) * 100;

interface Current {
  price: number | null;
  salePrice: number | null;
}

/** One refused item of a bulk change as the validation report lists it. */
export interface ReportItem {
  id: string;
  sellerSku: string | null;
  title: string | null;
  country: string;
  price: number;
  salePrice: number | null;
  discount: number | null;
  saleStartDate: string | null;
  saleEndDate: string | null;
  errors: { field: string; message: string }[];
}

/** A promotion a product takes part in, with its API state (planed, open, active…). */
export interface ProductPromotion {
  productId: number;
  promotionId: string;
  promotionName: string;
  promotionState: string;
}
/**
 * Where price changes learn which promotions a product is in, and how a product leaves the planned ones when
 * its price changes: the promotions module's membership (promotion_products), plugged in by that module.
 */
export interface PromotionMembership {
  of(db: DbOrTx, partnerId: number, ids: number[]): Promise<ProductPromotion[]>;
  leavePlanned(db: DbOrTx, partnerId: number, productId: number): Promise<void>;
}

/** Until the promotions module plugs its membership in, a price change cannot tell: it refuses to guess. */
const NO_MEMBERSHIP: PromotionMembership = {
  of: () => Promise.reject(new Error('prices: the promotions module has not plugged its membership in')),
  leavePlanned: () =>
    Promise.reject(new Error('prices: the promotions module has not plugged its membership in')),
};

/** What a simulated change would do (the price index's simulation reads it; nothing is saved). */
export interface PriceSimulation {
  result: PriceItemResult;
  currentPrice: number | null;
  currentSalePrice: number | null;
  /** The sale price the change means (given, or from the discount); null: the sale ends. */
  newSalePrice: number | null;
  changePercent: number | null;
  critical: boolean;
  quarantine: boolean;
  promotions: ProductPromotion[];
}

export class PricesService {
  private membership: PromotionMembership = NO_MEMBERSHIP;

  constructor(private readonly deps: { partners: PartnersService }) {}

  /** The promotions module plugs its membership in here when it is created. */
  setPromotionMembership(membership: PromotionMembership): void {
    this.membership = membership;
  }

  private async autoConversion(ctx: CallContext): Promise<boolean> {
    return (await this.deps.partners.current(ctx)).enabledFeatures.includes('autoConversionPrice');
  }

  /** Everything wrong with a change, the sale price it means, and whether it needs confirmation or review. */
  private evaluate(
    item: PriceChangeInput,
    ctx: {
      countries: string[];
      autoConversion: boolean;
      current: Current;
      ruPrice: number | null;
      dataMatrix: boolean;
      pending: boolean;
      promotionStates: string[];
      confirm: boolean;
    },
  ) {
    const errors: Err[] = [];
    const { country, price } = item;
    if (!ctx.countries.includes(country)) errors.push(err('country', 'price.countryNotEnabled'));
    if (ctx.autoConversion && country !== 'RU') errors.push(err('country', 'price.autoConverted'));
    if (country === 'BY' && ctx.dataMatrix) errors.push(err('price', 'price.blackPriceDataMatrix'));
    if (country !== 'RU' && ctx.ruPrice === null) errors.push(err('price', 'price.missingRuPrice'));
    const rules = priceRuleErrors(item);
    errors.push(...rules.errors);
    const salePrice = rules.salePrice;
    const hasPeriod = Boolean(item.saleStartDate) || Boolean(item.saleEndDate);
    if (ctx.pending) errors.push(err('price', 'price.inProcessing'));
    if (ctx.promotionStates.includes('active')) errors.push(err('price', 'price.inActivePromotion'));

    const old = ctx.current.price;
    const critical = (priceChangePercent(old, price) ?? 0) > PRICE_RULES.criticalThresholdPercent;
    const confirmation =
      critical && !ctx.confirm
        ? { newPrice: price, thresholdPercent: PRICE_RULES.criticalThresholdPercent }
        : null;
    if (confirmation) {
      errors.push(
        err(
          'price',
          'price.criticalChange',
          fill(ERRORS['price.criticalChange'].message, { threshold: PRICE_RULES.criticalThresholdPercent }),
        ),
      );
    }
    const blackDrop = old !== null && pct(old - price, old) > PRICE_RULES.quarantineDropPercent;
    const oldSale = ctx.current.salePrice;
    const redDrop =
      salePrice !== null &&
      oldSale !== null &&
      pct(oldSale - salePrice, oldSale) > PRICE_RULES.quarantineDropPercent;
    const reviewType = blackDrop
      ? 'black_price'
      : redDrop
        ? hasPeriod
          ? 'red_price_and_sale_period'
          : 'red_price'
        : null;
    const warnings: PriceItemResult['warnings'] = ctx.promotionStates.some(
      (s) => s !== 'active' && s !== 'passed' && s !== 'finished',
    )
      ? ['removedFromPlannedPromotion']
      : [];
    return { errors, confirmation, salePrice, reviewType, warnings };
  }

  /** Validate and, unless `dryRun`, apply a batch: each product is saved or refused on its own. */
  private async run(
    ctx: CallContext,
    items: PriceChangeInput[],
    confirm: boolean,
    dryRun: boolean,
  ): Promise<{
    results: PriceItemResult[];
    products: Map<number, { sellerSku: string; title: string }>;
    simulations: (PriceSimulation | undefined)[];
  }> {
    const partnerId = requirePartner(ctx);
    const ids = [...new Set(items.map((i) => Number(i.id)))];
    const [countries, autoConversion, { rows, prices }, pending, promos] = await concurrently(ctx.db, [
      () => q.enabledCountries(ctx.db, partnerId),
      () => this.autoConversion(ctx),
      () => q.productsForChange(ctx.db, partnerId, ids),
      () => q.pendingFor(ctx.db, partnerId, ids),
      () => this.membership.of(ctx.db, partnerId, ids),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    // Keyed once: a batch of 10,000 looks each product up in maps, not by scanning the lists per item.
    const priceByKey = new Map(prices.map((x) => [`${x.productId}:${x.country}`, x]));
    const pendingKeys = new Set(pending.map((x) => `${x.productId}:${x.country}`));
    const promosOf = new Map<number, typeof promos>();
    for (const x of promos) promosOf.set(x.productId, [...(promosOf.get(x.productId) ?? []), x]);
    const priceOf = (id: number, country: string): Current => {
      const p = priceByKey.get(`${id}:${country}`);
      if (p) return { price: p.price, salePrice: p.salePrice };
      const r = byId.get(id);
      return country === 'RU' && r
        ? { price: r.price, salePrice: r.salePrice }
        : { price: null, salePrice: null };
    };

    // Checks across the call: a product given twice, sizes of one parent with different sale periods.
    const key = (i: PriceChangeInput) => `${i.id}:${i.country}`;
    const seen = new Map<string, number>();
    for (const i of items) seen.set(key(i), (seen.get(key(i)) ?? 0) + 1);
    const periods = new Map<string, Set<string>>();
    const groupOf = (i: PriceChangeInput) => {
      const p = byId.get(Number(i.id));
      return p ? `${p.sellerParentSku}:${i.country}` : null;
    };
    for (const i of items) {
      const g = groupOf(i);
      if (!g) continue;
      const set = periods.get(g) ?? new Set<string>();
      set.add(`${i.saleStartDate ?? ''}/${i.saleEndDate ?? ''}`);
      periods.set(g, set);
    }
    const callErrors = (i: PriceChangeInput): Err[] => {
      const out: Err[] = [];
      if ((seen.get(key(i)) ?? 0) > 1) out.push(err('id', 'price.duplicated'));
      const g = groupOf(i);
      if (g && (periods.get(g)?.size ?? 0) > 1) out.push(err('saleStartDate', 'price.parentSkuFieldsDiffer'));
      return out;
    };

    const applied: q.AppliedPrice[] = [];
    const changes: Parameters<typeof q.insertChanges>[1] = [];
    const leave: number[] = [];
    const userId = ctx.principal?.userId ?? null;
    const traced: Omit<PriceSimulation, 'result'>[] = [];
    const results = items.map((item, n): PriceItemResult => {
      const id = Number(item.id);
      const product = byId.get(id);
      if (!product)
        return {
          id: item.id,
          country: item.country,
          status: 'failed',
          errors: [err('id', 'nomenclature.notFound')],
          confirmation: null,
          warnings: [],
        };
      const current = priceOf(id, item.country);
      const e = this.evaluate(item, {
        countries,
        autoConversion,
        current,
        ruPrice: item.country === 'RU' ? item.price : priceOf(id, 'RU').price,
        dataMatrix: Boolean((product.attributes as { dataMatrix?: boolean } | null)?.dataMatrix),
        pending: pendingKeys.has(`${id}:${item.country}`),
        promotionStates: (promosOf.get(id) ?? []).map((p) => p.promotionState),
        confirm,
      });
      e.errors.unshift(...callErrors(item));
      const changePercent = priceChangePercent(current.price, item.price);
      traced[n] = {
        currentPrice: current.price,
        currentSalePrice: current.salePrice,
        newSalePrice: e.salePrice,
        changePercent: changePercent === null ? null : Math.round(changePercent * 100) / 100,
        critical: (changePercent ?? 0) > PRICE_RULES.criticalThresholdPercent,
        quarantine: e.reviewType !== null,
        promotions: promosOf.get(id) ?? [],
      };
      if (e.errors.length)
        return {
          id: item.id,
          country: item.country,
          status: 'failed',
          errors: e.errors,
          confirmation: e.confirmation,
          warnings: e.warnings,
        };
      const status = e.reviewType ? 'pending' : 'applied';
      const next = {
        productId: id,
        country: item.country,
        price: item.price,
        salePrice: e.salePrice,
        saleStart: item.saleStartDate ?? null,
        saleEnd: item.saleEndDate ?? null,
      };
      const change = {
        partnerId,
        productId: id,
        country: item.country,
        oldPrice: current.price,
        newPrice: item.price,
        oldSalePrice: current.salePrice,
        newSalePrice: e.salePrice,
        saleStart: next.saleStart,
        saleEnd: next.saleEnd,
        reviewType: e.reviewType,
        status,
        createdBy: userId,
      };
      changes.push(change);
      if (status === 'applied') {
        applied.push(next);
        if (autoConversion && item.country === 'RU') {
          for (const [country, rate] of Object.entries(CONVERSION_RATES)) {
            const converted =
              country === 'KZ' ? Math.round(item.price * rate) : Math.round(item.price * rate * 100) / 100;
            const sale =
              e.salePrice === null
                ? null
                : country === 'KZ'
                  ? Math.round(e.salePrice * rate)
                  : Math.round(e.salePrice * rate * 100) / 100;
            applied.push({ ...next, country, price: converted, salePrice: sale });
          }
        }
      }
      if (e.warnings.length) leave.push(id);
      return {
        id: item.id,
        country: item.country,
        status,
        errors: [],
        confirmation: null,
        warnings: e.warnings,
      };
    });
    if (!dryRun) {
      await q.insertChanges(ctx.db, changes);
      await q.applyPrices(ctx.db, partnerId, applied);
      for (const id of leave) await this.membership.leavePlanned(ctx.db, partnerId, id);
      ctx.audit.objectId = items.length === 1 ? items[0]!.id : `${items.length} products`;
      // The audit log shows each applied price before and after (issue 28); held changes are not prices yet.
      await recordAuditChanges(
        ctx,
        changes
          .filter((c) => c.status === 'applied')
          .flatMap((c) => [
            {
              objectId: String(c.productId),
              field: `price:${c.country}`,
              before: c.oldPrice ?? null,
              after: c.newPrice ?? null,
            },
            {
              objectId: String(c.productId),
              field: `salePrice:${c.country}`,
              before: c.oldSalePrice ?? null,
              after: c.newSalePrice ?? null,
            },
          ]),
      );
    }
    const simulations = results.map((result, n) => (traced[n] ? { ...traced[n], result } : undefined));
    return { results, products: byId, simulations };
  }

  /**
   * The dry run of a batch, per product, for the price index's simulation: what saving would answer (critical
   * changes as confirmed, since the simulation is the confirmation), the threshold, quarantine and promotions.
   * Products not the partner's come back without a simulation (their result says not found).
   */
  async simulate(
    ctx: CallContext,
    items: PriceChangeInput[],
  ): Promise<{ results: PriceItemResult[]; simulations: (PriceSimulation | undefined)[] }> {
    const { results, simulations } = await this.run(ctx, items, true, true);
    return { results, simulations };
  }

  async validate(ctx: CallContext, item: PriceChangeInput): Promise<PriceItemResult> {
    return (await this.run(ctx, [item], false, true)).results[0]!;
  }

  async update(ctx: CallContext, item: PriceChangeInput, confirm: boolean): Promise<PriceItemResult> {
    const [result] = (await this.run(ctx, [item], confirm, false)).results;
    // A single change that fails is a failed call: its errors land on the form's fields.
    if (result!.status === 'failed') {
      throw new AppError(result!.errors[0]!.reason as ErrorKey, {
        errors: result!.errors.map(({ field, message }) => ({ field, message })),
        message: result!.errors[0]!.message,
        ...(result!.confirmation ? { data: { confirmation: result!.confirmation } } : {}),
      });
    }
    return result!;
  }

  /** Saves what can be saved; the refused items are kept as the call's validation report. */
  async setMany(ctx: CallContext, items: PriceChangeInput[], confirm: boolean) {
    const { results, products } = await this.run(ctx, items, confirm, false);
    const refused: ReportItem[] = [];
    results.forEach((r, n) => {
      if (r.status !== 'failed') return;
      const item = items[n]!;
      const product = products.get(Number(item.id));
      refused.push({
        id: item.id,
        sellerSku: product?.sellerSku ?? null,
        title: product?.title ?? null,
        country: item.country,
        price: item.price,
        salePrice: item.salePrice ?? null,
        discount: item.discount ?? null,
        saleStartDate: item.saleStartDate ?? null,
        saleEndDate: item.saleEndDate ?? null,
        errors: r.errors.map(({ field, message }) => ({ field, message })),
      });
    });
    const reportId = refused.length
      ? await q.insertReport(ctx.db, {
          partnerId: requirePartner(ctx),
          createdBy: ctx.principal?.userId ?? null,
          total: items.length,
          items: refused,
        })
      : null;
    return {
      items: results,
      failed: refused.length,
      message: refused.length ? correctionFailedMessage(refused.length) : null,
      reportId,
    };
  }

  /** The threshold of a critical change, and for each new price whether it goes beyond it. */
  async thresholdExceeded(ctx: CallContext, items: { id: string; country: PriceCountry; price: number }[]) {
    const partnerId = requirePartner(ctx);
    const { rows, prices } = await q.currentPrices(ctx.db, partnerId, [
      ...new Set(items.map((i) => Number(i.id))),
    ]);
    const byKey = new Map(prices.map((p) => [`${p.productId}:${p.country}`, p.price]));
    const ruColumn = new Map(rows.map((r) => [r.id, r.price]));
    const current = (id: number, country: string) =>
      byKey.get(`${id}:${country}`) ?? (country === 'RU' ? (ruColumn.get(id) ?? null) : null);
    const thresholdPercent = PRICE_RULES.criticalThresholdPercent;
    return {
      thresholdPercent,
      items: items.map((i) => {
        const currentPrice = current(Number(i.id), i.country);
        const change = priceChangePercent(currentPrice, i.price);
        return {
          id: i.id,
          country: i.country,
          currentPrice,
          newPrice: i.price,
          changePercent: change === null ? null : Math.round(change * 100) / 100,
          exceeded: change !== null && change > thresholdPercent,
        };
      }),
    };
  }

  /** The price table: one page of products with one country's prices, photos, approvals and promotions. */
  async list(
    ctx: CallContext,
    p: {
      country: PriceCountry;
      approval: 'all' | 'pending';
      brand?: string | undefined;
      category?: string | undefined;
      search?: string | undefined;
      sort: string;
      page: number;
      pageSize: number;
    },
  ) {
    const partnerId = requirePartner(ctx);
    const [page, countries, autoConversion] = await concurrently(ctx.db, [
      () =>
        q.listPrices(ctx.db, {
          partnerId,
          country: p.country,
          approval: p.approval,
          brand: p.brand,
          category: p.category,
          search: p.search,
          sort: parseSort(p.sort),
          limit: p.pageSize,
          offset: (p.page - 1) * p.pageSize,
        }),
      () => q.enabledCountries(ctx.db, partnerId),
      () => this.autoConversion(ctx),
    ]);
    const ids = page.rows.map((r) => r.id);
    const [images, reviewed, promos] = await concurrently(ctx.db, [
      () => q.mainImages(ctx.db, partnerId, [...new Set(page.rows.map((r) => r.sellerParentSku))]),
      () => q.latestReviewed(ctx.db, partnerId, p.country, ids),
      () => this.membership.of(ctx.db, partnerId, ids),
    ]);
    const items = page.rows.map((r): PriceListRow => {
      const image = images.find((i) => i.sellerParentSku === r.sellerParentSku);
      const change = reviewed.find((c) => c.productId === r.id);
      return {
        ...productIdentity(r),
        country: p.country,
        price: r.price,
        salePrice: r.salePrice,
        saleStartDate: r.salePrice === null ? null : r.saleStart,
        saleEndDate: r.salePrice === null ? null : r.saleEnd,
        discount: discountOf(r.price, r.salePrice),
        piValue: r.piValue,
        // The same address the photos API gives (catalogue images).
        thumbnailUrl: image ? `/rest/api/v1/nomenclatures/images/${image.id}?size=img320x461` : null,
        approval: change
          ? {
              changeId: String(change.id),
              status: change.status as 'pending' | 'approved' | 'rejected',
              reviewType: change.reviewType as NonNullable<PriceListRow['approval']>['reviewType'],
              oldPrice: change.oldPrice,
              newPrice: change.newPrice,
              oldSalePrice: change.oldSalePrice,
              newSalePrice: change.newSalePrice,
              saleStartDate: change.saleStart,
              saleEndDate: change.saleEnd,
              createdAt: change.createdAt.toISOString(),
              decidedAt: change.decidedAt?.toISOString() ?? null,
            }
          : null,
        promotions: promos
          .filter((x) => x.productId === r.id)
          .map((x) => ({ id: x.promotionId, name: x.promotionName, state: x.promotionState })),
      };
    });
    return {
      items,
      total: page.total,
      page: p.page,
      pageSize: p.pageSize,
      countries: countries.filter((c): c is PriceCountry => c === 'RU' || c === 'BY' || c === 'KZ'),
      autoConversion,
      pendingCount: page.pendingCount,
    };
  }

  /** The seller SKU of a product of the partner (for a file's name), or not found. */
  async productSku(ctx: CallContext, id: string): Promise<string> {
    const sku = /^\d+$/.test(id) ? await q.productSku(ctx.db, requirePartner(ctx), Number(id)) : null;
    if (sku === null) throw new AppError('nomenclature.notFound');
    return sku;
  }

  /** Price changes newest first, page by page, for the history file. */
  async *historyRows(ctx: CallContext, productId: string | null): AsyncGenerator<q.HistoryFileRow> {
    const partnerId = requirePartner(ctx);
    let before: number | null = null;
    for (;;) {
      const page = await q.historyPage(
        ctx.db,
        partnerId,
        productId === null ? null : Number(productId),
        before,
        1000,
      );
      yield* page;
      if (page.length < 1000) return;
      before = page.at(-1)!.id;
    }
  }

  async report(
    ctx: CallContext,
    id: string,
  ): Promise<{ createdAt: Date; total: number; items: ReportItem[] }> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await q.reportOf(ctx.db, requirePartner(ctx), id) : null;
    if (!row) throw new AppError('price.reportNotFound');
    return { createdAt: row.createdAt, total: row.total, items: row.items as ReportItem[] };
  }

  async history(ctx: CallContext, id: string) {
    return { items: (await q.changesOf(ctx.db, requirePartner(ctx), Number(id))).map(toChange) };
  }

  async decide(ctx: CallContext, ids: string[], decision: 'approved' | 'rejected') {
    const partnerId = requirePartner(ctx);
    const rows = await q.changesByIds(ctx.db, partnerId, ids.map(Number));
    if (rows.length !== new Set(ids).size) throw new AppError('common.notFound');
    if (rows.some((r) => r.status !== 'pending')) throw new AppError('price.changeNotPending');
    const userId = requirePrincipal(ctx).userId;
    const out = [];
    for (const r of rows) {
      out.push(
        await q.decide(ctx.db, partnerId, r.id, decision === 'approved' ? 'approved' : 'rejected', userId),
      );
      const sku = (
        await ctx.db.execute<{ moda_sku: string; seller_sku: string }>(
          sql`select moda_sku, seller_sku from products where partner_id = ${partnerId} and id = ${r.productId}`,
        )
      ).rows[0];
      await emitEvent(ctx.db, {
        partnerId,
        type: 'price.quarantine_decided',
        objectId: String(r.productId),
        payload: {
          modaSku: sku?.moda_sku ?? null,
          sellerSku: sku?.seller_sku ?? null,
          decision,
          price: r.newPrice,
        },
      });
      if (decision === 'approved') {
        await q.applyPrices(ctx.db, partnerId, [
          {
            productId: r.productId,
            country: r.country,
            price: r.newPrice,
            salePrice: r.newSalePrice,
            saleStart: r.saleStart,
            saleEnd: r.saleEnd,
          },
        ]);
      }
    }
    return { items: out.map(toChange) };
  }

  async conversion(ctx: CallContext) {
    return { enabled: await this.autoConversion(ctx), rates: { ...CONVERSION_RATES } };
  }

  async calculate(ctx: CallContext, ruPrice: number) {
    if (!(await this.autoConversion(ctx))) throw new AppError('price.autoConversionNotEnabled');
    return {
      BY: Math.round(ruPrice * CONVERSION_RATES.BY * 100) / 100,
      KZ: Math.round(ruPrice * CONVERSION_RATES.KZ),
    };
  }
}

function toChange(r: q.ChangeRow) {
  return {
    id: String(r.id),
    productId: String(r.productId),
    country: r.country as 'RU' | 'BY' | 'KZ',
    oldPrice: r.oldPrice,
    newPrice: r.newPrice,
    oldSalePrice: r.oldSalePrice,
    newSalePrice: r.newSalePrice,
    saleStartDate: r.saleStart,
    saleEndDate: r.saleEnd,
    reviewType: r.reviewType as
      'black_price' | 'red_price' | 'sale_period' | 'red_price_and_sale_period' | null,
    status: r.status as 'pending' | 'approved' | 'rejected' | 'applied',
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy,
    decidedAt: r.decidedAt?.toISOString() ?? null,
  };
}
