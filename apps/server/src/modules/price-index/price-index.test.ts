// The price index through the API as clients call it: the thresholds at their edges in kopecks (1 %, 20 %),
// unique products, settings, the seller's prices and disputes through the marketplace's review to their outcome,
// the competitor prices file's rules, the export, the simulation of price changes (index, critical threshold,
// quarantine, promotions, recommendation threshold), and tenant isolation of every method and file.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { piValueOf, priceIndexOf, recommendedPriceOf } from '@moda/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { issueServiceCredential } from '../../auth/service-credentials';

let t: TestApp;
let fbs: string; // 10002
let multi: string; // 10004 and 10005
let platform: string;
let ids: string[]; // products of 10002 with no competitor, set up per test
let skus: string[];
let foreign: string; // a product of 10005

const P = 10002;
const rpc = (method: string, params: Record<string, unknown>, token = fbs) =>
  t.rpc(`v1.matching-manager.${method}`, { partnerId: P, ...params }, token);
const plat = (method: string, params: Record<string, unknown>) =>
  t.rpc(`v1.platform.matching-manager.${method}`, params, platform);
const setPrice = (id: string, price: number, salePrice: number | null = null) =>
  t.sql(`update products set price = $3, sale_price = $4 where partner_id = $1 and id = $2`, [
    P,
    id,
    price,
    salePrice,
  ]);
const offer = (id: string, price: number, competitor = 'Стиль Маркет') =>
  plat('offers.post', {
    partnerId: P,
    items: [{ productId: id, competitor, url: `https://shop.example/${id}`, price }],
  });
async function rowOf(id: string) {
  const sku = skus[ids.indexOf(id)]!;
  const r = await rpc('price-index.list', { search: sku });
  expect(r.error).toBeUndefined();
  return (r.result.items as { id: string }[]).find((x) => x.id === id) as Record<string, any>;
}

beforeAll(async () => {
  t = await createTestApp({ workers: true });
  fbs = (await t.login('fbs')).accessToken;
  multi = (await t.login('multi')).accessToken;
  platform = (await issueServiceCredential(t.runtime.db, 'Matching')).token;
  await t.sql(`delete from competitor_claims where partner_id = $1`, [P]);
  const rows = await t.sql<{ id: string; seller_sku: string }>(
    `select id::text, seller_sku from products where partner_id = $1 and not archived order by id limit 12`,
    [P],
  );
  ids = rows.map((r) => r.id);
  skus = rows.map((r) => r.seller_sku);
  await t.sql(`delete from competitor_offers where partner_id = $1 and product_id = any($2::bigint[])`, [
    P,
    ids,
  ]);
  await t.sql(`delete from price_index_products where partner_id = $1 and product_id = any($2::bigint[])`, [
    P,
    ids,
  ]);
  for (const id of ids) await setPrice(id, 1000);
  foreign = (
    await t.sql<{ id: string }>(`select id::text from products where partner_id = 10005 limit 1`)
  )[0]!.id;
});
afterAll(() => t.close());

