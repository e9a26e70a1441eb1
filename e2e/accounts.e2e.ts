// Registration and password recovery end to end, in Debian's Chromium against the real server: the
// emails go through a real SMTP server (global-setup.ts) and their links are followed in the browser.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, logIn, newPage, PHONE, snap, type Viewport } from './support/browser';
import { linkTo, waitForMail } from './support/mail';
import { rpc } from './support/rpc';

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

const unique = (name: string) => `${name}.${Date.now().toString(36)}@moda.test`;

/** The same screen at 320 px, for the narrowest phones. */
async function snapPhone(page: Page, flow: string, name: string) {
  await page.setViewportSize(PHONE);
  await snap(page, flow, `${name}-320`);
  await page.setViewportSize(WIDE);
}

describe('registration', () => {
  it('registers, confirms through the emailed link and lands home as a new seller', async () => {
    const email = unique('new.brand');
    const page = await newPage(browser, baseUrl, WIDE);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Зарегистрироваться' }).click();
    await page.getByRole('heading', { name: 'Регистрация продавца' }).waitFor();

    // Nothing filled: every field says what it needs, and nothing is sent.
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByText('Введите корректный email').waitFor();
    await page.getByText('Нужно согласие на обработку персональных данных').waitFor();
    await snap(page, 'registration', '01-errors');
    await snapPhone(page, 'registration', '01-errors');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Пароль', { exact: true }).fill('brand');
    await page.getByText('Надёжность пароля: низкая').waitFor();
    await page.getByLabel('Пароль', { exact: true }).fill('Brand2026!');
    await page.getByText('Надёжность пароля: хорошая').waitFor();
    await page.getByLabel('Повторите пароль').fill('Brand2026?');
    await page.getByText('Пароли не совпадают').waitFor();
    await page.getByLabel('Повторите пароль').fill('Brand2026!');
    await page.getByLabel('Я даю согласие на обработку персональных данных').check();
    expect(await page.getByText('Пароли не совпадают').count()).toBe(0);
    await snap(page, 'registration', '02-filled');

    const sentAt = Date.now();
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByRole('heading', { name: 'Подтвердите email' }).waitFor();
    await page.getByText(`Мы отправили письмо на ${email}`).waitFor();
    // The server allows another letter only after a minute: the button waits with a countdown.
    expect(await page.getByRole('button', { name: 'Отправить письмо ещё раз' }).isDisabled()).toBe(true);
    await page.getByText(/Отправить ещё раз можно через \d+ сек\./).waitFor();
    await snap(page, 'registration', '03-sent');
    await snapPhone(page, 'registration', '03-sent');

    const mail = await waitForMail(mailDir, { to: email, subject: 'Подтвердите регистрацию', since: sentAt });
    const link = linkTo(mail, '/registration');
    expect(link.startsWith(`${baseUrl}/registration?hash=`)).toBe(true);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Завершение регистрации' }).waitFor();
    await page.getByText(`подтвердить адрес ${email}`).waitFor();
    await snap(page, 'registration', '04-confirm');
    await page.getByLabel('Пароль', { exact: true }).fill('Brand2026!');
    await page.getByRole('button', { name: 'Подтвердить и войти' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(`Вы вошли как ${email}`).waitFor();
    const cookies = (await page.context().cookies()).map((c) => c.name);
    expect(cookies).toEqual(expect.arrayContaining(['moda_access_token', 'moda_refresh_token']));
    await snap(page, 'registration', '05-home');
    await page.context().close();
  });

  it('sends an existing address to the account-exists screen with login and recovery', async () => {
    const page = await newPage(browser, baseUrl, WIDE);
    await page.goto('/registration');
    await page.getByLabel('Email').fill('seller@moda.test');
    await page.getByLabel('Пароль', { exact: true }).fill('Brand2026!');
    await page.getByLabel('Повторите пароль').fill('Brand2026!');
    await page.getByLabel('Я даю согласие на обработку персональных данных').check();
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByRole('heading', { name: 'У вас уже есть аккаунт' }).waitFor();
    await page.getByText('Адрес seller@moda.test уже зарегистрирован').waitFor();
    await snap(page, 'registration', '06-account-exists');
    await page.getByRole('link', { name: 'Восстановить пароль' }).click();
    await page.waitForURL('**/reset');
    expect(await page.getByLabel('Email или логин').inputValue()).toBe('seller@moda.test');
    await page.context().close();
  });

  it('refuses an old or broken link', async () => {
    const page = await newPage(browser, baseUrl, WIDE);
    await page.goto('/registration?hash=not-a-real-link-hash');
    await page.getByRole('heading', { name: 'Ссылка устарела' }).waitFor();
    await snap(page, 'registration', '07-link-expired');
    await page.context().close();
  });
});

describe('password recovery', () => {
  it('email → link → new password (checked) → success page → login with it', async () => {
    const email = unique('recover');
    const registered = await rpc(baseUrl, 'v1.registration.initiate', {
      email,
      password: 'Start2026!',
      passwordRepeat: 'Start2026!',
      consent: true,
    });
    expect(registered.error).toBeUndefined();

    const page = await newPage(browser, baseUrl, WIDE);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Забыли пароль?' }).click();
    await page.getByRole('heading', { name: 'Восстановление пароля' }).waitFor();
    await page.getByLabel('Email или логин').fill('nobody@moda.test');
    await page.getByRole('button', { name: 'Восстановить пароль' }).click();
    await page.getByText('Пользователь с таким email или логином не найден').waitFor();
    await snap(page, 'recovery', '01-unknown-user');

    const sentAt = Date.now();
    await page.getByLabel('Email или логин').fill(email);
    await page.getByRole('button', { name: 'Восстановить пароль' }).click();
    await page.getByRole('heading', { name: 'Проверьте почту' }).waitFor();
    await page
      .getByText(/Мы отправили письмо со ссылкой для нового пароля на r\*\*\*\w@moda\.test/)
      .waitFor();
    await snap(page, 'recovery', '02-sent');
    await snapPhone(page, 'recovery', '02-sent');

    const mail = await waitForMail(mailDir, { to: email, subject: 'Восстановление пароля', since: sentAt });
    await page.goto(linkTo(mail, '/reset/password'));
    await page.getByRole('heading', { name: 'Новый пароль' }).waitFor();

    const password = page.getByLabel('Новый пароль');
    const repeat = page.getByLabel('Повторите пароль');
    await password.fill('Fresh2026!');
    await repeat.fill('Fresh2026?');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Пароли не совпадают').waitFor();
    // The server knows the old password: it must change.
    await password.fill('Start2026!');
    await repeat.fill('Start2026!');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Новый пароль должен отличаться от старого').waitFor();
    await snap(page, 'recovery', '03-same-as-old');

    await password.fill('Fresh2026!Ok#');
    await page.getByText('Надёжность пароля: высокая').waitFor();
    await repeat.fill('Fresh2026!Ok#');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('heading', { name: 'Пароль изменён' }).waitFor();
    await snap(page, 'recovery', '04-success');
    await snapPhone(page, 'recovery', '04-success');

    await page.getByRole('link', { name: 'Авторизоваться' }).click();
    await page.waitForURL('**/login');
    await logIn(page, email, 'Fresh2026!Ok#');
    await page.getByText(`Вы вошли как ${email}`).waitFor();
    await page.context().close();

    // The link is used up: opened again, it leads to the failure page and back to recovery.
    const again = await newPage(browser, baseUrl, WIDE);
    await again.goto(linkTo(mail, '/reset/password'));
    await again.getByRole('heading', { name: 'Не удалось изменить пароль' }).waitFor();
    await snap(again, 'recovery', '05-failure');
    await again.getByRole('link', { name: 'Продолжить' }).click();
    await again.waitForURL('**/reset');
    await again.context().close();
  });
});
