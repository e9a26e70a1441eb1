// Cooperation terms: the versions published for a partner, signing the newest, and the read-only
// restriction of a partner that has never signed (spec 000 §4 Offers, §6).
import type { Offer } from '@moda/contracts';
import type { Readable } from 'node:stream';
import type { DbOrTx } from '../../db/client';
import type { CallContext } from '../../core/context';
import { requirePartner, requirePrincipal } from '../../core/context';
import { AppError } from '../../core/errors';
import type { PartnersService } from '../partners';
import { renderOfferPdf } from './offer-pdf';
import * as q from './offers.queries';

function toOffer(row: q.OfferRow): Offer {
  return {
    id: row.id,
    fileName: row.fileName,
    version: row.version,
    actDate: row.actDate,
    status: row.approvedAt ? 'agreed' : row.superseded ? 'superseded' : 'new',
    approvalInformation: {
      isAgreed: row.approvedAt !== null,
      date: row.approvedAt?.toISOString() ?? null,
      email: row.approvedEmail,
    },
    downloadUrl: `/rest/api/v1/offers/${row.id}/download`,
  };
}

export class OffersService {
  constructor(private readonly deps: { partners: PartnersService }) {}

  async list(ctx: CallContext): Promise<{ items: Offer[] }> {
    return { items: (await q.offersOf(ctx.db, requirePartner(ctx))).map(toOffer) };
  }

  async statuses(ctx: CallContext) {
    const rows = await q.statusesOf(ctx.db, requirePrincipal(ctx).partnerIds);
    return {
      items: rows.map((r) => ({
        partnerId: r.partner_id,
        hasActual: r.has_actual,
        hasPending: r.has_pending,
        restricted: r.restricted,
      })),
    };
  }

  async isRestricted(db: DbOrTx, partnerId: number): Promise<boolean> {
    return (await q.statusesOf(db, [partnerId]))[0]?.restricted ?? false;
  }

  async approve(ctx: CallContext, offerId: string): Promise<Offer> {
    const partnerId = requirePartner(ctx);
    const principal = requirePrincipal(ctx);
    const all = await q.offersOf(ctx.db, partnerId);
    const target = all.find((o) => o.id === offerId);
    if (!target) throw new AppError('offer.notFound');
    if (target.approvedAt) throw new AppError('offer.alreadyAgreed');
    // The list is newest first: only the first unsigned version there may be signed.
    const newest = all.find((o) => !o.approvedAt && !o.superseded);
    if (newest?.id !== offerId) throw new AppError('offer.notNewest');
    ctx.audit.objectId = offerId;
    return toOffer(await q.approve(ctx.db, partnerId, offerId, principal.userId, principal.email));
  }

  async publish(ctx: CallContext, version: string, actDate: string): Promise<Offer> {
    const partnerId = requirePartner(ctx);
    const row = await q.insertOffer(ctx.db, {
      partnerId,
      version,
      actDate,
      fileName: `Условия сотрудничества v${version}.pdf`,
    });
    ctx.audit.objectId = row.id;
    return toOffer(row);
  }

  /** The document, if one of `partnerIds` owns it (null: staff, any partner). */
  async open(
    ctx: CallContext,
    id: string,
    partnerIds: number[] | null,
  ): Promise<{ fileName: string; body: Readable }> {
    const row = await q.offerAmong(ctx.db, id, partnerIds);
    if (!row) throw new AppError('offer.notFound');
    const [partner] = await this.deps.partners.byIds(ctx, [row.partnerId]);
    return {
      fileName: row.fileName,
      body: await renderOfferPdf({
        partnerId: row.partnerId,
        shopName: partner?.shopName ?? '',
        version: row.version,
        actDate: row.actDate,
      }),
    };
  }
}
