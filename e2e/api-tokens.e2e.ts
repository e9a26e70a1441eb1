// API tokens end to end (issue 27), in Debian's Chromium against the real server: the seller issues a token in
// the profile's «API» tab, a program calls the gateway with it (fetch, as curl would), the tab shows the call's
// time and address, the journal names the token as who made its change, and revoking it ends its access at the
// next call.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, openLoggedIn, snap, type Viewport } from './support/browser';

const baseUrl = inject('baseUrl');
const WIDE: Viewport = { width: 1440, height: 900 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const callGateway = (secret: string) =>
  fetch(`${baseUrl}/v1/questions.list`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ partnerId: 10001 }),
  });

describe('api tokens', () => {
  it('issues a token, a program calls the gateway with it, the tab shows the last use, revoking ends it', async () => {
    const name = `Интеграция ${Date.now().toString(36)}`;
    const page = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(page, 'seller', '/profile/api');
    await page.getByRole('heading', { name: 'API' }).waitFor();
    await page.getByText(/^Действующих токенов: \d+ из 20$/).waitFor();
    await page.getByRole('button', { name: 'Выпустить токен' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Название').fill(name);
    await dialog
      .getByRole('radiogroup', { name: 'Вопросы и отзывы' })
      .getByText('Чтение и запись', { exact: true })
      .click();
    await snap(page, 'api-tokens', '01-issue');
    await dialog.getByRole('button', { name: 'Выпустить' }).click();
    const shown = page.getByTestId('api-token-secret');
    await shown.waitFor();
    const secret = /msk_\S+/.exec((await shown.textContent()) ?? '')?.[0];
    expect(secret).toMatch(/^msk_[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    await snap(page, 'api-tokens', '02-secret');
    await page.getByRole('button', { name: 'Готово' }).click();

    const res = await callGateway(secret!);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('300');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('299');
    // Outside its scope: refused, the scope named.
    const refused = await fetch(`${baseUrl}/v1/orders.list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ partnerId: 10001 }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Токену не хватает доступа: Заказы — чтение/,
    );

    // A change made by the program: the journal shows it under the token, not under a person.
    const template = `Шаблон ${name}`;
    const saved = await fetch(`${baseUrl}/v1/feedback.templates.save`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        partnerId: 10001,
        kind: 'question',
        name: template,
        content: 'Спасибо за вопрос!',
      }),
    });
    expect(saved.status).toBe(200);
    await page.goto('/profile/audit');
    const entry = page.getByRole('row', { name: /Сохранение шаблона ответа/ }).first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain(`seller@moda.test, API-токен «${name}»`);
    await snap(page, 'api-tokens', '03-audit');

    await page.goto('/profile/api');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    await row.getByText(/\d\d\.\d\d\.\d\d \d\d:\d\d/).waitFor();
    expect(await row.textContent()).not.toContain('не использовался');
    await snap(page, 'api-tokens', '04-last-used');

    await row.getByRole('button', { name: 'Отозвать' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Отозвать', exact: true }).click();
    await page.getByText('Токен отозван').first().waitFor();
    expect((await callGateway(secret!)).status).toBe(401);
  }, 45_000);
});
