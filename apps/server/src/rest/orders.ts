// REST of orders (spec 001 §7): pack numbers for an order (multipart or form field packQuantity) and pack
// labels as PDF — one order (v1 with size and multiPacks, v2 with one pack) or many orders in one file.
// Access goes through the dispatcher's checks, with the roles of the orders methods.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import { z } from 'zod';
import {
  LabelSize,
  METHODS,
  ORDER_LIMITS,
  PaymentMethod,
  ERRORS,
  fill,
  toFieldErrors,
} from '@moda/contracts';
import type { Dispatcher } from '../rpc/dispatcher';
import { transportOf } from '../rpc/routes';
import { AppError } from '../core/errors';
import { plainContext } from '../core/context';
import type { OrdersService } from '../modules/orders/orders.service';
import { renderLabels, type LabelOrder } from '../modules/orders/labels';
import { sendError } from './reply';

const READ = METHODS['v1.orders.get'];
const WRITE = METHODS['v1.orders.collect'];

const partnerIdOf = (v: unknown): number | null => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

const bool = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const LabelQuery = z.object({
  partnerId: z.string().optional(),
  orderNr: z.string().trim().min(1).max(40),
  packBarcode: z.string().trim().min(1).max(60).optional(),
  paymentMethod: PaymentMethod.optional(),
  multiPacks: bool,
  size: LabelSize.default('75x120'),
});

const BatchBody = z.strictObject({
  partnerId: z.number().int().positive(),
  orderNrs: z.array(z.string().trim().min(1).max(40)).min(1),
  size: LabelSize.default('75x120'),
});

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw new AppError('rpc.invalidParams', { errors: toFieldErrors(r.error) });
  return r.data;
}

export async function orderRoutes(
  app: FastifyInstance,
  opts: { dispatcher: Dispatcher; orders: OrdersService },
) {
  const { dispatcher, orders } = opts;
  await app.register(multipart, { limits: { files: 0, fields: 5, fieldSize: 64, parts: 5 } });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  async function readFields(req: FastifyRequest): Promise<Record<string, string>> {
    if (req.isMultipart()) {
      const fields: Record<string, string> = {};
      for await (const part of req.parts()) {
        if (part.type === 'field') fields[part.fieldname] = String(part.value);
        else part.file.resume();
      }
      return fields;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
  }

  app.post<{ Params: { sellerOrderNr: string }; Querystring: { partnerId?: string } }>(
    '/rest/api/v1/orders/:sellerOrderNr/pack-numbers',
    async (req, reply) => {
      try {
        const caller = dispatcher.caller(transportOf(req));
        await caller.authenticate();
        const fields = await readFields(req);
        const partnerId = partnerIdOf(req.query.partnerId ?? fields.partnerId ?? fields.partner_code);
        const { principal } = await dispatcher.authorize(WRITE, caller, partnerId);
        const raw = fields.packQuantity;
        const quantity = raw !== undefined && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
        if (!Number.isInteger(quantity) || quantity < 1 || quantity > ORDER_LIMITS.packsPerRequest) {
          throw new AppError('label.countOutOfRange', {
            field: 'packQuantity',
            message: fill(ERRORS['label.countOutOfRange'].message, { max: ORDER_LIMITS.packsPerRequest }),
          });
        }
        const result = await dispatcher.mutate(
          'rest.orders.pack-numbers',
          { principal, partnerId, ip: req.ip, userAgent: req.headers['user-agent'], audit: {} },
          undefined,
          (ctx) => orders.createPacks(ctx, req.params.sellerOrderNr, quantity),
        );
        return reply.status(201).send(result);
      } catch (err) {
        return sendError(reply, err);
      }
    },
  );

  async function sendPdf(
    reply: FastifyReply,
    labels: LabelOrder[],
    size: z.infer<typeof LabelSize>,
    name: string,
  ) {
    let pdf: Buffer;
    try {
      pdf = await renderLabels(labels, size);
    } catch (err) {
      reply.log.error({ err }, 'label rendering failed');
      throw new AppError('label.generationFailed');
    }
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(name, { type: 'inline' }))
      .send(pdf);
  }

  /** One order's labels: the given pack, or all its packs (multiPacks, or no pack named). */
  async function oneOrder(req: FastifyRequest, reply: FastifyReply, version: 1 | 2) {
    const caller = dispatcher.caller(transportOf(req));
    await caller.authenticate();
    const query = parse(LabelQuery, req.query);
    if (version === 2 && !query.packBarcode)
      throw new AppError('label.barcodeMismatch', { field: 'packBarcode' });
    const { principal, partnerId } = await dispatcher.authorize(READ, caller, partnerIdOf(query.partnerId));
    const ctx = plainContext(dispatcher.db, { principal, partnerId, ip: req.ip });
    const [label] = await orders.labelData(ctx, [query.orderNr], query.packBarcode);
    if (version === 1 && query.multiPacks) {
      const all = await orders.labelData(ctx, [query.orderNr]);
      label!.packs = all[0]!.packs;
    }
    if (!label!.packs.length) throw new AppError('label.barcodeMismatch', { field: 'packBarcode' });
    if (label!.packs.length > label!.itemCount)
      throw new AppError('label.countOutOfRange', {
        field: 'packBarcode',
        message: fill(ERRORS['label.countOutOfRange'].message, { max: label!.itemCount }),
      });
    return sendPdf(reply, [label!], version === 2 ? '75x120' : query.size, `label_${query.orderNr}.pdf`);
  }

  app.get('/rest/api/v1/reports/label/stream', async (req, reply) => {
    try {
      return await oneOrder(req, reply, 1);
    } catch (err) {
      return sendError(reply, err);
    }
  });
  app.get('/rest/api/v2/reports/label/stream', async (req, reply) => {
    try {
      return await oneOrder(req, reply, 2);
    } catch (err) {
      return sendError(reply, err);
    }
  });

  /** Labels of many orders in one PDF; an order without pack numbers gets one first. */
  app.post('/rest/api/v1/reports/label/batch', async (req, reply) => {
    try {
      const caller = dispatcher.caller(transportOf(req));
      await caller.authenticate();
      const body = parse(BatchBody, req.body);
      const nrs = [...new Set(body.orderNrs)];
      if (nrs.length > ORDER_LIMITS.labelsBatchMax)
        throw new AppError('label.tooManyOrders', {
          field: 'orderNrs',
          message: fill(ERRORS['label.tooManyOrders'].message, { max: ORDER_LIMITS.labelsBatchMax }),
        });
      const { principal, partnerId } = await dispatcher.authorize(WRITE, caller, body.partnerId);
      const labels = await dispatcher.mutate(
        'rest.orders.labels-batch',
        { principal, partnerId, ip: req.ip, userAgent: req.headers['user-agent'], audit: {} },
        undefined,
        async (ctx) => {
          ctx.audit.objectId = nrs.slice(0, 20).join(',');
          const first = await orders.labelData(ctx, nrs);
          for (const l of first.filter((x) => !x.packs.length)) await orders.createPacks(ctx, l.orderNr, 1);
          return first.some((l) => !l.packs.length) ? orders.labelData(ctx, nrs) : first;
        },
      );
      return await sendPdf(reply, labels, body.size, 'labels.pdf');
    } catch (err) {
      return sendError(reply, err);
    }
  });
}
