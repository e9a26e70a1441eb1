// Which part of the seller's business a method touches: the one table both the API token's scopes
// (issue 27) and the team member's role (issue 28) are checked against. A method reads or writes its area
// by its `mutates` flag; the table is by method-name prefix, longest first, and a contract test keeps every
// partner method of a seller covered.
import { z } from 'zod';

export const AccessArea = z.enum([
  'catalogue',
  'prices',
  'orders',
  'fbo',
  'fbs',
  'promotions',
  'questions',
  'analytics',
  'files',
  /** The partner's profile, terms, support, onboarding, audit: a person's business, never a program's. */
  'account',
  /** The partner's team and roles. */
  'team',
  /** API tokens and webhooks. */
  'api',
]);
export type AccessArea = z.infer<typeof AccessArea>;

/** The areas an API token may be given, each for reading or for reading and writing. */
export const API_SCOPE_AREAS = [
  'catalogue',
  'prices',
  'orders',
  'fbo',
  'fbs',
  'promotions',
  'questions',
  'analytics',
  'files',
] as const satisfies readonly AccessArea[];
export type ApiScopeArea = (typeof API_SCOPE_AREAS)[number];

export const AccessLevel = z.enum(['read', 'write']);
export type AccessLevel = z.infer<typeof AccessLevel>;

/** Method-name prefixes and their area; the longest matching prefix wins. */
const AREA_BY_PREFIX: ReadonlyArray<readonly [string, AccessArea]> = [
  // Prices live beside the cards in the nomenclatures namespace (spec 001 §5).
  ['v1.nomenclatures.validate-price', 'prices'],
  ['v1.nomenclatures.update-price', 'prices'],
  ['v1.nomenclatures.set-prices', 'prices'],
  ['v1.nomenclatures.price-history', 'prices'],
  ['v1.nomenclatures.prices-approve', 'prices'],
  ['v1.nomenclatures.prices-list', 'prices'],
  ['v1.nomenclatures.auto-conversion-price.', 'prices'],
  ['v1.nomenclatures.price-threshold-exceeded', 'prices'],
  ['v1.nomenclatures.', 'catalogue'],
  ['v1.catalogue.', 'catalogue'],
  ['v1.dictionaries.', 'catalogue'],
  ['v1.matching-manager.', 'prices'],
  ['v1.orders.', 'orders'],
  ['v1.fulfilment-shipments.', 'fbo'],
  ['v1.fulfilment-warehouses.', 'fbo'],
  ['v1.supplier-fulfilment-returns.', 'fbo'],
  ['v1.supplier-return.', 'fbo'],
  ['v1.analytics.recommended-shipment.', 'fbo'],
  ['v1.shipments.', 'fbs'],
  ['v1.return-boxes.', 'fbs'],
  ['v1.warehouses.', 'fbs'],
  ['v1.promotions.', 'promotions'],
  ['v2.promotions.', 'promotions'],
  ['v1.questions.', 'questions'],
  ['v1.feedback.', 'questions'],
  ['v1.analytics.', 'analytics'],
  ['v1.files.', 'files'],
  ['v1.exports.', 'files'],
  ['v1.imports.', 'files'],
  ['v1.imports.preview.', 'catalogue'],
  ['v1.imports.updates.', 'catalogue'],
  ['v1.seller.', 'account'],
  ['v1.offers.', 'account'],
  ['v1.partners.', 'account'],
  ['v1.support.', 'account'],
  ['v1.accounts.', 'account'],
  ['v1.surveys.', 'account'],
  ['v1.onboarding.', 'account'],
  ['v1.audit.', 'account'],
  ['v1.inbox.', 'account'],
  ['v1.team.', 'team'],
  ['v1.api-tokens.', 'api'],
  ['v1.webhooks.', 'api'],
];
const SORTED = [...AREA_BY_PREFIX].sort((a, b) => b[0].length - a[0].length);

/** The area of a method, or null for methods outside any (public ones, the marketplace's platform calls). */
export function accessAreaOf(methodName: string): AccessArea | null {
  for (const [prefix, area] of SORTED) if (methodName.startsWith(prefix)) return area;
  return null;
}

/** What a call needs: its area, read or write. */
export function accessNeeded(def: {
  name: string;
  mutates: boolean;
}): { area: AccessArea; level: AccessLevel } | null {
  const area = accessAreaOf(def.name);
  return area ? { area, level: def.mutates && !READING_WRITES.has(def.name) ? 'write' : 'read' } : null;
}

/**
 * Mutating calls that change nothing of the business but read it out: making an export file. Whoever may read
 * an area may export it (an analyst, a read-only token); the export still runs in its transaction with its
 * audit record.
 */
const READING_WRITES: ReadonlySet<string> = new Set([
  'v1.exports.create',
  'v1.promotions.products.added.report',
]);

/** A person's role in one partner's team (issue 28; spec 000 §2's roles screen). */
export const TeamRole = z.enum([
  'owner',
  'manager',
  'catalogue_prices',
  'orders_logistics',
  'questions_reviews',
  'analyst',
]);
export type TeamRole = z.infer<typeof TeamRole>;

type Grants = Partial<Record<AccessArea, AccessLevel>>;
const READ_ALL: Grants = {
  catalogue: 'read',
  prices: 'read',
  orders: 'read',
  fbo: 'read',
  fbs: 'read',
  promotions: 'read',
  questions: 'read',
  analytics: 'read',
  files: 'read',
  account: 'read',
};
const WRITE_ALL: Grants = Object.fromEntries(Object.keys(READ_ALL).map((a) => [a, 'write']));

/**
 * The permission table: what each team role may do in each area; no entry is no access. The owner alone
 * manages the team and API access; the manager runs everything else. A specialist writes their own areas and
 * reads the rest (an order needs its product, a price its promotion); file uploads feed the catalogue, prices,
 * stock and supplies, so they go with the roles that write those. The partner's account (profile, terms,
 * support, audit) is written by the owner and the manager only.
 */
export const TEAM_ROLE_GRANTS: Record<TeamRole, Grants> = {
  owner: { ...WRITE_ALL, team: 'write', api: 'write' },
  manager: WRITE_ALL,
  catalogue_prices: { ...READ_ALL, catalogue: 'write', prices: 'write', promotions: 'write', files: 'write' },
  orders_logistics: { ...READ_ALL, orders: 'write', fbo: 'write', fbs: 'write', files: 'write' },
  questions_reviews: { ...READ_ALL, questions: 'write' },
  analyst: READ_ALL,
};

/** The areas in the order the permission table is shown. */
export const ACCESS_AREAS = AccessArea.options;

/** What a role may do in an area: 'write', 'read' or null (no access). */
export function roleGrant(role: TeamRole, area: AccessArea): AccessLevel | null {
  return TEAM_ROLE_GRANTS[role][area] ?? null;
}

/** Whether a grant covers a need: write includes read. */
export function grantCovers(grant: AccessLevel | undefined, level: AccessLevel): boolean {
  return grant === 'write' || (grant === 'read' && level === 'read');
}
