// Promotions' rules: who sees which promotion (by business model), the seller's reading of its state, joining
// and leaving only while registration is open (12:00 Moscow on its last day, by the server's clock), never
// below a product's floor price, and the marketplace's moves checked against PROMOTION_MACHINE.
import {
  checkTransition,
  commissionRate,
  ERRORS,
  fill,
  marginAt,
  moscowDay,
  PROMOTION_FILTER_LABELS,
  PROMOTION_FILTER_STATUSES,
  PROMOTION_LIMITS,
  PROMOTION_MACHINE,
  PROMOTION_PRICE_STATUS_LABELS,
  PROMOTION_ROW_ERRORS,
  PROMOTION_TEMPLATE_VERSION,
  PromotionFilter,
  PromotionPriceStatus,
  promoPriceOf,
  registrationDeadline,
  registrationOpen,
  sellerStatus,
  SITE_SECTION_FIELD,
  thresholdExceeded,
  type BusinessModel,
  type ExportRecord,
  type ExportType,
  type FieldError,
  type ParamsOf,
  type Partner,
  type PromotionAction,
  type PromotionCard,
  type PromotionFileRecord,
  type PromotionProductRow,
  type PromotionRow,
  type PromotionState,
  type platformPromotionsAnnounce,
  type promotionsList,
  type promotionsListV2,
  type promotionsProductsList,
} from '@moda/contracts';
import type { CallContext } from '../../core/context';
import { requirePartner } from '../../core/context';
import { AppError } from '../../core/errors';
import type { DbOrTx } from '../../db/client';
import type { PartnersService } from '../partners';
import { emitAnnounced } from './promotions.events';
import * as q from './promotions.queries';

type PriceStatus = PromotionPriceStatus;

/** Whether a product may join the promotion, and the price it would sell at. */
export function evaluate(
  row: Pick<q.ProductDbRow, 'archived' | 'price' | 'category' | 'gender' | 'floor_price'>,
  promo: Pick<q.PromotionDbRow, 'categories' | 'gender' | 'discount_percent'>,
): { status: PriceStatus; promoPrice: number | null } {
  if (row.archived) return { status: 'archived', promoPrice: null };
  if (row.price === null) return { status: 'noPrice', promoPrice: null };
  const promoPrice = promoPriceOf(row.price, promo.discount_percent);
  if (promo.categories.length && !promo.categories.includes(row.category))
    return { status: 'notEligible', promoPrice };
  if (promo.gender && row.gender && row.gender !== promo.gender && row.gender !== 'unisex')
    return { status: 'notEligible', promoPrice };
  if (row.floor_price !== null && promoPrice < row.floor_price) return { status: 'belowFloor', promoPrice };
  return { status: 'ok', promoPrice };
}

/** A row's refusal as the file and the hand-picked add say it. */
export function refusal(status: PriceStatus, promoPrice: number | null, floor: number | null): string {
  const E = PROMOTION_ROW_ERRORS;
  switch (status) {
    case 'noPrice':
      return E.noPrice;
    case 'notEligible':
      return E.notEligible;
    case 'archived':
      return E.archived;
    case 'belowFloor':
      return fill(E.belowFloor, { promoPrice: promoPrice ?? 0, floorPrice: floor ?? 0 });
    default:
      return '';
  }
}

export class PromotionsService {
  constructor(
    private readonly deps: {
      partners: PartnersService;
      now: () => Date;
      /** The export framework's create (the added products' report). */
      exports?: {
        create(
          ctx: CallContext,
          p: { type: ExportType; filter: Record<string, unknown> },
        ): Promise<ExportRecord>;
      };
    },
  ) {}

  // ---- who sees what ----

  private async partner(ctx: CallContext): Promise<Partner> {
    return this.deps.partners.current(ctx);
  }

  /** Promotions the partner may see: none when the section is closed, else those open to its model. */
  private async visible(ctx: CallContext) {
    const partner = await this.partner(ctx);
    if (partner[SITE_SECTION_FIELD].promotions === 'closed')
      return { partner, rows: [] as q.PromotionDbRow[] };
    return { partner, rows: await q.visiblePromotions(ctx.db, requirePartner(ctx), partner.businessModel) };
  }

