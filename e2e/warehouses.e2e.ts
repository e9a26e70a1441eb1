// Warehouses (spec 000 §2 and §4) against the real server: the FBS seller adds a pick-up warehouse through
// the three steps and finds it awaiting approval, support approves it on «На проверке», the seller
// activates it in place of the active one, then activates that one again. Screenshots at 1200 and 320 px.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  ARTIFACTS_DIR,
  choose,
  launchBrowser,
  newPage,
  nextFrame,
  openLoggedIn,
  PHONE,
  SCREENSHOTS,
  snap,
} from './support/browser';

const baseUrl = inject('baseUrl');
const FLOW = 'warehouses';
const WIDE = { width: 1200, height: 900 };
const NEW_NAME = 'Склад на Тверской';
const ACTIVE_NAME = 'Склад на Складочной';
const DRAFT_NAME = 'Склад в Подольске';
const WEEKDAYS = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт'];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const card = (page: Page, name: string) =>
  page.locator('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
const drawer = (page: Page) => page.locator('.warehouse-drawer');
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const fieldset = (root: Locator, legend: string) =>
  root.locator('fieldset').filter({ has: root.page().locator('legend', { hasText: legend }) });

async function fillSchedule(page: Page, group: Locator, time: string) {
  for (const day of WEEKDAYS) await group.getByLabel(day, { exact: true }).check();
  await choose(page, group.getByLabel('Время'), time);
}

async function confirmDialog(page: Page, title: string, ok: string) {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: title });
  await dialog.waitFor();
  return async (name = ok) => dialog.getByRole('button', { name }).click();
}

/** Waits until Ant Design's open and close animations have finished, so a screenshot shows the end state. */
async function settle(page: Page) {
  await page
    .waitForFunction('document.getAnimations().every((a) => a.playState !== "running")', undefined, {
      timeout: 3_000,
    })
    .catch(() => undefined);
}

