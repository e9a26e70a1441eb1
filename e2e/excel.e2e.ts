// Excel import and export against the real server with demo data: the seller downloads a template,
// fills it (one valid row, one invalid), uploads it, follows the task to its outcome with the error
// file, finds the import in the file manager; then exports the products list and downloads the file
// from the file manager. Screenshots at 1200 and 320 px under e2e/artifacts/excel/.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Download, Page } from 'playwright-core';
import { choose, launchBrowser, newPage, openLoggedIn, PHONE, snap } from './support/browser';

const baseUrl = inject('baseUrl');
const FLOW = 'excel';
const WIDE = { width: 1200, height: 900 };
const STAMP = String(Date.now()).slice(-7);
const PARENT = `XL-${STAMP}`;
const FILE_NAME = `Товары весна ${STAMP}.xlsx`;

/** EAN-13 with its check digit (GS1 weights 1 and 3 from the left). */
function ean13(first12: string): string {
  const sum = [...first12].reduce((acc, ch, i) => acc + Number(ch) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function bytesOf(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The file manager's drawer never reaches beyond the screen (once its resize animation is over). */
async function drawerFits(page: Page) {
  const fits = () =>
    page.evaluate(() => {
      const r = document
        .querySelector('.file-manager-drawer .ant-drawer-content-wrapper')
        ?.getBoundingClientRect();
      return r ? { left: Math.round(r.left), right: Math.round(r.right), screen: window.innerWidth } : null;
    });
  await page
    .waitForFunction(
      () => {
        const r = document
          .querySelector('.file-manager-drawer .ant-drawer-content-wrapper')
          ?.getBoundingClientRect();
        return r && Math.round(r.left) === 0 && Math.round(r.right) === window.innerWidth;
      },
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const box = await fits();
  expect(box).toEqual({ left: 0, right: box?.screen, screen: page.viewportSize()?.width });
}

/** The template's data sheet filled by header names (row 2 holds the headers, data from row 3). */
async function fillTemplate(template: Buffer, rows: Record<string, string | number>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template as never);
  const ws = wb.getWorksheet('Товары');
  if (!ws) throw new Error('no data sheet «Товары» in the template');
  const headers = (ws.getRow(2).values as (string | undefined)[]).map((h) =>
    String(h ?? '').replace(/\*$/, ''),
  );
  rows.forEach((r, i) => {
    const row = ws.getRow(3 + i);
    for (const [k, v] of Object.entries(r)) {
      const col = headers.indexOf(k);
      if (col < 1) throw new Error(`no column ${k} in ${headers.join(' | ')}`);
      row.getCell(col).value = v;
    }
    row.commit();
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const row = (size: string, over: Record<string, string | number> = {}) => ({
  'Артикул родителя': PARENT,
  Артикул: `${PARENT}-${size}`,
  'Размерная сетка': 'Российские размеры одежды',
  Размер: size,
  'Штрихкод (EAN)': ean13(`27${STAMP}${size}`.slice(0, 12).padEnd(12, '0')),
  Название: 'Платье льняное из Excel',
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
  ...over,
});

describe('excel', () => {
  it('downloads a template, uploads it filled, sees the outcome and finds the import in the file manager', async () => {
    const page = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(page, 'seller@moda.test', '/nomenclatures/add/excel');
    await page.getByRole('heading', { name: 'Добавление товаров через Excel' }).waitFor();
    await choose(page, 'Категория', 'Одежда');
    await page.getByRole('radio', { name: /Полный/ }).check();
    await snap(page, FLOW, '01-template');

    const [templateDownload] = await Promise.all([
      page.waitForEvent('download', { timeout: 40_000 }).catch(async (error: unknown) => {
        await snap(page, FLOW, '99-template-failed');
        throw error;
      }),
      page.getByRole('button', { name: /Скачать шаблон/ }).click(),
    ]);
    expect(templateDownload.suggestedFilename()).toMatch(/\.xlsx$/);
    const template = await bytesOf(templateDownload);
    const filled = await fillTemplate(template, [row('42'), row('44', { 'Штрихкод (EAN)': '123' })]);

    // A wrong file is refused in the browser before anything is sent.
    const input = page.locator('.excel-import input[type="file"]');
    await input.setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
      {
        name: FILE_NAME,
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: filled,
      },
    ]);
    await page.locator('[data-file="notes.txt"]', { hasText: 'Нужен файл Excel в формате .xlsx' }).waitFor();
    await snap(page, FLOW, '02-files-checked');
    await page.getByRole('button', { name: 'Загрузить', exact: true }).click();

    const task = page.locator(`[data-task="${FILE_NAME}"]`);
    await task.waitFor();
    await task
      .getByText('Товары не загружены: строк с ошибками — 1')
      .waitFor({ timeout: 60_000 })
      .catch(async (error: unknown) => {
        await snap(page, FLOW, '99-import-not-finished');
        throw error;
      });
    // The failed-file notice: the name (short enough to stay whole) and the error file button.
    const notice = page.locator('.ant-notification-notice', { hasText: FILE_NAME });
    await notice.waitFor();
    await notice.getByRole('button', { name: /Скачать файл ошибок/ }).waitFor();
    await snap(page, FLOW, '03-outcome');

    const [errors] = await Promise.all([
      page.waitForEvent('download'),
      task.getByRole('button', { name: /Скачать файл ошибок/ }).click(),
    ]);
    expect(errors.suggestedFilename()).toBe(`Товары весна ${STAMP}_error.csv`);
    const csv = (await bytesOf(errors)).toString('utf8');
    // The invalid row is the second data row: line 4 of the sheet, its barcode named.
    expect(csv).toMatch(/^\uFEFFСтрока,Столбец,Ошибка\r\n4,"?Штрихкод/);
    expect(csv.trim().split('\r\n')).toHaveLength(2);

    await page.getByRole('button', { name: 'Открыть файлы: выгрузки и загрузки' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('tab', { name: 'Загрузки' }).click();
    const importRow = drawer.locator('tr', { hasText: FILE_NAME });
    await importRow.waitFor();
    await importRow.getByText('Не загружено: ошибки в строках').waitFor();
    await importRow.getByRole('button', { name: `Скачать файл ошибок для ${FILE_NAME}` }).waitFor();
    await snap(page, FLOW, '04-file-manager-imports');
    await page.setViewportSize(PHONE);
    await drawerFits(page);
    await snap(page, FLOW, '05-file-manager-imports-320');
    await drawer.getByRole('button', { name: 'Закрыть файлы' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await snap(page, FLOW, '06-excel-page-320');
    await noOverflow(page);

    // A file is taken whole or not at all: with the bad row removed it loads, and the product appears.
    await page.setViewportSize(WIDE);
    const fixedName = `Товары весна ${STAMP} исправлено.xlsx`;
    // Only the fixed file goes next: the refused notes.txt leaves the list first.
    await page.getByRole('button', { name: 'Очистить список' }).click();
    await input.setInputFiles({
      name: fixedName,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await fillTemplate(template, [row('42')]),
    });
    await page.locator(`[data-file="${fixedName}"]`).waitFor();
    await page.getByRole('button', { name: 'Загрузить', exact: true }).click();
    await page
      .locator(`[data-task="${fixedName}"]`)
      .getByText('Товары загружены: 1')
      .waitFor({ timeout: 60_000 });
    await snap(page, FLOW, '07-outcome-ok');
    await page.goto(`/nomenclatures?search=${PARENT}`);
    await page.getByRole('cell', { name: `${PARENT}-42`, exact: true }).waitFor();
    await page.context().close();
  });

  it('exports the products list and downloads the file from the file manager', async () => {
    const page = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(page, 'seller@moda.test', '/nomenclatures?brand=Nord%20Wind');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: /Выгрузить в Excel/ }).click();
    await page.getByRole('menuitem', { name: 'Товары: цены' }).click();
    const notice = page.locator('.ant-notification-notice', { hasText: 'Выгрузка формируется' });
    await notice.getByText('Файл появится в «Файлах»').waitFor();
    await snap(page, FLOW, '08-export-started');
    await notice.getByRole('button', { name: 'Открыть «Файлы»' }).click();

    const drawer = page.getByRole('dialog');
    await drawer.getByRole('tab', { name: 'Выгрузки', selected: true }).waitFor();
    const exportRow = drawer.locator('tr', { hasText: 'Товары: цены' }).first();
    const download = exportRow.getByRole('button', { name: /Скачать выгрузку/ });
    await download.waitFor({ timeout: 60_000 });
    await exportRow.getByText(/Строк: \d+/).waitFor();
    await snap(page, FLOW, '09-file-manager-exports');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await bytesOf(file)) as never);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBeGreaterThan(1);

    await page.setViewportSize(PHONE);
    await drawerFits(page);
    await snap(page, FLOW, '10-file-manager-exports-320');
    await page.context().close();
  });
});
