// A partner has at most EXPORTS_AT_ONCE exports produced at once: one JSON-RPC batch of 50 creates once
// queued 50 exports. No worker runs here, so every accepted export stays PROCESSING.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORTS_AT_ONCE } from '@moda/contracts';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ workers: false });
  token = (await t.login('fbs')).accessToken;
});
afterAll(() => t.close());

describe('exports at once', () => {
  it('a batch of 50 creates queues at most the limit; the rest are refused with a message', async () => {
    const batch = Array.from({ length: 50 }, (_, i) => ({
      jsonrpc: '2.0',
      id: i,
      method: 'v1.exports.create',
      params: { partnerId: 10002, type: 'nomenclature_sell_values', filter: { tab: 'all' } },
    }));
    const res = await t.post(batch, token);
    const replies = res.json as { result?: unknown; error?: { code: number; message: string } }[];
    expect(replies.filter((r) => r.result)).toHaveLength(EXPORTS_AT_ONCE);
    const refused = replies.filter((r) => r.error);
    expect(refused).toHaveLength(50 - EXPORTS_AT_ONCE);
    expect(refused[0]!.error).toMatchObject({
      code: 50400,
      message: `Одновременно формируется не больше ${EXPORTS_AT_ONCE} выгрузок. Дождитесь, пока готовые появятся в «Файлах», и повторите`,
    });
    const [row] = await t.sql<{ n: number }>(
      `select count(*)::int as n from exports where partner_id = 10002 and status = 'PROCESSING'`,
    );
    expect(row!.n).toBe(EXPORTS_AT_ONCE);
  });

  it('another partner is not held by the first one’s exports', async () => {
    const support = (await t.login('support')).accessToken;
    const r = await t.rpc(
      'v1.exports.create',
      { partnerId: 10001, type: 'nomenclature_sell_values', filter: { tab: 'all' } },
      support,
    );
    expect(r.result?.status).toBe('PROCESSING');
  });
});
