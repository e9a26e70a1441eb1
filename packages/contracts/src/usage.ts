// Usage logging (spec 001 §7 "Usage logging"): events posted in batches to /batch/v2/zlog-{product}-seller.
import { z } from 'zod';
import { USAGE_LIMITS } from './constants';
import { UsageAction } from './enums';
import { VALIDATION } from './messages';
import { hasControlCharacters, safeString } from './text';

export { USAGE_LIMITS };

export const UsageEvent = z.strictObject({
  name: safeString().min(1).max(200),
  platform: safeString().max(50),
  lid: safeString().max(64).nullable(),
  event_timestamp: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  dt: safeString().max(10),
  time_local: safeString().max(40),
  user_id: safeString().max(64).nullable(),
  session_id: safeString().max(64).nullable(),
  referrer_name: safeString().max(2000).nullable(),
  url: safeString().max(2000),
  previous_url: safeString().max(2000).nullable(),
  country: z.literal('ru'),
  // Stored as jsonb, which refuses NUL as text does: the rule reaches into the free-form values.
  params: z
    .record(safeString().max(200), z.unknown())
    .refine((p) => !hasControlCharacters(p), VALIDATION.controlCharacters)
    .nullable(),
  action: UsageAction,
});
export type UsageEvent = z.infer<typeof UsageEvent>;

export const UsageBatch = z
  .array(z.strictObject({ id: safeString().min(1).max(64), event: UsageEvent }))
  .min(1)
  .max(USAGE_LIMITS.maxEvents);
export type UsageBatch = z.infer<typeof UsageBatch>;

/**
 * GET /builds/meta/{buildId}.json: whether a newer web build is out, and the server's path rules
 * (spec 000 §2 guard 7): `from` is a path pattern with `:params` and an optional trailing `*`.
 */
export const BuildMeta = z.strictObject({
  buildId: z.string(),
  latestBuildId: z.string(),
  outdated: z.boolean(),
  routeRules: z.array(z.strictObject({ from: z.string(), to: z.string() })),
});
export type BuildMeta = z.infer<typeof BuildMeta>;
