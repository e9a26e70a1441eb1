// Webhooks (issue 27): a partner's endpoints, the catalogue of events with their payloads, the delivery log and
// replay. Delivery is signed with Stripe's scheme: `Moda-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<body>" with the endpoint's secret>`; every event carries an id for deduplication.
import { z } from 'zod';
import { FboReturnStatus, FboSupplyStatus, FbsShipmentStatus, OrderStatus, PromotionApiState } from './enums';
import { defineMethod, partnerParams, Ok } from './rpc';
import { fill, VALIDATION } from './messages';
import { safeString } from './text';

export const WEBHOOK_LIMITS = {
  /** Endpoints per partner (Stripe allows 16; a seller's integrations rarely need more than a few). */
  endpointsPerPartner: 10,
  url: { max: 2048 },
  description: { max: 200 },
  /** A receiver's time to answer. */
  timeoutSeconds: 10,
  /** Retries with exponential backoff for this long; an endpoint failing this long is disabled (Ozon). */
  retryHours: 24,
  logPageSize: { max: 100 },
} as const;

/** Every event a partner may subscribe to, by area (the create dialog's checkbox tree follows this order). */
export const WEBHOOK_EVENT_AREAS = {
  orders: ['order.created', 'order.status_changed', 'order.cancelled'],
  fbo: ['fbo.supply.status_changed', 'fbo.return.status_changed'],
  fbs: ['fbs.shipment.status_changed'],
  questions: ['question.created', 'review.created', 'feedback.answer_rejected'],
  prices: ['price.quarantine_decided'],
  promotions: ['promotion.announced', 'promotion.registration_ending'],
  files: ['import.finished', 'export.finished'],
} as const;
export type WebhookEventArea = keyof typeof WEBHOOK_EVENT_AREAS;

const ALL_TYPES = Object.values(WEBHOOK_EVENT_AREAS).flat();
export const WebhookEventType = z.enum(
  ALL_TYPES as [string, ...string[]] as [(typeof ALL_TYPES)[number], ...(typeof ALL_TYPES)[number][]],
);
export type WebhookEventType = z.infer<typeof WebhookEventType>;
/** The test button's event: sent to one endpoint only, never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

const statusChange = <S extends z.ZodType>(status: S) => ({ status, previousStatus: status.nullable() });
const at = z.string().describe('ISO 8601 instant');

/** What `data` holds for each event type. */
export const WEBHOOK_PAYLOADS = {
  'order.created': z.object({
    orderNr: z.string(),
    status: OrderStatus,
    items: z.array(z.object({ sellerSku: z.string() })),
  }),
  'order.status_changed': z.object({ orderNr: z.string(), ...statusChange(OrderStatus) }),
  'order.cancelled': z.object({
    orderNr: z.string(),
    previousStatus: OrderStatus.nullable(),
    /** Whole order cancelled, or only these items. */
    itemIds: z.array(z.string()).nullable(),
    cancelAction: z.string().nullable(),
  }),
  'fbo.supply.status_changed': z.object({ supplyId: z.string(), ...statusChange(FboSupplyStatus) }),
  'fbo.return.status_changed': z.object({ returnId: z.string(), ...statusChange(FboReturnStatus) }),
  'fbs.shipment.status_changed': z.object({ shipmentId: z.string(), ...statusChange(FbsShipmentStatus) }),
  'question.created': z.object({ questionId: z.string(), modaSku: z.string().nullable(), text: z.string() }),
  'review.created': z.object({
    reviewId: z.string(),
    modaSku: z.string().nullable(),
    rating: z.number().int().nullable(),
    text: z.string(),
  }),
  'feedback.answer_rejected': z.object({
    kind: z.enum(['question', 'review']),
    id: z.string(),
    reason: z.string().nullable(),
  }),
  'price.quarantine_decided': z.object({
    modaSku: z.string().nullable(),
    sellerSku: z.string().nullable(),
    decision: z.enum(['approved', 'rejected']),
    price: z.number().nullable(),
  }),
  'promotion.announced': z.object({
    promotionId: z.string(),
    name: z.string(),
    state: PromotionApiState,
    registrationEndsAt: at.nullable(),
  }),
  'promotion.registration_ending': z.object({
    promotionId: z.string(),
    name: z.string(),
    registrationEndsAt: at,
  }),
  'import.finished': z.object({
    taskId: z.string(),
    type: z.string(),
    status: z.string(),
    errors: z.number().int(),
  }),
  'export.finished': z.object({ taskId: z.string(), type: z.string(), status: z.string() }),
} as const satisfies Record<WebhookEventType, z.ZodType>;
export type WebhookPayload<T extends WebhookEventType> = z.input<(typeof WEBHOOK_PAYLOADS)[T]>;