describe('the index, exactly at its edges', () => {
  it('in the contract: 1 % and 20 % above the minimum, in kopecks', () => {
    expect(priceIndexOf(1010, 1000)).toBe('OPTIMAL');
    expect(priceIndexOf(1010.01, 1000)).toBe('AVERAGE');
    expect(priceIndexOf(1200, 1000)).toBe('AVERAGE');
    expect(priceIndexOf(1200.01, 1000)).toBe('OVERPRICED');
    expect(priceIndexOf(900, 1000)).toBe('OPTIMAL');
    expect(priceIndexOf(1000, null)).toBe('UNCOUNTED');
    // 0.999 % above (333.33 → 336.66) is advantageous; 1.00001 % (999.99 → 1009.99) is not.
    expect(piValueOf(336.66, 333.33)).toBe(1);
    expect(piValueOf(1009.99, 999.99)).toBe(1.01);
    expect(recommendedPriceOf(1000)).toBe(1010);
    expect(recommendedPriceOf(999.99)).toBe(1000);
    expect(recommendedPriceOf(50)).toBe(100);
  });

  it('in the list and the database: the same values at the same edges', async () => {
    const id = ids[0]!;
    expect((await offer(id, 1000)).error).toBeUndefined();
    const cases: [number, string, number][] = [
      [1010, 'OPTIMAL', 1],
      [1010.01, 'AVERAGE', 1.01],
      [1200, 'AVERAGE', 20],
      [1200.01, 'OVERPRICED', 20.01],
      [990, 'OPTIMAL', -1],
    ];
    for (const [price, index, pi] of cases) {
      await setPrice(id, price);
      const row = await rowOf(id);
      expect([price, row.index, row.piValue]).toEqual([price, index, pi]);
    }
    await offer(id, 999.99);
    await setPrice(id, 1009.99);
    expect((await rowOf(id)).index).toBe('AVERAGE');
    await offer(id, 333.33);
    await setPrice(id, 336.66);
    expect((await rowOf(id)).index).toBe('OPTIMAL');
  });

  it('the marketplace price is the sale price when there is one; a unique product is UNCOUNTED', async () => {
    const id = ids[1]!;
    await offer(id, 1000);
    await setPrice(id, 2000, 1010);
    const row = await rowOf(id);
    expect(row).toMatchObject({ marketPrice: 1010, index: 'OPTIMAL', recommendedPrice: 1010 });
    expect(row.competitorUrl).toBe(`https://shop.example/${id}`);
    const unique = await rowOf(ids[2]!);
    expect(unique).toMatchObject({
      index: 'UNCOUNTED',
      minCompetitorPrice: null,
      recommendedPrice: null,
      piValue: null,
    });
  });

  it('filters by index value and totals per value agree with the list', async () => {
    const totals = (await rpc('price-index.total', {})).result;
    expect(totals.OPTIMAL + totals.AVERAGE + totals.OVERPRICED + totals.UNCOUNTED).toBe(totals.total);
    // The counts the triggers keep are what counting the rows gives (after every price and offer change above).
    const counted = await t.sql<{ level: string; n: number }>(
      `select price_index_level(pi_value) as level, count(*)::int as n from products
        where partner_id = $1 and not archived group by 1`,
      [P],
    );
    for (const c of counted) expect([c.level, totals[c.level]]).toEqual([c.level, c.n]);
    const brand = (
      await t.sql<{ brand: string }>(`select brand from products where partner_id = $1 limit 1`, [P])
    )[0]!.brand;
    const byBrand = (await rpc('price-index.total', { brand })).result;
    const listed = (await rpc('price-index.list', { brand, index: 'AVERAGE' })).result.total;
    expect(byBrand.AVERAGE).toBe(listed);
    for (const index of ['OPTIMAL', 'AVERAGE', 'OVERPRICED', 'UNCOUNTED']) {
      const r = await rpc('price-index.list', { index, pageSize: 100 });
      expect(r.result.total).toBe(totals[index]);
      expect((r.result.items as { index: string }[]).every((x) => x.index === index)).toBe(true);
    }
    const sorted = (await rpc('price-index.list', { sort: '-pi_value', pageSize: 50 })).result.items as {
      piValue: number | null;
    }[];
    const values = sorted.map((x) => x.piValue).filter((v): v is number => v !== null);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect((await rpc('price-index.list', { index: 'BEST' })).error?.code).toBe(-32602);
  });

  it('only the competitors and countries the marketplace counts', async () => {
    const id = ids[3]!;
    await offer(id, 500, 'ГардеробРу');
    await offer(id, 800, 'Стиль Маркет');
    expect((await rowOf(id)).minCompetitorPrice).toBe(500);
    const s = await plat('settings.set', {
      partnerId: P,
      competitors: ['Стиль Маркет', 'Модный Базар', 'ОдеждаОнлайн'],
      countries: ['RU'],
    });
    expect(s.result.competitors).not.toContain('ГардеробРу');
    expect((await rowOf(id)).minCompetitorPrice).toBe(800);
    expect((await rpc('settings.get', {})).result).toMatchObject({ optimalPercent: 1, averagePercent: 20 });
    // A seller cannot set them.
    expect(
      (
        await t.rpc(
          'v1.platform.matching-manager.settings.set',
          { partnerId: P, competitors: ['x'], countries: ['RU'] },
          fbs,
        )
      ).error?.code,
    ).toBe(50403);
  });
});

