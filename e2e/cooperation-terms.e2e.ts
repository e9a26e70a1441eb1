// The read-only cabinet until the cooperation terms are signed (spec 000 §4 Offers, §6), in Debian's
// Chromium against the real server: multi@moda.test on partner 10004 has never signed, sees the banner,
// cannot act (the UI disables it, the server refuses in Russian), signs the terms and then can act.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, openLoggedIn, PHONE, snap, type Viewport } from './support/browser';

const baseUrl = inject('baseUrl');
const WIDE: Viewport = { width: 1200, height: 900 };
const RESTRICTED_BANNER =
  'Кабинет доступен только для просмотра, пока вы не подтвердите условия сотрудничества';
const RESTRICTED_REFUSAL =
  'Кабинет доступен только для просмотра: подтвердите условия сотрудничества в разделе «Условия сотрудничества»';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function snapBoth(page: Page, flow: string, name: string) {
  await snap(page, flow, name);
  await page.setViewportSize(PHONE);
  await snap(page, flow, `${name}-320`);
  await page.setViewportSize(WIDE);
}

/**
 * Makes the statuses call fail, as a network failure would, until the page sends `until`: the screen cannot know
 * before it acts, and the statuses it asks for after the server's refusal arrive. (Lifting the failure by hand
 * before the click let a retry of the statuses land first and close the form under the pointer, under load.)
 */
async function hideStatusesUntil(page: Page, until: string) {
  let hidden = true;
  await page.route('**/jsonrpc', (route) => {
    const body = route.request().postDataJSON() as { method?: string } | null;
    if (body?.method === until) hidden = false;
    return hidden && body?.method === 'v1.offers.statuses.list' ? route.abort() : route.continue();
  });
}

describe('cooperation terms', () => {
  it('a restricted partner sees the banner and cannot act, signs the terms, then can act', async () => {
    const page = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(page, 'multi');
    await page.getByRole('heading', { name: 'Модный дом', exact: true }).waitFor();
    const banner = page.getByTestId('offer-banner');
    await banner.getByText(RESTRICTED_BANNER).waitFor();
    await snapBoth(page, 'cooperation-terms', '01-home-restricted');

    // The contacts cannot be edited, and the page says why.
    await page.goto('/profile/main');
    await page.getByRole('heading', { name: 'Основная информация' }).waitFor();
    await banner.getByText(RESTRICTED_BANNER).waitFor();
    expect(await page.getByRole('button', { name: 'Изменить' }).isDisabled()).toBe(true);
    await page.getByText('Недоступно, пока вы не подтвердите условия сотрудничества').first().waitFor();
    await snapBoth(page, 'cooperation-terms', '02-main-read-only');

    // Where the screen cannot know (the statuses failed to load), the server still refuses, in Russian;
    // the refusal refreshes the statuses and the banner appears.
    const blind = await newPage(browser, baseUrl, WIDE);
    await hideStatusesUntil(blind, 'v1.seller.profile.update-contacts');
    await openLoggedIn(blind, 'multi', '/profile/main?edit=contacts');
    await blind.getByLabel('Имя').fill('Мария Волкова-Смирнова');
    await blind.getByRole('button', { name: 'Сохранить' }).click();
    await blind.getByText('Не удалось сохранить контакты').waitFor();
    await blind.getByText(RESTRICTED_REFUSAL).waitFor();
    await blind.getByTestId('offer-banner').getByText(RESTRICTED_BANNER).waitFor();
    await snap(blind, 'cooperation-terms', '03-server-refusal');
    await blind.context().close();

    // The banner leads to the terms.
    await banner.getByRole('link', { name: 'Перейти к условиям' }).click();
    await page.waitForURL('**/profile/offers');
    const row = page.getByRole('row', { name: /2\.0/ });
    await row.getByText('Новая').waitFor();
    await snapBoth(page, 'cooperation-terms', '04-offers-unsigned');

    // The document downloads under the name the server gives.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /Скачать/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Условия сотрудничества v2.0.pdf');

    await row.getByRole('button', { name: 'Подписать версию 2.0' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Подписать условия сотрудничества, версия 2.0?').waitFor();
    // The dialog zooms in: wait until it stands still before the picture.
    await page.locator('.ant-zoom-appear, .ant-zoom-enter').waitFor({ state: 'detached' });
    await snap(page, 'cooperation-terms', '05-sign-dialog');
    await dialog.getByRole('button', { name: 'Подписать' }).click();
    await page.getByText('Условия сотрудничества подписаны').waitFor();
    await row.getByText('Подписана').waitFor();
    await row.getByText('multi@moda.test').waitFor();
    await banner.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: /Подписать версию/ }).count()).toBe(0);
    await snapBoth(page, 'cooperation-terms', '06-offers-signed');

    // Now the seller can act: the contacts change.
    await page.goto('/profile/main');
    await page.getByRole('button', { name: 'Изменить' }).click();
    await page.getByLabel('Имя').fill('Мария Волкова-Смирнова');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Контакты сохранены').waitFor();
    await page.getByText('Мария Волкова-Смирнова').waitFor();
    await page.context().close();
  });
});
