// Partners as the caller sees them: the dictionary response, first-login activation, search for staff,
// and per-partner feature flags switched by name.
import {
  BUSINESS_MODEL_LABELS,
  BusinessModel,
  COUNTRY_LABELS,
  Country,
  EXPORT_FORMATS,
  EXPORT_LIMITS,
  FeatureName,
  ITEM_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  SITE_SECTION_FIELD,
  type DictionariesGetResult,
  type ExportType,
  type Partner,
} from '@moda/contracts';
import type { CallContext } from '../../core/context';
import { concurrently } from '../../db/client';
import { requirePartner, requirePrincipal } from '../../core/context';
import { AppError } from '../../core/errors';
import * as q from './partners.queries';

export function toPartner(row: q.PartnerRow): Partner {
  return {
    partnerId: row.id,
    shopName: row.shopName,
    businessModel: row.businessModel,
    enabledFeatures: row.enabledFeatures,
    [SITE_SECTION_FIELD]: row.siteSection,
    isNewInUiApp: row.isNewInUiApp,
  };
}

const named = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as [K, string][]).map(([code, name]) => ({ code, name }));

export class PartnersService {
  async dictionaries(ctx: CallContext): Promise<DictionariesGetResult> {
    const principal = requirePrincipal(ctx);
    const [user, partners] = await concurrently(ctx.db, [
      () => q.userProfile(ctx.db, principal.userId),
      () => q.partnersByIds(ctx.db, principal.partnerIds),
    ]);
    if (!user) throw new AppError('auth.userNotFound');
    return {
      partners: partners.map(toPartner),
      businessModels: BusinessModel.options.map((code) => ({ code, name: BUSINESS_MODEL_LABELS[code] })),
      countries: Country.options.map((code) => ({ code, name: COUNTRY_LABELS[code] })),
      exportParameters: (Object.keys(EXPORT_FORMATS) as ExportType[]).map((type) => ({
        type,
        format: EXPORT_FORMATS[type],
        limit: EXPORT_LIMITS[type] ?? null,
      })),
      orderStatuses: named(ORDER_STATUS_LABELS),
      itemStatuses: named(ITEM_STATUS_LABELS),
      user: {
        id: user.id,
        externalId: user.externalId,
        email: user.email,
        name: user.name,
        roles: principal.roles,
        isNewSeller: principal.roles.includes('onboarding_user') && !principal.roles.includes('partner_user'),
      },
    };
  }

  /** The partner the call acts for. */
  async current(ctx: CallContext): Promise<Partner> {
    const row = await q.partnerById(ctx.db, requirePartner(ctx));
    if (!row) throw new AppError('partner.notFound');
    return toPartner(row);
  }

  async byIds(ctx: CallContext, ids: number[]): Promise<Partner[]> {
    return (await q.partnersByIds(ctx.db, ids)).map(toPartner);
  }

  async activateInUi(ctx: CallContext): Promise<{ ok: true }> {
    await q.markActivatedInUi(ctx.db, requirePartner(ctx));
    return { ok: true };
  }

  async search(ctx: CallContext, query: string, limit: number): Promise<{ items: Partner[] }> {
    return { items: (await q.searchPartners(ctx.db, query, limit)).map(toPartner) };
  }

  async features(ctx: CallContext): Promise<{ items: { name: FeatureName; enabled: boolean }[] }> {
    const partner = await q.partnerById(ctx.db, requirePartner(ctx));
    if (!partner) throw new AppError('partner.notFound');
    return {
      items: FeatureName.options.map((name) => ({ name, enabled: partner.enabledFeatures.includes(name) })),
    };
  }

  async setFeature(
    ctx: CallContext,
    featureName: string,
    enabled: boolean,
  ): Promise<{ name: FeatureName; enabled: boolean }> {
    const parsed = FeatureName.safeParse(featureName);
    if (!parsed.success) throw new AppError('feature.notFound', { field: 'featureName' });
    await q.setFeature(ctx.db, requirePartner(ctx), parsed.data, enabled);
    ctx.audit.objectId = parsed.data;
    return { name: parsed.data, enabled };
  }
}
