// API tokens (issue 27): a seller lets a program in — one partner, scopes per business area (read or
// read-write), an expiry of at most 180 days, optional allowed IP ranges. Only a person manages tokens: the
// methods are in the 'api' access area, which no token reaches. The limits and the rate limits live here, once.
import { z } from 'zod';
import { API_SCOPE_AREAS, AccessLevel, accessAreaOf, type ApiScopeArea } from './access';
import { defineMethod, partnerParams, Ok } from './rpc';
import { ACCESS_AREA_LABELS } from './team';
import { VALIDATION, fill } from './messages';
import { safeString } from './text';

export const API_TOKEN_LIMITS = {
  name: { min: 2, max: 60 },
  /** Wildberries' rule: a token lives at most 180 days. */
  maxDays: 180,
  /** Active (neither revoked nor expired) tokens per partner. */
  activePerPartner: 20,
  ipRanges: { max: 20 },
  /** A token this close to its expiry is shown on the home page, and its issuer is emailed once. */
  remindDaysBefore: 3,
  /** The last failures the usage view shows. */
  failuresKept: 50,
  /** Days of daily counters the usage view reads. */
  usageDays: { default: 30, max: 90 },
} as const;

/** Secrets are `msk_<token id>.<43 base64url characters>`: recognisable in logs and by secret scanners. */
export const API_TOKEN_PREFIX = 'msk_';

/** How a call is counted against a token's rate limits. */
export const RateClass = z.enum(['read', 'write', 'files']);
export type RateClass = z.infer<typeof RateClass>;

/**
 * Calls per token per minute in each class (a fixed one-minute window). Figures in the range the big portals
 * publish (docs/api.md): Wildberries' content and prices APIs allow 100 requests a minute per seller, Ozon's
 * Seller API about 50 a second per account with lower limits on writes and reports.
 */
export const API_RATE_LIMITS: Record<RateClass, { perMinute: number }> = {
  read: { perMinute: 300 },
  write: { perMinute: 100 },
  files: { perMinute: 20 },
};
export const API_RATE_WINDOW_SEC = 60;

/** Files (uploads, exports, imports) are their own class; otherwise a write or a read by `mutates`. */
export function rateClassOf(def: { name: string; mutates: boolean }): RateClass {
  if (accessAreaOf(def.name) === 'files') return 'files';
  return def.mutates ? 'write' : 'read';
}

/** The levels by name, for the refusal's message and the documentation (areas: ACCESS_AREA_LABELS). */
export const ACCESS_LEVEL_NAMES: Record<AccessLevel, string> = { read: 'чтение', write: 'чтение и запись' };

/** «Цены — чтение и запись»: the scope a refused call lacked, as the caller reads it. */
export function scopeLabel(area: string, level: AccessLevel): string {
  const name = (ACCESS_AREA_LABELS as Record<string, string>)[area];
  return name ? `${name} — ${ACCESS_LEVEL_NAMES[level]} (${area}:${level})` : `${area}:${level}`;
}

export const ApiScopes = z
  .partialRecord(z.enum(API_SCOPE_AREAS), AccessLevel)
  .refine((s) => Object.keys(s).length > 0, 'Выберите хотя бы одну область доступа');
export type ApiScopes = Partial<Record<ApiScopeArea, AccessLevel>>;

/** An IPv4 or IPv6 range in CIDR notation; a single address is a /32 (/128). */
export const IpRange = safeString({ trim: true })
  .min(1, VALIDATION.required)
  .max(50, fill(VALIDATION.maxLength, { to: 50 }))
  .refine(
    (s) =>
      z.cidrv4().safeParse(s).success ||
      z.cidrv6().safeParse(s).success ||
      z.ipv4().safeParse(s).success ||
      z.ipv6().safeParse(s).success,
    'Укажите адрес или диапазон в формате CIDR, например 203.0.113.0/24',
  );

export const ApiTokenStatus = z.enum(['active', 'expired', 'revoked']);
export type ApiTokenStatus = z.infer<typeof ApiTokenStatus>;