  /** One promotion the partner may see (another's, closed or unknown: not found alike). */
  private async visibleOne(
    ctx: CallContext,
    id: string,
  ): Promise<{ partner: Partner; row: q.PromotionDbRow }> {
    const partner = await this.partner(ctx);
    const row = await q.promotionById(ctx.db, id);
    if (
      !row ||
      partner[SITE_SECTION_FIELD].promotions === 'closed' ||
      !row.business_models.includes(partner.businessModel)
    )
      throw new AppError('promotion.notFound', { field: 'promotionId' });
    return { partner, row };
  }

  private toRow(r: q.PromotionDbRow): PromotionRow {
    const state = r.state as PromotionState;
    return {
      id: r.id,
      name: r.name,
      type: r.type as PromotionRow['type'],
      format: r.format as PromotionRow['format'],
      state,
      sellerStatus: sellerStatus(state, r.registration_end, this.deps.now(), r.products_count > 0),
      discountPercent: r.discount_percent,
      categories: r.categories as PromotionRow['categories'],
      gender: r.gender as PromotionRow['gender'],
      registrationStart: r.registration_start,
      registrationEnd: r.registration_end,
      registrationDeadline: registrationDeadline(r.registration_end).toISOString(),
      startDate: r.start_date,
      endDate: r.end_date,
      productsCount: r.products_count,
    };
  }

  async list(ctx: CallContext, p: ParamsOf<typeof promotionsList>) {
    const { rows } = await this.visible(ctx);
    const filter = p.filter ?? 'all';
    const search = p.search?.toLowerCase();
    const shown = rows
      .map((r) => this.toRow(r))
      .filter((r) => PROMOTION_FILTER_STATUSES[filter].includes(r.sellerStatus))
      .filter((r) => !search || r.name.toLowerCase().includes(search));
    const page = p.page ?? 1;
    const size = p.pageSize ?? PROMOTION_LIMITS.pageSize.default;
    return { items: shown.slice((page - 1) * size, page * size), total: shown.length };
  }

  /** The calendar: promotions whose active period meets the months from–to. */
  async calendar(ctx: CallContext, p: ParamsOf<typeof promotionsListV2>) {
    const { rows } = await this.visible(ctx);
    const filter = p.filter ?? 'all';
    const from = `${p.from}-01`;
    const [y, m] = p.to.split('-').map(Number) as [number, number];
    const to = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    return {
      items: rows
        .filter((r) => r.start_date <= to && r.end_date >= from)
        .map((r) => this.toRow(r))
        .filter((r) => PROMOTION_FILTER_STATUSES[filter].includes(r.sellerStatus))
        .sort((a, b) => a.startDate.localeCompare(b.startDate) || Number(a.id) - Number(b.id)),
    };
  }

  async filterList(ctx: CallContext) {
    const { rows } = await this.visible(ctx);
    const statuses = rows.map((r) => this.toRow(r).sellerStatus);
    return PromotionFilter.options.map((value) => ({
      value,
      label: PROMOTION_FILTER_LABELS[value],
      count: statuses.filter((s) => PROMOTION_FILTER_STATUSES[value].includes(s)).length,
    }));
  }

  async priceStatuses() {
    return PromotionPriceStatus.options.map((value) => ({
      value,
      label: PROMOTION_PRICE_STATUS_LABELS[value],
    }));
  }

  async get(ctx: CallContext, id: string): Promise<PromotionCard> {
    const { row } = await this.visibleOne(ctx, id);
    const partnerId = requirePartner(ctx);
    const count = await q.countIn(ctx.db, partnerId, id);
    const base = this.toRow({ ...row, products_count: count });
    const open = registrationOpen(base.state, row.registration_end, this.deps.now());
    const running = ['active', 'passed', 'finished'].includes(base.state);
    const res = running ? await q.results(ctx.db, partnerId, id) : null;
    return {
      ...base,
      description: row.description,
      businessModels: row.business_models as BusinessModel[],
      canAdd: open,
      canRemove: open && count > 0,
      results: res ? { soldQuantity: res.quantity, salesSum: res.sum } : null,
      templateVersion: PROMOTION_TEMPLATE_VERSION,
    };
  }