describe('claims: a seller’s price and a dispute, through the review to their outcome', () => {
  it('a dispute excludes the offer once accepted; the index follows', async () => {
    const id = ids[4]!;
    await setPrice(id, 1300);
    await offer(id, 1000, 'Стиль Маркет');
    await offer(id, 1250, 'Модный Базар');
    const before = await rowOf(id);
    expect(before).toMatchObject({ index: 'OVERPRICED', minCompetitorPrice: 1000 });
    const d = await rpc('rfc.competitor-price.dispute', {
      competitorOfferId: before.competitorOfferId,
      reason: 'WRONG_PRODUCT',
      comment: 'Другая модель',
    });
    expect(d.result).toMatchObject({ kind: 'dispute', status: 'review', reason: 'WRONG_PRODUCT' });
    expect((await rowOf(id)).openClaim).toEqual({ id: d.result.id, kind: 'dispute' });
    // One claim of a product under review at a time.
    const again = await rpc('rfc.competitor-price.dispute', {
      competitorOfferId: before.competitorOfferId,
      reason: 'OUT_OF_STOCK',
    });
    expect(again.error?.data?.errors?.[0]).toMatchObject({ field: 'competitorOfferId' });
    // Only the marketplace decides.
    const bySeller = await t.rpc(
      'v1.platform.matching-manager.rfc.decide',
      { competitorClaimId: d.result.id, decision: 'accept' },
      fbs,
    );
    expect(bySeller.error?.code).toBe(50403);
    const queue = (await plat('rfc.list', {})).result.items as { id: string; partnerId: number }[];
    expect(queue.find((c) => c.id === d.result.id)?.partnerId).toBe(P);
    const ok = await plat('rfc.decide', {
      competitorClaimId: d.result.id,
      decision: 'accept',
      answer: 'Верно',
    });
    expect(ok.result).toMatchObject({ status: 'accepted', answer: 'Верно' });
    expect(await rowOf(id)).toMatchObject({ minCompetitorPrice: 1250, index: 'AVERAGE', openClaim: null });
    const twice = await plat('rfc.decide', { competitorClaimId: d.result.id, decision: 'reject' });
    expect(twice.error?.data?.reason).toBe('priceIndex.claimDecided');
  });

  it('a rejected dispute leaves the index as it was', async () => {
    const id = ids[4]!;
    const row = await rowOf(id);
    const d = await rpc('rfc.competitor-price.dispute', {
      competitorOfferId: row.competitorOfferId,
      reason: 'WRONG_PRICE',
    });
    await plat('rfc.decide', { competitorClaimId: d.result.id, decision: 'reject' });
    expect(await rowOf(id)).toMatchObject({ minCompetitorPrice: 1250, openClaim: null });
    const list = await rpc('rfc.list', { productId: id });
    expect((list.result.items as { status: string }[]).map((c) => c.status)).toEqual([
      'rejected',
      'accepted',
    ]);
  });

  it('a seller’s competitor price: each rule on its field, then counted once accepted', async () => {
    const id = ids[5]!;
    await setPrice(id, 1300);
    const base = {
      productId: id,
      competitor: 'Модный Базар',
      url: 'https://modbazar.example/1',
      price: 1200,
    };
    const bad = async (over: Record<string, unknown>, field: string) => {
      const r = await rpc('rfc.competitor-price.create', { ...base, ...over });
      expect(r.error?.data?.errors?.[0]?.field, JSON.stringify(r.error)).toBe(field);
      expect(r.error?.data?.errors?.[0]?.message).toMatch(/[а-я]/);
    };
    await bad({ url: 'modbazar.example/1' }, 'url');
    await bad({ price: 0 }, 'price');
    await bad({ price: 10.005 }, 'price');
    await bad({ competitor: 'ГардеробРу' }, 'competitor');
    await bad({ productId: foreign }, 'productId');
    await bad({ fileId: '00000000-0000-4000-8000-000000000000' }, 'fileId');
    expect((await t.sql(`select 1 from competitor_claims where product_id = $1`, [id])).length).toBe(0);
    const c = await rpc('rfc.competitor-price.create', base);
    expect(c.result).toMatchObject({ kind: 'add', status: 'review', price: 1200 });
    expect((await rowOf(id)).index).toBe('UNCOUNTED');
    await plat('rfc.decide', { competitorClaimId: c.result.id, decision: 'accept' });
    expect(await rowOf(id)).toMatchObject({
      minCompetitorPrice: 1200,
      index: 'AVERAGE',
      recommendedPrice: 1210,
    });
  });
});