export const ApiTokenIssueParams = z.strictObject({
  ...partnerParams,
  name: safeString({ trim: true })
    .min(1, VALIDATION.required)
    .min(API_TOKEN_LIMITS.name.min, fill(VALIDATION.minLength, { from: API_TOKEN_LIMITS.name.min }))
    .max(API_TOKEN_LIMITS.name.max, fill(VALIDATION.maxLength, { to: API_TOKEN_LIMITS.name.max })),
  scopes: ApiScopes,
  expiresInDays: z
    .number({ error: 'Укажите срок действия' })
    .int('Срок действия — целое число дней')
    .min(1, 'Срок действия — не меньше 1 дня')
    .max(API_TOKEN_LIMITS.maxDays, `Срок действия — не больше ${API_TOKEN_LIMITS.maxDays} дней`),
  ipRanges: z
    .array(IpRange)
    .max(API_TOKEN_LIMITS.ipRanges.max, `Можно указать не больше ${API_TOKEN_LIMITS.ipRanges.max} диапазонов`)
    .default([]),
});

export const ApiToken = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** The secret's first characters, to tell tokens apart (`msk_1a2b3c4d…`). */
  hint: z.string(),
  scopes: z.partialRecord(z.enum(API_SCOPE_AREAS), AccessLevel),
  ipRanges: z.array(z.string()),
  status: ApiTokenStatus,
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;

export const apiTokensIssue = defineMethod({
  name: 'v1.api-tokens.issue',
  params: ApiTokenIssueParams,
  result: z.strictObject({ token: ApiToken, secret: z.string() }),
  roles: ['partner_user'],
  partner: true,
  mutates: true,
  description:
    'Issues an API token for the partner. The secret is in this answer only; the server keeps its hash.',
});

export const apiTokensList = defineMethod({
  name: 'v1.api-tokens.list',
  params: z.strictObject({ ...partnerParams }),
  result: z.strictObject({ items: z.array(ApiToken), activeLimit: z.number().int() }),
  roles: ['partner_user'],
  partner: true,
  mutates: false,
  description: "The partner's API tokens, active first, with their last use.",
});

export const apiTokensRevoke = defineMethod({
  name: 'v1.api-tokens.revoke',
  params: z.strictObject({ ...partnerParams, id: z.uuid('Токен не найден') }),
  result: Ok,
  roles: ['partner_user'],
  partner: true,
  mutates: true,
  description: 'Revokes a token at once: its next call is refused on every server.',
});

export const ApiUsageDay = z.strictObject({
  day: z.string(),
  calls: z.number().int(),
  errors: z.number().int(),
  limited: z.number().int(),
});
export const ApiUsageMethod = z.strictObject({
  method: z.string(),
  calls: z.number().int(),
  errors: z.number().int(),
  limited: z.number().int(),
});
export const ApiFailure = z.strictObject({
  at: z.string(),
  method: z.string(),
  code: z.number().int(),
  reason: z.string().nullable(),
  message: z.string(),
  ip: z.string().nullable(),
});
export const apiTokensUsage = defineMethod({
  name: 'v1.api-tokens.usage',
  params: z.strictObject({
    ...partnerParams,
    id: z.uuid('Токен не найден'),
    days: z
      .number()
      .int()
      .min(1)
      .max(API_TOKEN_LIMITS.usageDays.max)
      .default(API_TOKEN_LIMITS.usageDays.default),
  }),
  result: z.strictObject({
    days: z.array(ApiUsageDay),
    methods: z.array(ApiUsageMethod),
    failures: z.array(ApiFailure),
  }),
  roles: ['partner_user'],
  partner: true,
  mutates: false,
  description:
    "A token's use: calls, errors and rate-limited calls per day and per method (Moscow days), and its last failures.",
});

export const apiTokensExpiring = defineMethod({
  name: 'v1.api-tokens.expiring',
  params: z.strictObject({ ...partnerParams }),
  result: z.strictObject({
    items: z.array(z.strictObject({ id: z.string(), name: z.string(), expiresAt: z.string() })),
  }),
  roles: ['partner_user'],
  partner: true,
  mutates: false,
  description: `Active tokens ending within ${API_TOKEN_LIMITS.remindDaysBefore} days (the home page's reminder).`,
});
