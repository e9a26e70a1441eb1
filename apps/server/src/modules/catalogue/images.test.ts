// Product photos: the content and size rules (a PNG named .jpg, a 6 MB file, a wrong size, a decompression
// bomb), batch matching by file name, the rendition, order and deletion, and another partner's photos.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let seller: string;
let fbs: string;
let sku: { seller_sku: string; seller_parent_sku: string; barcode: string };

const jpg = (width: number, height: number, quality = 80) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 80 } } })
    .jpeg({ quality })
    .toBuffer();

beforeAll(async () => {
  t = await createTestApp();
  seller = (await t.login('seller')).accessToken;
  fbs = (await t.login('fbs')).accessToken;
  sku = (
    await t.sql<typeof sku>(
      `select seller_sku, seller_parent_sku, barcode from products where partner_id = 10001 and seller_sku <> seller_parent_sku order by id limit 1`,
    )
  )[0]!;
});
afterAll(() => t.close());

function batch(
  files: { name: string; content: Buffer }[],
  token = seller,
  fields: Record<string, string> = { partner_code: '10001', matchingType: 'sellerSku' },
) {
  const b = 'imgboundary';
  const parts = [
    ...Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    ...files.flatMap((f) => [
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="images"; filename="${f.name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${b}--\r\n`),
  ];
  return t.app.inject({
    method: 'POST',
    url: '/rest/api/v1/nomenclatures/image-batch',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${b}` },
    payload: Buffer.concat(parts),
  });
}
const images = async () =>
  (
    await t.rpc(
      'v1.nomenclatures.images.list',
      { partnerId: 10001, sellerParentSku: sku.seller_parent_sku },
      seller,
    )
  ).result.items;

describe('batch upload', () => {
  it('answers per file: good photos matched by SKU and barcode, each bad one with its reason', async () => {
    const png = await sharp({ create: { width: 762, height: 1100, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const res = await batch([
      { name: `${sku.seller_sku}.jpg`, content: await jpg(762, 1100) },
      { name: `${sku.seller_parent_sku}_2.jpg`, content: await jpg(1524, 2200) },
      { name: `${sku.seller_sku}_3.jpg`, content: png },
      { name: `${sku.seller_sku}_4.jpg`, content: await jpg(800, 600) },
      { name: `${sku.seller_sku}_5.jpg`, content: await jpg(4000, 4000, 10) },
      {
        name: `${sku.seller_sku}_6.jpg`,
        content: Buffer.concat([await jpg(762, 1100), Buffer.alloc(6 * 1024 * 1024)]),
      },
      { name: 'no-such-sku.jpg', content: await jpg(762, 1100) },
    ]);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as {
      fileName: string;
      ok: boolean;
      error?: { reason: string; message: string };
    }[];
    expect(items.map((i) => [i.ok, i.error?.reason ?? null])).toEqual([
      [true, null],
      [true, null],
      [false, 'image.notJpg'],
      [false, 'image.wrongSize'],
      [false, 'image.wrongSize'],
      [false, 'image.tooLarge'],
      [false, 'image.noMatch'],
    ]);
    expect(items[3]!.error!.message).toBe('Размер фото должен быть 762×1100 или 1524×2200 пикселей');
    const list = await images();
    expect(list.map((i: { kind: string; width: number }) => [i.kind, i.width])).toEqual([
      ['main', 762],
      ['additional', 1524],
    ]);
  });

  it('matches by barcode when asked to', async () => {
    const res = await batch([{ name: `${sku.barcode}.jpg`, content: await jpg(762, 1100) }], seller, {
      partner_code: '10001',
      matchingType: 'barcode',
    });
    expect(res.json().items[0]).toMatchObject({ ok: true, sellerParentSku: sku.seller_parent_sku });
  });

  it('serves the original and the 320×461 rendition', async () => {
    const [first] = await images();
    const thumb = await t.app.inject({
      method: 'GET',
      url: first.thumbnailUrl,
      headers: { authorization: `Bearer ${seller}` },
    });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([320, 461]);
    const other = await t.app.inject({
      method: 'GET',
      url: first.url,
      headers: { authorization: `Bearer ${fbs}` },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('order and deletion', () => {
  it('reorders (the first becomes main) and deletes what is left out, but never the only photo', async () => {
    const before = await images();
    const reversed = before.map((i: { id: string }) => i.id).reverse();
    const res = await t.rpc(
      'v1.nomenclatures.images.update',
      { partnerId: 10001, sellerParentSku: sku.seller_parent_sku, order: reversed },
      seller,
    );
    expect(res.result.items.map((i: { id: string }) => i.id)).toEqual(reversed);
    expect(res.result.items[0].kind).toBe('main');
    const one = await t.rpc(
      'v1.nomenclatures.images.update',
      { partnerId: 10001, sellerParentSku: sku.seller_parent_sku, order: [reversed[0]] },
      seller,
    );
    expect(one.result.items).toHaveLength(1);
    const none = await t.rpc(
      'v1.nomenclatures.images.update',
      { partnerId: 10001, sellerParentSku: sku.seller_parent_sku, order: [] },
      seller,
    );
    expect(none.error).toMatchObject({
      message: 'Нельзя удалить единственное фото товара',
      data: { errors: [{ field: 'order' }] },
    });
    expect(await images()).toHaveLength(1);
  });

  it('another partner cannot upload for this partner', async () => {
    const res = await batch([{ name: `${sku.seller_sku}.jpg`, content: await jpg(762, 1100) }], fbs);
    expect(res.statusCode).toBe(404);
  });
});