describe('a screenshot with a seller’s price', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const B = '----pi-shot';
  const uploadShot = async (token: string, partnerId: number) => {
    const head = Buffer.from(
      `--${B}\r\nContent-Disposition: form-data; name="type"\r\n\r\ncompetitor_screenshot\r\n` +
        `--${B}\r\nContent-Disposition: form-data; name="partner_code"\r\n\r\n${partnerId}\r\n` +
        `--${B}\r\nContent-Disposition: form-data; name="file"; filename="shot.png"\r\n` +
        `Content-Type: image/png\r\n\r\n`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/api/v1/files',
      headers: { 'content-type': `multipart/form-data; boundary=${B}`, authorization: `Bearer ${token}` },
      payload: Buffer.concat([head, PNG, Buffer.from(`\r\n--${B}--\r\n`)]),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<{ id: string }>().id;
  };

  it('the partner’s own screenshot is named in the claim; another partner’s is not found', async () => {
    const theirs = await uploadShot(multi, 10005);
    const base = {
      productId: ids[9]!,
      competitor: 'Стиль Маркет',
      url: 'https://stylemarket.example/9',
      price: 900,
    };
    const refused = await rpc('rfc.competitor-price.create', { ...base, fileId: theirs });
    expect(refused.error?.data?.errors?.[0]?.field).toBe('fileId');
    const mine = await uploadShot(fbs, P);
    const ok = await rpc('rfc.competitor-price.create', { ...base, fileId: mine });
    expect(ok.result).toMatchObject({ kind: 'add', status: 'review', hasScreenshot: true });
  });
});

