// Partners, the dictionary response and per-partner feature flags (spec 000 §3, §6).
import { z } from 'zod';
import { BusinessModel, Country, FeatureName, OrderStatus, Role, ExportType } from './enums';
import { defineMethod, Empty, Ok, PartnerId, partnerParams } from './rpc';
import { SITE_SECTION_FIELD } from './product';
import { safeString } from './text';

export const SiteSection = z.strictObject({
  feedback: z.boolean(),
  promotions: z.enum(['open', 'partial', 'closed']),
  analyticsBoard: z.boolean(),
});
export type SiteSection = z.infer<typeof SiteSection>;

export const Partner = z.strictObject({
  partnerId: PartnerId,
  shopName: z.string(),
  businessModel: BusinessModel,
  enabledFeatures: z.array(FeatureName),
  [SITE_SECTION_FIELD]: SiteSection,
  isNewInUiApp: z.boolean(),
});
export type Partner = z.infer<typeof Partner>;

const Named = <T extends z.ZodType>(code: T) => z.strictObject({ code, name: z.string() });

export const DictionariesGetResult = z.strictObject({
  partners: z.array(Partner),
  businessModels: z.array(Named(BusinessModel)),
  countries: z.array(Named(Country)),
  exportParameters: z.array(
    z.strictObject({ type: ExportType, format: z.enum(['csv', 'xlsx']), limit: z.number().int().nullable() }),
  ),
  orderStatuses: z.array(Named(OrderStatus)),
  itemStatuses: z.array(Named(z.string())),
  user: z.strictObject({
    id: z.string(),
    externalId: z.string(),
    email: z.string(),
    /** How to address the user (the greeting); empty when unknown. */
    name: z.string(),
    roles: z.array(Role),
    /** An onboarding user without the partner role (spec 000 §6). */
    isNewSeller: z.boolean(),
  }),
});
export type DictionariesGetResult = z.infer<typeof DictionariesGetResult>;

export const dictionariesGet = defineMethod({
  name: 'v1.dictionaries.get',
  params: Empty,
  result: DictionariesGetResult,
  roles: Role.options,
  partner: false,
  mutates: false,
  description: 'The caller, their partners and the reference lists the web keeps in local storage.',
});

export const partnersActivateInUi = defineMethod({
  name: 'v1.partners.activate-in-ui',
  params: z.strictObject(partnerParams),
  result: Ok,
  roles: ['partner_user', 'onboarding_user'],
  partner: true,
  mutates: true,
  allowWhenRestricted: true,
  description: 'Mark a new partner as seen in the interface after the first login of a partner user.',
});

export const PartnersSearchParams = z.strictObject({
  query: safeString({ trim: true }).max(100).default(''),
  limit: z.number().int().min(1).max(50).default(20),
});
export const partnersSearch = defineMethod({
  name: 'v1.partners.search',
  params: PartnersSearchParams,
  result: z.strictObject({ items: z.array(Partner) }),
  roles: ['admin', 'support_engineer', 'b2b_manager', 'cc_operator', 'stock_keeper'],
  partner: false,
  mutates: false,
  description: 'Find partners by id or shop name (internal roles).',
});

export const PartnerFeature = z.strictObject({ name: FeatureName, enabled: z.boolean() });
export const partnersFeaturesList = defineMethod({
  name: 'v1.partners.features.list',
  params: z.strictObject(partnerParams),
  result: z.strictObject({ items: z.array(PartnerFeature) }),
  roles: Role.options,
  partner: true,
  mutates: false,
  description: 'Feature flags of a partner. Also GET /rest/api/v1/partners/{partnerId}/features.',
});
export const partnersFeaturesUpdate = defineMethod({
  name: 'v1.partners.features.update',
  params: z.strictObject({
    ...partnerParams,
    featureName: safeString().min(1).max(100),
    enabled: z.boolean(),
  }),
  result: PartnerFeature,
  roles: ['admin', 'support_engineer', 'b2b_manager'],
  partner: true,
  mutates: true,
  description:
    'Switch one feature flag. Also PATCH /rest/api/v1/partners/{partnerId}/features/{featureName}.',
});
