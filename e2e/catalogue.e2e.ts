// The catalogue against the real server with demo data: the seller creates a card through the four steps
// and finds it under «На модерации», uploads photos for it in a batch and sees the thumbnails, then hides
// products in bulk. Screenshots at 1200 and 320 px under e2e/artifacts/catalogue/.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { choose, launchBrowser, newPage, openLoggedIn, PHONE, snap } from './support/browser';

const baseUrl = inject('baseUrl');
const FLOW = 'catalogue';
const WIDE = { width: 1200, height: 900 };
const STAMP = String(Date.now()).slice(-7);
const PARENT = `E2E-${STAMP}`;
const SKU = `${PARENT}-42`;

/** EAN-13 with its check digit (GS1 weights 1 and 3 from the left). */
function ean13(first12: string): string {
  const sum = [...first12].reduce((acc, ch, i) => acc + Number(ch) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}
const BARCODE = ean13(`29${STAMP}000`.slice(0, 12).padEnd(12, '0'));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function next(page: Page, heading: string) {
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByRole('heading', { level: 2, name: heading }).waitFor();
}

const jpg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 80 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

describe('catalogue', () => {
  it('creates a card through the stepper and finds it on the moderation tab', async () => {
    const page = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(page, 'seller@moda.test', '/nomenclatures/add');
    await page.getByRole('heading', { name: 'Добавление товаров' }).waitFor();
    await snap(page, FLOW, '01-add-choice');
    await page.getByRole('button', { name: 'Заполнить карточку' }).click();
    await page.getByRole('heading', { level: 2, name: 'Общая информация' }).waitFor();

    await choose(page, 'Категория', 'Одежда');
    await page.getByLabel('Артикул родителя', { exact: true }).fill(PARENT);
    await page.getByLabel('Название', { exact: true }).fill('Платье льняное E2E');
    await choose(page, 'Бренд', 'Nord Wind');
    await choose(page, 'Пол', 'Женщины');
    await choose(page, 'Страна производства', 'Россия');
    await choose(page, 'Категория ERP, уровень 1', 'Одежда');
    await choose(page, 'Категория ERP, уровень 2', 'Платья');
    await choose(page, 'Цвет', 'бежевый');
    await choose(page, 'Сезон', 'лето');
    await page.keyboard.press('Escape');
    await snap(page, FLOW, '02-step-general');
    await next(page, 'Состав');

    await page.getByLabel('Материал 1', { exact: true }).fill('лён');
    await page.getByLabel('Процент материала 1', { exact: true }).fill('70');
    await page.locator('.product-form__sum', { hasText: 'Сумма: 70% из 100%' }).waitFor();
    await page.getByRole('button', { name: /Добавить материал/ }).click();
    await page.getByLabel('Материал 2', { exact: true }).fill('хлопок');
    await page.getByLabel('Процент материала 2', { exact: true }).fill('30');
    await page.getByText('Сумма: 100%').waitFor();
    await next(page, 'Цена и размер');

    await page.getByLabel('Цена, ₽', { exact: true }).fill('4990');
    await choose(page, 'Размерная сетка', 'Российские размеры одежды');
    await choose(page, 'Размер', '42');
    await page.getByLabel('Артикул продавца', { exact: true }).fill(SKU);
    // A wrong check digit is caught before anything is sent.
    await page
      .getByLabel('Штрихкод EAN-13', { exact: true })
      .fill(`${BARCODE.slice(0, 12)}${(Number(BARCODE[12]) + 1) % 10}`);
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.getByText('Неверный штрихкод: не сходится контрольная цифра EAN-13').waitFor();
    await snap(page, FLOW, '03-step-sizes-bad-ean');
    await page.getByLabel('Штрихкод EAN-13', { exact: true }).fill(BARCODE);
    await next(page, 'Юридическая информация');

    await choose(page, 'Код ТН ВЭД', '6204 42 000 0 — платья женские из хлопка');
    await page.keyboard.press('Escape');
    await page.getByLabel('Производитель', { exact: true }).fill('ООО «Северный ветер»');
    await page.getByLabel('Адрес производителя', { exact: true }).fill('г. Москва, ул. Тверская, 1');
    await page.getByText('Есть декларация ЕАЭС (знак EAC)').click();
    await snap(page, FLOW, '04-step-legal');
    await page.getByRole('button', { name: 'Создать', exact: true }).click();

    await page
      .getByText('Карточка отправлена на модерацию')
      .first()
      .waitFor()
      .catch(async (error: unknown) => {
        await snap(page, FLOW, '99-create-failed');
        throw error;
      });
    await page.waitForURL(
      (url) => url.pathname === '/nomenclatures' && url.searchParams.get('search') === PARENT,
    );
    expect(new URL(page.url()).searchParams.get('tab')).toBe('moderation_pending');
    await page.getByRole('cell', { name: SKU, exact: true }).waitFor();
    await expect(page.getByRole('tab', { selected: true }).textContent()).resolves.toContain('На модерации');
    await snap(page, FLOW, '05-list-moderation');

    await page.setViewportSize(PHONE);
    await page.getByRole('cell', { name: SKU, exact: true }).waitFor();
    await snap(page, FLOW, '06-list-moderation-320');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it('uploads photos in a batch and shows their thumbnails in order', async () => {
    const page = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(page, 'seller@moda.test', `/nomenclatures/images?parent=${PARENT}`);
    await page.getByRole('heading', { name: `Фото товара ${PARENT}` }).waitFor();
    await page.getByText('У товара пока нет фото').waitFor();
    await page
      .getByLabel('Файлы для загрузки', { exact: true })
      .first()
      .setInputFiles([
        { name: `${SKU}.jpg`, mimeType: 'image/jpeg', buffer: await jpg(762, 1100) },
        { name: `${SKU}_2.jpg`, mimeType: 'image/jpeg', buffer: await jpg(762, 1100) },
        { name: `${SKU}_3.jpg`, mimeType: 'image/jpeg', buffer: await jpg(800, 600) },
      ]);
    await page.getByText(/а у этого 800×600/).waitFor();
    await page.getByRole('button', { name: 'Загрузить', exact: true }).click();
    await page.getByText('Загружено 2 из 2').waitFor();
    await page.getByRole('img', { name: `Фото 2 товара ${PARENT}` }).waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('img.product-images__thumb')].every(
        (img) => img.complete && img.naturalWidth === 320,
      ),
    );
    await expect(page.getByText('Главное', { exact: true }).count()).resolves.toBe(1);
    await snap(page, FLOW, '07-images');
    await page.setViewportSize(PHONE);
    await snap(page, FLOW, '08-images-320');
    await page.context().close();
  });

  it('hides products in bulk and says per product what happened', async () => {
    const page = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(page, 'seller@moda.test', '/nomenclatures?tab=online');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    const onlineCount = page.locator('[data-tab="online"] .product-list__count');
    await page.waitForFunction(() =>
      /^\d+$/.test(document.querySelector('[data-tab="online"] .product-list__count')?.textContent ?? ''),
    );
    const before = Number(await onlineCount.textContent());
    await rows.nth(0).locator('input[type="checkbox"]').check();
    await rows.nth(1).locator('input[type="checkbox"]').check();
    await page.getByText('Выбрано: 2').waitFor();
    await snap(page, FLOW, '09-list-selected');
    await page.getByRole('button', { name: /Скрыть выбранные/ }).click();
    await page.getByText('Скрыто товаров: 2').waitFor();
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-tab="online"] .product-list__count')?.textContent) === n,
      before - 2,
    );
    await snap(page, FLOW, '10-list-hidden');
    await page.context().close();
  });
});
