// Login and logout, the login errors, and a deep link while logged out that returns to the
// remembered page after login — in Debian's Chromium against the real server.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, logIn, newPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('login and logout', () => {
  it('logs in by login name, lands home, and logs out to the login page', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Вход в кабинет продавца' }).waitFor();
    await snap(page, 'auth', '01-login');

    await logIn(page, 'seller');
    await page.getByRole('heading', { name: 'Северный ветер' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByText('Вы вошли как seller@moda.test').isVisible()).resolves.toBe(true);
    await snap(page, 'auth', '02-home');

    await page.getByRole('button', { name: 'Профиль' }).click();
    await page.getByRole('menuitem', { name: 'Выйти' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
    await page.getByRole('heading', { name: 'Вход в кабинет продавца' }).waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => c.name)).not.toContain('moda_access_token');
    expect(cookies.map((c) => c.name)).not.toContain('moda_refresh_token');
    await snap(page, 'auth', '03-logged-out');

    // The session is gone: a protected page asks for the login again.
    await page.goto('/orders');
    await page.waitForURL('**/login?returnUrl=%2Forders');
    await page.context().close();
  });

  it('logs in by e-mail too', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/login');
    await logIn(page, 'fbs@moda.test');
    await page.getByRole('heading', { name: 'Urban Loft' }).waitFor();
    await page.context().close();
  });

  it('says in Russian what is wrong with a failed login', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain(
      'Введите email или логин и пароль',
    );

    await page.getByLabel('Email или логин').fill('seller@moda.test');
    await page.getByLabel('Пароль', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('alert').filter({ hasText: 'Неверный email, логин или пароль' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await snap(page, 'auth', '04-invalid-grant');
    await page.context().close();
  });
});

describe('deep link while logged out', () => {
  it('goes to login, remembers the page, and returns to it after the login', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/nomenclatures/prices?tab=price-index');
    await page.waitForURL('**/login?returnUrl=%2Fnomenclatures%2Fprices%3Ftab%3Dprice-index');
    await snap(page, 'deep-link', '01-login-with-return-url');
    await logIn(page, 'seller');
    await page.waitForURL('**/nomenclatures/prices?tab=price-index');
    await page.getByRole('tab', { name: 'Индекс цен', selected: true }).waitFor();
    await snap(page, 'deep-link', '02-remembered-page');
    await page.context().close();
  });
});
