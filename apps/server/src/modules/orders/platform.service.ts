// The marketplace's side of orders (v1.platform.*, service credentials only): a buyer's order arrives for
// a partner's products, moves along the delivery flow, gets discrepancy acts and tracking numbers.
import { ERRORS, fill, type OrderAction, type OrderState, type platformOrdersCreate } from '@moda/contracts';
import type { z } from 'zod';
import type { CallContext } from '../../core/context';
import { AppError } from '../../core/errors';
import { emitEvent } from '../webhooks';
import { actorOf, moveOrder } from './orders.service';
import * as q from './orders.queries';

type CreateInput = z.output<typeof platformOrdersCreate.params>;

export class PlatformOrdersService {
  constructor(private readonly deps: { now: () => Date }) {}

  private async order(ctx: CallContext, orderNr: string): Promise<q.OrderRecord> {
    const order = await q.orderByNr(ctx.db, null, orderNr, this.deps.now(), true);
    if (!order) throw new AppError('order.notFound', { field: 'orderNr' });
    ctx.audit.objectId = orderNr;
    ctx.audit.partnerId = order.partner_id;
    return order;
  }

  async products(
    ctx: CallContext,
    x: { partnerId: number; after?: string | undefined; limit: number },
  ): Promise<{ items: { sellerSku: string; modaSku: string; price: number | null; quantity: number }[] }> {
    if (!(await q.businessModelOf(ctx.db, x.partnerId)))
      throw new AppError('partner.notFound', { field: 'partnerId' });
    const rows = await q.orderableProducts(ctx.db, x.partnerId, x.after, x.limit);
    return {
      items: rows.map((r) => ({
        sellerSku: r.seller_sku,
        modaSku: r.moda_sku,
        price: r.price === null ? null : Number(r.price),
        quantity: r.quantity,
      })),
    };
  }

  async create(ctx: CallContext, input: CreateInput): Promise<{ orderNr: string; id: string }> {
    const model = await q.businessModelOf(ctx.db, input.partnerId);
    if (!model) throw new AppError('partner.notFound', { field: 'partnerId' });
    if (input.orderNr && (await q.orderNrExists(ctx.db, input.orderNr)))
      throw new AppError('order.nrTaken', { field: 'orderNr' });
    const skus = [...new Set(input.items.map((i) => i.sellerSku))];
    const products = new Map(
      (await q.productsBySellerSku(ctx.db, input.partnerId, skus)).map((p) => [p.seller_sku, p]),
    );
    const errors = input.items.flatMap((it, i) =>
      products.has(it.sellerSku)
        ? []
        : [
            {
              field: `items.${i}.sellerSku`,
              message: fill(ERRORS['order.unknownSku'].message, { sku: it.sellerSku }),
            },
          ],
    );
    if (errors.length) throw new AppError('order.unknownSku', { message: errors[0]!.message, errors });
    const now = this.deps.now();
    const [created] = await q.insertOrders(ctx.db, [
      {
        partnerId: input.partnerId,
        orderNr: input.orderNr,
        status: 'new',
        country: input.country,
        businessModel: model,
        createdAt: input.createdAt ? new Date(input.createdAt) : now,
        cutOffAt: new Date(input.cutOffAt),
        deliveryDate: null,
        comment: input.comment ?? null,
        delivery: input.delivery,
        paymentMethod: input.paymentMethod,
        deliveryCost: input.deliveryCost,
        trackingNumbers: [],
        hasDiscrepancyAct: false,
        items: input.items.map((it) => {
          const p = products.get(it.sellerSku)!;
          const base = Number(p.price ?? p.sale_price ?? 0);
          const paid = it.paidPrice ?? Math.max(0, base - it.totalDiscount);
          return {
            productId: p.id,
            modaSku: p.moda_sku,
            sellerSku: p.seller_sku,
            name: p.title,
            basePrice: base,
            totalDiscount: it.paidPrice !== undefined ? Math.max(0, base - it.paidPrice) : it.totalDiscount,
            paidPrice: paid,
            status: 'new',
            cancelAction: null,
          };
        }),
      },
    ]);
    await q.addEvents(
      ctx.db,
      input.partnerId,
      created!.id,
      [{ itemId: null, from: null, to: 'new' }],
      actorOf(ctx).name,
    );
    ctx.audit.partnerId = input.partnerId;
    await emitEvent(ctx.db, {
      partnerId: input.partnerId,
      type: 'order.created',
      objectId: created!.orderNr,
      payload: {
        orderNr: created!.orderNr,
        status: 'new',
        items: input.items.map((it) => ({ sellerSku: it.sellerSku })),
      },
    });
    return created!;
  }

  async move(
    ctx: CallContext,
    p: {
      orderNr: string;
      action: OrderAction;
      itemIds?: string[] | undefined;
      deliveryDate?: string | undefined;
    },
  ): Promise<{ orderNr: string; status: OrderState }> {
    const order = await this.order(ctx, p.orderNr);
    const status = await moveOrder(ctx.db, order, p.action, actorOf(ctx), {
      itemIds: p.itemIds,
      cancelAction: p.action === 'reject' ? 'REJECT' : 'CANCEL',
      deliveryDate: p.deliveryDate ? new Date(p.deliveryDate) : undefined,
    });
    return { orderNr: p.orderNr, status: status as OrderState };
  }

  async openDiscrepancyAct(
    ctx: CallContext,
    p: {
      orderNr: string;
      reason: string;
      comment?: string | undefined;
      files: { name: string; url: string }[];
    },
  ): Promise<{ id: string }> {
    const order = await this.order(ctx, p.orderNr);
    const id = await q.addAct(ctx.db, order.partner_id, order.id, {
      reason: p.reason,
      comment: p.comment ?? null,
      files: p.files,
    });
    return { id };
  }

  async addTrackingNumber(ctx: CallContext, orderNr: string, trackingNumber: string) {
    const order = await this.order(ctx, orderNr);
    return { trackingNumbers: await q.addTracking(ctx.db, order.partner_id, order.id, trackingNumber) };
  }
}
