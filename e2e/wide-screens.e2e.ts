// Desktop widths as a seller's screen shows them (1440 and 1280 px, and a 1024 px laptop): the lists use
// the width of the window and keep their key columns (status, actions) in view while the others scroll,
// the sign button of the cooperation terms is never cut off, and a product card that cannot be opened says
// so across the page, not in a side column. Screenshots under e2e/artifacts/wide-screens/.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage, openLoggedIn, snap } from './support/browser';

const baseUrl = inject('baseUrl');
const FLOW = 'wide-screens';
const WIDTHS = [1440, 1280] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Whether an element is wholly seen: inside the window and inside the table's scrolling box (a column
 * scrolled out of that box is hidden however wide the window is).
 */
function wholeInView(element: Locator): Promise<boolean> {
  return element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const frame = el.closest('.ant-table-container')?.getBoundingClientRect();
    const within = (outer: { left: number; right: number }) =>
      box.left >= outer.left - 1 && box.right <= outer.right + 1;
    return box.width > 0 && within({ left: 0, right: window.innerWidth }) && (frame ? within(frame) : true);
  });
}

const columnTitle = (page: Page, title: string) =>
  page.locator('.list-table thead th', { hasText: title }).first();

describe('wide screens', () => {
  for (const width of WIDTHS) {
    it(`shows the products list across the window at ${width} px with status and actions in view`, async () => {
      const page = await newPage(browser, baseUrl, { width, height: 900 });
      await openLoggedIn(page, 'fbs@moda.test', '/nomenclatures');
      await page.locator('.list-table tbody tr.ant-table-row').first().waitFor();
      await snap(page, FLOW, `products-${width}`);

      // The table spans the window but for the page's margins, not a 1200 px column in its middle.
      const table = await page.locator('.list-table').boundingBox();
      expect(table!.width).toBeGreaterThan(width - 100);
      for (const title of ['Статус', 'Замечание модератора', 'Действия'])
        expect(await wholeInView(columnTitle(page, title)), title).toBe(true);
      // The first row's actions can be clicked where they are.
      const row = page.locator('.list-table tbody tr.ant-table-row').first();
      expect(await wholeInView(row.getByRole('link', { name: /Редактировать/ }))).toBe(true);
      await page.context().close();
    });
  }

  for (const width of [...WIDTHS, 1024]) {
    it(`keeps the sign button of the cooperation terms whole at ${width} px`, async () => {
      const page = await newPage(browser, baseUrl, { width, height: 900 });
      await openLoggedIn(page, 'seller@moda.test', '/profile/offers');
      const sign = page.getByRole('button', { name: /Подписать/ });
      await sign.waitFor();
      await snap(page, FLOW, `offers-${width}`);
      expect(await wholeInView(sign)).toBe(true);
      await page.context().close();
    });
  }

  it('says a product card that cannot be opened is not found, across the page', async () => {
    const page = await newPage(browser, baseUrl, { width: 1440, height: 900 });
    await openLoggedIn(page, 'fbs@moda.test', '/nomenclatures/edit/manually/bad-id');
    const title = page.getByText('Карточка товара не найдена');
    await title.waitFor();
    await snap(page, FLOW, 'card-not-found-1440');
    // Before, the message was squeezed into the 240 px column of the (empty) side bar.
    const result = await page.locator('.product-form__load-error').boundingBox();
    expect(result!.width).toBeGreaterThan(900);
    const box = await title.boundingBox();
    expect(Math.abs(box!.x + box!.width / 2 - 720)).toBeLessThan(40);
    await page.getByRole('button', { name: 'К списку товаров' }).click();
    await page.waitForURL((url) => url.pathname === '/nomenclatures');
    await page.context().close();
  });
});
