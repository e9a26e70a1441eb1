// Webhooks against the real server: the seller adds an endpoint pointing at a receiver this test starts on
// 127.0.0.1 (the server runs with the development switch), copies the secret shown once, the marketplace
// creates an order and the seller collects it; the receiver gets both events signed with that secret, and
// the delivery log shows them with code 200 and the body. Screenshots under e2e/artifacts/webhooks/.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, openLoggedIn, snap } from './support/browser';
import { createOrder } from './support/platform';

const baseUrl = inject('baseUrl');
const FLOW = 'webhooks';
const WIDE = { width: 1440, height: 900 };
const SELLER = 'fbs@moda.test';
const PARTNER_ID = 10002;
const ORDER_NR = `WH-${String(Date.now()).slice(-8)}`;

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
let receiver: http.Server;
let browser: Browser;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
});

async function waitFor<T>(what: () => T | undefined, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = what();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('webhooks', () => {
  it('an endpoint added on the screen receives a collected order’s events, signed, and the log shows them', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/moda`;
    const page = await newPage(browser, baseUrl, WIDE);
    await openLoggedIn(page, SELLER, '/profile/webhooks');
    await page.getByRole('heading', { name: 'Вебхуки', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Добавить вебхук' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Адрес (URL)').fill(url);
    await dialog.getByText('Заказы', { exact: true }).click();
    await snap(page, FLOW, '01-add-1440');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    const secretBox = page.getByTestId('webhook-secret');
    await secretBox.waitFor();
    const secret = (await secretBox.textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await snap(page, FLOW, '02-secret-1440');
    await page.getByRole('button', { name: 'Готово' }).click();
    await page.getByRole('cell', { name: url }).waitFor();

    // The marketplace sends an order; the seller collects it on its card.
    const rows = await fetch(`${baseUrl}/jsonrpc/v1/tokens.create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: SELLER, password: 'Moda2026!' }),
    });
    const { accessToken } = (await rows.json()) as { accessToken: string };
    const list = await fetch(`${baseUrl}/jsonrpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'v1.nomenclatures.list',
        params: { partnerId: PARTNER_ID, pageSize: 1 },
      }),
    });
    const sku = ((await list.json()) as { result: { items: { sellerSku: string }[] } }).result.items[0]!
      .sellerSku;
    await createOrder(baseUrl, { partnerId: PARTNER_ID, orderNr: ORDER_NR, skus: [sku] });
    await page.goto(`${baseUrl}/orders/${ORDER_NR}`);
    await page.getByRole('button', { name: /Заказ собран/ }).click();
    await page.locator('.order-card .ant-descriptions').getByText('Ожидает отгрузки').first().waitFor();

    // The receiver: both events, in order, each signed with the secret over `${t}.${body}`.
    await waitFor(() => (received.length >= 2 ? true : undefined));
    const events = received.map((r) => JSON.parse(r.body) as { id: string; type: string; objectId: string });
    expect(events.map((e) => [e.type, e.objectId])).toEqual([
      ['order.created', ORDER_NR],
      ['order.status_changed', ORDER_NR],
    ]);
    for (const r of received) {
      const sig = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(r.headers['moda-signature']))!;
      const expected = crypto.createHmac('sha256', secret).update(`${sig[1]}.${r.body}`).digest('hex');
      expect(sig[2]).toBe(expected);
      expect(Math.abs(Date.now() / 1000 - Number(sig[1]))).toBeLessThan(300);
      expect(r.headers['moda-event-id']).toBe((JSON.parse(r.body) as { id: string }).id);
    }

    // The delivery log: both deliveries with code 200; a row expands to its body.
    await page.goto(`${baseUrl}/profile/webhooks`);
    await page.getByRole('button', { name: 'Журнал' }).click();
    await page.getByRole('heading', { name: 'Журнал доставок', level: 1 }).waitFor();
    await page.getByText('Статус заказа изменён').waitFor();
    await page.getByText('Новый заказ').waitFor();
    await expect(page.locator('.ant-table-tbody .ant-tag', { hasText: '200' }).count()).resolves.toBe(2);
    await page.locator('.ant-table-row-expand-icon').first().click();
    await page.getByTestId('webhook-body').getByText(ORDER_NR, { exact: false }).first().waitFor();
    await snap(page, FLOW, '03-log-1440');
    await page.setViewportSize({ width: 1280, height: 900 });
    await snap(page, FLOW, '04-log-1280');
    await page.close();
  });
});
