// The seller's team end to end (issue 28), in Debian's Chromium against the real server: the owner invites
// a colleague as analyst, the emailed link (real SMTP, global-setup.ts) registers them, and the analyst's
// write is refused with the role's message while reading works.
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, openLoggedIn, snap, type Viewport } from './support/browser';
import { linkTo, waitForMail } from './support/mail';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const WIDE: Viewport = { width: 1440, height: 900 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('team', () => {
  it('invites a colleague as analyst, who registers from the link and is refused a write', async () => {
    const email = `analyst.${Date.now().toString(36)}@moda.test`;
    const owner = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(owner, 'fbs', '/profile/team');
    await owner.getByRole('heading', { name: 'Команда' }).waitFor();
    await owner.getByText('fbs@moda.test').waitFor();
    await owner.getByText('Права ролей').waitFor();
    const sentAt = Date.now();
    await owner.getByRole('button', { name: 'Пригласить' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await snap(owner, 'team', '01-invite');
    await dialog.getByRole('button', { name: 'Отправить приглашение' }).click();
    await owner.getByText(`Приглашение отправлено на ${email}`).waitFor();
    await owner.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) }).waitFor();
    await snap(owner, 'team', '02-invited');

    const mail = await waitForMail(mailDir, { to: email, subject: 'Приглашение в команду', since: sentAt });
    const link = linkTo(mail, '/invitation');
    const colleague = await newPage(browser, baseUrl, WIDE);
    await colleague.goto(link);
    await colleague.getByRole('heading', { name: 'Приглашение в команду' }).waitFor();
    await colleague.getByText('с ролью «Аналитик»').waitFor();
    await colleague.getByLabel('Пароль', { exact: true }).fill('Analyst2026!');
    await colleague.getByLabel('Повторите пароль').fill('Analyst2026!');
    await snap(colleague, 'team', '03-accept');
    await colleague.getByRole('button', { name: 'Принять приглашение' }).click();
    await colleague.waitForURL((url) => url.pathname === '/');

    // Reading the profile works; saving the contacts is the owner's or the manager's.
    await colleague.goto('/profile/main');
    await colleague.getByRole('heading', { name: 'Основная информация' }).waitFor();
    await colleague.getByRole('button', { name: 'Изменить' }).click();
    await colleague.getByLabel('Телефон').fill('8 (916) 555-44-33');
    await colleague.getByRole('button', { name: 'Сохранить' }).click();
    await colleague
      .getByText('Роль «Аналитик» не даёт права вносить изменения в разделе «Профиль и договор»')
      .waitFor();
    await snap(colleague, 'team', '04-refused');

    // The owner sees the new member in their role.
    await owner.reload();
    await owner
      .getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) })
      .getByText('Аналитик')
      .waitFor();
    await owner.context().close();
    await colleague.context().close();
  });
});