  // ---- products ----

  async products(ctx: CallContext, p: ParamsOf<typeof promotionsProductsList>) {
    const { partner, row } = await this.visibleOne(ctx, p.promotionId);
    const partnerId = requirePartner(ctx);
    const page = await q.productsPage(
      ctx.db,
      partnerId,
      p.promotionId,
      { scope: p.scope ?? 'in', brand: p.brand, category: p.category, search: p.search },
      p.page ?? 1,
      p.pageSize ?? PROMOTION_LIMITS.pageSize.default,
    );
    const since = new Date(this.deps.now().getTime() - PROMOTION_LIMITS.salesDays * 24 * 3600_000);
    const sales = await q.recentSales(
      ctx.db,
      partnerId,
      page.rows.map((r) => r.seller_sku),
      since,
    );
    const salesOf = new Map(sales.map((s) => [s.seller_sku, s]));
    return {
      items: page.rows.map((r) => this.productRow(r, row, partner.businessModel, salesOf.get(r.seller_sku))),
      total: page.total,
    };
  }

  private productRow(
    r: q.ProductDbRow,
    promo: q.PromotionDbRow,
    model: BusinessModel,
    sales: { quantity: number; sum: number } | undefined,
  ): PromotionProductRow {
    const e = evaluate(r, promo);
    const promoPrice = r.in_promotion && r.promo_price !== null ? r.promo_price : e.promoPrice;
    const rate = commissionRate(model, r.category);
    const step = 10;
    return {
      id: r.id,
      photo: r.image_id ? `/rest/api/v1/nomenclatures/images/${r.image_id}?size=img320x461` : null,
      title: r.title,
      modaSku: r.moda_sku,
      sellerSku: r.seller_sku,
      parentSku: r.seller_parent_sku,
      brand: r.brand,
      category: r.category,
      price: r.price,
      salePrice: r.sale_price,
      promoPrice,
      stock: r.quantity,
      sold: r.sold,
      inPromotion: r.in_promotion,
      priceStatus: r.in_promotion ? 'ok' : e.status,
      costPrice: r.cost_price,
      floorPrice: r.floor_price,
      commissionPercent: Math.round(rate * 10000) / 100,
      marginAtPromo: promoPrice === null ? null : marginAt(promoPrice, rate, r.cost_price),
      marginAtCurrent: r.price === null ? null : marginAt(r.sale_price ?? r.price, rate, r.cost_price),
      thresholdExceeded: r.price !== null && promoPrice !== null && thresholdExceeded(r.price, promoPrice),
      recommendedPrice:
        r.floor_price === null
          ? null
          : Math.ceil(r.floor_price / ((100 - promo.discount_percent) / 100) / step) * step,
      sales28: { quantity: sales?.quantity ?? 0, sum: sales?.sum ?? 0 },
    };
  }

  // ---- products in a promotion: totals, the added ones and their report (spec 001 §7 Products) ----

  async productsTotal(ctx: CallContext, promotionId: string) {
    await this.visibleOne(ctx, promotionId);
    const t = await q.productTotals(ctx.db, requirePartner(ctx), promotionId);
    return { total: t.total, added: t.added, candidates: t.total - t.added };
  }

  async added(ctx: CallContext, p: Omit<ParamsOf<typeof promotionsProductsList>, 'scope'>) {
    return this.products(ctx, { ...p, scope: 'in' });
  }

  async addedTotal(ctx: CallContext, promotionId: string) {
    await this.visibleOne(ctx, promotionId);
    const partnerId = requirePartner(ctx);
    const [total, res] = await Promise.all([
      q.countIn(ctx.db, partnerId, promotionId),
      q.results(ctx.db, partnerId, promotionId),
    ]);
    return { total, soldQuantity: res.quantity, salesSum: res.sum };
  }

