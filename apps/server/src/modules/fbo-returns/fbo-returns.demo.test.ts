// The demo's FBO returns (npm start): each consignment partner has returns in every state of spec 000 §4,
// every seeded return reads through the API, and shipped ones took their units off the FBO stock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FboReturnStatus } from '@moda/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe('FBO returns demo', () => {
  it('every consignment demo partner has returns in every state, and they read whole', async () => {
    for (const partnerId of [10001, 10004]) {
      const rows = await t.sql<{ status: string }>(
        `select distinct status from fbo_returns where partner_id = $1`,
        [partnerId],
      );
      expect(rows.map((r) => r.status).sort()).toEqual([...FboReturnStatus.options].sort());
      const out = await t.sql<{ q: number }>(
        `select sum(quantity)::int as q from fbo_stock_moves where partner_id = $1 and kind = 'return'`,
        [partnerId],
      );
      expect(out[0]!.q).toBeLessThan(0);
    }
    const none = await t.sql(`select 1 from fbo_returns where partner_id in (10002, 10003, 10005, 10006)`);
    expect(none).toHaveLength(0);
    const support = (await t.login('support')).accessToken;
    const ids = await t.sql<{ id: string; partner_id: number }>(
      `select id::text as id, partner_id from fbo_returns`,
    );
    for (const s of ids) {
      const r = await t.rpc(
        'v1.supplier-fulfilment-returns.get',
        { partnerId: s.partner_id, id: s.id },
        support,
      );
      expect(r.error, s.id).toBeUndefined();
    }
  });
});
