// Orders against the real server: the marketplace creates an order for the FBS seller (v1.platform.*),
// the seller finds it in the list, collects it on the card, gets 2 pack numbers (after the form refuses
// more packs than items) and prints the labels — the PDF response is checked. Screenshots at 1200 and
// 320 px under e2e/artifacts/orders/.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, newPage, openLoggedIn, PHONE, snap } from './support/browser';
import { rpc } from './support/rpc';
import { createOrder } from './support/platform';

const baseUrl = inject('baseUrl');
const FLOW = 'orders';
const WIDE = { width: 1200, height: 900 };
const SELLER = 'fbs@moda.test';
const PARTNER_ID = 10002;
const ORDER_NR = `E2E-${String(Date.now()).slice(-8)}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Two seller SKUs of the partner's products, read through the API as the seller. */
async function sellerSkus(): Promise<string[]> {
  const login = await fetch(`${baseUrl}/jsonrpc/v1/tokens.create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: SELLER, password: DEMO_PASSWORD }),
  });
  const tokens = (await login.json()) as { accessToken: string };
  const list = await rpc<{ items: { sellerSku: string }[] }>(
    baseUrl,
    'v1.nomenclatures.list',
    { partnerId: PARTNER_ID, pageSize: 5 },
    tokens.accessToken,
  );
  const skus = (list.result?.items ?? []).map((i) => i.sellerSku);
  if (skus.length === 0) throw new Error(`no products of ${PARTNER_ID}: ${JSON.stringify(list.error)}`);
  return [skus[0]!, skus[1] ?? skus[0]!];
}

async function message(page: Page, text: string | RegExp) {
  await page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor();
}

describe('orders', () => {
  it('a platform order is found, collected, gets 2 pack numbers and prints its labels', async () => {
    const skus = await sellerSkus();
    await createOrder(baseUrl, {
      partnerId: PARTNER_ID,
      orderNr: ORDER_NR,
      skus,
      paymentMethod: 'COD',
      comment: 'Позвонить за час до доставки',
    });

    // --- the list: the new order under its number ------------------------------------------------
    const page = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(page, SELLER, '/orders');
    await page.getByRole('heading', { name: 'Заказы', level: 1 }).waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await page.waitForFunction(() =>
      /^\d+$/.test(document.querySelector('[data-tab="all"] .order-list__count')?.textContent ?? ''),
    );
    await snap(page, FLOW, '01-list-1200');
    await page.getByRole('searchbox', { name: 'Поиск' }).fill(ORDER_NR);
    await page.waitForURL((url) => url.searchParams.get('search') === ORDER_NR);
    const link = page.getByRole('link', { name: ORDER_NR, exact: true });
    await link.waitFor();
    // The previous page stays on screen until the search answers: wait for the one row.
    await page.waitForFunction(
      () => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 1,
    );
    const row = page.locator('tr.ant-table-row', { has: link });
    await row.getByText('Новый').waitFor();
    await snap(page, FLOW, '02-list-search-1200');

    // --- the card: collect -------------------------------------------------------------------------
    await link.click();
    await page.waitForURL(`**/orders/${ORDER_NR}`);
    await page.getByRole('heading', { name: `Заказ № ${ORDER_NR}`, level: 1 }).waitFor();
    await page.getByText('Наложенный платёж').waitFor();
    await page.getByText('Позвонить за час до доставки').waitFor();
    await snap(page, FLOW, '03-card-new-1200');
    await page.getByRole('button', { name: /Заказ собран/ }).click();
    await message(page, 'Заказ собран и ожидает отгрузки');
    await page.locator('.order-card .ant-descriptions').getByText('Ожидает отгрузки').first().waitFor();
    await expect(page.getByRole('button', { name: /Заказ собран/ }).count()).resolves.toBe(0);
    await snap(page, FLOW, '04-card-collected-1200');

    // --- shipment preparation: more packs than items is refused, then 2 pack numbers ---------------
    await page.getByRole('link', { name: 'Подготовить к отгрузке' }).click();
    await page.waitForURL(`**/orders/${ORDER_NR}/shipment-preparation`);
    await page.getByText('Получено мест: 0 из 2').waitFor();
    await expect(page.getByRole('button', { name: /Печать этикеток/ }).isDisabled()).resolves.toBe(true);
    const quantity = page.getByRole('spinbutton', { name: 'Количество мест' });
    await quantity.fill('3');
    await page.getByRole('button', { name: /Получить номера мест/ }).click();
    await page.getByText('Количество мест — от 1 до 2').waitFor();
    await snap(page, FLOW, '05-packs-too-many-1200');
    await quantity.fill('2');
    await page.getByRole('button', { name: /Получить номера мест/ }).click();
    await message(page, 'Номера мест получены: 2');
    await page.getByText('Получено мест: 2 из 2').waitFor();
    const barcodes = page.locator('.shipment-prep td .order-card__mono');
    await expect(barcodes.count()).resolves.toBe(2);
    for (const text of await barcodes.allTextContents()) expect(text).toMatch(/^PACK10002-\d+$/);
    await snap(page, FLOW, '06-packs-1200');

    // --- labels: 100 × 80 mm, one PDF ------------------------------------------------------------
    await page.locator('.ant-radio-button-wrapper', { hasText: '100 × 80 мм' }).click();
    await expect(page.getByRole('radio', { name: '100 × 80 мм' }).isChecked()).resolves.toBe(true);
    const [response, download] = await Promise.all([
      // Access tokens live 10 s here: a 401 first is renewed and retried by the client.
      page.waitForResponse(
        (r) => r.url().includes('/rest/api/v1/reports/label/stream') && r.status() !== 401,
      ),
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Печать этикеток/ }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    const query = new URL(response.url()).searchParams;
    expect(query.get('orderNr')).toBe(ORDER_NR);
    expect(query.get('size')).toBe('100x80');
    // The saved file is the PDF the server streamed.
    const saved = await download.path();
    const pdf = fs.readFileSync(saved);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
    expect(download.suggestedFilename()).toBe(`label_${ORDER_NR}.pdf`);
    await message(page, `Этикетки сохранены: label_${ORDER_NR}.pdf`);
    await snap(page, FLOW, '07-labels-1200');

    // --- narrow screens --------------------------------------------------------------------------
    await page.setViewportSize(PHONE);
    await snap(page, FLOW, '08-packs-320');
    await page.goto(`/orders/${ORDER_NR}`);
    await page.getByRole('heading', { name: `Заказ № ${ORDER_NR}`, level: 1 }).waitFor();
    await page.getByText('Оплата', { exact: true }).first().waitFor();
    await snap(page, FLOW, '09-card-320');
    await page.goto(`/orders?search=${ORDER_NR}`);
    await page.getByRole('link', { name: ORDER_NR, exact: true }).waitFor();
    await snap(page, FLOW, '10-list-320');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it('says so when the filters find no order', async () => {
    const page = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(page, SELLER, '/orders?search=NO-SUCH-ORDER&createdFrom=2026-01-01');
    await page.getByText('По этим условиям заказов не нашлось').waitFor();
    await snap(page, FLOW, '11-list-empty-1200');
    await page.context().close();
  });
});