/** What each event reports and what its `objectId` is (the OpenRPC document and GET /docs show them). */
export const WEBHOOK_EVENT_DESCRIPTIONS = {
  'order.created': 'A new order reached the seller. objectId: the order number.',
  'order.status_changed': 'An order moved to another status. objectId: the order number.',
  'order.cancelled': 'An order, or some of its items, was cancelled. objectId: the order number.',
  'fbo.supply.status_changed': 'An FBO supply moved to another status. objectId: the supply id.',
  'fbo.return.status_changed': 'An FBO return moved to another status. objectId: the return id.',
  'fbs.shipment.status_changed': 'An FBS shipment moved to another status. objectId: the shipment id.',
  'question.created': 'A buyer asked a question about a product. objectId: the question id.',
  'review.created': 'A buyer left a review of a product. objectId: the review id.',
  'feedback.answer_rejected':
    'Moderation rejected the seller’s answer to a question or review. objectId: the question or review id.',
  'price.quarantine_decided':
    'A price change held in quarantine (a sharp drop) was approved or rejected; price is the price it proposed. objectId: the product id.',
  'promotion.announced': 'A promotion the seller may join was announced. objectId: the promotion id.',
  'promotion.registration_ending': 'A promotion’s registration ends soon. objectId: the promotion id.',
  'import.finished': 'An uploaded file finished processing. objectId: the file task id.',
  'export.finished': 'An export finished (OK or ERROR). objectId: the export id.',
} as const satisfies Record<WebhookEventType, string>;

