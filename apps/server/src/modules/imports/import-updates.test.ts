// Excel updates with a preview and a rollback (issue 28): an update file (full_update) fills a preview and
// writes nothing; apply writes exactly what the preview shows (prices through the price rules); drop writes
// nothing; rollback restores each field still holding the applied value, a later change wins and is
// reported; the 7-day limit at its boundary (fixed clock); another partner's preview answers as missing;
// `import.finished` lands in the outbox.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportUpdate, PreviewItem } from '@moda/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { fill, finished, template, upload, validRow } from './test-support';

vi.setConfig({ testTimeout: 90_000 });

const P = 10001;
const DAY = 86_400_000;
let t: TestApp;
let seller: string;
let fbs: string;
/** The fixed clock of the rollback window; the real time when null. */
let frozen: number | null = null;
let updateFile: Buffer;
/** The product file that created the products (written at once, as before). */
let created: string;

beforeAll(async () => {
  t = await createTestApp({ workers: true, now: () => new Date(frozen ?? Date.now()) });
  seller = (await t.login('seller')).accessToken;
  fbs = (await t.login('fbs')).accessToken;
  const rows = [
    validRow('UP-1', '42'),
    validRow('UP-1', '44'),
    validRow('UP-2', '46'),
    validRow('UP-3', '48'),
    validRow('UP-5', '50'),
    validRow('UP-6', '54'),
  ];
  const full = await template(t, seller, { partnerId: P, category: 'clothes', mode: 'full' });
  const rec = await importAndWait(await fill(full, rows));
  expect(rec.status, rec.errorMessage ?? '').toBe('ok');
  created = rec.id;
  // The demo's own clothes lack fields the rules require: archived, they stay out of the update file.
  await t.sql(
    `update products set archived = true where partner_id = $1 and category = 'clothes' and seller_parent_sku not like 'UP-%'`,
    [P],
  );
  // The seller's edits of the full_update template: a title and a price, a colour, a gender and a country, a
  // bad price, a price drop beyond the quarantine's 50 %, a new size (an update changes existing products only).
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(
    (await template(t, seller, { partnerId: P, category: 'clothes', mode: 'full_update' })) as never,
  );
  const ws = wb.getWorksheet('Товары')!;
  const headers = (ws.getRow(2).values as string[]).map((h) => (h ?? '').replace(/\*$/, ''));
  const col = (name: string) => headers.indexOf(name);
  let last = 0;
  ws.eachRow((r, n) => {
    last = n;
    const parent = r.getCell(col('Артикул родителя')).value;
    if (parent === 'UP-1') {
      r.getCell(col('Название')).value = 'Платье «Осень»';
      r.getCell(col('Цена')).value = 5990;
    }
    if (parent === 'UP-2') r.getCell(col('Цвет')).value = 'синий';
    if (parent === 'UP-5') {
      r.getCell(col('Пол')).value = 'мужчины';
      r.getCell(col('Страна производства')).value = 'Китай';
    }
    if (parent === 'UP-3') r.getCell(col('Цена')).value = 'дорого';
    if (parent === 'UP-6') r.getCell(col('Цена')).value = 1990;
  });
  const extra = validRow('UP-4', '52');
  const row = ws.getRow(last + 1);
  for (const [k, v] of Object.entries(extra)) row.getCell(col(k)).value = v;
  row.commit();
  updateFile = Buffer.from(await wb.xlsx.writeBuffer());
});
afterAll(() => t.close());

async function importAndWait(bytes: Buffer) {
  const res = await upload(t, seller, P, 'обновление.xlsx', bytes);
  expect(res.statusCode, res.body).toBe(201);
  return finished(t, seller, P, res.json().id);
}

async function rpc<T>(method: string, params: object, token = seller): Promise<T> {
  const r = await t.rpc(method, { partnerId: P, ...params }, token);
  if (r.error) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
  return r.result as T;
}

async function preview(id: string, kind: 'changed' | 'refused' = 'changed') {
  return rpc<{ update: ImportUpdate; items: PreviewItem[]; total: number }>('v1.imports.preview.get', {
    fileImportId: id,
    kind,
    pageSize: 100,
  });
}

type Stored = {
  seller_sku: string;
  title: string;
  price: string;
  color: string | null;
  gender: string;
  country: string;
};
const stored = async () =>
  t.sql<Stored>(
    `select seller_sku, title, price::text, attributes->>'color_family' as color,
            attributes->>'gender' as gender, attributes->>'country' as country from products
      where partner_id = $1 and seller_parent_sku like 'UP-%' order by seller_sku`,
    [P],
  );

