// FBS against the real server: the FBS seller collects two new orders on their cards; both appear in the
// shipment being formed for the warehouse's next hand-over; the seller prints its pallet labels (a PDF
// download) and confirms it; the courier takes it and the sorting centre receives it (v1.platform.*), which
// the card shows; a refused order comes back and the sorting centre boxes it — the seller finds it in the
// return box. Screenshots at 1440 and 1280 px under e2e/artifacts/fbs/.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, newPage, openLoggedIn, snap } from './support/browser';
import { createOrder, E2E_PLATFORM_TOKEN } from './support/platform';
import { rpc } from './support/rpc';

const baseUrl = inject('baseUrl');
const FLOW = 'fbs';
const SELLER = 'fbs@moda.test';
const PARTNER_ID = 10002;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function sellerToken(): Promise<string> {
  const login = await fetch(`${baseUrl}/jsonrpc/v1/tokens.create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: SELLER, password: DEMO_PASSWORD }),
  });
  return ((await login.json()) as { accessToken: string }).accessToken;
}
const platform = async <T>(method: string, params: Record<string, unknown>) => {
  const r = await rpc<T>(baseUrl, method, params, E2E_PLATFORM_TOKEN);
  expect(r.error, `${method}: ${JSON.stringify(r.error)}`).toBeUndefined();
  return r.result as T;
};

describe('FBS shipments and returns', () => {
  it('collected orders form a shipment, its pallet label prints, the platform receives it, a refusal comes back in a box', async () => {
    const products = await platform<{ items: { sellerSku: string; quantity: number }[] }>(
      'v1.platform.products.list',
      { partnerId: PARTNER_ID, limit: 5 },
    );
    const [skuA, skuB] = products.items.map((p) => p.sellerSku);
    const a = await createOrder(baseUrl, { partnerId: PARTNER_ID, skus: [skuA!, skuB!] });
    const b = await createOrder(baseUrl, { partnerId: PARTNER_ID, skus: [skuB!] });

    const page = await newPage(browser, baseUrl, { width: 1440, height: 900 });
    await openLoggedIn(page, SELLER, `/orders/${a.orderNr}`);
    for (const nr of [a.orderNr, b.orderNr]) {
      if (nr !== a.orderNr) await page.goto(`/orders/${nr}`);
      await page.getByRole('button', { name: 'Заказ собран' }).click();
      await page
        .locator('.ant-message-notice')
        .filter({ hasText: 'Заказ собран и ожидает отгрузки' })
        .first()
        .waitFor();
    }

    // The shipment being formed holds both orders.
    await page.goto(`/fbs/shipments?search=${a.orderNr}`);
    await page.getByRole('heading', { name: 'Отгрузки FBS', level: 1 }).waitFor();
    const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await row.getByText('Ожидает подтверждения').waitFor();
    await snap(page, FLOW, '01-list-1440');
    await row.getByRole('link').click();
    await page.waitForURL(/\/fbs\/shipments\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1)!;
    for (const nr of [a.orderNr, b.orderNr]) await page.getByRole('link', { name: nr }).first().waitFor();
    await snap(page, FLOW, '02-card-goods-1440');

    // Pallet labels: a PDF download.
    await page.getByRole('tab', { name: 'Этикетки' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'labels');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Этикетки паллет/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pallets_FBS10002-\d{6}\.pdf$/);
    await snap(page, FLOW, '03-card-labels-1440');
    await page.getByRole('button', { name: 'Подтвердить отгрузку' }).click();
    await page.locator('.ant-message-notice').filter({ hasText: 'Отгрузка подтверждена' }).first().waitFor();

    // The courier takes it, the sorting centre receives it: the card shows it.
    await platform('v1.platform.shipments.move', { id, action: 'accept' });
    await platform('v1.platform.shipments.move', { id, action: 'receive' });
    await page.reload();
    await page.locator('.ant-tag').filter({ hasText: 'Принята' }).first().waitFor();
    await snap(page, FLOW, '04-card-received-1440');

    // Order b is refused by the buyer and comes back in the partner's box.
    for (const action of ['dispatch', 'fail_delivery', 'return'])
      await platform('v1.platform.orders.move', { orderNr: b.orderNr, action });
    const box = await platform<{ boxId: string; code: string }>('v1.platform.return-boxes.fill', {
      orderNr: b.orderNr,
      rejectType: 'reject',
    });
    await page.goto('/fbs/returns');
    await page.getByRole('heading', { name: 'Возвраты FBS', level: 1 }).waitFor();
    await page.getByRole('link', { name: box.code }).click();
    await page.waitForURL(/\/fbs\/returns\/[0-9a-f-]{36}$/);
    const item = page.locator('tr').filter({ hasText: b.orderNr });
    await item.getByText('Отказ покупателя').waitFor();
    await snap(page, FLOW, '05-box-1440');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/fbs/shipments/${id}`);
    await page.getByText('Грузомест').waitFor();
    await snap(page, FLOW, '06-card-1280');
    // The seller's own view agrees with the platform's.
    const card = await rpc<{ status: string }>(
      baseUrl,
      'v1.shipments.get',
      { partnerId: PARTNER_ID, id },
      await sellerToken(),
    );
    expect(card.result?.status).toBe('received');
    await page.close();
  });
});
