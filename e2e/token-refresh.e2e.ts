// Token expiry mid-session (spec 001 §4): with two calls in flight on an expired access token the
// client refreshes once and retries each call; a refresh that fails ends the session.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIResponse, Browser, Request, Route } from 'playwright-core';
import { launchBrowser, newPage, openLoggedIn, snap } from './support/browser';

const baseUrl = inject('baseUrl');
const ttlSec = inject('accessTokenTtlSec');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const methodOf = (request: Request): string | null => {
  if (!request.url().endsWith('/jsonrpc')) return null;
  try {
    return (JSON.parse(request.postData() ?? '{}') as { method?: string }).method ?? null;
  } catch {
    return null;
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('token refresh', () => {
  it('refreshes once for two parallel calls and retries each', async () => {
    const page = await newPage(browser, baseUrl);
    await openLoggedIn(page, 'seller');
    await page.getByRole('heading', { name: 'Северный ветер' }).waitFor();
    await page.getByText('Последние изменения').waitFor();

    // Let the access token expire, then come back: the stored dictionary shows the page at once while
    // dictionaries.get and the home page's audit.list both go out with the expired token.
    await sleep((ttlSec + 1) * 1000);
    const sent: { what: string; auth: string | undefined }[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/jsonrpc/v1/tokens.update'))
        sent.push({ what: 'tokens.update', auth: undefined });
      const method = methodOf(r);
      if (method) sent.push({ what: method, auth: r.headers()['authorization'] });
    });
    // Hold the answers to the first two calls until both have gone out, so that both are in flight
    // when the first 50401 arrives (on a fast machine the home page might otherwise start later).
    const held: { route: Route; response: APIResponse }[] = [];
    let released = false;
    const release = async () => {
      released = true;
      for (const h of held.splice(0)) await h.route.fulfill({ response: h.response });
    };
    await page.route('**/jsonrpc', async (route) => {
      const response = await route.fetch();
      if (released) return route.fulfill({ response });
      held.push({ route, response });
      if (held.length === 2) await release();
      else setTimeout(() => void release(), 10_000);
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Северный ветер' }).waitFor();
    // Other flows may have added changes for this partner by now: wait for the calls, not for a text.
    await expect
      .poll(() => sent.filter((x) => x.what === 'v1.audit.list' || x.what === 'v1.dictionaries.get').length, {
        timeout: 15_000,
      })
      .toBe(4);
    await page.waitForLoadState('networkidle');
    await snap(page, 'token-refresh', 'after-refresh');

    const refreshes = sent.filter((s) => s.what === 'tokens.update');
    expect(refreshes).toHaveLength(1);
    const refreshAt = sent.findIndex((s) => s.what === 'tokens.update');
    for (const method of ['v1.dictionaries.get', 'v1.audit.list']) {
      const calls = sent.filter((s) => s.what === method);
      expect(calls, method).toHaveLength(2);
      // The first went out before the refresh with the old token; the retry carries the new one.
      expect(sent.indexOf(calls[0]!), method).toBeLessThan(refreshAt);
      expect(calls[1]!.auth).not.toBe(calls[0]!.auth);
    }
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('logs out with a notice when the refresh fails', async () => {
    const page = await newPage(browser, baseUrl);
    await openLoggedIn(page, 'fbs', '/orders');
    await page.getByRole('heading', { name: 'Заказы' }).waitFor();
    // A revoked login: the refresh token no longer works.
    const cookies = await page.context().cookies();
    await page
      .context()
      .addCookies(
        cookies
          .filter((c) => c.name === 'moda_refresh_token' || c.name === 'moda_access_token')
          .map((c) => ({ ...c, value: 'revoked' })),
      );
    await page.reload();
    await page.waitForURL('**/login?returnUrl=%2Forders');
    await page.getByText('Сессия истекла. Войдите снова.').waitFor();
    await snap(page, 'token-refresh', 'session-expired');
    await page.context().close();
  });
});
