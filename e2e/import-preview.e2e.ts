// Excel updates with a preview and a rollback (issue 28) against the real server: a product made by a product
// file (through the API, as setup), the seller uploads an update file changing its title on the Excel page,
// opens the preview from the task (old → new, nothing written yet; the partner's other clothes unchanged or
// refused by the rules), applies it, then rolls it back and reads
// the report; the product's title is the new one after apply and the old one after rollback. Screenshots at
// 1440 and 1280 px under e2e/artifacts/import-preview/.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, newPage, openLoggedIn, snap } from './support/browser';
import { rpc } from './support/rpc';

const baseUrl = inject('baseUrl');
const FLOW = 'import-preview';
const SELLER = 'seller@moda.test';
const PARTNER_ID = 10001;
const STAMP = String(Date.now()).slice(-7);
const PARENT = `UPD-${STAMP}`;
const SKU = `${PARENT}-42`;
const OLD_TITLE = 'Платье льняное до обновления';
const NEW_TITLE = 'Платье льняное после обновления';
const FILE_NAME = `Обновление ${STAMP}.xlsx`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh access token of the seller (they live 10 s on the e2e server). */
async function token(): Promise<string> {
  const login = await fetch(`${baseUrl}/jsonrpc/v1/tokens.create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: SELLER, password: DEMO_PASSWORD }),
  });
  return ((await login.json()) as { accessToken: string }).accessToken;
}

async function templateOf(mode: 'full' | 'full_update'): Promise<ExcelJS.Workbook> {
  const res = await fetch(`${baseUrl}/rest/api/moda-seller/nomenclature/template-generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await token()}` },
    body: JSON.stringify({ partnerId: PARTNER_ID, category: 'clothes', mode }),
  });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  return wb;
}

const headersOf = (ws: ExcelJS.Worksheet) =>
  (ws.getRow(2).values as (string | undefined)[]).map((h) => String(h ?? '').replace(/\*$/, ''));

/** EAN-13 with its check digit. */
function ean13(first12: string): string {
  const sum = [...first12].reduce((acc, ch, i) => acc + Number(ch) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

async function productTitle(): Promise<string | undefined> {
  const r = await rpc<{ items: { sellerSku: string; title: string }[] }>(
    baseUrl,
    'v1.nomenclatures.list',
    { partnerId: PARTNER_ID, search: SKU, pageSize: 5 },
    await token(),
  );
  return r.result?.items.find((i) => i.sellerSku === SKU)?.title;
}

/** The product made by a product file through the API: written at once, as before. */
async function createProduct(): Promise<void> {
  const wb = await templateOf('full');
  const ws = wb.getWorksheet('Товары')!;
  const headers = headersOf(ws);
  const values: Record<string, string | number> = {
    'Артикул родителя': PARENT,
    Артикул: SKU,
    'Размерная сетка': 'Российские размеры одежды',
    Размер: '42',
    'Штрихкод (EAN)': ean13(`28${STAMP}000`.slice(0, 12)),
    Название: OLD_TITLE,
    Бренд: 'Nord Wind',
    Пол: 'женщины',
    'Страна производства': 'Россия',
    Категория: 'Одежда',
    Подкатегория: 'Платья',
    Состав: 'лён 70%; хлопок 30%',
    Цена: 4990,
    Цвет: 'бежевый',
    Сезон: 'лето',
    'Код ТН ВЭД': '6204 42 000 0 — платья женские из хлопка',
    Производитель: 'ООО «Северный ветер»',
    'Адрес производителя': 'г. Москва, ул. Тверская, 1',
  };
  const row = ws.getRow(3);
  for (const [k, v] of Object.entries(values)) row.getCell(headers.indexOf(k)).value = v;
  row.commit();
  const form = new FormData();
  form.append('type', 'nomenclature_import');
  form.append('partner_code', String(PARTNER_ID));
  form.append('file', new Blob([Buffer.from(await wb.xlsx.writeBuffer())]), `Товар ${STAMP}.xlsx`);
  const res = await fetch(`${baseUrl}/rest/api/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await token()}` },
    body: form,
  });
  expect(res.status).toBe(201);
  const id = ((await res.json()) as { id: string }).id;
  for (let i = 0; i < 120; i++) {
    const r = await rpc<{ status: string; errorMessage: string | null }>(
      baseUrl,
      'v1.files.get',
      { partnerId: PARTNER_ID, fileImportId: id },
      await token(),
    );
    if (r.result?.status === 'fail') throw new Error(r.result.errorMessage ?? 'import failed');
    if (r.result?.status === 'ok') return;
    await new Promise((res2) => setTimeout(res2, 250));
  }
  throw new Error('the product file was not imported in 30 s');
}

/** The update file: the full_update template as downloaded (the partner's clothes), our product's title changed. */
async function updateFile(): Promise<Buffer> {
  const wb = await templateOf('full_update');
  const ws = wb.getWorksheet('Товары')!;
  const headers = headersOf(ws);
  let found = 0;
  ws.eachRow((r, n) => {
    if (n < 3 || r.getCell(headers.indexOf('Артикул')).value !== SKU) return;
    r.getCell(headers.indexOf('Название')).value = NEW_TITLE;
    r.commit();
    found++;
  });
  expect(found).toBe(1);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('Excel updates', () => {
  it('an update file is previewed, applied and rolled back', async () => {
    await createProduct();
    const bytes = await updateFile();

    const page = await newPage(browser, baseUrl, { width: 1440, height: 900 });
    await openLoggedIn(page, SELLER, '/nomenclatures/add/excel');
    await page.locator('.excel-import input[type="file"]').setInputFiles({
      name: FILE_NAME,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: bytes,
    });
    await page.locator(`[data-file="${FILE_NAME}"]`).waitFor();
    await page.getByRole('button', { name: 'Загрузить', exact: true }).click();
    const task = page.locator(`[data-task="${FILE_NAME}"]`);
    await task
      .getByRole('link', { name: 'Посмотреть изменения' })
      .click({ timeout: 60_000 })
      .catch(async (error: unknown) => {
        await snap(page, FLOW, '99-no-preview');
        throw error;
      });

    // The preview: old → new, nothing written yet.
    await page
      .getByText(NEW_TITLE)
      .waitFor()
      .catch(async (error: unknown) => {
        await snap(page, FLOW, '99-preview-not-shown');
        throw error;
      });
    await page.getByText(OLD_TITLE).waitFor();
    expect(await productTitle()).toBe(OLD_TITLE);
    await snap(page, FLOW, '01-preview-1440');
    await page.setViewportSize({ width: 1280, height: 900 });
    await snap(page, FLOW, '02-preview-1280');

    await page.getByRole('button', { name: 'Применить' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Да' }).click();
    await page.getByRole('button', { name: 'Откатить' }).waitFor({ timeout: 20_000 });
    expect(await productTitle()).toBe(NEW_TITLE);
    await snap(page, FLOW, '03-applied');

    await page.getByRole('button', { name: 'Откатить' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Да' }).click();
    await page.getByText('Отчёт об откате').waitFor({ timeout: 20_000 });
    await page.getByText('Все поля восстановлены').waitFor();
    expect(await productTitle()).toBe(OLD_TITLE);
    await snap(page, FLOW, '04-rolled-back');

    // The list of updates: this one rolled back, its rollback no longer offered.
    await page.getByRole('button', { name: 'Все обновления' }).click();
    const listed = page.locator('tr', { hasText: FILE_NAME });
    await listed.getByText('Откачено').waitFor();
    await snap(page, FLOW, '05-list');
  });
});
