// The FBO tests' set-up, shared by the supplies' file (fbo.test.ts) and the stock screen's (fbo-stock.test.ts):
// an app on the test's clock with the FBO tables emptied, the logins, room at every warehouse and a few SKUs.
import { createTestApp, type TestApp } from '../../../test/helpers';
import { issueServiceCredential } from '../../auth/service-credentials';

export type FboFixture = {
  t: TestApp;
  /** 10001, consignment. */
  seller: string;
  /** 10004 (consignment) and 10005. */
  multi: string;
  /** 10002, crossdocking. */
  fbs: string;
  /** The warehouse system's service credential. */
  platform: string;
  /** Five products of 10001 and of 10004. */
  skus: string[];
  skusB: string[];
};

export async function setUpFbo(now: () => Date): Promise<FboFixture> {
  const t = await createTestApp({ workers: true, now });
  await t.sql(
    'truncate fbo_supplies, fbo_supply_items, fbo_supply_events, fbo_disputes, fbo_slot_capacity, fbo_checked_files, fbo_stock_moves',
  );
  const seller = (await t.login('seller')).accessToken;
  const multi = (await t.login('multi')).accessToken;
  const fbs = (await t.login('fbs')).accessToken;
  const platform = (await issueServiceCredential(t.runtime.db, 'WMS')).token;
  // Room for every supply the tests book; the waitlist test narrows one day.
  const days = Array.from({ length: 28 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 2, 16 + i)).toISOString().slice(0, 10),
    capacity: 1000,
  }));
  for (const warehouseCode of ['Bykovo', 'Sofino', 'Chekhov', 'Novokhokhlovskaya'])
    await t.rpc('v1.platform.fulfilment-warehouses.capacity.set', { warehouseCode, days }, platform);
  const of = async (p: number) =>
    (
      await t.sql<{ seller_sku: string }>(
        `select seller_sku from products where partner_id = $1 and not archived order by id limit 5`,
        [p],
      )
    ).map((r) => r.seller_sku);
  return { t, seller, multi, fbs, platform, skus: await of(10001), skusB: await of(10004) };
}
