// Exports end to end: a request is checked (type, filter, limit) and recorded, the job streams the file
// into storage, the file downloads with its Russian name and opens back with exceljs; formula-looking text
// is neutralised in xlsx and CSV; other partners see nothing; held (QUARANTINE) exports wait for the terms.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_LIMITS, SKU_FIELD, formatMoscowDate } from '@moda/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { writeCsv } from '../../files/csv';
import { overrideExportType } from './exports.registry';
import { groupDigits } from './exports.service';
import { fill, finished, template, upload, validRow } from '../imports/test-support';

let t: TestApp;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ workers: true });
  for (const u of ['seller', 'fbs', 'multi', 'support']) tok[u] = (await t.login(u)).accessToken;
}, 60_000);
afterAll(() => t.close());

const create = (type: string, filter: Record<string, unknown> = {}, who = 'seller', partnerId = 10001) =>
  t.rpc('v1.exports.create', { partnerId, type, filter }, tok[who]);

/** Poll the list until the export leaves PROCESSING. */
async function settled(id: string, partnerId = 10001, who = 'seller') {
  for (let i = 0; i < 120; i++) {
    const r = await t.rpc('v1.exports.list', { partnerId, ids: [id] }, tok[who]);
    const rec = r.result.items[0];
    if (rec.status !== 'PROCESSING') return rec;
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error(`export ${id} did not finish`);
}

const download = (id: string, who = 'seller') =>
  t.app.inject({
    method: 'GET',
    url: `/rest/api/v1/exports/${id}/download`,
    headers: tok[who] ? { authorization: `Bearer ${tok[who]}` } : {},
  });

async function sheetOf(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, ExcelJS.CellValue>[] = [];
  const cells: ExcelJS.Cell[][] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const rec: Record<string, ExcelJS.CellValue> = {};
    const line: ExcelJS.Cell[] = [];
    header.forEach((h, i) => {
      rec[h] = row.getCell(i + 1).value;
      line.push(row.getCell(i + 1));
    });
    rows.push(rec);
    cells.push(line);
  });
  return { name: ws.name, header, rows, cells };
}

describe('create → job → download', () => {
  it('exports the filtered products with full attributes and downloads them under a Russian name', async () => {
    // Without a category: the default layout (one header row, every category's attributes).
    const filter = { tab: 'online', search: 'Платье' };
    const listed = await t.rpc(
      'v1.nomenclatures.list',
      { partnerId: 10001, ...filter, sort: 'sku', pageSize: 100 },
      tok.seller,
    );
    const total: number = listed.result.total;
    expect(total).toBeGreaterThan(0);

    const created = await create('nomenclatures_with_full_attributes', filter);
    expect(created.result).toMatchObject({
      type: 'nomenclatures_with_full_attributes',
      format: 'xlsx',
      status: 'PROCESSING',
      fileName: null,
    });
    const done = await settled(created.result.id);
    const fileName = `Товары_полные_атрибуты_${formatMoscowDate(new Date(done.createdAt))}.xlsx`;
    expect(done).toMatchObject({ status: 'OK', rowCount: total, fileName, errorMessage: null });

    const res = await download(created.result.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(Number(res.headers['content-length'])).toBe(done.size);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(fileName);

    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.rows).toHaveLength(total);
    expect(sheet.header.slice(0, 3)).toEqual(['Артикул Moda', 'Категория товара', 'Бренд']);
    // Every listed product is in the file with its own values.
    const bySku = new Map(sheet.rows.map((r) => [r['Артикул'], r]));
    for (const item of listed.result.items) {
      const row = bySku.get(item.sellerSku)!;
      expect(row).toBeDefined();
      expect(row['Название']).toBe(item.title);
      expect(row['Бренд']).toBe(item.brand);
      expect(row['Категория товара']).toBe('Одежда');
      expect(row['Цена']).toBe(item.price);
    }
  });
});

