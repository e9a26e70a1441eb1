// The events each area writes to the outbox in the transaction of its change (issue 27): FBO supplies (a
// seller's move and the 2-hour check running out), price quarantine decided, an export finished, a buyer's
// question and review. Each is read back from the outbox and checked against the catalogue's payload schema;
// the delivery rows show that an endpoint subscribed to the event gets it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { WEBHOOK_PAYLOADS, WebhookEventType } from '@moda/contracts';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { issueServiceCredential } from '../../auth/service-credentials';

let t: TestApp;
let seller: string;
let support: string;
let platform: string;
beforeAll(async () => {
  t = await createTestApp({
    config: { webhooks: { allowPrivateTargets: true, timeoutMs: 300, retryBaseMs: 1000, pollMs: 60_000 } },
  });
  seller = (await t.login('seller')).accessToken;
  support = (await t.login('support')).accessToken;
  platform = (await issueServiceCredential(t.runtime.db, 'OMS')).token;
  // One endpoint of 10001 wanting every event of these areas: each event gets one delivery.
  const r = await t.rpc(
    'v1.webhooks.create',
    {
      partnerId: 10001,
      url: 'http://127.0.0.1:9/hook',
      events: [
        'fbo.supply.status_changed',
        'price.quarantine_decided',
        'export.finished',
        'question.created',
        'review.created',
      ],
    },
    seller,
  );
  expect(r.error).toBeUndefined();
}, 60_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.sql('delete from webhook_deliveries; delete from webhook_events');
});

const ok = async (method: string, params: Record<string, unknown>, token: string) => {
  const r = await t.rpc(method, params, token);
  expect(r.error).toBeUndefined();
  return r.result;
};

/** The outbox's events of a type, oldest first, each with its delivery count; payloads checked by the catalogue. */
async function outbox(type: WebhookEventType) {
  const rows = await t.sql<{ partner_id: number; object_id: string; payload: unknown; deliveries: number }>(
    `select e.partner_id, e.object_id, e.payload,
            (select count(*)::int from webhook_deliveries d where d.event_id = e.id) as deliveries
       from webhook_events e where e.type = $1 order by e.created_at, e.id`,
    [type],
  );
  for (const r of rows) expect(WEBHOOK_PAYLOADS[type].safeParse(r.payload).success).toBe(true);
  return rows;
}

it('fbo.supply.status_changed: a seller cancelling a draft, and the 2-hour document check running out', async () => {
  const [draft, checking] = await t.sql<{ id: string }>(
    `select id::text from fbo_supplies where partner_id = 10001 and status = 'draft' order by id limit 2`,
  );
  // No held slot, so the 24-hour rule for giving one up does not apply; the second waits past its check.
  await t.sql(`update fbo_supplies set planned_date = null where id = $1`, [draft!.id]);
  await t.sql(
    `update fbo_supplies set status = 'validation', submitted_at = now() - interval '3 hours' where id = $1`,
    [checking!.id],
  );
  await ok('v1.fulfilment-shipments.cancel', { partnerId: 10001, id: draft!.id }, seller);
  await t.services.fbo.expireValidation();
  expect(await outbox('fbo.supply.status_changed')).toEqual([
    {
      partner_id: 10001,
      object_id: draft!.id,
      payload: { supplyId: draft!.id, status: 'rejected', previousStatus: 'draft' },
      deliveries: 1,
    },
    {
      partner_id: 10001,
      object_id: checking!.id,
      payload: { supplyId: checking!.id, status: 'validationError', previousStatus: 'validation' },
      deliveries: 1,
    },
  ]);
});

