// FBO returns against the real server: the consignment seller creates a return from a file (one SKU on hand
// at a marketplace warehouse), confirms it; the warehouse system (v1.platform.*) reserves it and offers
// windows; the seller books one; the warehouse picks and ships it; the seller sees it shipped and the stock
// gone down by the unit. Screenshots at 1440 and 1280 px under e2e/artifacts/fbo-returns/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { choose, DEMO_PASSWORD, launchBrowser, newPage, openLoggedIn, snap } from './support/browser';
import { E2E_PLATFORM_TOKEN } from './support/platform';
import { rpc } from './support/rpc';

const baseUrl = inject('baseUrl');
const FLOW = 'fbo-returns';
const SELLER = 'seller@moda.test';
const PARTNER_ID = 10001;
const WAREHOUSES = {
  Bykovo: 'Быково',
  Sofino: 'Софьино',
  Chekhov: 'Чехов',
  Novokhokhlovskaya: 'Новохохловская',
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
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
const platform = async (method: string, params: Record<string, unknown>) => {
  const r = await rpc(
    baseUrl,
    `v1.platform.supplier-fulfilment-returns.${method}`,
    params,
    E2E_PLATFORM_TOKEN,
  );
  expect(r.error, `${method}: ${JSON.stringify(r.error)}`).toBeUndefined();
  return r.result;
};
type StockRow = { sellerSku: string; available: number; jewellery: boolean };
async function stockAt(warehouseCode: string): Promise<StockRow[]> {
  const r = await rpc<{ items: StockRow[] }>(
    baseUrl,
    'v1.supplier-fulfilment-returns.stock',
    { partnerId: PARTNER_ID, warehouseCode },
    await sellerToken(),
  );
  if (!r.result) throw new Error(`stock: ${JSON.stringify(r.error)}`);
  return r.result.items;
}
/** On hand and reserved of a SKU at a warehouse, as the FBO stock screen reads it. */
async function onShelf(sku: string, warehouseCode: string): Promise<number> {
  const r = await rpc<{ items: { sellerSku: string; onHand: number; reserved: number }[] }>(
    baseUrl,
    'v1.analytics.recommended-shipment.get',
    { partnerId: PARTNER_ID, search: sku, warehouseCode: [warehouseCode], pageSize: 100 },
    await sellerToken(),
  );
  const row = r.result?.items.find((i) => i.sellerSku === sku);
  return row ? row.onHand + row.reserved : 0;
}

describe('FBO returns', () => {
  it('a return from a file is confirmed, booked, shipped by the warehouse, and the stock goes down', async () => {
    let warehouse = '';
    let sku = '';
    for (const w of Object.keys(WAREHOUSES)) {
      const row = (await stockAt(w)).find((s) => s.available >= 2 && !s.jewellery);
      if (row) {
        warehouse = w;
        sku = row.sellerSku;
        break;
      }
    }
    expect(sku, 'a SKU on hand at some warehouse').toBeTruthy();
    const before = await onShelf(sku, warehouse);

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Возврат');
    ws.addRow(['Артикул продавца', 'Количество', 'Дата возврата']);
    ws.addRow([sku, 1, null]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fbo-returns-e2e-')), 'Возврат.xlsx');
    await wb.xlsx.writeFile(file);

    // --- the seller: a new return from the file ------------------------------------------------------------
    const page = await newPage(browser, baseUrl, { width: 1440, height: 900 });
    await openLoggedIn(page, SELLER, '/fbo/returns');
    await page.getByRole('heading', { name: 'Возвраты FBO', level: 1 }).waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await snap(page, FLOW, '01-list-1440');
    await page.getByRole('button', { name: /Новый возврат/ }).click();
    await page.waitForURL((url) => url.searchParams.get('action') === 'new');
    const dialog = page.getByRole('dialog');
    await choose(
      page,
      dialog.getByLabel('Склад', { exact: true }),
      WAREHOUSES[warehouse as keyof typeof WAREHOUSES],
    );
    await dialog.getByText('Загрузить файл').click();
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByText('Файл проверен: строк 1').waitFor({ timeout: 60_000 });
    await snap(page, FLOW, '02-new-return-1440');
    await dialog.getByRole('button', { name: 'Создать возврат' }).click();
    await page.waitForURL(/\/fbo\/returns\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1)!;
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await page.getByText('На подтверждении').first().waitFor();
    await snap(page, FLOW, '03-card-confirmed-1440');

    // --- the warehouse: reserves it and offers two windows ---------------------------------------------------
    await platform('reserve', { id, items: [{ sellerSku: sku, reserved: 1 }] });
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const label = (d: string, from: string, to: string) =>
      `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(2, 4)}, ${from}–${to}`;
    await platform('offer-slots', {
      id,
      slots: [
        { date: day(2), fromHour: 9, toHour: 12 },
        { date: day(3), fromHour: 14, toHour: 18 },
      ],
    });

    // --- the seller books the second window -----------------------------------------------------------------
    await page.reload();
    await page.getByText('Подтверждён').first().waitFor();
    await page.getByRole('button', { name: 'Выбрать окно вывоза' }).click();
    await page.waitForURL((url) => url.searchParams.get('dialog') === 'bookSlot');
    await choose(
      page,
      page.getByRole('dialog').getByLabel('Окно', { exact: true }),
      label(day(3), '14:00', '18:00'),
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Забронировать' }).click();
    await page.getByText('Окно вывоза забронировано').first().waitFor();
    await snap(page, FLOW, '04-card-booked-1440');

    // --- the warehouse picks and ships it ----------------------------------------------------------------------
    await platform('move', { id, action: 'export' });
    await platform('pick', { id, items: [{ sellerSku: sku, exported: 1, failed: 0 }] });
    await platform('ship', { id });

    // --- the seller: shipped, its files, and the stock one unit down ---------------------------------------------
    await page.reload();
    await page.getByText('Отгружен').first().waitFor();
    await page.getByRole('tab', { name: /Файлы/ }).click();
    await page.getByText('Акт передачи').waitFor();
    await snap(page, FLOW, '05-card-shipped-files-1440');
    expect(await onShelf(sku, warehouse)).toBe(before - 1);
    await page.setViewportSize({ width: 1280, height: 900 });
    await snap(page, FLOW, '06-card-1280');
    await page.goto('/fbo/returns?tab=ok');
    await page.locator('tr.ant-table-row').first().waitFor();
    await snap(page, FLOW, '07-list-shipped-1280');
    await page.close();
  });
});