/** Upload the update file and wait for its preview. */
async function previewed() {
  const rec = await importAndWait(updateFile);
  expect(rec, rec.errorMessage ?? '').toMatchObject({ status: 'ok', result: 'ok', errorCount: 2 });
  return rec.id;
}

it('the demo’s seller has an applied update that may still be rolled back and a rolled back one', async () => {
  const { items } = await rpc<{ items: ImportUpdate[] }>('v1.imports.updates.list', { pageSize: 100 });
  const demo = items.filter((u) => u.fileImportId !== created);
  expect(demo.map((u) => [u.state, u.canRollBack])).toEqual([
    ['applied', true],
    ['rolled_back', false],
  ]);
  expect(demo[0]).toMatchObject({ changed: 12, refused: 1 });
  expect(demo[1]!.rollbackReport).toMatchObject({ restoredProducts: 9, skippedFields: 0 });
});

it('a product file’s final state sends import.finished in its transaction', async () => {
  const events = await t.sql<{ type: string; payload: unknown }>(
    `select type, payload from webhook_events where partner_id = $1 and object_id = $2`,
    [P, created],
  );
  expect(events).toEqual([
    {
      type: 'import.finished',
      payload: { taskId: created, type: 'nomenclature_import', status: 'ok', errors: 0 },
    },
  ]);
});