  /** The report of the added products: an export of type promotion_products, produced in the background. */
  async addedReport(ctx: CallContext, promotionId: string) {
    await this.visibleOne(ctx, promotionId);
    if (!this.deps.exports) throw new AppError('export.unknownType');
    return this.deps.exports.create(ctx, { type: 'promotion_products', filter: { promotionId } });
  }

  /** For the report's count: the promotion as the partner sees it, and how many of theirs are in it. */
  async reportCount(ctx: CallContext, promotionId: string): Promise<number> {
    await this.visibleOne(ctx, promotionId);
    return q.countIn(ctx.db, requirePartner(ctx), promotionId);
  }

  /** The report's rows: the partner's products in the promotion, a page at a time. */
  async *reportRows(ctx: CallContext, partnerId: number, promotionId: string) {
    const promo = await q.promotionById(ctx.db, promotionId);
    if (!promo) return;
    let after = 0;
    for (;;) {
      const page = await q.addedPage(ctx.db, partnerId, promotionId, after, 1000);
      for (const r of page) yield { row: r, promo };
      if (page.length < 1000) return;
      after = Number(page.at(-1)!.id);
    }
  }

  /** Refuses a change of products unless registration is open now (the server's clock). */
  private requireOpen(row: q.PromotionDbRow, adding: boolean): void {
    if (registrationOpen(row.state as PromotionState, row.registration_end, this.deps.now())) return;
    if (row.state === 'idle') throw new AppError('promotion.registrationNotStarted');
    throw new AppError(adding ? 'promotion.registrationClosed' : 'promotion.participationLocked');
  }

  /**
   * Check products for joining: every one must be the partner's and may join at a price not under its floor.
   * Returns the rows to join, or the errors by position (nothing is saved unless all pass).
   */
  checkJoin(
    rows: (q.ProductDbRow | undefined)[],
    promo: q.PromotionDbRow,
  ): { join: { productId: number; promoPrice: number }[]; errors: { index: number; message: string }[] } {
    const join: { productId: number; promoPrice: number }[] = [];
    const errors: { index: number; message: string }[] = [];
    rows.forEach((r, index) => {
      if (!r) {
        errors.push({ index, message: PROMOTION_ROW_ERRORS.skuNotFound });
        return;
      }
      if (r.in_promotion) return;
      const e = evaluate(r, promo);
      if (e.status !== 'ok') errors.push({ index, message: refusal(e.status, e.promoPrice, r.floor_price) });
      else join.push({ productId: Number(r.id), promoPrice: e.promoPrice! });
    });
    return { join, errors };
  }

  async add(ctx: CallContext, promotionId: string, productIds: string[]) {
    const { row } = await this.visibleOne(ctx, promotionId);
    const partnerId = requirePartner(ctx);
    this.requireOpen(row, true);
    const ids = productIds.map(Number);
    const found = await q.productsByIds(ctx.db, partnerId, promotionId, ids);
    const byId = new Map(found.map((r) => [Number(r.id), r]));
    const { join, errors } = this.checkJoin(
      ids.map((id) => byId.get(id)),
      row,
    );
    if (errors.length)
      throw new AppError('promotion.productsRefused', {
        errors: errors.map((e): FieldError => ({
          field: `productIds.${e.index}`,
          message: e.message === PROMOTION_ROW_ERRORS.skuNotFound ? 'Товар не найден' : e.message,
        })),
      });
    const changed = await q.join(ctx.db, partnerId, { id: row.id, name: row.name, state: row.state }, join);
    ctx.audit.objectId = promotionId;
    return { changed, productsCount: await q.countIn(ctx.db, partnerId, promotionId) };
  }