describe('the list', () => {
  it('is partner-scoped, newest first, filtered by type, status and ids', async () => {
    const a = (await create('nomenclature_sell_values', { tab: 'all', search: 'Платье' })).result;
    const b = (await create('nomenclatures_with_reduced_attributes', { tab: 'inactive' })).result;
    await settled(a.id);
    await settled(b.id);
    const all = (await t.rpc('v1.exports.list', { partnerId: 10001 }, tok.seller)).result;
    expect(all.items[0].id).toBe(b.id);
    expect(all.items[1].id).toBe(a.id);
    const times = all.items.map((i: { createdAt: string }) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const byType = (
      await t.rpc('v1.exports.list', { partnerId: 10001, type: 'nomenclature_sell_values' }, tok.seller)
    ).result;
    expect(byType.items.length).toBeGreaterThan(0);
    expect(byType.items.every((i: { type: string }) => i.type === 'nomenclature_sell_values')).toBe(true);
    expect(byType.total).toBe(byType.items.length);

    const byIds = (await t.rpc('v1.exports.list', { partnerId: 10001, ids: [a.id] }, tok.seller)).result;
    expect(byIds.items.map((i: { id: string }) => i.id)).toEqual([a.id]);
    const none = (await t.rpc('v1.exports.list', { partnerId: 10001, status: 'QUARANTINE' }, tok.seller))
      .result;
    expect(none).toEqual({ items: [], total: 0 });
    const ok = (await t.rpc('v1.exports.list', { partnerId: 10001, status: 'OK' }, tok.seller)).result;
    expect(ok.items.some((i: { id: string }) => i.id === b.id)).toBe(true);

    // Another partner's list does not hold them; another partner's id is not found.
    const theirs = (await t.rpc('v1.exports.list', { partnerId: 10002 }, tok.fbs)).result;
    expect(theirs.items.some((i: { id: string }) => i.id === a.id)).toBe(false);
    const foreign = await t.rpc('v1.exports.list', { partnerId: 10001 }, tok.fbs);
    expect(foreign.error?.data?.reason).toBe('partner.notFound');
  });
});

describe('downloads', () => {
  it('another partner’s export is not found; one not ready says so; a bad id is not found', async () => {
    const mine = (await create('nomenclatures_with_reduced_attributes', { tab: 'archive' })).result;
    await settled(mine.id);
    const foreign = await download(mine.id, 'fbs');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toMatchObject({
      message: 'Выгрузка не найдена',
      data: { reason: 'export.notFound' },
    });
    // Staff acting for any partner may download it.
    expect((await download(mine.id, 'support')).statusCode).toBe(200);
    expect((await download(mine.id, 'nobody')).statusCode).toBe(401);
    expect((await download('not-a-uuid')).statusCode).toBe(404);
    expect((await download('6c1f8f5e-8f7a-4d3e-9b1a-000000000000')).statusCode).toBe(404);

    const [pending] = await t.sql<{ id: string }>(
      `insert into exports (partner_id, type, format, status) values (10001, 'nomenclature_sell_values', 'xlsx', 'PROCESSING') returning id`,
    );
    const notReady = await download(pending!.id);
    expect(notReady.statusCode).toBe(400);
    expect(notReady.json().error).toMatchObject({
      message: 'Файл выгрузки ещё формируется. Попробуйте через минуту',
      data: { reason: 'export.notReady' },
    });
  });
});

describe('formula-looking text is neutralised', () => {
  const nasty = ['=1+1', '+79001234567', '-5', '@cmd', '\tTAB', '\rCR', '=HYPERLINK("http://x")'];

  it('in the xlsx file: the cells are text with a leading quote, never formulas', async () => {
    const ids = await t.sql<{ id: string }>(
      `select id::text from products where partner_id = 10001 and not archived order by id limit ${nasty.length}`,
    );
    for (const [i, { id }] of ids.entries())
      await t.sql(`update products set title = $1, brand = $2 where partner_id = 10001 and id = $3`, [
        nasty[i],
        nasty[i],
        id,
      ]);
    const created = await create('nomenclatures_with_reduced_attributes', { tab: 'all' });
    expect((await settled(created.result.id)).status).toBe('OK');
    const sheet = await sheetOf((await download(created.result.id)).rawPayload);
    // XML keeps a carriage return as a line feed.
    const lf = (v: unknown) => String(v).replace(/\r\n?/g, '\n');
    const titles = new Map(sheet.rows.map((r) => [lf(r['Название']), r]));
    for (const text of nasty) {
      const row = titles.get(lf(`'${text}`));
      expect(row, text).toBeDefined();
      expect(lf(row!['Бренд'])).toBe(lf(`'${text}`));
    }
    // No cell of the file is a formula.
    for (const line of sheet.cells) for (const c of line) expect(c.type).not.toBe(ExcelJS.ValueType.Formula);
  });

  it('in CSV: byte-order mark, commas, RFC 4180 quoting, the same guard', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    async function* rows() {
      for (const text of nasty) yield { name: text, n: -5, when: new Date('2026-11-21T22:30:00Z'), ok: true };
      yield { name: 'a, "b"\nc', n: 1.5, when: null, ok: false };
    }
    const count = await writeCsv(
      out,
      [
        { key: 'name', header: 'Название' },
        { key: 'n', header: 'Число' },
        { key: 'when', header: 'Дата' },
        { key: 'ok', header: 'Да/нет' },
      ],
      rows(),
    );
    expect(count).toBe(nasty.length + 1);
    const bytes = Buffer.concat(chunks);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Название,Число,Дата,Да/нет');
    // Numbers stay numbers (a negative number is not text); the date is 22.11.26 in Moscow.
    expect(lines[1]).toBe("'=1+1,-5,22.11.26,да");
    expect(lines[2]).toBe("'+79001234567,-5,22.11.26,да");
    expect(lines[3]).toBe("'-5,-5,22.11.26,да");
    expect(lines[4]).toBe("'@cmd,-5,22.11.26,да");
    expect(lines[5]).toBe("'\tTAB,-5,22.11.26,да");
    // A carriage return inside a field makes it quoted.
    expect(lines[6]).toBe(`"'\rCR",-5,22.11.26,да`);
    expect(lines[7]).toBe(`"'=HYPERLINK(""http://x"")",-5,22.11.26,да`);
    expect(text.endsWith('"a, ""b""\nc",1.5,,нет\r\n')).toBe(true);
  });
});

