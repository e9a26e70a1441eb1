// Product photos over REST: the batch upload matched by file name (spec 001 §7
// POST /rest/api/v1/nomenclatures/image-batch: images, matchingType, partner_code) with one answer per
// file, and the photos themselves (original or the 320×461 rendition).
import { IMAGE_RULES, ImageMatchingType } from '@moda/contracts';
import { AppError } from '../../core/errors';
import type { RestRoute } from '../../core/rest';
import type { BatchFileResult, ImagesService } from './images.service';

const BATCH_OP = {
  name: 'v1.nomenclatures.images.update',
  roles: ['partner_user', 'b2b_manager', 'support_engineer'],
  partner: true,
  mutates: true,
} as const;

export const imagesRest = (images: ImagesService): RestRoute[] => [
  {
    method: 'POST',
    url: '/rest/api/v1/nomenclatures/image-batch',
    multipart: {
      fileSize: IMAGE_RULES.maxBytes + 1,
      files: IMAGE_RULES.maxBatchFiles,
      fields: 10,
      fieldSize: 1024,
      parts: IMAGE_RULES.maxBatchFiles + 10,
    },
    async handle(call) {
      await call.principal();
      if (!call.isMultipart) throw new AppError('file.missing', { field: 'images' });
      const fields: Record<string, string> = {};
      const results: BatchFileResult[] = [];
      for await (const part of call.parts()) {
        if (part.kind === 'field') {
          fields[part.name] = part.value;
          continue;
        }
        // The partner and the matching come before the files, so each file is handled as it arrives.
        const partnerId = Number(fields.partner_code);
        if (!Number.isInteger(partnerId) || partnerId <= 0)
          throw new AppError('partner.required', { field: 'partner_code' });
        const matching = ImageMatchingType.safeParse(fields.matchingType ?? 'sellerSku');
        if (!matching.success) throw new AppError('common.badRequest', { field: 'matchingType' });
        const checked = await call.authorize(BATCH_OP, partnerId);
        const bytes = await part.toBuffer();
        const name = part.fileName || 'photo.jpg';
        if (part.truncated()) {
          results.push({
            fileName: name,
            ok: false,
            error: { reason: 'image.tooLarge', message: 'Фото больше 5 МБ' },
          });
          continue;
        }
        results.push(
          await call.mutate('rest.nomenclatures.image-batch', checked, (ctx) =>
            images.addFromFile(ctx, name, bytes, matching.data),
          ),
        );
      }
      if (results.length === 0) throw new AppError('file.missing', { field: 'images' });
      return { json: { items: results } };
    },
  },
  {
    method: 'GET',
    url: '/rest/api/v1/nomenclatures/images/:id',
    async handle(call) {
      const ctx = await call.signedIn();
      const body = await images.open(
        ctx,
        call.params.id ?? '',
        call.scope(ctx.principal!),
        call.query.size === 'img320x461' ? 'img320x461' : 'default',
      );
      return { file: { contentType: 'image/jpeg', cacheControl: 'private, max-age=86400', body } };
    },
  },
];