  async remove(ctx: CallContext, promotionId: string, productIds: string[]) {
    const { row } = await this.visibleOne(ctx, promotionId);
    const partnerId = requirePartner(ctx);
    this.requireOpen(row, false);
    const ids = productIds.map(Number);
    const found = await q.productsByIds(ctx.db, partnerId, promotionId, ids);
    const inIt = new Set(found.filter((r) => r.in_promotion).map((r) => Number(r.id)));
    const errors = ids
      .map((id, i): FieldError | null =>
        inIt.has(id) ? null : { field: `productIds.${i}`, message: PROMOTION_ROW_ERRORS.notInPromotion },
      )
      .filter((e): e is FieldError => e !== null);
    if (errors.length) throw new AppError('promotion.notInPromotion', { errors });
    const changed = await q.leave(ctx.db, partnerId, promotionId, ids);
    ctx.audit.objectId = promotionId;
    return { changed, productsCount: await q.countIn(ctx.db, partnerId, promotionId) };
  }

  /** For the file check: the promotion as the uploader may see it, and whether it takes changes now. */
  async forFile(ctx: CallContext, promotionId: string) {
    return (await this.visibleOne(ctx, promotionId)).row;
  }

  assertOpen(row: q.PromotionDbRow, adding: boolean): void {
    this.requireOpen(row, adding);
  }

  // ---- files ----

  async files(ctx: CallContext): Promise<{ items: PromotionFileRecord[] }> {
    const partnerId = requirePartner(ctx);
    const rows = await q.openFiles(ctx.db, partnerId, PROMOTION_LIMITS.failedFileTtlMs);
    return {
      items: rows.map((r) => ({
        id: r.id,
        name: r.name,
        status: r.status === 'ok' ? 'ok' : r.status === 'fail' ? 'fail' : 'new',
        partnerId: r.partner_id,
        action: r.action as PromotionFileRecord['action'],
        promotionId: r.promotion_id,
        promotionName: r.promotion_name ?? '',
        updatedAt: new Date(r.updated_at).toISOString(),
        code: r.status === 'fail' ? r.error_code : null,
        promoFileErrorTxt: r.status === 'fail' ? r.error_message : null,
        hasErrorFile: r.has_result,
        rowsTotal: r.rows_total,
      })),
    };
  }

  async closeFile(ctx: CallContext, fileId: string) {
    if (!(await q.dismissFile(ctx.db, requirePartner(ctx), fileId)))
      throw new AppError('promotion.fileNotFound', { field: 'fileId' });
    ctx.audit.objectId = fileId;
    return { ok: true as const };
  }

  // ---- cost and floor prices ----

  async setCostPrices(
    ctx: CallContext,
    items: { id: string; costPrice: number | null; floorPrice: number | null }[],
  ) {
    const partnerId = requirePartner(ctx);
    const ids = items.map((i) => Number(i.id));
    const found = new Set((await q.productsByIds(ctx.db, partnerId, '', ids)).map((r) => Number(r.id)));
    const errors = ids
      .map((id, i): FieldError | null =>
        found.has(id) ? null : { field: `items.${i}.id`, message: 'Товар не найден' },
      )
      .filter((e): e is FieldError => e !== null);
    if (errors.length) throw new AppError('promotion.productNotFound', { errors });
    const changed = await q.setCostPrices(
      ctx.db,
      partnerId,
      items.map((i) => ({ productId: Number(i.id), costPrice: i.costPrice, floorPrice: i.floorPrice })),
    );
    ctx.audit.objectId = items.length === 1 ? items[0]!.id : `${items.length} products`;
    return { changed };
  }

  async setCostPricesBulk(
    ctx: CallContext,
    p: { brand: string | null; category: string | null; costPrice: number | null; floorPrice: number | null },
  ) {
    const changed = await q.setCostPricesWhere(
      ctx.db,
      requirePartner(ctx),
      { brand: p.brand ?? undefined, category: p.category ?? undefined },
      { costPrice: p.costPrice, floorPrice: p.floorPrice },
    );
    ctx.audit.objectId = p.brand ?? p.category ?? '';
    return { changed };
  }

  // ---- the marketplace's side ----