describe('checks of a request', () => {
  it('validates the filter with the type’s schema, with Russian messages on filter fields', async () => {
    const r = await create('nomenclatures_with_full_attributes', {
      tab: 'nope',
      category: 'cars',
      brand: 'x'.repeat(101),
      extra: 1,
    });
    expect(r.error?.data?.reason).toBe('rpc.invalidParams');
    const errors = new Map(
      (r.error?.data?.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
    );
    expect(errors.get('filter.tab')).toBe('Недопустимое значение');
    expect(errors.get('filter.category')).toBe('Недопустимое значение');
    expect(errors.get('filter.brand')).toBe('Не более 100 символов');
    expect(errors.get('filter.extra')).toBe('Неизвестное поле');
    expect(
      (await t.sql(`select 1 from exports where partner_id = 10001 and params->>'tab' = 'nope'`)).length,
    ).toBe(0);
  });

  it('answers a type nobody registered with a clear Russian error', async () => {
    const r = await create('product_gtin_create');
    expect(r.error).toMatchObject({
      message: 'Этот вид выгрузки пока недоступен',
      data: {
        reason: 'export.unknownType',
        errors: [{ field: 'type', message: 'Этот вид выгрузки пока недоступен' }],
      },
    });
  });

  it('refuses more rows than the limit, naming the limit (an injected small limit)', async () => {
    const [counted] = await t.sql<{ n: number }>(
      `select count(*)::int as n from products where partner_id = 10001 and not archived`,
    );
    const n = counted!.n;
    const undo = overrideExportType('nomenclature_sell_values', { limit: 3 });
    try {
      const r = await create('nomenclature_sell_values', { tab: 'all' });
      expect(r.error).toMatchObject({
        message: `В выгрузке товаров не больше 3 строк, под фильтры попадает ${groupDigits(n)}. Уточните фильтры`,
        data: { reason: 'export.tooManyRows', limit: 3, count: n },
      });
      expect(r.error?.data?.errors).toEqual([{ field: 'filter', message: r.error?.message }]);
      // Narrow enough, the same export goes through.
      const few = await t.sql<{ id: string; seller_sku: string }>(
        `select id::text, seller_sku from products where partner_id = 10001 and not archived order by id limit 1`,
      );
      const ok = await create('nomenclature_sell_values', { tab: 'all', search: few[0]!.seller_sku });
      expect(ok.result?.status).toBe('PROCESSING');
      expect((await settled(ok.result.id)).status).toBe('OK');
    } finally {
      undo();
    }
  });

  it('holds the real spec limits: products 100 000, named in the refusal', async () => {
    expect(EXPORT_LIMITS.nomenclatures_with_full_attributes).toBe(100_000);
    for (const type of [
      'nomenclatures_with_full_attributes',
      'nomenclatures_with_reduced_attributes',
      'nomenclature_sell_values',
    ] as const) {
      // The catalogue reports one product more than the limit.
      const undo = overrideExportType(type, { count: async () => 100_001 });
      try {
        const r = await create(type, { tab: 'all' });
        expect(r.error?.message).toBe(
          'В выгрузке товаров не больше 100 000 строк, под фильтры попадает 100 001. Уточните фильтры',
        );
        expect(r.error?.data).toMatchObject({ limit: 100_000, count: 100_001 });
      } finally {
        undo();
      }
      const atLimit = overrideExportType(type, { count: async () => 100_000 });
      try {
        expect((await create(type, { tab: 'archive' })).result?.status).toBe('PROCESSING');
      } finally {
        atLimit();
      }
    }
  });
});

describe('outcomes of the job', () => {
  it('a failing row source ends in ERROR with a Russian message, and no file', async () => {
    const undo = overrideExportType('nomenclature_sell_values', {
      rows: async function* () {
        throw new Error('disk on fire');
      },
    });
    try {
      const created = await create('nomenclature_sell_values', { tab: 'archive' });
      const done = await settled(created.result.id);
      expect(done).toMatchObject({
        status: 'ERROR',
        errorMessage: 'Не удалось сформировать файл выгрузки. Создайте выгрузку заново',
        fileName: null,
        size: null,
      });
      const res = await download(created.result.id);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.data.reason).toBe('export.failed');
    } finally {
      undo();
    }
  });

  it('a catalogue grown past the limit by the time the job runs ends in ERROR naming the limit', async () => {
    let calls = 0;
    const undo = overrideExportType('nomenclatures_with_reduced_attributes', {
      count: async () => (++calls === 1 ? 10 : 100_001),
    });
    try {
      const created = await create('nomenclatures_with_reduced_attributes', { tab: 'archive' });
      const done = await settled(created.result.id);
      expect(done.status).toBe('ERROR');
      expect(done.errorMessage).toBe(
        'В выгрузке товаров не больше 100 000 строк, под фильтры попадает 100 001. Уточните фильтры',
      );
    } finally {
      undo();
    }
  });

  it('QUARANTINE: a read-only cabinet’s export is held, then produced once the terms are signed', async () => {
    // 10004 has never signed its terms: its cabinet is read-only.
    const held = await create('nomenclatures_with_full_attributes', { tab: 'all' }, 'multi', 10004);
    expect(held.result.status).toBe('QUARANTINE');
    // Every queued job has run: a held export had none queued.
    await t.runtime.jobs.drain();
    const still = await t.rpc('v1.exports.list', { partnerId: 10004, ids: [held.result.id] }, tok.multi);
    expect(still.result.items[0].status).toBe('QUARANTINE');
    const res = await download(held.result.id, 'multi');
    expect(res.json().error).toMatchObject({
      message: 'Выгрузка будет сформирована после подписания условий сотрудничества',
      data: { reason: 'export.quarantined' },
    });

    // Staff acting for the partner are not held.
    const staff = await create('nomenclature_sell_values', { tab: 'all' }, 'support', 10004);
    expect(staff.result.status).toBe('PROCESSING');

    const offers = await t.rpc('v1.offers.list', { partnerId: 10004 }, tok.multi);
    const newest = offers.result.items.find((o: { approvedAt: string | null }) => !o.approvedAt);
    const signed = await t.rpc(
      'v1.offers.approve',
      { partnerId: 10004, newestOfferId: newest.id },
      tok.multi,
    );
    expect(signed.error).toBeUndefined();
    // The file manager's next poll releases it.
    const done = await settled(held.result.id, 10004, 'multi');
    expect(done.status).toBe('OK');
    expect((await download(held.result.id, 'multi')).statusCode).toBe(200);
  });
});