/** What the screen shows (not the full page): for the side panel and dialogs, which stay in view. */
async function shot(page: Page, name: string) {
  if (!SCREENSHOTS) return nextFrame(page);
  await settle(page);
  const dir = path.join(ARTIFACTS_DIR, FLOW);
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

async function notice(page: Page, title: string) {
  await page.locator('.ant-notification-notice').filter({ hasText: title }).first().waitFor();
}

describe('warehouses', () => {
  it('a seller adds a pick-up warehouse, support approves it, the seller activates it and then another', async () => {
    // --- the seller's list ---------------------------------------------------------------------
    const seller = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(seller, 'fbs@moda.test', '/warehouses');
    await seller.waitForURL('**/warehouses');
    await seller.getByRole('heading', { name: 'Мои склады', level: 1 }).waitFor();
    await card(seller, ACTIVE_NAME).getByText('Активен').waitFor();
    await card(seller, DRAFT_NAME).getByText('Черновик').waitFor();
    await seller.getByText(/Поддержка работает ежедневно с 08:00 до 20:00/).waitFor();
    await snap(seller, FLOW, '01-list-1200');

    // --- step 1: general info ------------------------------------------------------------------
    await seller.getByRole('button', { name: 'Добавить склад' }).first().click();
    await seller.waitForURL(/action=create&step=1/);
    const form = drawer(seller);
    await form.getByLabel('Название склада').fill(NEW_NAME);
    await form.getByLabel('Индекс').fill('125009');
    await form.getByLabel('Регион').fill('Москва');
    await form.getByLabel('Населённый пункт').fill('Москва');
    await form.getByLabel('Улица').fill('ул. Тверская');
    await form.getByLabel('Дом, строение').fill('7');
    await form.getByLabel('Телефон склада').fill('+7 (495) 111-22-33');
    // Today, tomorrow and the day after cannot be non-working days: pick the first day that can.
    await form.locator('.ant-picker').click();
    const calendar = seller.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    await calendar.locator('.ant-picker-cell-today.ant-picker-cell-disabled').waitFor();
    await shot(seller, '02-step1-calendar-1200');
    // Near a month's end every day left in it may be too close: a day of the next month always can be.
    await calendar.locator('.ant-picker-header-next-btn').click();
    await calendar.locator('.ant-picker-cell-in-view:not(.ant-picker-cell-disabled)').first().click();
    await seller.keyboard.press('Escape');
    await form.getByLabel('Комментарий для курьера').fill('Въезд с Тверской, пропуск не нужен');
    await shot(seller, '03-step1-1200');
    await form.getByRole('button', { name: 'Далее' }).click();

    // --- step 2: delivery by platform transport -------------------------------------------------
    await seller.waitForURL(/step=2/);
    await form.getByLabel(/Заберёт транспорт маркетплейса/).check();
    await fillSchedule(seller, fieldset(form, 'Приём заказов'), '12:00');
    await fillSchedule(seller, fieldset(form, 'Приезд машины'), '15:00');
    // The base warehouse the truck takes the orders to: its address goes on the labels.
    await choose(seller, form.getByLabel('Базовый склад'), 'Софьино');
    await form.getByText(/д\. Софьино, ул\. Логистическая/).waitFor();
    await choose(seller, form.getByLabel('Интервал приезда машины'), '2 ч');
    await form.getByLabel('Ожидаемый объём, м³').fill('10');
    await form.getByLabel('Время на погрузку, мин').fill('30');
    await choose(seller, form.getByLabel('Когда предупреждать об отгрузке'), 'За день до отгрузки');
    await shot(seller, '04-step2-1200');
    await form.getByRole('button', { name: 'Далее' }).click();

    // --- step 3: returns by platform transport, then back to step 1 and forward again ----------
    await seller.waitForURL(/step=3/);
    await form.getByLabel(/Привезёт транспорт маркетплейса/).check();
    await fillSchedule(seller, fieldset(form, 'График возвратов'), '15:00');
    await form
      .getByRole('navigation', { name: 'Шаги заполнения склада' })
      .getByText('Общая информация')
      .click();
    await seller.waitForURL(/step=1/);
    // The URL moves before React renders step 1; the steps bar ignores a click on the step it still
    // takes for the current one, so wait for step 1 to show before going forward.
    await form.getByLabel('Название склада').waitFor();
    expect(await form.getByLabel('Название склада').inputValue()).toBe(NEW_NAME);
    await form
      .getByRole('navigation', { name: 'Шаги заполнения склада' })
      .getByText('Способ возврата')
      .click();
    await seller.waitForURL(/step=3/);
    expect(await form.getByLabel(/Привезёт транспорт маркетплейса/).isChecked()).toBe(true);
    await shot(seller, '05-step3-1200');
    // Pick-up needs support's approval: no «add and activate».
    expect(await form.getByRole('button', { name: 'Добавить и активировать' }).count()).toBe(0);
    await form.getByRole('button', { name: 'Добавить склад' }).click();
    await notice(seller, 'Склад добавлен');
    await seller.waitForURL((url) => !url.search.includes('action='));

    // --- the new warehouse waits for approval under Неактивные ----------------------------------
    await tab(seller, 'Неактивные').click();
    await seller.waitForURL(/tab=inactive/);
    const created = card(seller, NEW_NAME);
    await created.getByText('Ожидает одобрения').waitFor();
    expect(await created.getByRole('button', { name: 'Активировать' }).count()).toBe(0);
    expect(await card(seller, ACTIVE_NAME).count()).toBe(0);
    await settle(seller);
    await snap(seller, FLOW, '06-awaiting-approval-1200');

    // --- support approves it on «На проверке» ---------------------------------------------------
    const support = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(support, 'support@moda.test');
    await support.getByRole('heading', { name: 'Выберите партнёра' }).waitFor();
    await support.getByRole('combobox', { name: 'Партнёр' }).last().fill('Urban');
    await support.getByRole('option', { name: /Urban Loft/ }).click();
    await support.getByRole('heading', { name: 'Urban Loft' }).waitFor();
    await support.goto('/warehouses?tab=review');
    const queued = card(support, NEW_NAME);
    await queued.getByText(/Urban Loft · ID 10002/).waitFor();
    await snap(support, FLOW, '07-support-review-1200');
    await queued.getByRole('button', { name: 'Одобрить' }).click();
    await notice(support, 'Склад одобрен');
    await support.getByText('Нет складов на проверке').waitFor();
    await support.context().close();

    // --- the seller activates it: the current one is deactivated after a confirmation ------------
    await seller.reload();
    await created.getByText('Неактивен').waitFor();
    await created.getByRole('button', { name: 'Активировать' }).click();
    const confirmActivate = await confirmDialog(seller, `Активировать склад «${NEW_NAME}»?`, 'Активировать');
    await seller.getByText(`Склад «${ACTIVE_NAME}» будет деактивирован.`).waitFor();
    await shot(seller, '08-activate-confirm-1200');
    await confirmActivate();
    await notice(seller, 'Склад активирован');
    await card(seller, ACTIVE_NAME).getByText('Неактивен').waitFor();
    await tab(seller, 'Активные').click();
    await card(seller, NEW_NAME).getByText('Активен').waitFor();

    // --- then activates the other one: the new warehouse becomes inactive ------------------------
    await tab(seller, 'Неактивные').click();
    await card(seller, ACTIVE_NAME).getByRole('button', { name: 'Активировать' }).click();
    const confirmBack = await confirmDialog(seller, `Активировать склад «${ACTIVE_NAME}»?`, 'Активировать');
    await seller.getByText(`Склад «${NEW_NAME}» будет деактивирован.`).waitFor();
    await confirmBack();
    await notice(seller, 'Склад активирован');
    await card(seller, NEW_NAME).getByText('Неактивен').waitFor();
    expect(await card(seller, ACTIVE_NAME).count()).toBe(0);
    await tab(seller, 'Все').click();
    await card(seller, ACTIVE_NAME).getByText('Активен').waitFor();
    await card(seller, NEW_NAME).getByText('Неактивен').waitFor();
    await snap(seller, FLOW, '09-after-second-activation-1200');
    await seller.context().close();
  });

  it('fits a 320 px screen: the list, the form steps and the field errors', async () => {
    const page = await newPage(browser, baseUrl, PHONE);
    // Leaving the half-filled form below asks the browser's «leave the page?»: the test leaves.
    page.on('dialog', (dialog) => void dialog.accept());
    await openLoggedIn(page, 'fbs@moda.test', '/warehouses');
    await page.getByRole('heading', { name: 'Мои склады', level: 1 }).waitFor();
    await card(page, ACTIVE_NAME).waitFor();
    await snap(page, FLOW, '10-list-320');
    await shot(page, '10-list-top-320');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);

    await page.goto('/warehouses?action=create&step=1');
    const form = drawer(page);
    await form.getByRole('button', { name: 'Далее' }).click();
    await form.getByText('Должно быть ровно 6 цифр').waitFor();
    await shot(page, '11-step1-errors-320');
    await form
      .getByRole('navigation', { name: 'Шаги заполнения склада' })
      .getByText('Способ доставки')
      .click();
    await form.getByLabel(/Отвезу сам в пункт приёма/).check();
    await choose(page, form.getByRole('combobox', { name: /Пункт приёма/ }), 'Быково');
    // The chosen point's address, under the field (the closed list keeps a hidden copy of the options).
    await form.locator('.ant-form-item-extra', { hasText: 'Аэропортовская' }).waitFor();
    await shot(page, '11b-step2-drop-off-320');

    await page.goto(`/warehouses?action=edit&id=${await activeId(page)}&step=2`);
    await drawer(page)
      .getByText('Изменить способ доставки у добавленного склада можно только через поддержку.')
      .waitFor();
    await shot(page, '12-edit-step2-320');
    await page.context().close();
  });
});

/** The id of the partner's active warehouse, read from its card. */
async function activeId(page: Page): Promise<string> {
  await page.goto('/warehouses?tab=active');
  const id = await page.locator('article[data-warehouse-id]').first().getAttribute('data-warehouse-id');
  if (!id) throw new Error('no active warehouse');
  return id;
}