describe('an update file', () => {
  let before: Stored[];
  let first: string;

  it('is previewed, not written: each product’s fields old → new, the refused rows and why, the counts', async () => {
    before = await stored();
    first = await previewed();
    expect(await stored()).toEqual(before);
    const { update, items, total } = await preview(first);
    expect(update).toMatchObject({
      state: 'preview',
      changed: 5,
      unchanged: 0,
      refused: 2,
      canRollBack: false,
    });
    expect(total).toBe(5);
    const bySku = new Map(items.map((i) => [i.sellerSku, i]));
    expect(bySku.get('UP-1-42')!.changes).toEqual([
      { field: 'title', label: 'Название', old: 'Платье «Лето» "Sun" d’Or и l\'été', new: 'Платье «Осень»' },
      { field: 'price', label: 'Цена', old: '4990', new: '5990' },
    ]);
    expect(bySku.get('UP-1-42')!.priceStatus).toBe('applied');
    expect(bySku.get('UP-2-46')!.changes).toEqual([
      { field: 'attributes.color_family', label: 'Цвет', old: 'бежевый', new: 'синий' },
    ]);
    // Dictionary fields read as the card shows them, by name, not by their stored codes.
    expect(bySku.get('UP-5-50')!.changes).toEqual([
      { field: 'attributes.country', label: 'Страна производства', old: 'Россия', new: 'Китай' },
      { field: 'attributes.gender', label: 'Пол', old: 'женщины', new: 'мужчины' },
    ]);
    // The price rules answer ahead: a drop beyond 50 % goes to review.
    expect(bySku.get('UP-6-54')!.priceStatus).toBe('pending');
    const refused = await preview(first, 'refused');
    expect(refused.items.map((i) => i.errors.map((e) => `${e.column}: ${e.message}`))).toEqual([
      ['Цена*: Введите число'],
      [expect.stringMatching(/^Артикул\*: Товара с таким артикулом нет в каталоге/)],
    ]);
  });

  it('another partner’s preview answers as missing', async () => {
    const r = await t.rpc('v1.imports.preview.get', { partnerId: 10002, fileImportId: first }, fbs);
    const missing = await t.rpc(
      'v1.imports.preview.get',
      { partnerId: 10002, fileImportId: '00000000-0000-4000-8000-000000000000' },
      fbs,
    );
    expect(r.error).toEqual(missing.error);
    expect(r.error?.message).toBe('Обновление из файла не найдено');
  });

  it('drop writes nothing and the dropped preview cannot be applied', async () => {
    const dropped = await rpc<ImportUpdate>('v1.imports.preview.drop', { fileImportId: first });
    expect(dropped.state).toBe('dropped');
    expect(await stored()).toEqual(before);
    const again = await t.rpc('v1.imports.preview.apply', { partnerId: P, fileImportId: first }, seller);
    expect(again.error?.message).toBe('Это обновление уже применено или отменено');
  });

  it('is refused when a product changed since its preview', async () => {
    const id = await previewed();
    await t.sql(
      `update products set attributes = attributes || '{"color_family":"красный"}' where partner_id = $1 and seller_sku = 'UP-2-46'`,
      [P],
    );
    const r = await t.rpc('v1.imports.preview.apply', { partnerId: P, fileImportId: id }, seller);
    expect(r.error?.message).toMatch(/^Товары изменились после предпросмотра: 1\./);
    await t.sql(
      `update products set attributes = attributes || '{"color_family":"бежевый"}' where partner_id = $1 and seller_sku = 'UP-2-46'`,
      [P],
    );
    await rpc('v1.imports.preview.drop', { fileImportId: id });
  });

  let applied: string;
  let appliedAt: number;
  it('apply writes exactly what the preview shows, prices through the price rules, and the event', async () => {
    applied = await previewed();
    const { items } = await preview(applied);
    frozen = Date.now();
    appliedAt = frozen;
    const res = await rpc<ImportUpdate>('v1.imports.preview.apply', { fileImportId: applied });
    frozen = null;
    expect(res).toMatchObject({ state: 'applied', pricesPending: 1, pricesRefused: 0, canRollBack: true });
    expect(res.rollbackUntil).toBe(new Date(appliedAt + 7 * DAY).toISOString());
    // Field by field: what the preview showed is what is stored (the held price excepted, as shown; the
    // gender and country by the codes their names stand for).
    const codes: Record<string, string> = { мужчины: 'men', Китай: 'CN' };
    for (const item of items) {
      const [p] = await t.sql<{ v: Record<string, unknown> }>(
        `select jsonb_build_object('title', title, 'price', price, 'attributes', attributes) as v
           from products where partner_id = $1 and id = $2`,
        [P, item.productId],
      );
      for (const c of item.changes) {
        const value =
          c.field === 'price'
            ? p!.v.price
            : c.field.startsWith('attributes.')
              ? (p!.v.attributes as Record<string, unknown>)[c.field.slice(11)]
              : p!.v[c.field];
        if (item.priceStatus === 'pending' && c.field === 'price') expect(Number(value)).toBe(Number(c.old));
        else expect(String(value).replace(/\.00$/, '')).toBe(codes[c.new!] ?? c.new);
      }
    }
    const held = await t.sql<{ status: string; new_price: string }>(
      `select c.status, c.new_price::text from price_changes c join products p on p.id = c.product_id
        where p.partner_id = $1 and p.seller_sku = 'UP-6-54'`,
      [P],
    );
    expect(held).toEqual([{ status: 'pending', new_price: '1990.00' }]);
    const events = await t.sql<{ type: string; payload: unknown }>(
      `select type, payload from webhook_events where partner_id = $1 and object_id = $2`,
      [P, applied],
    );
    expect(events).toEqual([
      {
        type: 'import.finished',
        payload: { taskId: applied, type: 'nomenclature_import', status: 'applied', errors: 2 },
      },
    ]);
    const audit = await t.sql<{ n: number }>(
      `select count(*)::int as n from audit_log where partner_id = $1 and method = 'v1.imports.preview.apply' and object_id = $2`,
      [P, applied],
    );
    expect(audit[0]!.n).toBe(1);
  });

  it('rollback is refused a moment past 7 days, restores exactly at 7 days, and a later change wins', async () => {
    // A later change of one field the update wrote.
    await t.sql(
      `update products set title = 'Изменено позже' where partner_id = $1 and seller_sku = 'UP-1-44'`,
      [P],
    );
    frozen = appliedAt + 7 * DAY + 1;
    const late = await t.rpc('v1.imports.updates.rollback', { partnerId: P, fileImportId: applied }, seller);
    expect(late.error?.message).toBe('Откатить обновление можно в течение 7 дней после применения');
    frozen = appliedAt + 7 * DAY;
    const res = await rpc<ImportUpdate>('v1.imports.updates.rollback', { fileImportId: applied });
    frozen = null;
    expect(res.state).toBe('rolled_back');
    expect(res.rollbackReport!.skipped).toEqual([
      { sellerSku: 'UP-1-44', field: 'title', label: 'Название', reason: 'changedLater' },
      { sellerSku: 'UP-6-54', field: 'price', label: 'Цена', reason: 'priceNotApplied' },
    ]);
    // Restored: UP-1-42 title and price, UP-1-44 price, UP-2-46 colour, UP-5-50 gender and country.
    expect(res.rollbackReport).toMatchObject({ restoredFields: 6, skippedFields: 2 });
    const now = await stored();
    expect(now).toEqual(
      before.map((b) => (b.seller_sku === 'UP-1-44' ? { ...b, title: 'Изменено позже' } : b)),
    );
    const list = await rpc<{ items: ImportUpdate[] }>('v1.imports.updates.list', {
      fileImportIds: [applied],
    });
    expect(list.items.map((u) => [u.state, u.canRollBack])).toEqual([['rolled_back', false]]);
  });
});
