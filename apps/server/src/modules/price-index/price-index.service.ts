// The price index: the list with its totals and settings, the seller's competitor prices and disputes (claims
// reviewed by the marketplace), the export, the simulation of price changes, and the matching system's side
// (v1.platform.matching-manager.*): offers posted, claims decided against COMPETITOR_CLAIM_MACHINE.
import {
  COMPETITOR_CLAIM_MACHINE,
  PRICE_INDEX_RULES,
  PRICE_RULES,
  checkTransition,
  parseSort,
  piValueOf,
  priceIndexLevel,
  recommendedPriceOf,
  type Actor,
  type CompetitorClaim,
  type CompetitorClaimStatus,
  type DisputeReason,
  type ExportRecord,
  type PriceChangeInput,
  type PriceIndexRow,
  type PriceSimulationItem,
} from '@moda/contracts';
import type { CallContext } from '../../core/context';
import { requirePartner } from '../../core/context';
import { AppError } from '../../core/errors';
import { concurrently, type DbOrTx } from '../../db/client';
import { productIdentity } from '../catalogue';
import type { PricesService } from '../prices';
import type { UploadsService } from '../uploads';
import * as q from './price-index.queries';

/** The competitors and countries the marketplace counts when it has chosen none for a partner. */
export const DEFAULT_SETTINGS = {
  competitors: ['Стиль Маркет', 'Модный Базар', 'ОдеждаОнлайн', 'ГардеробРу'],
  countries: ['RU'],
};

/** Promotion states a price change leaves (planned); an active one blocks it (prices' own rule). */
const ENDED = new Set(['passed', 'finished']);

interface ExportsFace {
  create(
    ctx: CallContext,
    p: { type: 'price_index'; filter: Record<string, unknown> },
  ): Promise<ExportRecord>;
  list(
    ctx: CallContext,
    p: { ids: string[]; page: number; pageSize: number },
  ): Promise<{ items: ExportRecord[]; total: number }>;
}

