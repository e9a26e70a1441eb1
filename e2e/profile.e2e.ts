// The profile screens in Debian's Chromium against the real server: seller info, countries and
// brands, the terms waiting for a signature, a support request with an attachment that reaches the
// support mailbox through SMTP, and adding another seller account to the partner switcher.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, openLoggedIn, PHONE, snap, type Viewport } from './support/browser';
import { waitForMail } from './support/mail';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const WIDE: Viewport = { width: 1200, height: 900 };
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
  const width = await page.evaluate('document.documentElement.scrollWidth');
  expect(width, `${name} is wider than 320 px`).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(WIDE);
}

describe('profile', () => {
  it('shows the seller info, brands and the terms waiting for a signature', async () => {
    const page = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(page, 'seller', '/profile/main');
    await page.getByRole('heading', { name: 'Основная информация' }).waitFor();
    await page.getByText('МД-10001').waitFor();
    await page.getByText('044525225').waitFor();
    // A new version waits: the banner asks to sign, and nothing is read-only.
    const banner = page.getByTestId('offer-banner');
    await banner.getByText('Доступна новая версия условий сотрудничества').waitFor();
    expect(await page.getByRole('button', { name: 'Изменить' }).isDisabled()).toBe(false);
    await snapBoth(page, 'profile', '01-main');

    await page.goto('/profile/brands');
    await page.getByRole('heading', { name: 'Страны и бренды' }).waitFor();
    await page
      .getByRole('row', { name: /Calvin Klein/ })
      .getByText('Нужно разрешение')
      .waitFor();
    await page
      .getByRole('row', { name: /Levi’s/ })
      .getByText('Получено')
      .waitFor();
    await snapBoth(page, 'profile', '03-brands');

    await page.goto('/profile/offers');
    await page
      .getByRole('row', { name: /2\.0/ })
      .getByRole('button', { name: 'Подписать версию 2.0' })
      .waitFor();
    await page.getByRole('row', { name: /1\.0/ }).getByText('Подписана').waitFor();
    expect(await page.getByRole('button', { name: /Подписать версию/ }).count()).toBe(1);
    await snapBoth(page, 'profile', '04-offers');
    await page.context().close();
  });

  // Changes are made as dropship@moda.test: other flows read the seller's recent changes on its home page.
  it('edits the contacts, asking before leaving with unsaved changes', async () => {
    const page = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(page, 'dropship', '/profile/main');
    await page.getByRole('heading', { name: 'Основная информация' }).waitFor();
    await page.getByRole('button', { name: 'Изменить' }).click();
    await page.getByLabel('Телефон').fill('12345');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Должно быть ровно 10 цифр').waitFor();
    await snapBoth(page, 'profile', '02-contacts-error');
    // Leaving with unsaved changes asks first.
    // The side navigation is redrawn when the width changes: take the link that is on screen.
    await page
      .getByRole('navigation', { name: 'Разделы профиля' })
      .getByRole('link', { name: 'Страны и бренды' })
      .filter({ visible: true })
      .click();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Уйти со страницы?' }).waitFor();
    await page.getByRole('button', { name: 'Остаться' }).click();
    await page.locator('.ant-modal-confirm').waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/profile/main');
    await page.getByLabel('Телефон').fill('8 (916) 555-44-33');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Контакты сохранены').waitFor();
    await page.getByText('+7 (916) 555-44-33').waitFor();

    await page.context().close();
  });

  it('sends a support request with an attachment to the support mailbox', async () => {
    const page = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(page, 'dropship', '/profile/help');
    await page.getByRole('heading', { name: 'Помощь и контакты' }).waitFor();
    await page
      .getByText(/08:00 до 20:00 по московскому времени, персональный менеджер — с 09:30 до 18:30/)
      .waitFor();

    const input = page.locator('input[type=file]');
    // Checked in the browser before anything is uploaded.
    await input.setInputFiles({
      name: 'virus.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    });
    await page.getByText(/Неверный формат файла\. Допустимые форматы: JPG, PNG/).waitFor();

    await page.getByRole('button', { name: 'Отправить' }).click();
    // Both fields say so (the second message may render a moment after the first).
    await page.getByText('Обязательное поле').nth(1).waitFor();
    expect(await page.getByText('Обязательное поле').count()).toBe(2);
    await snapBoth(page, 'profile', '05-help-errors');

    await page.getByLabel('Тема обращения').click();
    // Ant Design keeps only the options near the active one in its accessible list: click the drawn one.
    await page.locator('.ant-select-item-option', { hasText: 'Заказы и отгрузки' }).click();
    const text = `Заказ MD-1001 не уходит в сборку ${Date.now()}`;
    await page.getByLabel('Сообщение').fill(text);
    await input.setInputFiles({
      name: 'акт.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await page.getByText('акт.pdf').waitFor();
    await page.locator('.ant-upload-list-item-uploading').waitFor({ state: 'detached' });
    const sentAt = Date.now();
    await page.getByRole('button', { name: 'Отправить' }).click();
    await page.getByText('Обращение отправлено').waitFor();
    await snap(page, 'profile', '06-help-sent');

    const mail = await waitForMail(mailDir, {
      to: 'support@moda.test',
      subject: 'Обращение продавца 10003',
      since: sentAt,
    });
    expect(mail.text).toContain(text);
    expect(mail.attachments).toContainEqual({ filename: 'акт.pdf', mimeType: 'application/pdf' });
    await page.context().close();
  });

  it('adds another seller account and shows its partners in the switcher', async () => {
    const page = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(page, 'dropship', '/profile');
    await page.getByRole('heading', { name: 'Профиль' }).waitFor();
    await page.getByRole('button', { name: 'Добавить аккаунт' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email или логин').fill('seller');
    await dialog.getByLabel('Пароль').fill('wrong-password');
    await dialog.getByRole('button', { name: 'Добавить' }).click();
    await dialog.getByText('Неверный email, логин или пароль').waitFor();
    await snap(page, 'profile', '07-add-account-refused');

    await dialog.getByLabel('Пароль').fill('Moda2026!');
    await dialog.getByRole('button', { name: 'Добавить' }).click();
    await page.getByText('Аккаунт добавлен').waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Северный ветер' }).waitFor();
    await page.getByRole('combobox', { name: 'Партнёр' }).first().click();
    await page.getByRole('option', { name: /Северный ветер · ID 10001/ }).waitFor();
    await page.getByRole('heading', { name: 'Профиль' }).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
    await snapBoth(page, 'profile', '08-accounts');
    await page.context().close();
  });
});
