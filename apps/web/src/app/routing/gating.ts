// The gating rules of spec 000 §2 and the role rules of §6 as pure predicates over the user's roles
// and the current partner. The guard and the menu both ask these, so a page and its menu entry agree.
import type { FeatureName, Partner, Role } from '@moda/contracts';
import { INTERNAL_ROLES } from '@moda/contracts/constants';
import { SITE_SECTION_FIELD } from '@moda/contracts/product';
import type { Gate } from './route-table';

export type GatePartner = Pick<Partner, 'businessModel' | 'enabledFeatures' | typeof SITE_SECTION_FIELD>;

export interface GateSubject {
  roles: readonly Role[];
  partner: GatePartner;
}

const hasRole = (s: GateSubject, ...roles: Role[]) => s.roles.some((r) => roles.includes(r));
const hasFeature = (s: GateSubject, feature: FeatureName) => s.partner.enabledFeatures.includes(feature);
const isInternal = (s: GateSubject) => s.roles.some((r) => (INTERNAL_ROLES as readonly Role[]).includes(r));
const isCrossdocking = (s: GateSubject) => s.partner.businessModel === 'marketplace_crossdocking';

export const GATES: Record<Gate, (s: GateSubject) => boolean> = {
  // Analytics needs the analyticsEnabled experiment.
  analytics: (s) => hasFeature(s, 'analyticsEnabled'),
  // Stock performance needs admin, support engineer or the StockPerformanceEnabled flag.
  stockPerformance: (s) =>
    hasRole(s, 'admin', 'support_engineer') || hasFeature(s, 'StockPerformanceEnabled'),
  // FBO returns and shipments need business model consignment.
  consignment: (s) => s.partner.businessModel === 'consignment',
  // FBS shipments and returns need marketplace_crossdocking.
  crossdocking: isCrossdocking,
  // Warehouses need marketplace_crossdocking plus a B2B manager, partner or support role.
  warehouses: (s) => isCrossdocking(s) && hasRole(s, 'b2b_manager', 'partner_user', 'support_engineer'),
  // profile-settings needs assembling-order (crossdocking) or the feedback section.
  profileSettings: (s) =>
    (isCrossdocking(s) && hasFeature(s, 'assemblingOrder')) || s.partner[SITE_SECTION_FIELD].feedback,
  // Questions and templates need ShowFeedbackSection; of the internal roles only a B2B manager (§6).
  feedback: (s) => hasFeature(s, 'ShowFeedbackSection') && (!isInternal(s) || hasRole(s, 'b2b_manager')),
};

/** The dropshipping and FBS/DBS partners of guard 3: every model that is not consignment. */
export const usesReducedExcelRedirect = (partner: GatePartner) =>
  partner.businessModel === 'dropshipping' || partner.businessModel === 'marketplace_crossdocking';