it('price.quarantine_decided: the reviewer’s decision with the product and the price held', async () => {
  const [p] = await t.sql<{ id: string; moda_sku: string; seller_sku: string }>(
    `select id::text, moda_sku, seller_sku from products where partner_id = 10001 and status = 'online'
      order by id limit 1`,
  );
  await t.sql(`delete from price_changes where product_id = $1`, [p!.id]);
  await t.sql(`update products set price = 1000, sale_price = null where id = $1`, [p!.id]);
  const held = await ok(
    'v1.nomenclatures.update-price',
    { partnerId: 10001, item: { id: p!.id, price: 400 }, confirmCritical: true },
    seller,
  );
  expect(held.status).toBe('pending');
  expect(await outbox('price.quarantine_decided')).toEqual([]);
  const [change] = (await ok('v1.nomenclatures.price-history', { partnerId: 10001, id: p!.id }, seller))
    .items;
  await ok(
    'v1.nomenclatures.prices-approve',
    { partnerId: 10001, changeIds: [change.id], decision: 'rejected' },
    support,
  );
  expect(await outbox('price.quarantine_decided')).toEqual([
    {
      partner_id: 10001,
      object_id: p!.id,
      payload: { modaSku: p!.moda_sku, sellerSku: p!.seller_sku, decision: 'rejected', price: 400 },
      deliveries: 1,
    },
  ]);
});

it('export.finished: the file task with its type and outcome, written with the outcome', async () => {
  const created = await ok(
    'v1.exports.create',
    { partnerId: 10001, type: 'nomenclatures_with_reduced_attributes', filter: { tab: 'all' } },
    seller,
  );
  expect(await outbox('export.finished')).toEqual([]);
  await t.services.exports.run({ partnerId: 10001, exportId: created.id }, t.runtime.db);
  expect(await outbox('export.finished')).toEqual([
    {
      partner_id: 10001,
      object_id: created.id,
      payload: { taskId: created.id, type: 'nomenclatures_with_reduced_attributes', status: 'OK' },
      deliveries: 1,
    },
  ]);
});

it('question.created and review.created: a buyer’s question and review arriving from the storefront', async () => {
  const [p] = await t.sql<{ seller_sku: string; moda_sku: string }>(
    `select seller_sku, moda_sku from products where partner_id = 10001 order by id limit 1`,
  );
  const base = { partnerId: 10001, sellerSku: p!.seller_sku, authorName: 'Анна' };
  const q = await ok(
    'v1.platform.feedback.create',
    { ...base, type: 'question', text: 'Есть ли размер M?' },
    platform,
  );
  const r = await ok(
    'v1.platform.feedback.create',
    { ...base, type: 'review', rating: 4, text: 'Хорошее платье' },
    platform,
  );
  expect([...(await outbox('question.created')), ...(await outbox('review.created'))]).toEqual([
    {
      partner_id: 10001,
      object_id: q.id,
      payload: { questionId: q.id, modaSku: p!.moda_sku, text: 'Есть ли размер M?' },
      deliveries: 1,
    },
    {
      partner_id: 10001,
      object_id: r.id,
      payload: { reviewId: r.id, modaSku: p!.moda_sku, rating: 4, text: 'Хорошее платье' },
      deliveries: 1,
    },
  ]);
});

it('the catalogue is documented from the contracts: x-webhooks in OpenRPC, GET /docs, the docs/webhooks.md table', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/jsonrpc/openrpc.json' })).json<{
    'x-webhooks': { events: Record<string, { payload: { schema: { properties: Record<string, any> } } }> };
  }>();
  const events = doc['x-webhooks'].events;
  expect(Object.keys(events).sort()).toEqual([...WebhookEventType.options].sort());
  const fbo = events['fbo.supply.status_changed']!.payload.schema.properties;
  expect(fbo.type).toMatchObject({ const: 'fbo.supply.status_changed' });
  expect(Object.keys(fbo.data.properties)).toEqual(['supplyId', 'status', 'previousStatus']);
  expect(fbo.data.properties.status.enum).toContain('validationError');

  const html = (await t.app.inject({ method: 'GET', url: '/docs' })).body;
  for (const type of WebhookEventType.options) expect(html).toContain(`id="event-${type}"`);

  const md = await fs.readFile(path.resolve(import.meta.dirname, '../../../../../docs/webhooks.md'), 'utf8');
  const rows = new Map(
    [...md.matchAll(/^\| [^|]+\| `([a-z_.]+)` +\|[^|]+\|([^|]+)\|$/gm)].map((m) => [m[1]!, m[2]!]),
  );
  expect([...rows.keys()].sort()).toEqual([...WebhookEventType.options].sort());
  for (const type of WebhookEventType.options)
    for (const field of Object.keys(WEBHOOK_PAYLOADS[type].shape))
      expect(rows.get(type), `${type}: ${field}`).toMatch(new RegExp(`\`${field}(\\[\\])?\``));
});
