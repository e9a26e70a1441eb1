// Webhooks: endpoints and their rules, the outbox written with the change (a rolled-back change sends nothing),
// signed delivery checked by a receiver written from docs/webhooks.md alone, retries on 500 and on timeout,
// ordering per object, replay, auto-disable after 24 hours (a moved clock), refusals of private addresses
// (also after DNS, at delivery time) and tenant isolation.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { issueServiceCredential } from '../../auth/service-credentials';
import { disabledEndpoints, emitEvent } from '.';
import { resolveTarget } from './webhooks.net';

/** The server's clock: the real one, moved forward by the tests of retries and of 24 hours. */
let offset = 0;
const clock = () => new Date(Date.now() + offset);
let t: TestApp;
let seller: string; // 10001
let fbs: string; // 10002
let platform: string;
let sku: string;

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
let received: Received[] = [];
/** How the receiver answers, by path: a status code, or 'hang' (never answers). */
let behaviour: Record<string, number | 'hang'> = {};
let receiver: http.Server;
let base: string;

/** The receiver the docs describe: its verification function is taken from docs/webhooks.md as written. */
let verify: (secret: string, header: unknown, body: string, tolerance?: number) => boolean;

beforeAll(async () => {
  const docs = await fs.readFile(
    path.resolve(import.meta.dirname, '../../../../../docs/webhooks.md'),
    'utf8',
  );
  const snippet = /```js\n(import crypto[\s\S]*?function verifyModaSignature[\s\S]*?)```/.exec(docs)![1]!;
  // Written to a module of its own, imports and all, and loaded as a receiver would load it.
  const file = path.join(os.tmpdir(), `moda-webhook-receiver-${process.pid}.mjs`);
  await fs.writeFile(file, `${snippet}\nexport { verifyModaSignature };\n`);
  verify = ((await import(pathToFileURL(file).href)) as { verifyModaSignature: typeof verify })
    .verifyModaSignature;
  await fs.rm(file);

  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const b = behaviour[req.url ?? ''] ?? 200;
      if (b !== 'hang') res.writeHead(b).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  t = await createTestApp({
    now: clock,
    config: { webhooks: { allowPrivateTargets: true, timeoutMs: 300, retryBaseMs: 1000, pollMs: 60_000 } },
  });
  seller = (await t.login('seller')).accessToken;
  fbs = (await t.login('fbs')).accessToken;
  platform = (await issueServiceCredential(t.runtime.db, 'OMS')).token;
  sku = (
    await t.sql<{ seller_sku: string }>(
      `select seller_sku from products where partner_id = 10001 and price is not null order by id limit 1`,
    )
  )[0]!.seller_sku;
});
afterAll(async () => {
  await t.close();
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
});
beforeEach(async () => {
  offset = 0;
  t.config.webhooks.allowPrivateTargets = true;
  received = [];
  behaviour = {};
  await t.sql('delete from webhook_endpoints; delete from webhook_events');
});

const P = 10001;
const call = async (method: string, params: Record<string, unknown>, token = seller) =>
  t.rpc(`v1.webhooks.${method}`, { partnerId: P, ...params }, token);
const ok = async (method: string, params: Record<string, unknown>, token = seller) => {
  const r = await call(method, params, token);
  expect(r.error).toBeUndefined();
  return r.result;
};
const add = async (pathName: string, events = ['order.created', 'order.status_changed', 'order.cancelled']) =>
  (await ok('create', { url: `${base}${pathName}`, events })) as { endpoint: { id: string }; secret: string };
const deliver = () => t.services.webhooks.deliverDue();
const newOrder = async () => {
  const r = await t.rpc(
    'v1.platform.orders.create',
    {
      partnerId: P,
      cutOffAt: new Date(Date.now() + 86_400_000).toISOString(),
      delivery: { address: 'Москва, ул. Тверская, д. 7', method: 'Курьер', serviceLevel: 'Стандарт' },
      paymentMethod: 'Prepaid',
      items: [{ sellerSku: sku }],
    },
    platform,
  );
  expect(r.error).toBeUndefined();
  return (r.result as { orderNr: string }).orderNr;
};
const log = async (id: string) =>
  (await ok('deliveries', { id, limit: 100 })) as {
    total: number;
    items: {
      id: string;
      eventId: string;
      type: string;
      status: string;
      attempt: number;
      responseCode: number | null;
      latencyMs: number | null;
      error: string | null;
      body: string;
    }[];
  };