  async announce(ctx: CallContext, p: ParamsOf<typeof platformPromotionsAnnounce>) {
    const id = await q.insertPromotion(ctx.db, {
      ...p,
      description: p.description ?? '',
      gender: p.gender,
      categories: p.categories,
      businessModels: p.businessModels,
    });
    // Webhooks: every partner it is open to hears of it, in this transaction (issue 27).
    await emitAnnounced(ctx.db, {
      id,
      name: p.name,
      registrationEnd: p.registrationEnd,
      businessModels: p.businessModels,
    });
    ctx.audit.objectId = id;
    return { id, state: 'idle' as const };
  }

  async move(ctx: CallContext, promotionId: string, action: PromotionAction) {
    const row = await q.promotionById(ctx.db, promotionId, true);
    if (!row) throw new AppError('promotion.notFound', { field: 'promotionId' });
    const to = PROMOTION_MACHINE.transitions[action].to;
    if (checkTransition(PROMOTION_MACHINE, action, row.state as PromotionState, ['platform']))
      throw new AppError('promotion.cannotMove', {
        field: 'action',
        message: fill(ERRORS['promotion.cannotMove'].message, { state: to }),
      });
    // Registration ends at 12:00 Moscow on its last day: the marketplace may not close it earlier.
    if (action === 'closeRegistration' && this.deps.now() < registrationDeadline(row.registration_end))
      throw new AppError('promotion.registrationNotOver', {
        field: 'action',
        message: fill(ERRORS['promotion.registrationNotOver'].message, {
          date: row.registration_end.split('-').reverse().join('.'),
        }),
      });
    // Registration opens on its first day (Moscow), not before.
    if (action === 'open' && moscowDay(this.deps.now()) < row.registration_start)
      throw new AppError('promotion.registrationNotStarted', { field: 'action' });
    await q.setState(ctx.db, promotionId, to);
    if (action === 'open' && row.format === 'auto') await q.autoJoin(ctx.db, row, to);
    ctx.audit.objectId = promotionId;
    return { id: promotionId, state: to };
  }

  async reportSales(
    ctx: CallContext,
    promotionId: string,
    items: { partnerId: number; productId: string; quantity: number; sum: number }[],
  ) {
    const row = await q.promotionById(ctx.db, promotionId, true);
    if (!row) throw new AppError('promotion.notFound', { field: 'promotionId' });
    if (row.state !== 'active' && row.state !== 'passed') throw new AppError('promotion.notReporting');
    const errors: FieldError[] = [];
    let counted = 0;
    for (const [i, it] of items.entries()) {
      if (await q.addSale(ctx.db, promotionId, { ...it, productId: Number(it.productId) })) counted++;
      else errors.push({ field: `items.${i}.productId`, message: PROMOTION_ROW_ERRORS.notInPromotion });
    }
    // Nothing half-counted: a sale of a product not in the promotion rolls the whole report back.
    if (errors.length) throw new AppError('promotion.notInPromotion', { errors });
    ctx.audit.objectId = promotionId;
    return { counted };
  }

  async platformList(ctx: CallContext, states: string[]) {
    const rows = await q.promotionsInStates(ctx.db, states);
    const items = [];
    for (const r of rows) {
      const members = await q.membersOf(ctx.db, r.id);
      items.push({
        id: r.id,
        name: r.name,
        state: r.state as PromotionState,
        registrationStart: r.registration_start,
        registrationEnd: r.registration_end,
        startDate: r.start_date,
        endDate: r.end_date,
        discountPercent: r.discount_percent,
        products: members.map((m) => ({
          partnerId: m.partner_id,
          productId: m.product_id,
          promoPrice: m.promo_price === null ? null : Number(m.promo_price),
        })),
      });
    }
    return { items };
  }

  // ---- prices' view ----

  membership = {
    of: (db: DbOrTx, partnerId: number, ids: number[]) => q.membershipOf(db, partnerId, ids),
    leavePlanned: (db: DbOrTx, partnerId: number, productId: number) =>
      q.leavePlanned(db, partnerId, productId),
  };
}