describe('sell values', () => {
  it('one row per product and country: price, sale price, discount, period', async () => {
    const [p] = await t.sql<{ id: string; seller_sku: string }>(
      `select id::text, seller_sku from products where partner_id = 10001 and not archived and title not like '%=%' order by id desc limit 1`,
    );
    await t.sql(
      `insert into product_prices (partner_id, product_id, country, price, sale_price, sale_start, sale_end)
       values (10001, $1, 'RU', 2000, 1500, '2026-12-01', '2026-12-10'), (10001, $1, 'BY', 2500, null, null, null)
       on conflict (partner_id, product_id, country) do update set price = excluded.price, sale_price = excluded.sale_price,
         sale_start = excluded.sale_start, sale_end = excluded.sale_end`,
      [p!.id],
    );
    const created = await create('nomenclature_sell_values', { tab: 'all', search: p!.seller_sku });
    const done = await settled(created.result.id);
    expect(done).toMatchObject({ status: 'OK', rowCount: 2 });
    expect(done.fileName).toMatch(/^Цены_товаров_\d\d\.\d\d\.\d\d\.xlsx$/);
    const sheet = await sheetOf((await download(created.result.id)).rawPayload);
    expect(sheet.header).toEqual([
      'Артикул Moda',
      'Артикул',
      'Штрихкод (EAN)',
      'Название',
      'Бренд',
      'Страна',
      'Цена',
      'Цена со скидкой',
      'Скидка, %',
      'Начало скидки',
      'Окончание скидки',
    ]);
    const [by, ru] = sheet.rows;
    expect(ru).toMatchObject({
      Артикул: p!.seller_sku,
      Страна: 'RU',
      Цена: 2000,
      'Цена со скидкой': 1500,
      'Скидка, %': 25,
    });
    expect(ru!['Начало скидки']).toEqual(new Date('2026-12-01T00:00:00Z'));
    expect(ru!['Окончание скидки']).toEqual(new Date('2026-12-10T00:00:00Z'));
    expect(by).toMatchObject({ Страна: 'BY', Цена: 2500, 'Цена со скидкой': null, 'Скидка, %': null });
  });
});