describe('the competitor prices file', () => {
  const BOUNDARY = '----pi-boundary';
  async function sheet(
    rows: (string | number | null)[][],
    header = ['Артикул продавца', 'Конкурент', 'Ссылка на товар конкурента', 'Цена конкурента, ₽'],
  ) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Цены');
    ws.addRow(header);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  async function checked(content: Buffer, token = fbs, partnerId = P) {
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\ncompetitor_prices\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="partner_code"\r\n\r\n${partnerId}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="prices.xlsx"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/api/v1/files',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        authorization: `Bearer ${token}`,
      },
      payload: Buffer.concat([head, content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const fileId = res.json<{ id: string }>().id;
    for (let i = 0; i < 100; i++) {
      const r = await t.rpc('v1.files.get', { partnerId, fileImportId: fileId }, token);
      if (r.result.status === 'ok' || r.result.status === 'fail') return r.result;
      await t.runtime.jobs.drain(['price-index.competitor-file'], 30_000).catch(() => undefined);
    }
    throw new Error('file never checked');
  }
  const errorsOf = async (fileId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/rest/api/v1/files/${fileId}/result/download`,
        headers: { authorization: `Bearer ${fbs}` },
      })
    ).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/)
      .slice(1);

  it('the template holds the columns the check reads', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/matching-manager/rfc/competitor-price-create/template?partnerId=${P}`,
      headers: { authorization: `Bearer ${fbs}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(1).values).toEqual([
      undefined,
      'Артикул продавца',
      'Конкурент',
      'Ссылка на товар конкурента',
      'Цена конкурента, ₽',
    ]);
  });

  it('every row is checked; a file with errors saves nothing and says why per row', async () => {
    const file = await checked(
      await sheet([
        [skus[6]!, 'Стиль Маркет', 'https://stylemarket.example/a', 990],
        [skus[6]!, 'Стиль Маркет', 'https://stylemarket.example/a', 990],
        ['NO-SUCH-SKU', 'Стиль Маркет', 'https://stylemarket.example/b', 990],
        [skus[7]!, 'Неизвестный', 'https://x.example/c', 990],
        [skus[8]!, 'Стиль Маркет', 'ftp://x', 'дёшево'],
        [skus[9]!, 'Стиль Маркет', 'https://stylemarket.example/d', 0],
      ]),
    );
    expect(file).toMatchObject({ status: 'fail', result: 'error', errorCount: 6 });
    expect(await errorsOf(file.id)).toEqual(
      [
        '3,Артикул продавца,Товар уже есть в файле выше',
        '4,Артикул продавца,Товар с таким артикулом продавца не найден',
        '5,Конкурент,Этот конкурент не учитывается в индексе цен: выберите одного из указанных в настройках',
        '6,Цена конкурента, ₽,Укажите цену конкурента числом'.replace(
          'Цена конкурента, ₽',
          '"Цена конкурента, ₽"',
        ),
        '6,Ссылка на товар конкурента,Ссылка должна начинаться с http:// или https://',
        '7,"Цена конкурента, ₽",Цена конкурента должна быть больше нуля',
      ].sort((a, b) => Number(a.split(',')[0]) - Number(b.split(',')[0])),
    );
    expect(
      (await t.sql(`select 1 from competitor_claims where partner_id = $1 and product_id = $2`, [P, ids[6]]))
        .length,
    ).toBe(0);
  });

  it('a missing column or an empty file is refused', async () => {
    const noPrice = await checked(
      await sheet(
        [[skus[6]!, 'Стиль Маркет', 'https://a.example/1']],
        ['Артикул продавца', 'Конкурент', 'Ссылка на товар конкурента'],
      ),
    );
    expect(noPrice.errorMessage).toContain('В файле нет обязательного столбца');
    const empty = await checked(await sheet([]));
    expect(empty.errorMessage).toContain('В файле нет ни одной строки с ценой');
  });

  it('a clean file becomes claims under review; another partner’s SKU is not found', async () => {
    const file = await checked(
      await sheet([
        [skus[6]!, 'Стиль Маркет', 'https://stylemarket.example/a', 990],
        [skus[7]!, 'ОдеждаОнлайн', 'https://odezhda-online.example/b', '1 250,50'],
      ]),
    );
    expect(file).toMatchObject({ status: 'ok', result: 'ok', rowsTotal: 2 });
    const claims = await t.sql<{ price: string }>(
      `select price::text as price from competitor_claims c where partner_id = $1 and product_id = any($2::bigint[]) order by c.price`,
      [P, [ids[6], ids[7]]],
    );
    expect(claims.map((c) => c.price)).toEqual(['990.00', '1250.50']);
    const foreignSku = (
      await t.sql<{ seller_sku: string }>(
        `select seller_sku from products where partner_id = 10005 and seller_sku <> all($1) limit 1`,
        [skus],
      )
    )[0]!.seller_sku;
    const other = await checked(await sheet([[foreignSku, 'Стиль Маркет', 'https://a.example/1', 990]]));
    expect(await errorsOf(other.id)).toEqual([
      '2,Артикул продавца,Товар с таким артикулом продавца не найден',
    ]);
  });
});

describe('the simulation', () => {
  it('25 % above the minimum is OVERPRICED; at its recommendation threshold it would be OPTIMAL', async () => {
    const id = ids[10]!;
    await offer(id, 1000);
    await setPrice(id, 1250);
    expect((await rowOf(id)).index).toBe('OVERPRICED');
    const r = await rpc('simulate', { items: [{ id, price: 1010 }] });
    expect(r.result.items[0]).toMatchObject({
      currentIndex: 'OVERPRICED',
      newIndex: 'OPTIMAL',
      newPiValue: 1,
      recommendedPrice: 1010,
      gapToRecommended: 0,
      critical: false,
      quarantine: false,
      status: 'applied',
    });
    expect(r.result.counts).toMatchObject({ OPTIMAL: 1, failed: 0 });
    // Nothing saved.
    expect((await rowOf(id)).price).toBe(1250);
  });

  it('the critical threshold, quarantine of a sharp drop, promotions left or blocking, errors', async () => {
    const id = ids[11]!;
    await offer(id, 1000);
    await setPrice(id, 3000);
    await t.sql(`insert into promotion_products values ($1, $2, 'P-1', 'Осенняя распродажа', 'planed')`, [
      P,
      id,
    ]);
    const r = await rpc('simulate', {
      items: [
        { id, price: 2000 },
        { id: ids[10]!, price: 1000 },
        { id: foreign, price: 1000 },
        { id: ids[9]!, price: 1005 },
      ],
    });
    const [drop, plain, missing, bad] = r.result.items;
    expect(drop).toMatchObject({
      critical: true,
      quarantine: false,
      newIndex: 'OVERPRICED',
      gapToRecommended: 990,
    });
    expect(drop.promotions.leaves).toEqual([{ id: 'P-1', name: 'Осенняя распродажа', state: 'planed' }]);
    expect(plain).toMatchObject({ critical: false, newIndex: 'OPTIMAL', gapToRecommended: -10 });
    expect(missing).toMatchObject({ status: 'failed', sellerSku: null });
    expect(missing.errors[0].field).toBe('id');
    expect(bad.errors[0]).toMatchObject({ field: 'price', reason: 'price.multipleOf10' });
    const sharp = await rpc('simulate', { items: [{ id, price: 1000 }] });
    expect(sharp.result.items[0]).toMatchObject({ quarantine: true, status: 'pending', critical: true });
    await t.sql(`update promotion_products set promotion_state = 'active' where product_id = $1`, [id]);
    const blocked = await rpc('simulate', { items: [{ id, price: 2800 }] });
    expect(blocked.result.items[0].promotions.blockedBy).toHaveLength(1);
    expect(blocked.result.items[0].status).toBe('failed');
    await t.sql(`delete from promotion_products where product_id = $1`, [id]);
  });

  it('after saving at the threshold through the price table the list shows OPTIMAL', async () => {
    const id = ids[10]!;
    const saved = await t.rpc(
      'v1.nomenclatures.set-prices',
      { partnerId: P, items: [{ id, price: 1010 }], confirmCritical: true },
      fbs,
    );
    expect(saved.result.items[0].status).toBe('applied');
    expect((await rowOf(id)).index).toBe('OPTIMAL');
  });
});

describe('the export', () => {
  it('export create → PROCESSING → OK, the list’s filter, checked by id', async () => {
    const total = (await rpc('price-index.total', {})).result.OPTIMAL;
    const created = await rpc('export.create', { filter: { index: 'OPTIMAL' } });
    expect(created.result).toMatchObject({ type: 'price_index', status: 'PROCESSING' });
    let rec = created.result;
    // The export's job is queued once the call has committed: poll (draining what is queued) until it ends.
    for (const deadline = Date.now() + 30_000; rec.status === 'PROCESSING' && Date.now() < deadline;) {
      await t.runtime.jobs.drain(['exports.export'], 30_000).catch(() => undefined);
      rec = (await rpc('export.check', { id: created.result.id })).result;
      if (rec.status === 'PROCESSING') await new Promise((r) => setTimeout(r, 100));
    }
    expect(rec).toMatchObject({ status: 'OK', rowCount: total });
    const bad = await rpc('export.create', { filter: { index: 'BEST' } });
    expect(bad.error?.code).toBe(-32602);
  });
});

describe('tenant isolation', () => {
  it('another partner’s offers, claims, exports and products answer as missing ones', async () => {
    const theirs = (
      await t.sql<{ id: string }>(`select id::text from competitor_offers where partner_id = 10005 limit 1`)
    )[0]!.id;
    const asMissing = await rpc('rfc.competitor-price.dispute', {
      competitorOfferId: '999999999',
      reason: 'WRONG_PRICE',
    });
    const asTheirs = await rpc('rfc.competitor-price.dispute', {
      competitorOfferId: theirs,
      reason: 'WRONG_PRICE',
    });
    expect(asTheirs.error).toEqual(asMissing.error);
    const exp = await t.rpc('v1.matching-manager.export.create', { partnerId: 10005, filter: {} }, multi);
    const check = await rpc('export.check', { id: exp.result.id });
    expect(check.error?.data?.reason).toBe('export.notFound');
    const list = await rpc('simulate', { items: [{ id: foreign, price: 1000 }] });
    expect(list.result.items[0].minCompetitorPrice).toBeNull();
    const their = await t.rpc('v1.matching-manager.price-index.list', { partnerId: 10005 }, fbs);
    expect(their.error?.code).toBe(50404);
  });
});
