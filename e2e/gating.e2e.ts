// Who lands where (spec 000 §2 guards and gating) with the demo users: a new seller sent home, the
// FBO/FBS split of the menu, warehouses for a B2B manager, partner switching, the 404 page.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, openLoggedIn, openSubmenu, PHONE, snap } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Главное меню' }).first();

describe('gating', () => {
  it('sends a new seller home from /orders/123', async () => {
    const page = await newPage(browser, baseUrl);
    await openLoggedIn(page, 'newseller', '/orders/123');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Новый бренд' }).waitFor();
    // The home page's own greeting (the onboarding welcome dialog above it bears the same title).
    await page.locator('#main').getByText('Добро пожаловать на Moda!').waitFor();
    await snap(page, 'gating', 'new-seller-home');

    await page.goto('/orders/123');
    await page.waitForURL((url) => url.pathname === '/');
    // Orders themselves stay open to a new seller.
    await page.goto('/orders');
    await page.getByRole('heading', { name: 'Заказы' }).waitFor();
    await page.context().close();
  });

  it('shows a consignment partner FBO but not FBS', async () => {
    const page = await newPage(browser, baseUrl);
    await openLoggedIn(page, 'seller');
    await page.getByRole('heading', { name: 'Северный ветер' }).waitFor();
    const menu = mainMenu(page);
    await menu.getByText('FBO', { exact: true }).waitFor();
    expect(await menu.getByText('Логистика').count()).toBe(0);
    const supplies = await openSubmenu(page, menu, 'FBO', 'Поставки');
    await snap(page, 'gating', 'consignment-menu');
    await supplies.click();
    await page.waitForURL('**/fbo/shipments');
    await page.getByRole('heading', { name: 'Поставки FBO' }).waitFor();

    await page.goto('/fbs/shipments');
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('lets a B2B manager of a crossdocking partner open /warehouses', async () => {
    const page = await newPage(browser, baseUrl);
    await openLoggedIn(page, 'manager', '/warehouses');
    await page.waitForURL('**/warehouses');
    await page.getByRole('heading', { name: 'Мои склады' }).waitFor();
    await mainMenu(page).getByText('Логистика').waitFor();
    await snap(page, 'gating', 'manager-warehouses');
    await page.context().close();
  });

  it('keeps /warehouses closed to a consignment seller', async () => {
    const page = await newPage(browser, baseUrl);
    await openLoggedIn(page, 'seller', '/warehouses');
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('switches between the partners of a user and remembers the choice', async () => {
    const page = await newPage(browser, baseUrl);
    await openLoggedIn(page, 'multi');
    await page.getByRole('heading', { name: 'Модный дом', exact: true }).waitFor();
    await mainMenu(page).getByText('FBO', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Партнёр' }).first().click();
    await page.getByRole('option', { name: /Модный дом FBS/ }).click();
    await page.getByRole('heading', { name: 'Модный дом FBS' }).waitFor();
    await mainMenu(page).getByText('Логистика').waitFor();
    expect(await mainMenu(page).getByText('FBO', { exact: true }).count()).toBe(0);
    await snap(page, 'gating', 'multi-partner-switched');
    await page.reload();
    await page.getByRole('heading', { name: 'Модный дом FBS' }).waitFor();
    await page.context().close();
  });

  it('lets support search for any partner', async () => {
    const page = await newPage(browser, baseUrl);
    await openLoggedIn(page, 'support');
    await page.getByRole('heading', { name: 'Выберите партнёра' }).waitFor();
    await page.getByRole('combobox', { name: 'Партнёр' }).last().fill('Urban');
    await page.getByRole('option', { name: /Urban Loft/ }).click();
    await page.getByRole('heading', { name: 'Urban Loft' }).waitFor();
    await mainMenu(page).getByText('Логистика').waitFor();
    await snap(page, 'gating', 'support-partner-search');
    await page.context().close();
  });
});

describe('unknown paths', () => {
  it('shows the 404 page naming the path', async () => {
    const page = await newPage(browser, baseUrl);
    await openLoggedIn(page, 'seller');
    await page.goto('/definitely/not/here');
    await page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
    await page.getByText('Page Not Found: /definitely/not/here').waitFor();
    await snap(page, 'not-found', 'desktop');
    await page.context().close();
  });
});

describe('narrow screens', () => {
  it('works at 320 px: the menu moves into a drawer and nothing overflows', async () => {
    const page = await newPage(browser, baseUrl, PHONE);
    await page.goto('/login');
    await snap(page, 'phone', '01-login');
    await openLoggedIn(page, 'fbs');
    await page.getByRole('heading', { name: 'Urban Loft' }).waitFor();
    await snap(page, 'phone', '02-home');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Логистика').click();
    const item = drawer.getByRole('menuitem', { name: 'Склады и способы доставки FBS' });
    await item.waitFor();
    await item.getByRole('link').click();
    await page.waitForURL('**/warehouses');
    await page.getByRole('heading', { name: 'Мои склады' }).waitFor();
    await snap(page, 'phone', '03-warehouses');
    await page.context().close();
  });
});
