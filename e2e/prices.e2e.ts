// Prices against the real server with demo data: the seller drops a price by more than half in its row,
// confirms the critical change (new price in rubles, threshold in percent) and sees it held for review;
// support approves it on «На проверке»; the seller logs in again and sees the new price in force, its
// history and the history file. Screenshots at 1200 and 320 px under e2e/artifacts/prices/.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, openLoggedIn, PHONE, snap } from './support/browser';

const baseUrl = inject('baseUrl');
const FLOW = 'prices';
const WIDE = { width: 1200, height: 900 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** «4 990 ₽» as the screen writes it (no-break spaces). */
const rub = (n: number) => `${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}\u00a0₽`;

/** Waits until dialogs and drawers have finished sliding in (finite animations only; spinners run forever). */
async function still(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** Waits until the table has loaded and its spinner is gone. */
async function settled(page: Page) {
  await page.locator('.prices__table .ant-table-tbody tr.ant-table-row').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.prices__table .ant-spin-spinning'));
}

describe('prices', () => {
  it('a price past the threshold is confirmed, held for review, approved by support and then in force', async () => {
    // --- the seller's price table --------------------------------------------------------------
    const seller = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(seller, 'seller@moda.test', '/nomenclatures/prices?sort=-base_price');
    await seller.getByRole('heading', { name: 'Цены и скидки', level: 1 }).waitFor();
    await settled(seller);
    await seller.getByText(/нужно подтвердить/).waitFor();
    await snap(seller, FLOW, '01-table-1200');

    // The most expensive product without a sale price: its seller SKU, its price, a new price 60 % lower.
    const rows = seller.locator('.prices__table .ant-table-tbody tr.ant-table-row');
    let sku = '';
    for (let i = 0; i < (await rows.count()) && !sku; i++) {
      const r = rows.nth(i);
      if ((await r.locator('td').nth(3).textContent())?.trim() !== '—') continue;
      sku = ((await r.getByText(/^Продавца: /).textContent()) ?? '').replace('Продавца: ', '');
    }
    expect(sku).not.toBe('');
    await seller.goto(`/nomenclatures/prices?search=${encodeURIComponent(sku)}`);
    await settled(seller);
    const row = seller.locator('.prices__table tr.ant-table-row', { hasText: `Продавца: ${sku}` });
    await expect(row.count()).resolves.toBe(1);
    const priceText = (await row.locator('td').nth(2).locator('.prices__nowrap').first().textContent()) ?? '';
    const oldPrice = Number(priceText.replace(/[^\d]/g, ''));
    expect(oldPrice).toBeGreaterThan(0);
    const newPrice = Math.round((oldPrice * 0.4) / 10) * 10;

    // --- a 60 % drop in the row: the field's rule first, then the critical-change confirmation ---
    await row.getByRole('button', { name: `Изменить цену товара ${sku}` }).click();
    const input = seller.getByLabel(`Новая цена товара ${sku}`, { exact: true });
    await input.fill(String(newPrice + 5));
    await seller.getByText('Цена должна быть кратна 10').waitFor();
    await still(seller);
    await snap(seller, FLOW, '02-edit-field-error-1200');
    await input.fill(String(newPrice));
    await seller.getByText('Цена должна быть кратна 10').waitFor({ state: 'detached' });
    await seller.locator('.prices__editor').getByRole('button', { name: 'Сохранить' }).click();
    const confirm = seller.locator('.ant-modal', { hasText: 'Подтвердите изменение цены' });
    await confirm.waitFor();
    await confirm
      .getByText(`Новая цена — ${rub(newPrice)}. Она отличается от текущей больше чем на 30%.`)
      .waitFor();
    await still(seller);
    await snap(seller, FLOW, '03-critical-confirm-1200');
    await confirm.getByRole('button', { name: 'Сохранить' }).click();
    await seller.getByText('Снижение цены больше чем вдвое: цена отправлена на проверку').waitFor();

    // --- held: the old price stays, the row says «На проверке» with the new price -----------------
    await row.getByText('На проверке').waitFor();
    await row.getByText(`Новая цена: ${rub(newPrice)}`, { exact: false }).waitFor();
    await expect(row.getByRole('button', { name: `Изменить цену товара ${sku}` }).isDisabled()).resolves.toBe(
      true,
    );
    await settled(seller);
    await snap(seller, FLOW, '04-pending-1200');
    await seller.context().close();

    // --- support approves it on «На проверке» ---------------------------------------------------
    const support = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(support, 'support@moda.test');
    await support.getByRole('heading', { name: 'Выберите партнёра' }).waitFor();
    await support.getByRole('combobox', { name: 'Партнёр' }).last().fill('Северный');
    await support.getByRole('option', { name: /Северный ветер/ }).click();
    await support.getByRole('heading', { name: 'Северный ветер' }).waitFor();
    await support.goto('/nomenclatures/prices?approval=pending');
    await settled(support);
    const queued = support.locator('.prices__table tr.ant-table-row', { hasText: `Продавца: ${sku}` });
    await queued.getByText('На проверке').waitFor();
    await snap(support, FLOW, '05-support-pending-1200');
    await queued.getByRole('button', { name: `Одобрить цену товара ${sku}` }).click();
    await support.getByText('Цена одобрена').waitFor();
    await queued.waitFor({ state: 'detached' });
    await support.context().close();

    // --- the seller logs in again: the new price is in force, approved ---------------------------
    const back = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(back, 'seller@moda.test', `/nomenclatures/prices?search=${encodeURIComponent(sku)}`);
    await settled(back);
    const applied = back.locator('.prices__table tr.ant-table-row', { hasText: `Продавца: ${sku}` });
    await applied.getByText('Одобрена').waitFor();
    await applied.getByText(rub(newPrice), { exact: true }).first().waitFor();
    await snap(back, FLOW, '06-applied-1200');

    // --- its history and the history file --------------------------------------------------------
    await applied.getByRole('button', { name: `История цены товара ${sku}` }).click();
    const drawer = back.locator('.ant-drawer', { hasText: `История цены товара ${sku}` });
    await drawer.getByText('Одобрена').waitFor();
    await drawer.getByText(`${rub(oldPrice)} → ${rub(newPrice)}`).waitFor();
    expect(new URL(back.url()).searchParams.get('history')).toMatch(/^\d+$/);
    await still(back);
    await snap(back, FLOW, '07-history-1200');
    const [download] = await Promise.all([
      back.waitForEvent('download'),
      drawer.getByRole('button', { name: 'Скачать историю' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`price-history-${sku.replace(/[^\w.-]+/g, '_')}.xlsx`);

    // --- 320 px: the table scrolls inside its box, the page does not ------------------------------
    await back.getByRole('button', { name: 'Закрыть' }).first().click();
    await back.setViewportSize(PHONE);
    await settled(back);
    await snap(back, FLOW, '08-table-320');
    const overflow = await back.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await back.context().close();
  });

  it('a bulk change asks once and lists the products it could not change, with the report file', async () => {
    const page = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(page, 'seller@moda.test', '/nomenclatures/prices?sort=-base_price');
    await page.getByRole('heading', { name: 'Цены и скидки', level: 1 }).waitFor();
    await settled(page);
    const rows = page.locator('.prices__table .ant-table-tbody tr.ant-table-row');
    // One product with a sale price but no period (the demo data has such), one without a sale price.
    let onSale = -1;
    let plain = -1;
    for (let i = 0; i < (await rows.count()) && (onSale < 0 || plain < 0); i++) {
      const sale = (await rows.nth(i).locator('td').nth(3).textContent())?.trim();
      const period = (await rows.nth(i).locator('td').nth(5).textContent())?.trim();
      if (sale !== '—' && period === '—' && onSale < 0) onSale = i;
      if (sale === '—' && plain < 0) plain = i;
    }
    expect(onSale).toBeGreaterThanOrEqual(0);
    expect(plain).toBeGreaterThanOrEqual(0);
    const skuOf = async (i: number) =>
      (
        (await rows
          .nth(i)
          .getByText(/^Продавца: /)
          .textContent()) ?? ''
      ).replace('Продавца: ', '');
    const priceOf = async (i: number) =>
      Number(((await rows.nth(i).locator('td').nth(2).textContent()) ?? '').replace(/[^\d]/g, ''));
    const saleSku = await skuOf(onSale);
    const plainPrice = await priceOf(plain);
    await rows.nth(onSale).locator('input[type="checkbox"]').check();
    await rows.nth(plain).locator('input[type="checkbox"]').check();
    await page.getByText('Выбрано: 2').waitFor();
    await page.getByRole('button', { name: 'Изменить цены' }).click();

    const form = page.locator('.ant-modal', { hasText: 'Изменение цен: выбрано 2' });
    await form
      .getByLabel('Новая цена', { exact: true })
      .fill(String(Math.round((plainPrice * 1.1) / 10) * 10));
    await still(page);
    await snap(page, FLOW, '09-bulk-form-1200');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    const question = page.locator('.ant-modal', { hasText: 'Сохранить изменения цен?' });
    await question.getByText('Цены изменятся у 2 товаров.').waitFor();
    await still(page);
    await snap(page, FLOW, '10-bulk-question-1200');
    await question.getByRole('button', { name: 'Сохранить' }).click();

    await page.getByText('Цены сохранены: 1').waitFor();
    await page.getByText('Не удалось изменить цену у 1 товара').waitFor();
    await page
      .getByText(`${saleSku}: Специальная цена и период скидки указываются вместе`, { exact: true })
      .waitFor();
    await page.getByText('Выбрано: 1').waitFor();
    await settled(page);
    await snap(page, FLOW, '11-bulk-result-1200');
    const [report] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Скачать отчёт об ошибках' }).click(),
    ]);
    expect(report.suggestedFilename()).toMatch(/^prices-validation-report-\d{8}-\d{4}\.xlsx$/);
    await page.context().close();
  });
});
