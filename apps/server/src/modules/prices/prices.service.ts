// Price changes: every rule of spec 001 §5 "Prices and discounts" on its field, critical changes that need
// confirmation, sharp drops held in quarantine for review, promotions that block or are left, and RU prices
// converted into BY and KZ when the partner has auto-conversion. Bulk changes answer per product.
import {
  ERRORS,
  PRICE_RULES,
  fill,
  type ErrorKey,
  type PriceChangeInput,
  type PriceItemResult,
} from '@moda/contracts';
import type { CallContext } from '../../rpc/context';
import { requirePartner, requirePrincipal } from '../../rpc/context';
import { AppError } from '../../rpc/errors';
import type { PartnersService } from '../partners/partners.service';
import * as q from './prices.queries';

/** Rubles into Belarusian rubles and tenge for auto-conversion (set by the marketplace's finance team). */
export const CONVERSION_RATES = { BY: 0.035, KZ: 5.6 } as const;

type Err = PriceItemResult['errors'][number];
const err = (field: string, key: ErrorKey, message = ERRORS[key].message): Err => ({
  field,
  reason: key,
  message,
});
const decimals = (n: number) => (String(n).split('.')[1] ?? '').length;
const pct = (part: number, whole: number) => (part / whole) * 100;

interface Current {
  price: number | null;
  salePrice: number | null;
}

export class PricesService {
  constructor(private readonly deps: { partners: PartnersService }) {}

  private async autoConversion(ctx: CallContext): Promise<boolean> {
    return (await this.deps.partners.current(ctx)).enabledFeatures.includes('autoConversionPrice');
  }

  /** Format rules of one amount in one country's currency. */
  private amountErrors(field: string, country: string, amount: number): Err[] {
    const out: Err[] = [];
    if (country === 'RU' && amount % PRICE_RULES.multipleOf !== 0) out.push(err(field, 'price.multipleOf10'));
    else if (country === 'KZ' && !Number.isInteger(amount)) out.push(err(field, 'price.integerNeeded'));
    else if (decimals(amount) > 2) out.push(err(field, 'price.maxTwoDecimals'));
    if (amount < (PRICE_RULES.minimum[country] ?? 0))
      out.push(
        err(
          field,
          'price.belowMinimum',
          `${ERRORS['price.belowMinimum'].message}: ${PRICE_RULES.minimum[country]}`,
        ),
      );
    return out;
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
    errors.push(...this.amountErrors('price', country, price));

    let salePrice = item.salePrice ?? null;
    if (item.discount !== undefined && item.discount !== null) {
      if (item.discount < PRICE_RULES.discount.min || item.discount > PRICE_RULES.discount.max)
        errors.push(err('discount', 'price.discountRange'));
      const raw = price * (1 - item.discount / 100);
      salePrice =
        country === 'RU'
          ? Math.round(raw / 10) * 10
          : country === 'KZ'
            ? Math.round(raw)
            : Math.round(raw * 100) / 100;
    } else if (salePrice !== null) {
      const share = pct(salePrice, price);
      if (share < PRICE_RULES.specialShare.min || share > PRICE_RULES.specialShare.max)
        errors.push(err('salePrice', 'price.specialPriceRange'));
      errors.push(...this.amountErrors('salePrice', country, salePrice));
    }
    const hasPeriod = Boolean(item.saleStartDate) || Boolean(item.saleEndDate);
    const fullPeriod = Boolean(item.saleStartDate) && Boolean(item.saleEndDate);
    if (
      (salePrice !== null && !fullPeriod) ||
      (salePrice === null && hasPeriod) ||
      (hasPeriod && !fullPeriod)
    ) {
      errors.push(
        err(
          salePrice === null ? 'salePrice' : item.saleStartDate ? 'saleEndDate' : 'saleStartDate',
          'price.saleFieldsTogether',
        ),
      );
    }
    if (fullPeriod && item.saleStartDate! > item.saleEndDate!)
      errors.push(err('saleStartDate', 'price.startAfterEnd'));
    if (ctx.pending) errors.push(err('price', 'price.inProcessing'));
    if (ctx.promotionStates.includes('active')) errors.push(err('price', 'price.inActivePromotion'));

    const old = ctx.current.price;
    const changePct = old ? Math.abs(pct(price - old, old)) : 0;
    const critical = old !== null && changePct > PRICE_RULES.criticalThresholdPercent;
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
  ): Promise<PriceItemResult[]> {
    const partnerId = requirePartner(ctx);
    const ids = [...new Set(items.map((i) => Number(i.id)))];
    const [countries, autoConversion, { rows, prices }, pending, promos] = await Promise.all([
      q.enabledCountries(ctx.db, partnerId),
      this.autoConversion(ctx),
      q.productsForChange(ctx.db, partnerId, ids),
      q.pendingFor(ctx.db, partnerId, ids),
      q.promotionsOf(ctx.db, partnerId, ids),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const priceOf = (id: number, country: string): Current => {
      const p = prices.find((x) => x.productId === id && x.country === country);
      if (p) return { price: p.price, salePrice: p.salePrice };
      const r = byId.get(id);
      return country === 'RU' && r
        ? { price: r.price, salePrice: r.salePrice }
        : { price: null, salePrice: null };
    };

    const applied: q.AppliedPrice[] = [];
    const changes: Parameters<typeof q.insertChanges>[1] = [];
    const leave: number[] = [];
    const userId = ctx.principal?.userId ?? null;
    const results = items.map((item): PriceItemResult => {
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
        pending: pending.some((p) => p.productId === id && p.country === item.country),
        promotionStates: promos.filter((p) => p.productId === id).map((p) => p.promotionState),
        confirm,
      });
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
      for (const id of leave) await q.leavePlannedPromotions(ctx.db, partnerId, id);
      ctx.audit.objectId = items.length === 1 ? items[0]!.id : `${items.length} products`;
    }
    return results;
  }

  async validate(ctx: CallContext, item: PriceChangeInput): Promise<PriceItemResult> {
    return (await this.run(ctx, [item], false, true))[0]!;
  }

  async update(ctx: CallContext, item: PriceChangeInput, confirm: boolean): Promise<PriceItemResult> {
    const [result] = await this.run(ctx, [item], confirm, false);
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

  async setMany(ctx: CallContext, items: PriceChangeInput[], confirm: boolean) {
    const results = await this.run(ctx, items, confirm, false);
    const failed = results.filter((r) => r.status === 'failed').length;
    return {
      items: results,
      failed,
      message: failed ? fill(ERRORS['price.correctionFailed'].message, { count: failed }) : null,
    };
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
