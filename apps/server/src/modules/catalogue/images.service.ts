// Product photos: JPG only, 762×1100 or 1524×2200, at most 5 MB, checked by content; a 320×461 rendition
// made by sharp; order (first = main) and deletion, never of the only photo; batch upload matched to
// products by the file name (seller SKU or barcode, an optional `_2` suffix for the order).
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ERRORS, IMAGE_RULES, type ErrorKey } from '@moda/contracts';
import type { FileStorage } from '../../files/storage';
import { detectFormat } from '../../files/detect';
import type { CallContext } from '../../core/context';
import { requirePartner } from '../../core/context';
import { AppError } from '../../core/errors';
import * as q from './catalogue.queries';
import { loadSharp } from '../../core/lazy-libs';

export interface BatchFileResult {
  fileName: string;
  ok: boolean;
  sellerParentSku?: string;
  imageId?: string;
  error?: { reason: string; message: string };
}

const fail = (fileName: string, key: ErrorKey): BatchFileResult => ({
  fileName,
  ok: false,
  error: { reason: key, message: ERRORS[key].message },
});

function toImage(row: q.ImageRow) {
  return {
    id: row.id,
    kind: row.position === 0 ? ('main' as const) : ('additional' as const),
    position: row.position,
    url: `/rest/api/v1/nomenclatures/images/${row.id}`,
    thumbnailUrl: `/rest/api/v1/nomenclatures/images/${row.id}?size=img320x461`,
    width: row.width,
    height: row.height,
  };
}

/** Why an image is refused, or its size, reading only the header: a decompression bomb is never decoded. */
export async function checkImage(
  bytes: Buffer,
  fileName: string,
): Promise<{ width: number; height: number } | ErrorKey> {
  if (bytes.length > IMAGE_RULES.maxBytes) return 'image.tooLarge';
  if ((await detectFormat(bytes.subarray(0, 64 * 1024), fileName, ['jpg'])) !== 'jpg') return 'image.notJpg';
  try {
    // metadata() reads the header only; the pixel limit guards the decoding done for the rendition.
    const meta = await (await loadSharp())(bytes, { limitInputPixels: false }).metadata();
    if (meta.format !== 'jpeg' || !meta.width || !meta.height) return 'image.notJpg';
    if (!IMAGE_RULES.sizes.some(([w, h]) => w === meta.width && h === meta.height)) return 'image.wrongSize';
    return { width: meta.width, height: meta.height };
  } catch {
    return 'image.unreadable';
  }
}

export class ImagesService {
  constructor(private readonly storage: FileStorage) {}

  async list(ctx: CallContext, sellerParentSku: string) {
    return { items: (await q.imagesOf(ctx.db, requirePartner(ctx), sellerParentSku)).map(toImage) };
  }

  async update(ctx: CallContext, sellerParentSku: string, order: string[]) {
    const partnerId = requirePartner(ctx);
    const current = await q.imagesOf(ctx.db, partnerId, sellerParentSku);
    const known = new Set(current.map((i) => i.id));
    if (order.some((id) => !known.has(id))) throw new AppError('image.notFound', { field: 'order' });
    if (current.length > 0 && order.length === 0)
      throw new AppError('image.lastCannotBeDeleted', { field: 'order' });
    const removed = current.filter((i) => !order.includes(i.id));
    await q.deleteImages(
      ctx.db,
      partnerId,
      removed.map((i) => i.id),
    );
    await q.setImageOrder(ctx.db, partnerId, order);
    ctx.afterCommit(async () => {
      for (const r of removed) {
        await this.storage.delete(r.storageKey);
        await this.storage.delete(r.thumbnailKey);
      }
    });
    ctx.audit.objectId = sellerParentSku;
    return this.list(ctx, sellerParentSku);
  }

  /** One file of a batch: checked, matched to a product by its name, stored with its rendition. */
  async addFromFile(
    ctx: CallContext,
    fileName: string,
    bytes: Buffer,
    matchingType: 'sellerSku' | 'barcode',
  ): Promise<BatchFileResult> {
    const checked = await checkImage(bytes, fileName);
    if (typeof checked === 'string') return fail(fileName, checked);
    const partnerId = requirePartner(ctx);
    const base = fileName.replace(/\.[^.]+$/, '');
    const product =
      (await q.productByName(ctx.db, partnerId, base, matchingType)) ??
      (await q.productByName(ctx.db, partnerId, base.replace(/_\d+$/, ''), matchingType));
    if (!product) return fail(fileName, 'image.noMatch');
    const existing = await q.imagesOf(ctx.db, partnerId, product.sellerParentSku);
    if (existing.length >= IMAGE_RULES.maxPerProduct) return fail(fileName, 'image.tooMany');

    const id = randomUUID();
    const key = `images/${partnerId}/${id}.jpg`;
    const thumbKey = `images/${partnerId}/${id}-320x461.jpg`;
    const thumb = await (
      await loadSharp()
    )(bytes, { limitInputPixels: IMAGE_RULES.maxPixels })
      .resize(320, 461, { fit: 'cover' })
      .jpeg({ quality: 82 })
      .toBuffer();
    await this.storage.put(key, Readable.from([bytes]));
    await this.storage.put(thumbKey, Readable.from([thumb]));
    const row = await q.insertImage(ctx.db, {
      partnerId,
      id,
      sellerParentSku: product.sellerParentSku,
      position: existing.length,
      storageKey: key,
      thumbnailKey: thumbKey,
      width: checked.width,
      height: checked.height,
      size: bytes.length,
    });
    ctx.audit.objectId = row.id;
    return { fileName, ok: true, sellerParentSku: product.sellerParentSku, imageId: row.id };
  }

  async open(ctx: CallContext, id: string, partnerIds: number[] | null, size: 'default' | 'img320x461') {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await q.imageAmong(ctx.db, id, partnerIds) : undefined;
    if (!row) throw new AppError('image.notFound');
    return this.storage.get(size === 'img320x461' ? row.thumbnailKey : row.storageKey);
  }
}
