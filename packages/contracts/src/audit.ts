// The audit trail: who changed what for a partner, through which credential (DESIGN "Tenancy and access"),
// and its screen's filters (issue 28): person, area, object and Moscow days; prices and cards carry each
// field's value before and after.
import { z } from 'zod';
import { AccessArea } from './access';
import { defineMethod, partnerParams } from './rpc';
import { safeString } from './text';

/** One field of one object changed by the call. */
export const AuditChange = z.strictObject({
  objectId: z.string(),
  field: z.string(),
  before: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  after: z.union([z.string(), z.number(), z.boolean()]).nullable(),
});
export type AuditChange = z.infer<typeof AuditChange>;

export const AUDIT_LIMITS = {
  /**
   * Records counted for the total at most: a log of millions is paged, not counted (the screen says «больше
   * 1 000»). Counting 10,000 cost ~12 ms of every page at 5M records, a quarter of the 50 ms the list may take.
   */
  countCap: 1_000,
  /** Changes kept in one record's detail (a bulk price change of thousands keeps its first ones). */
  changesPerRecord: 200,
} as const;

export const AuditRecord = z.strictObject({
  id: z.string(),
  at: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  method: z.string(),
  objectId: z.string().nullable(),
  credential: z.string().nullable(),
  /** For a call made with an API token: the token's name. */
  tokenName: z.string().nullable().optional(),
  /** The address the call came from. */
  ip: z.string().nullable().optional(),
  /** Each field's value before and after, where the area records it (prices, cards). */
  changes: z.array(AuditChange).optional(),
});

const Day = safeString()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Укажите дату в формате ГГГГ-ММ-ДД')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Такой даты нет');

export const AuditFilter = z
  .strictObject({
    /** A person by email (users) — their calls through the interface and through their logins. */
    user: safeString({ trim: true }).max(254).optional(),
    area: AccessArea.optional(),
    objectId: safeString({ trim: true }).max(100).optional(),
    /** Moscow days, both included. */
    dateFrom: Day.optional(),
    dateTo: Day.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.dateFrom && v.dateTo && v.dateFrom > v.dateTo)
      ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'Дата окончания раньше даты начала' });
  });
export type AuditFilter = z.infer<typeof AuditFilter>;

/**
 * A page's place in the log (keyset paging, newest first): the record it starts from, as its time in
 * microseconds since 1970 and its id. `a…` reads the records older than it (the next page), `b…` the newer
 * ones (the previous page). Clients pass back the list's `nextCursor` / `prevCursor` as they are.
 */
export const AUDIT_CURSOR_MESSAGE =
  'Ссылка на страницу журнала устарела или повреждена — откройте журнал с начала';
const MAX_BIGINT = 9_223_372_036_854_775_807n;
/** One check, so a bad cursor gets one message. */
const isAuditCursor = (v: string) =>
  /^[ab]\d{1,16}\.\d{1,19}$/.test(v) && BigInt(v.slice(v.indexOf('.') + 1)) <= MAX_BIGINT;
export const AuditCursor = safeString().max(40).refine(isAuditCursor, AUDIT_CURSOR_MESSAGE);

export interface AuditCursorValue {
  /** Which side of the record the page lies: older (`after`) or newer (`before`). */
  side: 'after' | 'before';
  /** The record's time, microseconds since 1970 (PostgreSQL keeps microseconds; a Date would drop them). */
  atMicros: bigint;
  id: bigint;
}

export function encodeAuditCursor(c: AuditCursorValue): string {
  return `${c.side === 'after' ? 'a' : 'b'}${c.atMicros}.${c.id}`;
}

/** A cursor the schema accepted, read back. */
export function decodeAuditCursor(v: string): AuditCursorValue {
  const dot = v.indexOf('.');
  return {
    side: v[0] === 'b' ? 'before' : 'after',
    atMicros: BigInt(v.slice(1, dot)),
    id: BigInt(v.slice(dot + 1)),
  };
}

export const auditList = defineMethod({
  name: 'v1.audit.list',
  params: z
    .strictObject({
      ...partnerParams,
      /** Where the page starts: a `nextCursor` or `prevCursor` of an earlier answer; none for the newest. */
      cursor: AuditCursor.optional(),
      pageSize: z.number().int().min(1).max(100).default(20),
      user: AuditFilter.shape.user,
      area: AuditFilter.shape.area,
      objectId: AuditFilter.shape.objectId,
      dateFrom: AuditFilter.shape.dateFrom,
      dateTo: AuditFilter.shape.dateTo,
    })
    .superRefine((v, ctx) => {
      if (v.dateFrom && v.dateTo && v.dateFrom > v.dateTo)
        ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'Дата окончания раньше даты начала' });
    }),
  result: z.strictObject({
    items: z.array(AuditRecord),
    /** Matching records, counted up to AUDIT_LIMITS.countCap. */
    total: z.number().int(),
    /** Whether more records match than were counted. */
    totalCapped: z.boolean().optional(),
    /** The page of older records, null on the last one. */
    nextCursor: z.string().nullable(),
    /** The page of newer records, null on the first one. */
    prevCursor: z.string().nullable(),
  }),
  roles: ['partner_user', 'admin', 'support_engineer', 'b2b_manager'],
  partner: true,
  mutates: false,
  description:
    'Changes made for a partner, newest first, by person (email), access area, object and Moscow days; a total counted up to 10 000. Paged by cursor: pass nextCursor (older) or prevCursor (newer) back as `cursor`.',
});
