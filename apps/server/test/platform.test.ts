// Entry points around the API: features over REST, partners, visitor id, usage log, build metadata, health.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZLOG_STREAM, type UsageEvent } from '@moda/contracts';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let seller: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  seller = (await t.login('seller')).accessToken;
});
afterAll(() => t.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('feature flags over REST', () => {
  it('GET lists every known flag with its state', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/rest/api/v1/partners/10001/features',
      headers: auth(seller),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({ name: 'analyticsEnabled', enabled: true });
    expect(res.json()).toContainEqual({ name: 'StockPerformanceEnabled', enabled: false });
  });

  it('PATCH switches a flag by name for allowed roles; dictionaries see it', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/rest/api/v1/partners/10001/features/StockPerformanceEnabled',
      headers: auth(admin),
      payload: { enabled: true },
    });
    expect(res.json()).toEqual({ name: 'StockPerformanceEnabled', enabled: true });
    const dict = (await t.rpc('v1.dictionaries.get', {}, seller)).result;
    expect(dict.partners[0].enabledFeatures).toContain('StockPerformanceEnabled');
    await t.app.inject({
      method: 'PATCH',
      url: '/rest/api/v1/partners/10001/features/StockPerformanceEnabled',
      headers: auth(admin),
      payload: { enabled: false },
    });
    const again = (await t.rpc('v1.dictionaries.get', {}, seller)).result;
    expect(again.partners[0].enabledFeatures).not.toContain('StockPerformanceEnabled');
  });

  it('a seller may not switch flags (403); an unknown flag is 404 on its field; a bad body is 400', async () => {
    const forbidden = await t.app.inject({
      method: 'PATCH',
      url: '/rest/api/v1/partners/10001/features/analyticsEnabled',
      headers: auth(seller),
      payload: { enabled: false },
    });
    expect(forbidden.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/rest/api/v1/partners/10001/features/NoSuchFlag',
      headers: auth(admin),
      payload: { enabled: true },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      error: { data: { errors: [{ field: 'featureName', message: 'Такой функции нет' }] } },
    });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/rest/api/v1/partners/10001/features/analyticsEnabled',
      headers: auth(admin),
      payload: { enabled: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { data: { errors: [{ field: 'enabled', message: 'Неверный тип значения' }] } },
    });
  });

  it('another partner’s flags are not found for a seller', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/rest/api/v1/partners/10002/features',
      headers: auth(seller),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('partners', () => {
  it('staff search by shop name or id', async () => {
    const byName = (await t.rpc('v1.partners.search', { query: 'модный' }, admin)).result;
    expect(byName.items.map((p: { partnerId: number }) => p.partnerId)).toEqual([10004, 10005]);
    const byId = (await t.rpc('v1.partners.search', { query: '10003' }, admin)).result;
    expect(byId.items).toHaveLength(1);
    expect(byId.items[0].shopName).toBe('Дропшип Маркет');
    const none = (await t.rpc('v1.partners.search', { query: '%' }, admin)).result;
    expect(none.items).toEqual([]);
  });

  it('a new seller is marked as such and activates the new partner in the interface once', async () => {
    const s = (await t.login('newseller')).accessToken;
    const dict = (await t.rpc('v1.dictionaries.get', {}, s)).result;
    expect(dict.user).toMatchObject({ isNewSeller: true, roles: ['onboarding_user'] });
    expect(dict.partners[0]).toMatchObject({ partnerId: 10006, isNewInUiApp: true });
    expect((await t.rpc('v1.partners.activate-in-ui', { partnerId: 10006 }, s)).result).toEqual({ ok: true });
    expect((await t.rpc('v1.dictionaries.get', {}, s)).result.partners[0].isNewInUiApp).toBe(false);
  });

  it('dictionaries carry the reference lists in Russian', async () => {
    const d = (await t.rpc('v1.dictionaries.get', {}, seller)).result;
    expect(d.countries).toContainEqual({ code: 'RU', name: 'Россия' });
    expect(d.businessModels.map((m: { code: string }) => m.code)).toEqual([
      'dropshipping',
      'marketplace_crossdocking',
      'consignment',
    ]);
    expect(d.exportParameters).toContainEqual({ type: 'orders_and_items', format: 'csv', limit: 60000 });
    expect(d.orderStatuses).toContainEqual({ code: 'awaiting_shipment', name: 'Ожидает отгрузки' });
    expect(d.user).toMatchObject({
      email: 'seller@moda.test',
      externalId: expect.stringMatching(/^EXT-/),
      isNewSeller: false,
    });
  });
});

describe('visitor id (lid)', () => {
  it('GET /get-lid issues an id in the body and the x-lid header; later responses echo it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/get-lid' });
    const { lid } = res.json();
    expect(res.headers['x-lid']).toBe(lid);
    const echo = await t.app.inject({ method: 'GET', url: '/health/live', headers: { 'x-lid': lid } });
    expect(echo.headers['x-lid']).toBe(lid);
    const junk = await t.app.inject({ method: 'GET', url: '/health/live', headers: { 'x-lid': '<script>' } });
    expect(junk.headers['x-lid']).toBeUndefined();
  });

  it('too many requests from one address → 429 Lid request limit exceeded', async () => {
    let last = 0;
    for (let i = 0; i < 61; i++)
      last = (await t.app.inject({ method: 'GET', url: '/get-lid', remoteAddress: '10.9.9.9' })).statusCode;
    expect(last).toBe(429);
  });
});