const later = (ms: number) => (offset += ms);

describe('endpoints', () => {
  it('create shows the secret once; the list keeps only its last four characters', async () => {
    const { endpoint, secret } = await add('/ok');
    expect(secret).toMatch(/^whsec_[\w-]{32}$/);
    const list = (await ok('list', {})) as { items: { id: string; secretHint: string; status: string }[] };
    expect(list.items).toEqual([expect.objectContaining({ id: endpoint.id, status: 'active' })]);
    expect(list.items[0]!.secretHint).toBe(secret.slice(-4));
    expect(JSON.stringify(list)).not.toContain(secret);
  });

  it('refuses bad input with a Russian message on its field, saving nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ url: 'example.ru/hook', events: ['order.created'] }, 'url', 'Введите адрес целиком'],
      [{ url: 'ftp://example.ru/hook', events: ['order.created'] }, 'url', 'https://'],
      [{ url: 'https://user:pw@example.ru/', events: ['order.created'] }, 'url', 'логин и пароль'],
      [{ url: `${base}/ok`, events: [] }, 'events', 'хотя бы одно событие'],
      [{ url: `${base}/ok`, events: ['order.created', 'order.created'] }, 'events', 'не должны повторяться'],
      [{ url: `${base}/ok`, events: ['order.deleted'] }, 'events.0', ''],
    ];
    for (const [params, field, message] of cases) {
      const r = await call('create', params);
      expect(r.error?.code, JSON.stringify(params)).toBe(-32602);
      const err = r.error!.data!.errors!.find((e) => e.field === field);
      expect(err?.message, JSON.stringify(r.error)).toContain(message);
    }
    expect(await t.sql('select 1 from webhook_endpoints')).toHaveLength(0);
  });

  it('at most 10 endpoints per partner', async () => {
    for (let i = 0; i < 10; i++) await add(`/ok${i}`);
    const r = await call('create', { url: `${base}/ok`, events: ['order.created'] });
    expect(r.error?.data?.reason).toBe('webhook.tooMany');
    expect(r.error?.message).toBe('Можно добавить не больше 10 вебхуков');
  });

  it('update, delete; another partner’s endpoint answers as a missing one', async () => {
    const { endpoint } = await add('/ok');
    const updated = (await ok('update', { id: endpoint.id, events: ['order.cancelled'] })) as {
      events: string[];
    };
    expect(updated.events).toEqual(['order.cancelled']);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const method of ['update', 'delete', 'enable', 'deliveries', 'test']) {
      const foreign = await call(method, { partnerId: 10002, id: endpoint.id }, fbs);
      const none = await call(method, { partnerId: 10002, id: missing }, fbs);
      expect(foreign.error?.data?.reason, method).toBe('webhook.notFound');
      expect(foreign.error).toEqual(none.error);
    }
    // A seller of one partner cannot name another partner.
    expect((await call('list', { partnerId: 10002 })).error).toEqual(
      (await call('list', { partnerId: 99999 })).error,
    );
    await ok('delete', { id: endpoint.id });
    expect((await ok('list', {})) as { items: unknown[] }).toEqual({ items: [] });
  });
});

