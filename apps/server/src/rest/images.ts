// Product photos over REST: the batch upload matched by file name (spec 001 §7
// POST /rest/api/v1/nomenclatures/image-batch: images, matchingType, partner_code) with one answer per
// file, and the photos themselves (original or the 320×461 rendition).
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { IMAGE_RULES, ImageMatchingType } from '@moda/contracts';
import { partnerScope, type Dispatcher } from '../rpc/dispatcher';
import { transportOf } from '../rpc/routes';
import { plainContext } from '../core/context';
import { AppError } from '../core/errors';
import type { BatchFileResult, ImagesService } from '../modules/catalogue/images.service';
import { sendError } from './reply';

const BATCH_OP = {
  roles: ['partner_user', 'b2b_manager', 'support_engineer'],
  partner: true,
  mutates: true,
} as const;

export async function imageRoutes(
  app: FastifyInstance,
  opts: { dispatcher: Dispatcher; images: ImagesService },
) {
  const { dispatcher, images } = opts;
  await app.register(multipart, {
    limits: {
      fileSize: IMAGE_RULES.maxBytes + 1,
      files: IMAGE_RULES.maxBatchFiles,
      fields: 10,
      fieldSize: 1024,
    },
    throwFileSizeLimit: false,
  });

  app.post('/rest/api/v1/nomenclatures/image-batch', async (req, reply) => {
    const caller = dispatcher.caller(transportOf(req));
    try {
      await caller.authenticate();
      if (!req.isMultipart()) throw new AppError('file.missing', { field: 'images' });
      const fields: Record<string, string> = {};
      const results: BatchFileResult[] = [];
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        // The partner and the matching come before the files, so each file is handled as it arrives.
        const partnerId = Number(fields.partner_code);
        if (!Number.isInteger(partnerId) || partnerId <= 0)
          throw new AppError('partner.required', { field: 'partner_code' });
        const matching = ImageMatchingType.safeParse(fields.matchingType ?? 'sellerSku');
        if (!matching.success) throw new AppError('common.badRequest', { field: 'matchingType' });
        const { principal } = await dispatcher.authorize(BATCH_OP, caller, partnerId);
        const bytes = await part.toBuffer();
        const name = part.filename || 'photo.jpg';
        if (part.file.truncated) {
          results.push({
            fileName: name,
            ok: false,
            error: { reason: 'image.tooLarge', message: 'Фото больше 5 МБ' },
          });
          continue;
        }
        results.push(
          await dispatcher.mutate(
            'rest.nomenclatures.image-batch',
            { principal, partnerId, ip: req.ip, userAgent: req.headers['user-agent'], audit: {} },
            undefined,
            (ctx) => images.addFromFile(ctx, name, bytes, matching.data),
          ),
        );
      }
      if (results.length === 0) throw new AppError('file.missing', { field: 'images' });
      return reply.send({ items: results });
    } catch (err) {
      return sendError(reply, err);
    }
  });

  app.get<{ Params: { id: string }; Querystring: { size?: string } }>(
    '/rest/api/v1/nomenclatures/images/:id',
    async (req, reply) => {
      try {
        const principal = await dispatcher.caller(transportOf(req)).authenticate();
        const body = await images.open(
          plainContext(dispatcher.db, { principal, ip: req.ip }),
          req.params.id,
          partnerScope(principal),
          req.query.size === 'img320x461' ? 'img320x461' : 'default',
        );
        return reply
          .header('content-type', 'image/jpeg')
          .header('cache-control', 'private, max-age=86400')
          .send(body);
      } catch (err) {
        return sendError(reply, err);
      }
    },
  );
}
