// Promotions against the real server: the marketplace (v1.platform.*) announces a promotion and opens its
// registration; the consignment seller joins it by file from the card — the first file has an unknown SKU, so
// it fails with its error file (downloaded and read); the fixed file goes through and the products show in
// the promotion. Screenshots at 1440 and 1280 px under e2e/artifacts/promotions/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { PROMOTION_TEMPLATE_VERSION, moscowDay } from '@moda/contracts';
import { DEMO_PASSWORD, launchBrowser, newPage, openLoggedIn, snap } from './support/browser';
import { E2E_PLATFORM_TOKEN } from './support/platform';
import { rpc } from './support/rpc';

const baseUrl = inject('baseUrl');
const FLOW = 'promotions';
const SELLER = 'seller@moda.test';
const PARTNER_ID = 10001;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function sellerToken(): Promise<string> {
  const login = await fetch(`${baseUrl}/jsonrpc/v1/tokens.create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: SELLER, password: DEMO_PASSWORD }),
  });
  return ((await login.json()) as { accessToken: string }).accessToken;
}
const platform = async <T>(method: string, params: Record<string, unknown>) => {
  const r = await rpc<T>(baseUrl, `v1.platform.promotions.${method}`, params, E2E_PLATFORM_TOKEN);
  expect(r.error, `${method}: ${JSON.stringify(r.error)}`).toBeUndefined();
  return r.result!;
};
async function promotionFile(name: string, skus: string[]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Товары в акции');
  ws.addRow(['Версия шаблона', PROMOTION_TEMPLATE_VERSION, 'Акция', 'e2e']);
  ws.addRow(['Артикул продавца']);
  for (const s of skus) ws.addRow([s]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'promotions-e2e-')), name);
  await wb.xlsx.writeFile(file);
  return file;
}

describe('promotions', () => {
  it('joins a promotion by file: a failed file gives its error file, the fixed one puts the products in', async () => {
    const name = `Проверка e2e ${Date.now()}`;
    const { id } = await platform<{ id: string }>('announce', {
      name,
      type: 'onsite',
      format: 'manual',
      discountPercent: 10,
      categories: [],
      gender: null,
      businessModels: ['consignment'],
      registrationStart: moscowDay(new Date(), -1),
      registrationEnd: moscowDay(new Date(), 5),
      startDate: moscowDay(new Date(), 7),
      endDate: moscowDay(new Date(), 14),
    });
    await platform('move', { promotionId: id, action: 'open' });
    const candidates = await rpc<{ items: { sellerSku: string; priceStatus: string }[] }>(
      baseUrl,
      'v1.promotions.products.list',
      { partnerId: PARTNER_ID, promotionId: id, scope: 'candidates', pageSize: 50 },
      await sellerToken(),
    );
    const skus = (candidates.result?.items ?? [])
      .filter((r) => r.priceStatus === 'ok')
      .map((r) => r.sellerSku);
    expect(skus.length, 'two products that may join').toBeGreaterThanOrEqual(2);
    const bad = await promotionFile('товары-акции.xlsx', [skus[0]!, 'НЕТ-ТАКОГО-АРТИКУЛА']);
    const fixed = await promotionFile('товары-акции-исправлено.xlsx', [skus[0]!, skus[1]!]);

    const page = await newPage(browser, baseUrl, { width: 1440, height: 900 });
    await openLoggedIn(page, SELLER, `/promotions/${id}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByText('До конца регистрации').waitFor();
    await page.getByText('В акции пока нет ваших товаров').waitFor();

    // --- the first file fails: its notice and its error file -------------------------------------------------
    await page.locator('.promotions__card-actions input[type=file]').setInputFiles(bad);
    const notice = page.locator('.ant-notification-notice', { hasText: 'товары-акции.xlsx' }).filter({
      hasText: 'Товар с таким артикулом продавца не найден',
    });
    await notice.waitFor({ timeout: 30_000 });
    await snap(page, FLOW, '01-card-failed-file-1440');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      notice.getByRole('button', { name: /Скачать файл ошибок/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('товары-акции_error.csv');
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('4,Артикул продавца,Товар с таким артикулом продавца не найден');
    await page.getByText('В акции пока нет ваших товаров').waitFor();

    // --- the fixed file goes through; the page reads the promotion again ----------------------------------------
    await page.locator('.promotions__card-actions input[type=file]').setInputFiles(fixed);
    await page.getByText('Файл «товары-акции-исправлено.xlsx» обработан').waitFor({ timeout: 30_000 });
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.filter({ hasText: skus[0]! }).waitFor();
    await rows.filter({ hasText: skus[1]! }).waitFor();
    expect(await rows.count()).toBe(2);
    await snap(page, FLOW, '02-card-products-in-1440');

    // --- the list and the calendar ---------------------------------------------------------------------------------
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/promotions?filter=available');
    await page.getByRole('link', { name }).waitFor();
    await snap(page, FLOW, '03-list-available-1280');
    await page.goto('/promotions?view=calendar');
    await page.locator('.promotions__bar').first().waitFor();
    await snap(page, FLOW, '04-calendar-1280');
    await page.close();
  });
});
