// Questions and reviews (spec 000 §2–§4, spec 001 §8–§9) against the real server: a buyer asks through the
// storefront (v1.platform.*); the FBS seller answers from a template and edits it, the pre-send check marks
// the phone number added and the seller sends it anyway; a moderation specialist (support) rejects it in the
// settings' queue; the seller sees the reason, cancels the answer, answers again and sees it published.
// Screenshots at 1440 and 1280 px.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, openLoggedIn, snap } from './support/browser';
import { E2E_PLATFORM_TOKEN } from './support/platform';
import { rpc } from './support/rpc';

const baseUrl = inject('baseUrl');
const FLOW = 'questions';
const WIDE = { width: 1440, height: 900 };
const QUESTION = `Подойдёт ли на рост 180 см? (проверка ${Date.now()})`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const card = (page: Page) => page.locator('article').filter({ hasText: QUESTION });

async function notice(page: Page, title: string) {
  await page.locator('.ant-message, .ant-notification').filter({ hasText: title }).first().waitFor();
}

describe('questions', () => {
  it('a seller answers from a template, support rejects it, the seller cancels it and answers again', async () => {
    // --- a buyer asks about one of 10002's products ------------------------------------------------
    const products = await rpc<{ items: { sellerSku: string }[] }>(
      baseUrl,
      'v1.platform.products.list',
      { partnerId: 10002, limit: 5 },
      E2E_PLATFORM_TOKEN,
    );
    const sellerSku = products.result!.items[0]!.sellerSku;
    const created = await rpc(
      baseUrl,
      'v1.platform.feedback.create',
      { partnerId: 10002, type: 'question', sellerSku, text: QUESTION, authorName: 'Покупатель' },
      E2E_PLATFORM_TOKEN,
    );
    expect(created.error).toBeUndefined();

    // --- the seller answers from a template, adds a phone, and sends it despite the check ----------
    const seller = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(seller, 'fbs@moda.test', `/questions?search=${encodeURIComponent('проверка')}`);
    await seller.getByRole('heading', { name: 'Вопросы покупателей', level: 1 }).waitFor();
    await seller.getByText('Своевременные ответы').waitFor();
    await card(seller).waitFor();
    await snap(seller, FLOW, '01-list-1440');
    await card(seller).getByRole('button', { name: 'Ответить' }).click();
    await card(seller).getByLabel('Шаблон').click();
    await seller.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Размер"]').click();
    const field = card(seller).getByRole('textbox', { name: 'Текст ответа' });
    expect(await field.inputValue()).toMatch(/^Здравствуйте!/);
    await card(seller).getByText('Проверка перед отправкой: нарушений не найдено').waitFor();
    await field.press('End');
    await field.pressSequentially(' Звоните +7 916 555-12-34, подберём размер.');
    await card(seller).getByText('Модерация, скорее всего, отклонит этот ответ').waitFor();
    expect(await card(seller).locator('mark').first().textContent()).toBe('+7 916 555-12-34');
    await snap(seller, FLOW, '02-check-marks-1440');
    await card(seller).getByRole('button', { name: 'Отправить' }).click();
    const confirm = seller
      .locator('.ant-modal-confirm')
      .filter({ hasText: 'Отправить ответ специалисту модерации?' });
    await confirm.getByRole('button', { name: 'Всё равно отправить' }).click();
    await notice(seller, 'Ответ отправлен на модерацию');
    await card(seller).getByText('На модерации', { exact: true }).waitFor();

    // --- support rejects it in the moderation queue of the settings ------------------------------------
    const support = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(support, 'support@moda.test');
    await support.getByRole('heading', { name: 'Выберите партнёра' }).waitFor();
    await support.getByRole('combobox', { name: 'Партнёр' }).last().fill('Urban');
    await support.getByRole('option', { name: /Urban Loft/ }).click();
    await support.getByRole('heading', { name: 'Urban Loft' }).waitFor();
    await support.goto('/profile/settings');
    await support.getByRole('heading', { name: 'Модерация ответов' }).waitFor();
    const queued = support.locator('article').filter({ hasText: QUESTION });
    await queued.locator('mark').first().waitFor();
    await snap(support, FLOW, '03-moderation-queue-1440');
    await queued.getByRole('button', { name: 'Отклонить' }).click();
    const dialog = support.getByRole('dialog', { name: 'Отклонить ответ' });
    await dialog.getByText('Контактные данные в ответе').waitFor();
    await dialog.getByRole('button', { name: 'Отклонить' }).click();
    await notice(support, 'Ответ отклонён');
    await support.context().close();

    // --- the seller sees the reason, cancels the rejected answer and answers again ------------------
    await seller.setViewportSize({ width: 1280, height: 800 });
    await seller.reload();
    await card(seller).getByText('Отклонён на модерации', { exact: true }).waitFor();
    await card(seller).getByText('Причина отклонения: Контактные данные в ответе').waitFor();
    await snap(seller, FLOW, '04-rejected-1280');
    await card(seller).getByRole('button', { name: 'Отменить ответ' }).click();
    const cancel = seller.locator('.ant-modal-confirm').filter({ hasText: 'Отменить отклонённый ответ?' });
    await cancel.getByRole('button', { name: 'Отменить ответ' }).click();
    await notice(seller, 'Ответ отменён');
    await card(seller).getByText('Без ответа', { exact: true }).waitFor();

    await card(seller).getByRole('button', { name: 'Ответить' }).click();
    await card(seller).getByLabel('Шаблон').click();
    await seller.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Размер"]').click();
    await card(seller).getByText('Проверка перед отправкой: нарушений не найдено').waitFor();
    await card(seller).getByRole('button', { name: 'Отправить' }).click();
    await notice(seller, 'Ответ отправлен на модерацию');
    await card(seller).getByText('Опубликован', { exact: true }).waitFor();
    await card(seller).getByText('Ответ опубликован', { exact: true }).waitFor();
    await snap(seller, FLOW, '05-published-1280');

    // The settings show the rejection as a strike: one more would block answering for 7 days.
    await seller.goto('/profile/settings');
    await seller.getByText('Один ответ уже отклонён модерацией').waitFor();
    await snap(seller, FLOW, '06-settings-1280');
    await seller.context().close();
  });
});