export function toClaim(r: q.ClaimRow): CompetitorClaim {
  return {
    id: String(r.id),
    productId: String(r.productId),
    kind: r.kind as CompetitorClaim['kind'],
    status: r.status as CompetitorClaimStatus,
    competitor: r.competitor,
    url: r.url,
    price: r.price,
    reason: r.reason as DisputeReason | null,
    comment: r.comment,
    competitorOfferId: r.competitorOfferId === null ? null : String(r.competitorOfferId),
    hasScreenshot: r.screenshotFileId !== null,
    answer: r.answer,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export class PriceIndexService {
  constructor(
    private readonly deps: { prices: PricesService; files: UploadsService; exports: () => ExportsFace },
  ) {}

  async settingsFor(db: DbOrTx, partnerId: number) {
    const row = await q.settingsOf(db, partnerId);
    return row
      ? { competitors: row.competitors, countries: row.countries, updatedAt: row.updatedAt }
      : { ...DEFAULT_SETTINGS, updatedAt: null };
  }

  async settings(ctx: CallContext) {
    const s = await this.settingsFor(ctx.db, requirePartner(ctx));
    return {
      competitors: s.competitors,
      countries: s.countries as ('RU' | 'BY' | 'KZ')[],
      optimalPercent: PRICE_INDEX_RULES.optimalPercent,
      averagePercent: PRICE_INDEX_RULES.averagePercent,
      updatedAt: s.updatedAt?.toISOString() ?? null,
    };
  }

  /** Recompute the lowest competitor price and pi_value of some products (all: null). */
  async refresh(db: DbOrTx, partnerId: number, ids: number[] | null): Promise<void> {
    await q.refresh(db, partnerId, ids, await this.settingsFor(db, partnerId));
  }

  // ---- the list ----

  async list(ctx: CallContext, p: q.IndexFilter & { sort: string; page: number; pageSize: number }) {
    const partnerId = requirePartner(ctx);
    const page = await q.listPage(ctx.db, {
      ...p,
      partnerId,
      sort: parseSort(p.sort),
      limit: p.pageSize,
      offset: (p.page - 1) * p.pageSize,
    });
    const ids = page.rows.map((r) => r.id);
    const [images, claims] = await concurrently(ctx.db, [
      () => q.mainImages(ctx.db, partnerId, [...new Set(page.rows.map((r) => r.sellerParentSku))]),
      () => q.openClaims(ctx.db, partnerId, ids),
    ]);
    const imageOf = new Map(images.map((i) => [i.sellerParentSku, i.id]));
    const claimOf = new Map(claims.map((c) => [c.productId, c]));
    return {
      items: page.rows.map((r) => this.toRow(r, imageOf.get(r.sellerParentSku) ?? null, claimOf.get(r.id))),
      total: page.total,
      page: p.page,
      pageSize: p.pageSize,
    };
  }

  private toRow(
    r: q.IndexRecord,
    imageId: string | null,
    claim: { id: number; kind: string } | undefined,
  ): PriceIndexRow {
    const { modaSku, modaParentSku, sellerSku, title, brand, category, status, id } = productIdentity(r);
    return {
      id,
      modaSku,
      modaParentSku,
      sellerSku,
      title,
      brand,
      category,
      status,
      thumbnailUrl: imageId ? `/rest/api/v1/nomenclatures/images/${imageId}?size=img320x461` : null,
      price: r.price,
      salePrice: r.salePrice,
      marketPrice: r.salePrice ?? r.price,
      minCompetitorPrice: r.minPrice,
      competitor: r.competitor,
      competitorUrl: r.url,
      competitorOfferId: r.offerId === null ? null : String(r.offerId),
      piValue: r.piValue,
      index: priceIndexLevel(r.piValue),
      recommendedPrice: recommendedPriceOf(r.minPrice),
      openClaim: claim ? { id: String(claim.id), kind: claim.kind as 'add' | 'dispute' } : null,
    };
  }

  async total(ctx: CallContext, f: Omit<q.IndexFilter, 'partnerId' | 'index'>) {
    return q.totals(ctx.db, { ...f, partnerId: requirePartner(ctx) });
  }

  // ---- claims: the seller's competitor prices and disputes ----

  private async noOpenClaim(db: DbOrTx, partnerId: number, productId: number, field: string) {
    if ((await q.openClaims(db, partnerId, [productId])).length)
      throw new AppError('priceIndex.claimOpen', { field });
  }

  async addPrice(
    ctx: CallContext,
    p: { productId: string; competitor: string; url: string; price: number; fileId?: string | undefined },
  ): Promise<CompetitorClaim> {
    const partnerId = requirePartner(ctx);
    const productId = Number(p.productId);
    if (!(await q.productIds(ctx.db, partnerId, [productId])).has(productId))
      throw new AppError('nomenclature.notFound', { field: 'productId' });
    const settings = await this.settingsFor(ctx.db, partnerId);
    if (!settings.competitors.includes(p.competitor))
      throw new AppError('priceIndex.competitorNotCounted', { field: 'competitor' });
    if (p.fileId) {
      const file = await this.deps.files.row(ctx.db, partnerId, p.fileId);
      if (!file || file.type !== 'competitor_screenshot')
        throw new AppError('priceIndex.notScreenshot', { field: 'fileId' });
    }
    await this.noOpenClaim(ctx.db, partnerId, productId, 'productId');
    const [row] = await q.insertClaims(ctx.db, [
      {
        partnerId,
        productId,
        kind: 'add',
        status: 'review',
        competitor: p.competitor,
        url: p.url,
        price: p.price,
        screenshotFileId: p.fileId ?? null,
        createdBy: ctx.principal?.userId || null,
      },
    ]);
    ctx.audit.objectId = String(row!.id);
    return toClaim(row!);
  }

  async dispute(
    ctx: CallContext,
    p: { competitorOfferId: string; reason: DisputeReason; comment?: string | undefined },
  ): Promise<CompetitorClaim> {
    const partnerId = requirePartner(ctx);
    const offer = await q.offerById(ctx.db, partnerId, Number(p.competitorOfferId));
    if (!offer || offer.status !== 'active')
      throw new AppError('priceIndex.offerNotFound', { field: 'competitorOfferId' });
    await this.noOpenClaim(ctx.db, partnerId, offer.productId, 'competitorOfferId');
    const [row] = await q.insertClaims(ctx.db, [
      {
        partnerId,
        productId: offer.productId,
        kind: 'dispute',
        status: 'review',
        competitor: offer.competitor,
        url: offer.url,
        price: offer.price,
        reason: p.reason,
        comment: p.comment || null,
        competitorOfferId: offer.id,
        createdBy: ctx.principal?.userId || null,
      },
    ]);
    ctx.audit.objectId = String(row!.id);
    return toClaim(row!);
  }

  async claims(
    ctx: CallContext,
    p: { productId?: string | undefined; status?: string | undefined; page: number; pageSize: number },
  ) {
    const partnerId = requirePartner(ctx);
    // Claims of a product that is not the partner's: it is not found, as any product.
    if (
      p.productId !== undefined &&
      !(await q.productIds(ctx.db, partnerId, [Number(p.productId)], true)).size
    )
      throw new AppError('nomenclature.notFound', { field: 'productId' });
    const page = await q.claimsPage(
      ctx.db,
      {
        partnerId,
        productId: p.productId === undefined ? undefined : Number(p.productId),
        status: p.status,
      },
      p.pageSize,
      (p.page - 1) * p.pageSize,
    );
    return { items: page.rows.map(toClaim), total: page.total };
  }

  // ---- export ----

  exportCreate(ctx: CallContext, filter: Record<string, unknown>): Promise<ExportRecord> {
    return this.deps.exports().create(ctx, { type: 'price_index', filter });
  }

  async exportCheck(ctx: CallContext, id: string): Promise<ExportRecord> {
    // Any export of the partner by its id: the file manager's record is the same for every type.
    const { items } = await this.deps.exports().list(ctx, {
      ids: [id],
      page: 1,
      pageSize: 1,
    });
    if (!items[0]) throw new AppError('export.notFound', { field: 'id' });
    return items[0];
  }

  exportCount(ctx: CallContext, partnerId: number, f: Omit<q.IndexFilter, 'partnerId'>) {
    return q.countOf(ctx.db, { ...f, partnerId });
  }

  async *exportRows(ctx: CallContext, partnerId: number, f: Omit<q.IndexFilter, 'partnerId'>) {
    let after = 0;
    for (;;) {
      const rows = await q.exportPage(ctx.db, { ...f, partnerId }, after, 1000);
      for (const r of rows) yield this.toRow(r, null, undefined);
      if (rows.length < 1000) return;
      after = rows[rows.length - 1]!.id;
    }
  }

  // ---- the simulation ----

  async simulate(ctx: CallContext, items: PriceChangeInput[]) {
    const partnerId = requirePartner(ctx);
    const ids = [...new Set(items.map((i) => Number(i.id)))];
    const [dry, rows] = await concurrently(ctx.db, [
      () => this.deps.prices.simulate(ctx, items),
      () => q.productsWithMatch(ctx.db, partnerId, ids),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const counts = {
      OPTIMAL: 0,
      AVERAGE: 0,
      OVERPRICED: 0,
      UNCOUNTED: 0,
      critical: 0,
      quarantine: 0,
      failed: 0,
    };
    const out = items.map((item, n): PriceSimulationItem => {
      const result = dry.results[n]!;
      const sim = dry.simulations[n];
      const product = byId.get(Number(item.id));
      const min = product?.minPrice ?? null;
      const currentMarket = product ? (product.salePrice ?? product.price) : null;
      // The index compares RU prices: a BY or KZ change leaves it where it is.
      const newMarket =
        item.country === 'RU' ? (sim?.newSalePrice ?? item.price) : (currentMarket ?? item.price);
      const newPi = piValueOf(newMarket, min);
      const recommended = recommendedPriceOf(min);
      const promotions = (sim?.promotions ?? []).map((x) => ({
        id: x.promotionId,
        name: x.promotionName,
        state: x.promotionState,
      }));
      const s: PriceSimulationItem = {
        id: item.id,
        sellerSku: product?.sellerSku ?? null,
        currentPrice: sim?.currentPrice ?? null,
        currentMarketPrice: currentMarket,
        newPrice: item.price,
        newMarketPrice: newMarket,
        currentIndex: currentMarket === null ? 'UNCOUNTED' : priceIndexLevel(piValueOf(currentMarket, min)),
        newIndex: priceIndexLevel(newPi),
        newPiValue: newPi,
        minCompetitorPrice: min,
        recommendedPrice: recommended,
        gapToRecommended: recommended === null ? null : round2(newMarket - recommended),
        changePercent: sim?.changePercent ?? null,
        critical: sim?.critical ?? false,
        quarantine: result.status === 'pending',
        promotions: {
          leaves: promotions.filter((x) => x.state !== 'active' && !ENDED.has(x.state)),
          blockedBy: promotions.filter((x) => x.state === 'active'),
        },
        status: result.status,
        errors: result.errors,
      };
      counts[s.newIndex] += 1;
      if (s.critical) counts.critical += 1;
      if (s.quarantine) counts.quarantine += 1;
      if (s.status === 'failed') counts.failed += 1;
      return s;
    });
    return { thresholdPercent: PRICE_RULES.criticalThresholdPercent, items: out, counts };
  }

  // ---- the matching system (v1.platform.matching-manager.*) ----

  async postOffers(
    ctx: CallContext,
    p: {
      partnerId: number;
      items: { productId: string; competitor: string; country: string; url: string; price: number }[];
    },
  ) {
    const ids = [...new Set(p.items.map((i) => Number(i.productId)))];
    const known = await q.productIds(ctx.db, p.partnerId, ids);
    const errors = p.items.flatMap((i, n) =>
      known.has(Number(i.productId)) ? [] : [{ field: `items.${n}.productId`, message: 'Товар не найден' }],
    );
    if (errors.length) throw new AppError('nomenclature.notFound', { errors, field: errors[0]!.field });
    await q.upsertOffers(
      ctx.db,
      p.partnerId,
      p.items.map((i) => ({ ...i, productId: Number(i.productId), source: 'matching' as const })),
    );
    await this.refresh(ctx.db, p.partnerId, ids);
    ctx.audit.partnerId = p.partnerId;
    ctx.audit.objectId = `${p.items.length} offers`;
    return { posted: p.items.length };
  }

  async offers(ctx: CallContext, p: { partnerId: number; limit: number }) {
    const rows = await q.offersOf(ctx.db, p.partnerId, p.limit);
    return {
      items: rows.map((r) => ({
        competitorOfferId: String(r.id),
        productId: String(r.productId),
        competitor: r.competitor,
        country: r.country as 'RU',
        url: r.url,
        price: r.price,
        status: r.status as 'active' | 'excluded',
      })),
    };
  }

  async queue(ctx: CallContext, limit: number) {
    const rows = await q.reviewQueue(ctx.db, limit);
    return { items: rows.map((r) => ({ ...toClaim(r), partnerId: r.partnerId })) };
  }

  async decide(
    ctx: CallContext,
    p: { competitorClaimId: string; decision: 'accept' | 'reject'; answer?: string | undefined },
  ): Promise<CompetitorClaim> {
    const row = await q.claimById(ctx.db, null, Number(p.competitorClaimId), true);
    if (!row) throw new AppError('priceIndex.claimNotFound', { field: 'competitorClaimId' });
    const actors: Actor[] = ctx.principal?.service ? ['platform'] : (ctx.principal?.roles ?? []);
    const refused = checkTransition(
      COMPETITOR_CLAIM_MACHINE,
      p.decision,
      row.status as CompetitorClaimStatus,
      actors,
    );
    if (refused === 'notAllowedFromState') throw new AppError('priceIndex.claimDecided');
    if (refused) throw new AppError('common.forbidden');
    const to = COMPETITOR_CLAIM_MACHINE.transitions[p.decision].to;
    const decided = await q.decideClaim(ctx.db, row, to, p.answer || null);
    if (to === 'accepted') {
      if (row.kind === 'add') {
        await q.upsertOffers(ctx.db, row.partnerId, [
          {
            productId: row.productId,
            competitor: row.competitor!,
            country: 'RU',
            url: row.url!,
            price: row.price!,
            source: 'seller',
          },
        ]);
      } else if (row.competitorOfferId !== null) {
        await q.setOfferStatus(ctx.db, row.partnerId, row.competitorOfferId, 'excluded');
      }
      await this.refresh(ctx.db, row.partnerId, [row.productId]);
    }
    ctx.audit.partnerId = row.partnerId;
    ctx.audit.objectId = String(row.id);
    return toClaim(decided);
  }

  async setSettings(ctx: CallContext, p: { partnerId: number; competitors: string[]; countries: string[] }) {
    await q.saveSettings(ctx.db, p.partnerId, [...new Set(p.competitors)], [...new Set(p.countries)]);
    await this.refresh(ctx.db, p.partnerId, null);
    ctx.audit.partnerId = p.partnerId;
    const s = await this.settingsFor(ctx.db, p.partnerId);
    return {
      competitors: s.competitors,
      countries: s.countries as ('RU' | 'BY' | 'KZ')[],
      optimalPercent: PRICE_INDEX_RULES.optimalPercent,
      averagePercent: PRICE_INDEX_RULES.averagePercent,
      updatedAt: s.updatedAt?.toISOString() ?? null,
    };
  }
}
