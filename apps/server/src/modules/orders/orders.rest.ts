// REST of orders (spec 001 §7): pack numbers for an order (multipart or form field packQuantity) and pack
// labels as PDF — one order (v1 with size and multiPacks, v2 with one pack) or many orders in one file.
// Access is the orders methods' own roles.
import { z } from 'zod';
import {
  ERRORS,
  LabelSize,
  METHODS,
  ORDER_LIMITS,
  PaymentMethod,
  fill,
  toFieldErrors,
} from '@moda/contracts';
import { AppError } from '../../core/errors';
import type { RestCall, RestReply, RestRoute } from '../../core/rest';
import type { OrdersService } from './orders.service';
import { renderLabels, type LabelOrder } from './labels';

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

async function readFields(call: RestCall): Promise<Record<string, string>> {
  if (call.isMultipart) {
    const fields: Record<string, string> = {};
    for await (const part of call.parts()) {
      if (part.kind === 'field') fields[part.name] = part.value;
      else part.stream.resume();
    }
    return fields;
  }
  const body = (call.body ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
}

async function pdf(
  call: RestCall,
  labels: LabelOrder[],
  size: z.infer<typeof LabelSize>,
  name: string,
): Promise<RestReply> {
  let body: Buffer;
  try {
    body = await renderLabels(labels, size);
  } catch (err) {
    call.logError(err, 'label rendering failed');
    throw new AppError('label.generationFailed');
  }
  return { file: { contentType: 'application/pdf', fileName: name, inline: true, body } };
}

export const ordersRest = (orders: OrdersService): RestRoute[] => {
  /** One order's labels: the given pack, or all its packs (multiPacks, or no pack named). */
  async function oneOrder(call: RestCall, version: 1 | 2): Promise<RestReply> {
    await call.principal();
    const query = parse(LabelQuery, call.query);
    if (version === 2 && !query.packBarcode)
      throw new AppError('label.barcodeMismatch', { field: 'packBarcode' });
    const ctx = await call.authorize(READ, partnerIdOf(query.partnerId));
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
    return pdf(call, [label!], version === 2 ? '75x120' : query.size, `label_${query.orderNr}.pdf`);
  }

  return [
    {
      method: 'POST',
      url: '/rest/api/v1/orders/:sellerOrderNr/pack-numbers',
      multipart: { files: 0, fields: 5, fieldSize: 64, parts: 5 },
      async handle(call) {
        await call.principal();
        const fields = await readFields(call);
        const checked = await call.authorize(
          WRITE,
          partnerIdOf(call.query.partnerId ?? fields.partnerId ?? fields.partner_code),
        );
        const raw = fields.packQuantity;
        const quantity = raw !== undefined && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
        if (!Number.isInteger(quantity) || quantity < 1 || quantity > ORDER_LIMITS.packsPerRequest) {
          throw new AppError('label.countOutOfRange', {
            field: 'packQuantity',
            message: fill(ERRORS['label.countOutOfRange'].message, { max: ORDER_LIMITS.packsPerRequest }),
          });
        }
        const result = await call.mutate('rest.orders.pack-numbers', checked, (ctx) =>
          orders.createPacks(ctx, call.params.sellerOrderNr ?? '', quantity),
        );
        return { status: 201, json: result };
      },
    },
    { method: 'GET', url: '/rest/api/v1/reports/label/stream', handle: (call) => oneOrder(call, 1) },
    { method: 'GET', url: '/rest/api/v2/reports/label/stream', handle: (call) => oneOrder(call, 2) },
    {
      // Labels of many orders in one PDF; an order without pack numbers gets one first.
      method: 'POST',
      url: '/rest/api/v1/reports/label/batch',
      async handle(call) {
        await call.principal();
        const body = parse(BatchBody, call.body);
        const nrs = [...new Set(body.orderNrs)];
        if (nrs.length > ORDER_LIMITS.labelsBatchMax)
          throw new AppError('label.tooManyOrders', {
            field: 'orderNrs',
            message: fill(ERRORS['label.tooManyOrders'].message, { max: ORDER_LIMITS.labelsBatchMax }),
          });
        const checked = await call.authorize(WRITE, body.partnerId);
        const labels = await call.mutate('rest.orders.labels-batch', checked, async (ctx) => {
          ctx.audit.objectId = nrs.slice(0, 20).join(',');
          const first = await orders.labelData(ctx, nrs);
          for (const l of first.filter((x) => !x.packs.length)) await orders.createPacks(ctx, l.orderNr, 1);
          return first.some((l) => !l.packs.length) ? orders.labelData(ctx, nrs) : first;
        });
        return pdf(call, labels, body.size, 'labels.pdf');
      },
    },
  ];
};