describe('re-import', () => {
  it('with a category, full and reduced exports are that category’s import template, and upload back as updates', async () => {
    // Two complete cards made through the import itself (the demo products carry no attributes).
    const made = await fill(
      await template(t, tok.seller!, { partnerId: 10001, category: 'clothes', mode: 'full' }),
      [validRow('EXP-RT', '42'), validRow('EXP-RT', '44', { Название: 'Платье «Лето» "Sun" d’Or и l\'été' })],
    );
    const first = await upload(t, tok.seller!, 10001, 'карточки.xlsx', made);
    expect(first.statusCode, first.body).toBe(201);
    expect((await finished(t, tok.seller!, 10001, first.json().id)).status).toBe('ok');

    for (const [type, mode] of [
      ['nomenclatures_with_full_attributes', 'full'],
      ['nomenclatures_with_reduced_attributes', 'reduced'],
    ] as const) {
      const created = await create(type, { tab: 'all', category: 'clothes', search: 'EXP-RT' });
      const done = await settled(created.result.id);
      expect(done).toMatchObject({ status: 'OK', rowCount: 2 });
      const bytes = (await download(created.result.id)).rawPayload;
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(bytes as unknown as ArrayBuffer);
      const ws = wb.getWorksheet('Товары')!;
      expect(ws.getCell('A1').value).toBe(`MODA-TEMPLATE v2 clothes ${mode}`);
      // The same columns as the template of that mode.
      const blank = new ExcelJS.Workbook();
      await blank.xlsx.load(
        (await template(t, tok.seller!, {
          partnerId: 10001,
          category: 'clothes',
          mode,
        })) as unknown as ArrayBuffer,
      );
      expect(ws.getRow(2).values).toEqual(blank.getWorksheet('Товары')!.getRow(2).values);
      const headers = (ws.getRow(2).values as string[]).map((h) => String(h ?? '').replace(/\*$/, ''));
      const cell = (row: number, name: string) => ws.getRow(row).getCell(headers.indexOf(name)).value;
      expect([cell(3, 'Артикул'), cell(4, 'Артикул')]).toEqual(['EXP-RT-42', 'EXP-RT-44']);
      expect(cell(3, 'Пол')).toBe('женщины');
      expect(cell(3, 'Цена')).toBe(4990);

      // Edited and uploaded back, it updates the same products instead of adding new ones.
      const title = `Платье изменено (${mode})`;
      ws.getRow(3).getCell(headers.indexOf('Название')).value = title;
      ws.getRow(4).getCell(headers.indexOf('Название')).value = title;
      const edited = Buffer.from(await wb.xlsx.writeBuffer());
      const res = await upload(t, tok.seller!, 10001, `${done.fileName}`, edited);
      expect(res.statusCode, res.body).toBe(201);
      const outcome = await finished(t, tok.seller!, 10001, res.json().id);
      expect(outcome.status, JSON.stringify(outcome)).toBe('ok');
      const rows = await t.sql<{ title: string }>(
        `select title from products where partner_id = 10001 and seller_parent_sku = 'EXP-RT' order by seller_sku`,
      );
      expect(rows.map((r) => r.title)).toEqual([title, title]);
    }
  }, 60_000);

  it('without a category the file holds every category’s attributes in one sheet, with a category column', async () => {
    const created = await create('nomenclatures_with_reduced_attributes', { tab: 'all', search: 'EXP-RT' });
    expect((await settled(created.result.id)).rowCount).toBe(2);
    const sheet = await sheetOf((await download(created.result.id)).rawPayload);
    expect(sheet.name).toBe('Товары обязательные атрибуты');
    expect(sheet.header).toContain('Категория товара');
    // Required attributes of every category: clothes' colour and food's shelf life alike.
    expect(sheet.header).toEqual(expect.arrayContaining(['Цвет', 'Срок годности, дней', 'Объём, мл']));
    expect(sheet.header).not.toContain('Стиль');
    expect(sheet.rows[0]).toMatchObject({ 'Категория товара': 'Одежда', Пол: 'женщины', Цвет: 'бежевый' });
  });
});

