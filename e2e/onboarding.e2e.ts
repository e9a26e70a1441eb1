// Onboarding against the real server: a new registration confirmed by email sees the welcome and the road,
// fills the questionnaire's first page on screen (the middle pages through the API, as a fast path), sends it,
// gets a clarification on a field, answers and sends it again; support approves it on the review screen; the
// committee and the legal check happen through the API (other people's screens); then the new partner's terms
// are signed, ten SKUs added and a warehouse activated, and the last step opens the full cabinet.
// Screenshots at 1440 px under e2e/artifacts/onboarding/.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, logIn, newPage, snap } from './support/browser';
import { linkTo, waitForMail } from './support/mail';
import { E2E_PLATFORM_TOKEN } from './support/platform';
import { rpc } from './support/rpc';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const FLOW = 'onboarding';
const WIDE = { width: 1440, height: 900 };
const PASSWORD = 'Brand2026!';
const STAMP = String(Date.now()).slice(-7);
const EMAIL = `onboarding.${STAMP}@moda.test`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function token(username: string, password = DEMO_PASSWORD): Promise<string> {
  const r = await fetch(`${baseUrl}/jsonrpc/v1/tokens.create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await r.json()) as { accessToken: string }).accessToken;
}
async function call<T = Record<string, unknown>>(
  method: string,
  params: Record<string, unknown>,
  who: string,
) {
  const bearer =
    who === 'platform' ? E2E_PLATFORM_TOKEN : await token(who, who === EMAIL ? PASSWORD : DEMO_PASSWORD);
  const r = await rpc<T>(baseUrl, method, params, bearer);
  expect(r.error, `${method}: ${JSON.stringify(r.error)}`).toBeUndefined();
  return r.result as T;
}

function ean13(first12: string): string {
  const sum = [...first12].reduce((acc, ch, i) => acc + Number(ch) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}
const productCard = (n: number, sizes: string[]) => ({
  category: 'clothes',
  sellerParentSku: `ONB-${STAMP}-${n}`,
  title: 'Платье льняное',
  brand: 'Nordwind',
  gender: 'women',
  country: 'RU',
  erpCategory: { level1: 'Одежда', level2: 'Платья' },
  composition: [{ material: 'лён', percent: 100 }],
  sizeScale: 'RU_CLOTHES',
  sizes: sizes.map((size, i) => ({
    size,
    sellerSku: `ONB-${STAMP}-${n}-${size}`,
    barcode: ean13(`27${STAMP}${n}${i}`.padEnd(12, '0').slice(0, 12)),
    dataMatrix: false,
  })),
  price: 4990,
  attributes: { color_family: 'бежевый', season: ['summer'] },
  legal: {
    tnVed: '6204420000',
    producer: 'ООО «Северный ветер»',
    producerAddress: 'г. Москва, ул. Тверская, 1',
    isResale: false,
    eac: true,
  },
});

async function step(page: Page, key: string, state: string) {
  await page.getByTestId(`step-${key}`).filter({ hasText: state }).waitFor();
}

describe('onboarding', () => {
  it('takes a new registration to a selling partner with the full cabinet', async () => {
    // Registration (its own flow is tested in accounts.e2e.ts): the emailed link confirms it.
    const sentAt = Date.now();
    const registered = await rpc(baseUrl, 'v1.registration.initiate', {
      email: EMAIL,
      password: PASSWORD,
      passwordRepeat: PASSWORD,
      consent: true,
    });
    expect(registered.error).toBeUndefined();
    const mail = await waitForMail(mailDir, { to: EMAIL, subject: 'Подтвердите регистрацию', since: sentAt });
    const page = await newPage(browser, baseUrl, WIDE);
    await page.goto(linkTo(mail, '/registration'));
    await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Подтвердить и войти' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // The welcome and the road: nothing started yet.
    const welcome = page.getByRole('dialog');
    await welcome.getByText('Чтобы начать продавать').waitFor();
    await step(page, 'initialSeller', 'Не начато');
    await snap(page, FLOW, '01-welcome');
    await welcome.getByRole('button', { name: 'Заполнить анкету' }).click();

    // The questionnaire's first page on screen, a wrong INN refused on its field first.
    await page.getByRole('heading', { name: 'Анкета продавца' }).waitFor();
    await page.getByLabel('ИНН').fill('7707083894');
    await page.getByLabel('ОГРН').fill('1027700132195');
    await page.getByLabel('КПП').fill('770701001');
    await page.getByLabel('Название организации').fill('ООО «Северный ветер»');
    await page.getByLabel('Телефон', { exact: true }).fill('+7 (495) 123-45-67');
    await page.getByRole('button', { name: 'Сохранить и продолжить' }).click();
    await page.getByText('Неверное контрольное число ИНН').waitFor();
    await snap(page, FLOW, '02-inn-refused');
    await page.getByLabel('ИНН').fill('7707083893');
    await page.getByRole('button', { name: 'Сохранить и продолжить' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === 'contacts');

    // The middle pages through the API (fast path), the last one on screen, then sent.
    const pages: Record<string, unknown> = {
      contacts: { ceoName: 'Андреев Андрей Андреевич', differentContact: false },
      cooperation: { model: 'FBS', warehouseAddress: 'Москва, ул. Складочная, д. 1' },
      brands: {
        multibrand: false,
        brands: [
          {
            name: 'Nordwind',
            designerSection: false,
            trademark: true,
            ownership: 'owner',
            country: 'Россия',
            averagePrice: 4500,
            averageDiscount: 15,
          },
        ],
      },
      categories: { categories: [{ category: 'clothes', skuCount: 120 }] },
    };
    for (const [p, data] of Object.entries(pages))
      await call('v1.surveys.first.save', { page: p, data }, EMAIL);
    await page.goto('/onboarding?page=channels');
    await page.getByLabel('Свой интернет-магазин (ссылка)').fill('https://nordwind.example.ru');
    await page.getByRole('button', { name: 'Отправить на проверку' }).click();
    await page.getByText(/Анкета на проверке\. Ответим до \d\d\.\d\d\.\d\d\./).waitFor();
    await snap(page, FLOW, '03-on-review');

    // Support asks about a field (their screen is shown below); the seller answers and sends again.
    const [own] = (
      await call<{ items: { id: string; email: string }[] }>(
        'v1.surveys.list',
        { queue: 'survey' },
        'support',
      )
    ).items.filter((c) => c.email === EMAIL);
    const id = own!.id;
    await call(
      'v1.surveys.review',
      {
        id,
        decision: 'askClarification',
        questions: [{ field: 'company.organizationName', question: 'Укажите полное название, как в ЕГРЮЛ' }],
      },
      'support',
    );
    await page.goto('/onboarding?page=company');
    await page.getByText('Вопрос проверяющего: Укажите полное название, как в ЕГРЮЛ').waitFor();
    await snap(page, FLOW, '04-clarification');
    await page
      .getByLabel('Название организации')
      .fill('Общество с ограниченной ответственностью «Северный ветер»');
    await page.getByRole('button', { name: 'Сохранить и продолжить' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === 'contacts');
    await page.goto('/onboarding?page=channels');
    await page.getByRole('button', { name: 'Отправить на проверку' }).click();
    await page.getByText(/Анкета на проверке/).waitFor();

    // Support approves it on the review screen.
    const staff = await newPage(browser, baseUrl, WIDE);
    await staff.goto('/login?returnUrl=%2Fonboarding%2Freview');
    await logIn(staff, 'support');
    await staff.getByRole('row').filter({ hasText: EMAIL }).getByRole('button', { name: 'Открыть' }).click();
    const drawer = staff.getByRole('dialog');
    await drawer.getByText('Общество с ограниченной ответственностью «Северный ветер»').waitFor();
    await snap(staff, FLOW, '05-staff-review');
    await drawer.getByRole('button', { name: 'Одобрить' }).click();
    await staff.getByText('Решение сохранено').waitFor();
    await staff.context().close();

    // The committee and the legal check decide elsewhere; the partner is made.
    await call('v1.surveys.assortment-committee.decide', { id, decision: 'APPROVED' }, 'support');
    const { partnerId } = await call<{ partnerId: number }>(
      'v1.platform.onboarding.legal-check',
      { id, result: 'passed', shopName: `Nordwind ${STAMP}` },
      'platform',
    );
    await page.goto('/');
    await step(page, 'legalCheck', 'Готово');
    await step(page, 'contract', 'В процессе');
    await snap(page, FLOW, '06-after-legal-check');

    // Terms signed, ten SKUs, an active warehouse (their own screens are tested elsewhere).
    const offers = await call<{ items: { id: string }[] }>('v1.offers.list', { partnerId }, EMAIL);
    await call('v1.offers.approve', { partnerId, newestOfferId: offers.items[0]!.id }, EMAIL);
    await call(
      'v1.nomenclatures.store',
      { partnerId, card: productCard(1, ['40', '42', '44', '46', '48']) },
      EMAIL,
    );
    await call(
      'v1.nomenclatures.store',
      { partnerId, card: productCard(2, ['40', '42', '44', '46', '48']) },
      EMAIL,
    );
    const days = ['mon', 'tue', 'wed', 'thu', 'fri'];
    await call(
      'v1.warehouses.create',
      {
        partnerId,
        general: {
          name: 'Склад Nordwind',
          address: {
            index: '127018',
            region: 'Москва',
            locality: 'Москва',
            street: 'ул. Складочная',
            house: '1',
          },
          phone: '4951234567',
        },
        deliveryMethod: {
          type: 'DROP_OFF',
          orderAcceptance: { days, time: '12:00' },
          shipment: { days, time: '15:00' },
          shippingPoint: 'Bykovo',
          expectedVolume: 10,
          noticeTiming: 'ON_THE_DAY_OF_SHIPMENT',
        },
        returnMethod: { type: 'DROP_OFF', schedule: { days, time: '15:00' }, pickupPoint: 'Bykovo' },
        activate: true,
      },
      EMAIL,
    );
    await page.goto('/');
    await step(page, 'logistics', 'Готово');
    await snap(page, FLOW, '07-all-complete');
    await page.getByRole('button', { name: 'Перейти в полный кабинет' }).click();

    // The first look at the full cabinet: the road is gone, the partner and its areas are there.
    await page.getByTestId('home-partner').getByText(`Nordwind ${STAMP}`).waitFor();
    await page.getByRole('link', { name: /Склады/ }).waitFor();
    // The road goes once the home page has read the finished onboarding (not at the same render as the links).
    await page.getByTestId('onboarding-road').waitFor({ state: 'detached' });
    await snap(page, FLOW, '08-full-cabinet');
  });
});
