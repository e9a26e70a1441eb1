// The OpenRPC document, generated from the method catalogue (served by rpc.discover and GET /jsonrpc/openrpc.json).
import {
  METHODS,
  ERRORS,
  WEBHOOK_EVENT_AREAS,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_PAYLOADS,
  WEBHOOK_SIGNATURE_HEADER,
  WebhookEnvelope,
  type MethodDef,
  type WebhookEventType,
} from '@moda/contracts';
import { z } from 'zod';

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

/**
 * The webhook events, generated from the contracts' catalogue: each event's whole delivery body (the envelope
 * with `type` fixed and `data` its payload). OpenRPC describes calls to the server only, so the events go in
 * the `x-webhooks` extension, shaped like OpenAPI 3.1's `webhooks` (one entry per event type).
 */
export function webhookEvents(): {
  type: WebhookEventType;
  area: string;
  description: string;
  schema: Record<string, unknown>;
}[] {
  return (Object.entries(WEBHOOK_EVENT_AREAS) as [string, readonly WebhookEventType[]][]).flatMap(
    ([area, types]) =>
      types.map((type) => ({
        type,
        area,
        description: WEBHOOK_EVENT_DESCRIPTIONS[type],
        schema: schemaOf(
          WebhookEnvelope.extend({ type: z.literal(type), data: WEBHOOK_PAYLOADS[type] }),
          'output',
        ),
      })),
  );
}

export function buildOpenRpc(version: string): Record<string, unknown> {
  const methods = Object.values(METHODS as Record<string, MethodDef>).map((m) => {
    const params = schemaOf(m.params, 'input');
    const props = (params.properties ?? {}) as Record<string, unknown>;
    const required = new Set((params.required as string[] | undefined) ?? []);
    return {
      name: m.name,
      description: m.description,
      paramStructure: 'by-name',
      params: Object.entries(props).map(([name, schema]) => ({ name, required: required.has(name), schema })),
      result: { name: 'result', schema: schemaOf(m.result, 'output') },
      'x-roles': m.roles,
      'x-acts-for-partner': m.partner,
      'x-mutates': m.mutates,
    };
  });
  return {
    openrpc: '1.3.2',
    info: {
      title: 'Moda Seller API',
      version,
      description: 'JSON-RPC 2.0 at POST /jsonrpc; the same methods at POST /v1/{area}.{action}.',
    },
    servers: [{ name: 'this server', url: '/jsonrpc' }],
    methods,
    'x-webhooks': {
      description: `POST to the partner's endpoint with the event as the JSON body, signed in the ${WEBHOOK_SIGNATURE_HEADER} header (t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">); see GET /docs#webhooks.`,
      events: Object.fromEntries(
        webhookEvents().map((e) => [
          e.type,
          { summary: e.description, 'x-area': e.area, payload: { name: 'event', schema: e.schema } },
        ]),
      ),
    },
    components: {
      errors: Object.fromEntries(
        Object.entries(ERRORS).map(([k, v]) => [k, { code: v.code, message: v.message }]),
      ),
    },
  };
}