describe('delivery', () => {
  it('an order sends a signed event the documented receiver accepts; deduplication id in header and body', async () => {
    const { endpoint, secret } = await add('/ok');
    const orderNr = await newOrder();
    expect(await deliver()).toBe(1);
    expect(received).toHaveLength(1);
    const [req] = received;
    const event = JSON.parse(req!.body) as { id: string; type: string; objectId: string; partnerId: number };
    expect(event).toMatchObject({ type: 'order.created', objectId: orderNr, partnerId: P });
    expect(req!.headers['moda-event-id']).toBe(event.id);
    // The receiver from the docs, with the real clock: the clock here is the real one.
    expect(verify(secret, req!.headers['moda-signature'], req!.body)).toBe(true);
    expect(verify(secret, req!.headers['moda-signature'], req!.body.replace(orderNr, 'X'))).toBe(false);
    expect(verify(`${secret}x`, req!.headers['moda-signature'], req!.body)).toBe(false);
    // A recorded request replayed ten minutes later is refused by its timestamp.
    const t0 = Math.floor(Date.now() / 1000) - 600;
    const old = crypto.createHmac('sha256', secret).update(`${t0}.${req!.body}`).digest('hex');
    expect(verify(secret, `t=${t0},v1=${old}`, req!.body)).toBe(false);

    const entries = await log(endpoint.id);
    expect(entries.items).toEqual([
      expect.objectContaining({ type: 'order.created', status: 'succeeded', attempt: 1, responseCode: 200 }),
    ]);
    expect(entries.items[0]!.body).toBe(req!.body);
    expect(entries.items[0]!.latencyMs).toBeGreaterThanOrEqual(0);
    // Nothing more to send.
    expect(await deliver()).toBe(0);
  });

  it('the seller’s move and cancel are events too; unsubscribed types are not sent', async () => {
    await add('/ok', ['order.cancelled']);
    const orderNr = await newOrder();
    const collect = await t.rpc('v1.orders.collect', { partnerId: P, orderNr }, seller);
    expect(collect.error).toBeUndefined();
    const cancel = await t.rpc('v1.orders.cancel', { partnerId: P, orderNr, action: 'CANCEL' }, seller);
    expect(cancel.error).toBeUndefined();
    await deliver();
    expect(received.map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual(['order.cancelled']);
    expect(JSON.parse(received[0]!.body)).toMatchObject({
      data: { orderNr, previousStatus: 'awaiting_shipment', itemIds: null, cancelAction: 'CANCEL' },
    });
  });

  it('a rolled-back change sends nothing', async () => {
    await add('/ok');
    const before = await t.sql<{ n: number }>('select count(*)::int as n from webhook_events');
    await expect(
      t.runtime.db.transaction(async (tx) => {
        await emitEvent(tx, {
          partnerId: P,
          type: 'order.created',
          objectId: 'rolled-back',
          payload: { orderNr: 'rolled-back', status: 'new', items: [] },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    // Through the API: a move the state machine refuses leaves no event either.
    const orderNr = await newOrder();
    await deliver();
    received = [];
    const refused = await t.rpc('v1.platform.orders.move', { orderNr, action: 'deliver' }, platform);
    expect(refused.error).toBeDefined();
    const after = await t.sql<{ n: number }>('select count(*)::int as n from webhook_events');
    expect(after[0]!.n).toBe(before[0]!.n + 1);
    expect(await deliver()).toBe(0);
    expect(received).toEqual([]);
  });

  it('retries a 500 with growing delays, then succeeds; the log shows every attempt', async () => {
    const { endpoint } = await add('/flaky');
    behaviour['/flaky'] = 500;
    await newOrder();
    await deliver();
    expect(await deliver()).toBe(0); // the retry is not due yet
    later(1000);
    expect(await deliver()).toBe(1);
    later(1000);
    expect(await deliver()).toBe(0); // the second retry waits 2 s
    later(1000);
    behaviour['/flaky'] = 204;
    expect(await deliver()).toBe(1);
    const [entry] = (await log(endpoint.id)).items;
    expect(entry).toMatchObject({ status: 'succeeded', attempt: 3, responseCode: 204 });
    expect(
      (entry as unknown as { attempts: { responseCode: number }[] }).attempts.map((a) => a.responseCode),
    ).toEqual([204, 500, 500]);
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.headers['moda-event-id'])).size).toBe(1);
    const [ep] = ((await ok('list', {})) as { items: { failingSince: string | null }[] }).items;
    expect(ep!.failingSince).toBeNull();
  });

  it('a receiver that does not answer in time is a failure, retried', async () => {
    const { endpoint } = await add('/hang');
    behaviour['/hang'] = 'hang';
    await newOrder();
    const started = Date.now();
    await deliver();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    const [entry] = (await log(endpoint.id)).items;
    expect(entry).toMatchObject({ status: 'pending', attempt: 1, responseCode: null });
    expect(entry!.error).toBe('Нет ответа за 0.3 с');
    const [ep] = ((await ok('list', {})) as { items: { failingSince: string | null }[] }).items;
    expect(ep!.failingSince).not.toBeNull();
  });

  it('events of one object arrive in order: a later one waits for the earlier; other objects do not', async () => {
    await add('/ordered');
    behaviour['/ordered'] = 500;
    const first = await newOrder();
    await deliver(); // order.created of the first order fails
    const move = await t.rpc('v1.platform.orders.move', { orderNr: first, action: 'collect' }, platform);
    expect(move.error).toBeUndefined();
    behaviour['/ordered'] = 200;
    const second = await newOrder();
    received = [];
    await deliver();
    // Only the second order's event: the first order's status change waits behind its failed creation.
    expect(received.map((r) => (JSON.parse(r.body) as { objectId: string }).objectId)).toEqual([second]);
    later(1000);
    received = [];
    await deliver();
    expect(received.map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual([
      'order.created',
      'order.status_changed',
    ]);
  });

  it('replay: one delivery again with the same event id, or everything subscribed since a time', async () => {
    const { endpoint } = await add('/ok');
    const since = new Date(Date.now() - 1000).toISOString();
    await newOrder();
    await newOrder();
    await deliver();
    const [latest] = (await log(endpoint.id)).items;
    received = [];
    expect(await ok('replay', { id: endpoint.id, deliveryId: latest!.id })).toEqual({ count: 1 });
    await deliver();
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ id: latest!.eventId });
    received = [];
    expect(await ok('replay', { id: endpoint.id, since })).toEqual({ count: 2 });
    await deliver();
    expect(received).toHaveLength(2);
    expect((await log(endpoint.id)).total).toBe(5);
    const future = await call('replay', {
      id: endpoint.id,
      since: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(future.error?.data?.errors?.[0]?.field ?? future.error?.data?.field).toBe('since');
    const tooOld = await call('replay', { id: endpoint.id, since: '2020-01-01T00:00:00Z' });
    expect(tooOld.error?.data?.reason).toBe('webhook.replayTooOld');
    const missing = await call('replay', {
      id: endpoint.id,
      deliveryId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.error?.data?.reason).toBe('webhook.deliveryNotFound');
  });

  it('the test button sends a signed webhook.test to that endpoint only', async () => {
    const { endpoint, secret } = await add('/one');
    await add('/two');
    await ok('test', { id: endpoint.id });
    await deliver();
    expect(received.map((r) => r.path)).toEqual(['/one']);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'webhook.test' });
    expect(verify(secret, received[0]!.headers['moda-signature'], received[0]!.body)).toBe(true);
  });

  it('another partner’s events never reach this partner’s endpoints', async () => {
    await add('/ok');
    await t.runtime.db.transaction((tx) =>
      emitEvent(tx, {
        partnerId: 10002,
        type: 'order.created',
        objectId: 'other',
        payload: { orderNr: 'other', status: 'new', items: [] },
      }),
    );
    expect(await deliver()).toBe(0);
    expect(received).toEqual([]);
  });
});

describe('24 hours of failures', () => {
  it('gives the delivery up, disables the endpoint, tells the owners; enable and replay bring it back', async () => {
    const { endpoint } = await add('/down');
    behaviour['/down'] = 503;
    await newOrder();
    await deliver();
    later(23 * 3600_000);
    await deliver();
    expect(((await ok('list', {})) as { items: { status: string }[] }).items[0]!.status).toBe('active');
    later(3600_000 + 1000);
    await deliver();
    const [ep] = ((await ok('list', {})) as { items: { status: string; disabledAt: string }[] }).items;
    expect(ep!.status).toBe('disabled');
    expect(Math.abs(Date.parse(ep!.disabledAt) - clock().getTime())).toBeLessThan(5000);
    expect((await log(endpoint.id)).items[0]).toMatchObject({ status: 'failed', attempt: 3 });
    expect(await disabledEndpoints(t.runtime.db, P)).toEqual([
      { id: endpoint.id, url: `${base}/down`, disabledAt: ep!.disabledAt },
    ]);
    expect(await disabledEndpoints(t.runtime.db, 10002)).toEqual([]);
    const mail = await t.sql<{ data: { to: string; subject: string } }>(
      `select data from pgboss.job where name = 'email.send' and data->>'subject' like 'Вебхук отключён%'`,
    );
    expect(mail.length).toBeGreaterThan(0);
    // Disabled: no new deliveries, no test sends.
    await newOrder();
    expect(await deliver()).toBe(0);
    expect((await call('test', { id: endpoint.id })).error?.data?.reason).toBe('webhook.disabled');
    behaviour['/down'] = 200;
    await ok('enable', { id: endpoint.id });
    offset = 0;
    received = [];
    const replay = (await ok('replay', {
      id: endpoint.id,
      since: new Date(Date.now() - 60_000).toISOString(),
    })) as { count: number };
    expect(replay.count).toBe(2);
    await deliver();
    expect(received).toHaveLength(2);
  });
});

describe('server-side request forgery', () => {
  it('refuses http, loopback, private, link-local and metadata addresses when saving', async () => {
    t.config.webhooks.allowPrivateTargets = false;
    const cases: [string, string][] = [
      ['http://example.com/hook', 'webhook.httpsRequired'],
      ['https://127.0.0.1/hook', 'webhook.privateAddress'],
      ['https://10.0.0.8/hook', 'webhook.privateAddress'],
      ['https://172.16.5.4/hook', 'webhook.privateAddress'],
      ['https://192.168.1.1/hook', 'webhook.privateAddress'],
      ['https://169.254.169.254/latest/meta-data', 'webhook.privateAddress'],
      ['https://[::1]/hook', 'webhook.privateAddress'],
      ['https://[fd00::1]/hook', 'webhook.privateAddress'],
      ['https://[::ffff:127.0.0.1]/hook', 'webhook.privateAddress'],
      ['https://localhost/hook', 'webhook.privateAddress'],
    ];
    for (const [url, reason] of cases) {
      const r = await call('create', { url, events: ['order.created'] });
      expect(r.error?.data?.reason, url).toBe(reason);
      expect(r.error?.data?.field ?? r.error?.data?.errors?.[0]?.field, url).toBe('url');
    }
    expect(
      (await call('create', { url: 'http://example.com/', events: ['order.created'] })).error?.message,
    ).toBe('Адрес должен начинаться с https://');
    expect(await t.sql('select 1 from webhook_endpoints')).toHaveLength(0);
  });

  it('checks every address a name resolves to', async () => {
    const policy = { allowPrivateTargets: false };
    const rebinding = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    await expect(resolveTarget('https://evil.example/', policy, rebinding)).rejects.toMatchObject({
      key: 'webhook.privateAddress',
    });
    const pub = async () => [{ address: '93.184.216.34', family: 4 }];
    await expect(resolveTarget('https://good.example/', policy, pub)).resolves.toEqual([
      { address: '93.184.216.34', family: 4 },
    ]);
    const none = async () => Promise.reject(new Error('ENOTFOUND'));
    await expect(resolveTarget('https://nowhere.example/', policy, none)).rejects.toMatchObject({
      key: 'webhook.unresolvable',
    });
  });

  it('checks again at delivery: a name that resolves to loopback is not connected to', async () => {
    const port = (receiver.address() as AddressInfo).port;
    const { endpoint } = (await ok('create', {
      url: `http://localhost:${port}/named`,
      events: ['order.created'],
    })) as { endpoint: { id: string } };
    t.config.webhooks.allowPrivateTargets = false;
    await newOrder();
    await deliver();
    expect(received).toEqual([]);
    const [entry] = (await log(endpoint.id)).items;
    expect(entry).toMatchObject({ status: 'pending', attempt: 1, responseCode: null });
    expect(entry!.error).toMatch(/https:\/\//);
    await t.sql(`update webhook_endpoints set url = 'https://localhost:${port}/named'`);
    later(1000);
    await deliver();
    const [again] = (await log(endpoint.id)).items;
    expect(again!.error).toMatch(/внутреннюю сеть \(localhost\)/);
    expect(received).toEqual([]);
  });
});
