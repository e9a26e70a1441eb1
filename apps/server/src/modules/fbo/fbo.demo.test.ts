// The demo's supplies (npm start): each consignment partner has a history in every state, the accepted
// ones with their counts and stock on the shelves, and every seeded supply reads through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FboSupplyStatus } from '@moda/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe('FBO demo', () => {
  it('every consignment demo partner has supplies in every state, and they read whole', async () => {
    for (const partnerId of [10001, 10004]) {
      const rows = await t.sql<{ status: string; n: number }>(
        `select status, count(*)::int as n from fbo_supplies where partner_id = $1 group by 1`,
        [partnerId],
      );
      expect(rows.map((r) => r.status).sort()).toEqual([...FboSupplyStatus.options].sort());
      const stock = await t.sql<{ q: number }>(
        `select sum(quantity)::int as q from fbo_stock_moves where partner_id = $1`,
        [partnerId],
      );
      expect(stock[0]!.q).toBeGreaterThan(0);
    }
    const none = await t.sql(`select 1 from fbo_supplies where partner_id in (10002, 10003, 10005, 10006)`);
    expect(none).toHaveLength(0);
    const support = (await t.login('support')).accessToken;
    const ids = await t.sql<{ id: string; partner_id: number }>(
      `select id::text as id, partner_id from fbo_supplies`,
    );
    for (const s of ids) {
      const r = await t.rpc('v1.fulfilment-shipments.get', { partnerId: s.partner_id, id: s.id }, support);
      expect(r.error, s.id).toBeUndefined();
    }
    const stock = await t.rpc(
      'v1.analytics.recommended-shipment.get',
      { partnerId: 10001, pageSize: 100 },
      support,
    );
    expect(stock.result.total).toBeGreaterThan(0);
  });
});