describe('usage log', () => {
  const event = (over: Partial<UsageEvent> = {}): UsageEvent => ({
    name: 'page',
    platform: 'web',
    lid: 'abc12345',
    event_timestamp: Date.now(),
    dt: '2026-11-21',
    time_local: '2026-11-21T12:00:00+03:00',
    user_id: null,
    session_id: 's1',
    referrer_name: null,
    url: '/orders',
    previous_url: null,
    country: 'ru',
    params: { tab: 'all' },
    action: 'pageview',
    ...over,
  });
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/batch/v2/${ZLOG_STREAM}`, payload: body as object, headers });

  it('stores a valid batch with the user agent and X-Real-Ip', async () => {
    const res = await post(
      [
        { id: 'e1', event: event() },
        { id: 'e2', event: event({ action: 'click', name: 'menu' }) },
      ],
      {
        'user-agent': 'test-agent',
        'x-real-ip': '203.0.113.5',
      },
    );
    expect(res.json()).toEqual({ accepted: 2 });
    const rows = await t.sql<{ action: string; ip: string; user_agent: string }>(
      `select action, ip, user_agent from usage_events order by id`,
    );
    expect(rows).toEqual([
      { action: 'pageview', ip: '203.0.113.5', user_agent: 'test-agent' },
      { action: 'click', ip: '203.0.113.5', user_agent: 'test-agent' },
    ]);
  });

  it('refuses a bad country, an unknown action, an empty or oversized batch and a too large body', async () => {
    expect((await post([{ id: 'x', event: { ...event(), country: 'by' } }])).statusCode).toBe(400);
    const badAction = await post([{ id: 'x', event: { ...event(), action: 'hack' } }]);
    expect(badAction.json()).toMatchObject({ error: { data: { errors: [{ field: '0.event.action' }] } } });
    expect((await post([])).statusCode).toBe(400);
    expect(
      (await post(Array.from({ length: 101 }, (_, i) => ({ id: String(i), event: event() })))).statusCode,
    ).toBe(400);
    const huge = await post([{ id: 'x', event: event({ params: { pad: 'x'.repeat(300_000) } }) }]);
    expect(huge.statusCode).toBe(413);
  });
});

describe('build metadata and health', () => {
  it('tells a client whether its build is the latest', async () => {
    const latest = t.config.buildId!;
    const same = await t.app.inject({ method: 'GET', url: `/builds/meta/${latest}.json` });
    expect(same.json()).toMatchObject({ buildId: latest, outdated: false, routeRules: [] });
    const old = await t.app.inject({ method: 'GET', url: '/builds/meta/old-build.json' });
    expect(old.json()).toMatchObject({ buildId: 'old-build', latestBuildId: latest, outdated: true });
    expect(old.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/builds/meta/..%2F..%2Fetc.json' })).statusCode).toBe(
      404,
    );
  });

  it('liveness and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).json()).toEqual({ status: 'ok' });
    t.beginShutdown();
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(503);
  });
});
