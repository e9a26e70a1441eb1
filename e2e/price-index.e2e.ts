// The price index against the real server with demo data: the matching system posts a competitor price 20 %
// below a unique product's price (so the product is 25 % above the lowest competitor), the seller sees it
// OVERPRICED on the price index tab, asks for the recommendation threshold, sees in the simulation that the
// product would become OPTIMAL with nothing held or critical, saves it, and the list shows OPTIMAL.
// Screenshots at 1440 and 1280 px under e2e/artifacts/price-index/.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, newPage, openLoggedIn, snap } from './support/browser';
import { E2E_PLATFORM_TOKEN } from './support/platform';
import { rpc } from './support/rpc';

const baseUrl = inject('baseUrl');
const FLOW = 'price-index';
const SELLER = 'fbs@moda.test';
const PARTNER = 10002;

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

interface Row {
  id: string;
  sellerSku: string;
  price: number | null;
  salePrice: number | null;
  openClaim: unknown;
}

describe('price index', () => {
  it('a product 25 % above its competitor is OVERPRICED; at its threshold it becomes OPTIMAL', async () => {
    // --- a unique product with no sale, no promotion and no change waiting for review ---------------
    const token = await sellerToken();
    const unique = await rpc<{ items: Row[] }>(
      baseUrl,
      'v1.matching-manager.price-index.list',
      { partnerId: PARTNER, index: 'UNCOUNTED', sort: 'title', pageSize: 100 },
      token,
    );
    let product: Row | undefined;
    for (const r of unique.result?.items ?? []) {
      if (r.salePrice !== null || r.price === null || r.price < 1000 || r.openClaim) continue;
      const p = await rpc<{ items: { promotions: unknown[]; approval: unknown }[] }>(
        baseUrl,
        'v1.nomenclatures.prices-list',
        { partnerId: PARTNER, search: r.sellerSku },
        token,
      );
      const pr = p.result?.items[0];
      if (pr && !pr.promotions.length && !pr.approval) {
        product = r;
        break;
      }
    }
    expect(product, 'a unique demo product of 10002').toBeDefined();
    const price = product!.price!;
    const competitor = (price * 8) / 10; // the price is 25 % above it
    const posted = await rpc(
      baseUrl,
      'v1.platform.matching-manager.offers.post',
      {
        partnerId: PARTNER,
        items: [
          {
            productId: product!.id,
            competitor: 'Стиль Маркет',
            url: `https://stylemarket.example/item/${product!.id}`,
            price: competitor,
          },
        ],
      },
      E2E_PLATFORM_TOKEN,
    );
    expect(posted.error).toBeUndefined();
    const threshold = Math.floor((competitor * 1.01) / 10) * 10;

    // --- the seller's price index tab --------------------------------------------------------------
    const page = await newPage(browser, baseUrl, { width: 1440, height: 900 });
    await openLoggedIn(
      page,
      SELLER,
      `/nomenclatures/prices?tab=price-index&search=${encodeURIComponent(product!.sellerSku)}`,
    );
    const row = page.locator('.price-index__table tr.ant-table-row', {
      hasText: `Продавца: ${product!.sellerSku}`,
    });
    await row.getByText('Невыгодная').waitFor();
    await snap(page, FLOW, '01-overpriced-1440');

    await row
      .getByRole('button', { name: `Цена товара ${product!.sellerSku} по порогу рекомендации` })
      .click();
    const dialog = page.locator('.ant-modal', { hasText: 'Что изменится после сохранения' });
    await dialog.getByText('ровно по порогу').waitFor();
    expect(await dialog.getByText('Выгодная', { exact: true }).count()).toBe(1);
    expect(await dialog.getByText('Невыгодная', { exact: true }).count()).toBe(1);
    expect(await dialog.getByText('Без последствий').count()).toBe(1);
    await snap(page, FLOW, '02-simulation-1440');

    await dialog.getByRole('button', { name: 'Сохранить цену' }).click();
    await page.getByText('Цены сохранены: 1').waitFor();
    await row.getByText('Выгодная', { exact: true }).waitFor();
    const rub = `${String(threshold).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}\u00a0₽`;
    expect(await row.getByText(rub).count()).toBeGreaterThan(0);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/nomenclatures/prices?tab=price-index');
    await page.locator('.price-index__table tr.ant-table-row').first().waitFor();
    await snap(page, FLOW, '03-list-1280');
  });
});