describe('the export holds what the list shows', () => {
  /** Every product the list shows for a filter, page by page: its Moda and seller SKUs. */
  async function listed(filter: Record<string, unknown>) {
    const out: { moda: string; seller: string }[] = [];
    for (let page = 1; ; page++) {
      const r = await t.rpc(
        'v1.nomenclatures.list',
        { partnerId: 10001, ...filter, sort: 'sku', page, pageSize: 100 },
        tok.seller,
      );
      expect(r.error, JSON.stringify(filter)).toBeUndefined();
      for (const item of r.result.items) out.push({ moda: item[SKU_FIELD], seller: item.sellerSku });
      if (page * 100 >= r.result.total) return out;
    }
  }

  it('the same filter gives the same products in the list and in the file, whichever filter it is', async () => {
    // Text that LIKE would read as wildcards, and a barcode: the search must mean the same in both.
    const [a, b, c] = await t.sql<{ id: string; barcode: string }>(
      `select id::text, barcode from products where partner_id = 10001 and not archived and barcode is not null
        order by id limit 3`,
    );
    await t.sql(`update products set title = 'Скидка 50% на платье' where partner_id = 10001 and id = $1`, [
      a!.id,
    ]);
    await t.sql(`update products set title = 'Платье_мини' where partner_id = 10001 and id = $1`, [b!.id]);
    const [some] = await t.sql<{ brand: string }>(
      `select brand from products where partner_id = 10001 group by brand order by count(*) desc limit 1`,
    );

    const filters: Record<string, unknown>[] = [
      { tab: 'all' },
      { tab: 'archive' },
      { tab: 'online', brand: some!.brand },
      { tab: 'inactive', category: 'clothes' },
      { tab: 'all', search: 'платье' },
      { tab: 'all', search: '50%' },
      { tab: 'all', search: 'Платье_' },
      { tab: 'all', search: 'NW' },
      { tab: 'all', search: c!.barcode },
      { tab: 'need_action', brand: some!.brand, search: 'Платье' },
    ];
    const sizes: number[] = [];
    for (const filter of filters) {
      const shown = await listed(filter);
      sizes.push(shown.length);
      const created = await create('nomenclature_sell_values', filter);
      expect((await settled(created.result.id)).status, JSON.stringify(filter)).toBe('OK');
      const sheet = await sheetOf((await download(created.result.id)).rawPayload);
      // A product with prices in several countries has a row per country: compare the products.
      const exported = new Set(sheet.rows.map((r) => r['Артикул Moda'] as string));
      expect([...exported].sort(), JSON.stringify(filter)).toEqual(shown.map((p) => p.moda).sort());
    }
    // The filters tell products apart (an escaped wildcard matches itself only), so the check means something.
    const [all, , , , , percent, underscore, , barcode] = sizes;
    expect(sizes.every((n) => n <= all!)).toBe(true);
    expect(percent).toBe(1);
    expect(underscore).toBe(1);
    expect(barcode).toBe(1);
    expect(new Set(sizes).size).toBeGreaterThan(4);

    // With a category the file is that category's import template: the same products, by seller SKU.
    const filter = { tab: 'all', category: 'clothes', brand: some!.brand };
    const shown = await listed(filter);
    expect(shown.length).toBeGreaterThan(0);
    const created = await create('nomenclatures_with_full_attributes', filter);
    expect((await settled(created.result.id)).status).toBe('OK');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(created.result.id)).rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Товары')!;
    const headers = (ws.getRow(2).values as (string | undefined)[]).map((h) => (h ?? '').replace(/\*$/, ''));
    const column = headers.indexOf('Артикул');
    const skus: string[] = [];
    ws.eachRow((row, n) => {
      if (n >= 3) skus.push(row.getCell(column).text);
    });
    expect(skus.sort()).toEqual(shown.map((p) => p.seller).sort());
  });
});
