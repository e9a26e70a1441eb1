// FBO against the real server: the consignment seller creates a supply to Chekhov — a day of the warehouse's
// published capacity and the supply file (xlsx with boxes) uploaded and checked — and sends it to the
// document check; the warehouse system (v1.platform.*) validates it, unloads it and reports a shortage in one
// box; the seller sees the card accepted with the shortage and a dispute offered for the box, and the stock
// screen shows the units on hand at Chekhov. Screenshots at 1440 and 1280 px under e2e/artifacts/fbo/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { choose, DEMO_PASSWORD, launchBrowser, newPage, openLoggedIn, snap } from './support/browser';
import { E2E_PLATFORM_TOKEN } from './support/platform';
import { rpc } from './support/rpc';

const baseUrl = inject('baseUrl');
const FLOW = 'fbo';
const SELLER = 'seller@moda.test';
const PARTNER_ID = 10001;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

/** A fresh access token of the seller (they live 10 s on the e2e server). */
async function sellerToken(): Promise<string> {
  const login = await fetch(`${baseUrl}/jsonrpc/v1/tokens.create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: SELLER, password: DEMO_PASSWORD }),
  });
  return ((await login.json()) as { accessToken: string }).accessToken;
}
afterAll(async () => {
  await browser?.close();
});

const platform = async (method: string, params: Record<string, unknown>) => {
  const r = await rpc(baseUrl, `v1.platform.fulfilment-shipments.${method}`, params, E2E_PLATFORM_TOKEN);
  expect(r.error, `${method}: ${JSON.stringify(r.error)}`).toBeUndefined();
  return r.result;
};

/** What the stock screen says of a SKU at Chekhov, read as the seller. */
async function stockAtChekhov(sku: string): Promise<number> {
  const r = await rpc<{ items: { sellerSku: string; onHand: number; reserved: number }[] }>(
    baseUrl,
    'v1.analytics.recommended-shipment.get',
    { partnerId: PARTNER_ID, search: sku, warehouseCode: ['Chekhov'], pageSize: 100 },
    await sellerToken(),
  );
  if (!r.result) throw new Error(`stock: ${JSON.stringify(r.error)}`);
  const row = r.result?.items.find((i) => i.sellerSku === sku);
  return row ? row.onHand + row.reserved : 0;
}

async function message(page: Page, text: string | RegExp) {
  await page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor();
}

describe('FBO supplies', () => {
  it('a supply file is validated by the warehouse, received with a shortage, and the stock changes', async () => {
    const products = await rpc<{ items: { sellerSku: string }[] }>(
      baseUrl,
      'v1.nomenclatures.list',
      { partnerId: PARTNER_ID, pageSize: 5 },
      await sellerToken(),
    );
    const [skuA, skuB] = (products.result?.items ?? []).map((i) => i.sellerSku);
    expect(skuA && skuB).toBeTruthy();
    const before = await stockAtChekhov(skuA!);

    // The supply file from the template's columns: two SKUs in two boxes.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Поставка');
    ws.addRow(['Артикул продавца', 'Количество', 'Короб']);
    ws.addRow([skuA, 5, 'К-1']);
    ws.addRow([skuB, 3, 'К-2']);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fbo-e2e-')), 'Поставка_Чехов.xlsx');
    await wb.xlsx.writeFile(file);

    // --- the new supply: warehouse, day, file ---------------------------------------------------------
    const page = await newPage(browser, baseUrl, { width: 1440, height: 900 });
    await openLoggedIn(page, SELLER, '/fbo/shipments');
    await page.getByRole('heading', { name: 'Поставки FBO', level: 1 }).waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await snap(page, FLOW, '01-list-1440');
    await page.getByRole('button', { name: /Новая поставка/ }).click();
    await page.waitForURL((url) => url.searchParams.get('action') === 'new');
    const dialog = page.getByRole('dialog');
    await choose(page, 'Склад маркетплейса', 'Чехов');
    await page.getByLabel('День поставки', { exact: true }).click();
    const day = page
      .locator(
        '.ant-select-dropdown:visible .ant-select-item-option[title*="свободно"]:not(.ant-select-item-option-disabled)',
      )
      .first();
    const dayTitle = await day.getAttribute('title');
    expect(dayTitle).toMatch(/^\d\d\.\d\d\.\d\d — свободно \d+ из \d+$/);
    await day.click();
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByText('Файл проверен: 2 строк без ошибок').waitFor({ timeout: 60_000 });
    await snap(page, FLOW, '02-new-supply-1440');
    await dialog.getByRole('button', { name: 'Создать поставку' }).click();
    await page.waitForURL(/\/fbo\/shipments\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1)!;
    await page.getByText('Черновик').first().waitFor();
    await page.getByRole('button', { name: 'Отправить на проверку' }).click();
    await message(page, 'Поставка отправлена на проверку документов');
    await page.locator('.ant-page-header, h1').first().waitFor();
    await page.getByText('Проверка документов').first().waitFor();
    await snap(page, FLOW, '03-card-validation-1440');

    // --- the warehouse: documents, unloading, counting with a shortage in box К-1 -----------------------
    await platform('validate', { id, ok: true });
    for (const action of ['arrive', 'startUnloading', 'finishUnloading', 'startProcessing'])
      await platform('move', { id, action });
    await platform('report', {
      id,
      items: [
        { sellerSku: skuA, box: 'К-1', received: 4, missing: 1 },
        { sellerSku: skuB, box: 'К-2', received: 3 },
      ],
    });

    // --- the seller: accepted with the shortage, the box to dispute -------------------------------------
    await page.reload();
    await page.getByText('Принята').first().waitFor();
    const totals = page.locator('.fbo__totals');
    await totals.getByText('Недостача').waitFor();
    await expect(
      totals.locator('.ant-statistic').filter({ hasText: 'Принято' }).textContent(),
    ).resolves.toContain('7');
    await expect(
      totals.locator('.ant-statistic').filter({ hasText: 'Недостача' }).textContent(),
    ).resolves.toContain('1');
    await page.getByRole('tab', { name: 'Короба' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'boxes');
    await page.getByRole('button', { name: 'Оспорить недостачу' }).waitFor();
    await expect(page.getByRole('button', { name: 'Оспорить недостачу' }).count()).resolves.toBe(1);
    await snap(page, FLOW, '04-card-accepted-1440');

    // --- the stock screen: the 4 units are on hand at Chekhov --------------------------------------------
    expect(await stockAtChekhov(skuA!)).toBe(before + 4);
    await page.goto(`/fbo/stocks?warehouse=Chekhov&search=${encodeURIComponent(skuA!)}`);
    const row = page.locator('tr.ant-table-row', { hasText: skuA! }).filter({ hasText: 'Чехов' }).first();
    await row.waitFor();
    await snap(page, FLOW, '05-stocks-1440');
    await page.setViewportSize({ width: 1280, height: 900 });
    await snap(page, FLOW, '06-stocks-1280');
    await page.goto(`/fbo/shipments/${id}`);
    await page.getByText('Принята').first().waitFor();
    await snap(page, FLOW, '07-card-1280');
    await page.close();
  });
});
