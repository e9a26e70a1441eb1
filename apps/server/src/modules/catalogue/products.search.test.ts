// The products list's search by name (spec 001 §5): exactly the products whose title holds the text, in any
// case, LIKE's wildcards taken as characters — against a full scan of the titles; another partner's never.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let seller: string;
beforeAll(async () => {
  t = await createTestApp();
  seller = (await t.login('seller')).accessToken;
});
afterAll(() => t.close());

let seq = 0;
/** Insert products of partner `partner` in one statement, one per title. */
async function insert(partner: number, titles: string[]): Promise<void> {
  await t.sql(
    `insert into products (partner_id, moda_sku, moda_parent_sku, seller_sku, seller_parent_sku, title, brand,
                           category, status, moderation_status)
     select $1, 'MDT' || $2 || '-' || i, 'MDPT' || $2, 'PT-' || $2 || '-' || i, 'PT-' || $2, title, 'Nord Wind',
            'clothes', 'inactive', 'approved'
       from unnest($3::text[]) with ordinality as x(title, i)`,
    [partner, ++seq, titles],
  );
}

describe('the list searching by name', () => {
  const list = (search: string) =>
    t.rpc('v1.nomenclatures.list', { partnerId: 10001, search, pageSize: 100 }, seller);
  const scanned = async (pattern: string) =>
    (
      await t.sql<{ seller_sku: string }>(
        `select seller_sku from products where partner_id = 10001 and not archived and title ilike $1
          order by seller_sku`,
        [pattern],
      )
    ).map((r) => r.seller_sku);

  it('finds exactly the products whose title holds the text, in any case', async () => {
    await insert(10001, ['Рубашка «Север» 100%_хлопок', 'РУБАШКА «Юг»', 'рубашка льняная']);
    for (const [search, pattern] of [
      ['рубашка', '%рубашка%'],
      ['РУБАШКА', '%рубашка%'],
      ['«север»', '%«север»%'],
      ['100%_х', '%100\\%\\_х%'],
      ['ашка льн', '%ашка льн%'],
    ] as const) {
      const expected = await scanned(pattern);
      expect(expected.length, search).toBeGreaterThan(0);
      const reply = await list(search);
      expect(reply.result.total, search).toBe(expected.length);
      expect(reply.result.items.map((i: { sellerSku: string }) => i.sellerSku).sort(), search).toEqual(
        expected,
      );
    }
    // A wildcard of LIKE is a character to search for, not a pattern.
    expect((await list('100_х')).result.total).toBe(0);
  });

  it("never answers another partner's product with the same title", async () => {
    await insert(10002, ['Уникальный пиджак другого продавца']);
    expect((await list('Уникальный пиджак')).result.total).toBe(0);
    await insert(10001, ['Уникальный пиджак другого продавца']);
    const items = (await list('Уникальный пиджак')).result.items;
    expect(items.map((i: { title: string }) => i.title)).toEqual(['Уникальный пиджак другого продавца']);
    // The other partner's id answers as a missing partner.
    const other = await t.rpc('v1.nomenclatures.list', { partnerId: 10002, search: 'Уникальный' }, seller);
    expect(other.error?.code).toBe(50404);
  });
});