/** The JSON body of every delivery. */
export const WebhookEnvelope = z.object({
  /** The event's id: the same on every retry and replay — deduplicate by it. */
  id: z.string(),
  type: z.string(),
  createdAt: at,
  partnerId: z.number().int(),
  /** The object the event is about (an order number, a supply id…); events of one object arrive in order. */
  objectId: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEnvelope = z.infer<typeof WebhookEnvelope>;

export const WEBHOOK_SIGNATURE_HEADER = 'Moda-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'Moda-Event-Id';

export const WEBHOOK_URL_MESSAGES = {
  invalid: 'Введите адрес целиком, например https://example.ru/webhooks',
  scheme: 'Адрес должен начинаться с https://',
  credentials: 'Адрес не должен содержать логин и пароль',
  fragment: 'Адрес не должен содержать часть после #',
} as const;

/** A URL's parts, read without the platform's URL class (the contracts run in the browser and on Node alike). */
export function parseWebhookUrl(
  value: string,
): { scheme: string; userinfo: boolean; host: string; port: number | null; fragment: boolean } | null {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)([^#]*)(#.*)?$/.exec(value);
  if (!m) return null;
  const authority = m[2]!;
  const at = authority.lastIndexOf('@');
  const hostPort = at >= 0 ? authority.slice(at + 1) : authority;
  const hp = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(hostPort);
  if (!hp) return null;
  const host = hp[1]!.toLowerCase();
  if (!host.startsWith('[') && !/^[a-z0-9._-]+$/.test(host)) return null;
  const port = hp[2] === undefined ? null : Number(hp[2]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  return { scheme: m[1]!.toLowerCase(), userinfo: at >= 0, host, port, fragment: m[4] !== undefined };
}

/** The URL's shape; where it may point (https in production, no private addresses) the server checks. */
export const WebhookUrl = safeString({ trim: true })
  .min(1, VALIDATION.required)
  .max(WEBHOOK_LIMITS.url.max, fill(VALIDATION.maxLength, { to: WEBHOOK_LIMITS.url.max }))
  .superRefine((value, ctx) => {
    if (!value) return;
    const url = parseWebhookUrl(value);
    if (!url) ctx.addIssue({ code: 'custom', message: WEBHOOK_URL_MESSAGES.invalid });
    else if (url.scheme !== 'https' && url.scheme !== 'http')
      ctx.addIssue({ code: 'custom', message: WEBHOOK_URL_MESSAGES.scheme });
    else if (url.userinfo) ctx.addIssue({ code: 'custom', message: WEBHOOK_URL_MESSAGES.credentials });
    else if (url.fragment) ctx.addIssue({ code: 'custom', message: WEBHOOK_URL_MESSAGES.fragment });
  });

const WebhookEvents = z
  .array(WebhookEventType)
  .min(1, 'Выберите хотя бы одно событие')
  .max(ALL_TYPES.length)
  .refine((list) => new Set(list).size === list.length, 'События не должны повторяться');

const Description = safeString({ trim: true }).max(
  WEBHOOK_LIMITS.description.max,
  fill(VALIDATION.maxLength, { to: WEBHOOK_LIMITS.description.max }),
);

export const WebhookEndpointStatus = z.enum(['active', 'disabled']);
export type WebhookEndpointStatus = z.infer<typeof WebhookEndpointStatus>;

export const WebhookEndpoint = z.strictObject({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventType),
  status: WebhookEndpointStatus,
  /** Why it was disabled: failing for 24 hours (the server) or nothing else — a seller cannot disable. */
  disabledAt: z.string().nullable(),
  /** The first failure since its last success: 24 hours after it, the endpoint is disabled. */
  failingSince: z.string().nullable(),
  /** The secret's last four characters, to tell endpoints apart (the secret is shown only once). */
  secretHint: z.string(),
  createdAt: z.string(),
  lastDelivery: z
    .strictObject({ at: z.string(), responseCode: z.number().int().nullable(), ok: z.boolean() })
    .nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

const W = { roles: ['partner_user'], partner: true } as const;
const endpointId = z.uuid({ message: 'Вебхук не найден' });

export const webhooksList = defineMethod({
  name: 'v1.webhooks.list',
  params: z.strictObject({ ...partnerParams }),
  result: z.strictObject({ items: z.array(WebhookEndpoint) }),
  ...W,
  mutates: false,
  description: 'The partner’s webhook endpoints with their status and last delivery.',
});

export const WebhooksCreateParams = z.strictObject({
  ...partnerParams,
  url: WebhookUrl,
  events: WebhookEvents,
  description: Description.default(''),
});
export const webhooksCreate = defineMethod({
  name: 'v1.webhooks.create',
  params: WebhooksCreateParams,
  result: z.strictObject({ endpoint: WebhookEndpoint, secret: z.string() }),
  ...W,
  mutates: true,
  description:
    'Adds an endpoint; the signing secret is in this answer only. The URL must be https and may not point at a private address.',
});

export const webhooksUpdate = defineMethod({
  name: 'v1.webhooks.update',
  params: z.strictObject({
    ...partnerParams,
    id: endpointId,
    url: WebhookUrl.optional(),
    events: WebhookEvents.optional(),
    description: Description.optional(),
  }),
  result: WebhookEndpoint,
  ...W,
  mutates: true,
  description: 'Changes an endpoint’s URL, events or description.',
});

export const webhooksDelete = defineMethod({
  name: 'v1.webhooks.delete',
  params: z.strictObject({ ...partnerParams, id: endpointId }),
  result: Ok,
  ...W,
  mutates: true,
  description: 'Deletes an endpoint with its delivery log; nothing more is sent to it.',
});

export const webhooksEnable = defineMethod({
  name: 'v1.webhooks.enable',
  params: z.strictObject({ ...partnerParams, id: endpointId }),
  result: WebhookEndpoint,
  ...W,
  mutates: true,
  description:
    'Enables an endpoint disabled after 24 hours of failures; events of the gap are sent by a replay since a time.',
});

export const WebhookDeliveryStatus = z.enum(['pending', 'succeeded', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

export const WebhookAttempt = z.strictObject({
  attempt: z.number().int(),
  at: z.string(),
  responseCode: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  /** No answer: timeout, refused connection, a refused address. */
  error: z.string().nullable(),
});

export const WebhookDelivery = z.strictObject({
  id: z.string(),
  eventId: z.string(),
  type: z.string(),
  objectId: z.string(),
  createdAt: z.string(),
  status: WebhookDeliveryStatus,
  /** Attempts made so far; the last one's answer below. */
  attempt: z.number().int(),
  responseCode: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  error: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** A replay of another delivery, or a test send. */
  replay: z.boolean(),
  body: z.string(),
  attempts: z.array(WebhookAttempt),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const webhooksDeliveries = defineMethod({
  name: 'v1.webhooks.deliveries',
  params: z.strictObject({
    ...partnerParams,
    id: endpointId,
    status: WebhookDeliveryStatus.optional(),
    page: z.number().int().min(1).max(10_000).default(1),
    limit: z.number().int().min(1).max(WEBHOOK_LIMITS.logPageSize.max).default(20),
  }),
  result: z.strictObject({ items: z.array(WebhookDelivery), total: z.number().int() }),
  ...W,
  mutates: false,
  description: 'An endpoint’s delivery log, newest first: event, response code, latency, attempts, body.',
});

export const webhooksTest = defineMethod({
  name: 'v1.webhooks.test',
  params: z.strictObject({ ...partnerParams, id: endpointId }),
  result: z.strictObject({ deliveryId: z.string() }),
  ...W,
  mutates: true,
  description: `Sends a signed ${WEBHOOK_TEST_EVENT} event to the endpoint.`,
});

export const webhooksReplay = defineMethod({
  name: 'v1.webhooks.replay',
  params: z
    .strictObject({
      ...partnerParams,
      id: endpointId,
      /** One delivery's event again… */
      deliveryId: z.uuid({ message: 'Доставка не найдена' }).optional(),
      /** …or every subscribed event since this time. */
      since: z.iso.datetime({ offset: true }).optional(),
    })
    .superRefine((p, ctx) => {
      if ((p.deliveryId === undefined) === (p.since === undefined))
        ctx.addIssue({
          code: 'custom',
          path: ['since'],
          message: 'Укажите доставку или время, с которого повторить события',
        });
    }),
  result: z.strictObject({ count: z.number().int() }),
  ...W,
  mutates: true,
  description:
    'Sends again one delivery’s event, or every event the endpoint subscribes to since a time (the same event ids).',
});
