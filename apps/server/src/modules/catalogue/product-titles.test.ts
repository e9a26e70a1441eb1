// product_titles (migration 0051): each partner's distinct titles and their products' count, kept by the
// triggers on products through inserts, retitles, other updates and deletes, in concurrent transactions; and
// the list's search by name, which reads it, against a full scan of the titles — another partner's never.
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
/** Insert `titles.length` products of partner `partner` in one statement, one per title; returns their ids. */
async function insert(partner: number, titles: string[]): Promise<string[]> {
  const rows = await t.sql<{ id: string }>(
    `insert into products (partner_id, moda_sku, moda_parent_sku, seller_sku, seller_parent_sku, title, brand,
                           category, status, moderation_status)
     select $1, 'MDT' || $2 || '-' || i, 'MDPT' || $2, 'PT-' || $2 || '-' || i, 'PT-' || $2, title, 'Nord Wind',
            'clothes', 'inactive', 'approved'
       from unnest($3::text[]) with ordinality as x(title, i)
     returning id::text`,
    [partner, ++seq, titles],
  );
  return rows.map((r) => r.id);
}

/** Where product_titles and a fresh count of the products' titles disagree (none when kept exact). */
const drift = () =>
  t.sql(
    `select coalesce(k.partner_id, c.partner_id) as partner_id, coalesce(k.title, c.title) as title,
            k.n as kept, c.n as counted
       from product_titles k
       full join (select partner_id, title, count(*)::int as n from products group by 1, 2) c
         on c.partner_id = k.partner_id and c.title = k.title
      where k.n is distinct from c.n`,
  );

const kept = async (partner: number, title: string) =>
  (
    await t.sql<{ n: number }>(`select n from product_titles where partner_id = $1 and title = $2`, [
      partner,
      title,
    ])
  )[0]?.n;

describe('product_titles', () => {
  it('holds every partner title of the demo data with its count', async () => {
    expect(await drift()).toEqual([]);
    expect(
      Number((await t.sql<{ n: string }>(`select count(*) as n from product_titles`))[0]!.n),
    ).toBeGreaterThan(0);
  });

  it('stays exact through inserts, retitles, other updates and deletes', async () => {
    const a = await insert(10001, ['Титул А', 'Титул А', 'Титул Б']);
    await insert(10001, ['Титул А']);
    expect(await kept(10001, 'Титул А')).toBe(3);
    expect(await kept(10001, 'Титул Б')).toBe(1);

    // A retitle moves the count; the last product of a title takes the title with it.
    await t.sql(`update products set title = 'Титул В' where id = any($1::bigint[])`, [[a[0], a[2]]]);
    expect(await kept(10001, 'Титул А')).toBe(2);
    expect(await kept(10001, 'Титул Б')).toBeUndefined();
    expect(await kept(10001, 'Титул В')).toBe(2);

    // An update that leaves titles alone writes nothing to the table (its rows keep their version).
    const before = await t.sql(
      `select xmin::text, title from product_titles where partner_id = 10001 order by title`,
    );
    await t.sql(`update products set price = 1234, title = title where partner_id = 10001`);
    expect(
      await t.sql(`select xmin::text, title from product_titles where partner_id = 10001 order by title`),
    ).toEqual(before);

    // Two titles swapped in one statement net to the same counts.
    await t.sql(
      `update products set title = case title when 'Титул А' then 'Титул В' else 'Титул А' end
        where partner_id = 10001 and title in ('Титул А', 'Титул В')`,
    );
    expect(await kept(10001, 'Титул А')).toBe(2);
    expect(await kept(10001, 'Титул В')).toBe(2);

    await t.sql(`delete from products where partner_id = 10001 and title = 'Титул А'`);
    expect(await kept(10001, 'Титул А')).toBeUndefined();
    await t.sql(
      `delete from products where id = (select min(id) from products where partner_id = 10001 and title = 'Титул В')`,
    );
    expect(await kept(10001, 'Титул В')).toBe(1);
    expect(await drift()).toEqual([]);
  });

  it('counts a title written by two transactions at once', async () => {
    const [c1, c2] = [await t.runtime.pool.connect(), await t.runtime.pool.connect()];
    try {
      const add = (c: typeof c1, n: number) =>
        c.query(
          `insert into products (partner_id, moda_sku, moda_parent_sku, seller_sku, seller_parent_sku, title, brand,
                                 category, status, moderation_status)
           select 10001, 'MDC' || $1 || '-' || i, 'MDPC' || $1, 'PC-' || $1 || '-' || i, 'PC-' || $1,
                  'Титул одновременный', 'Nord Wind', 'clothes', 'inactive', 'approved'
             from generate_series(1, $2) i`,
          [`${n}-${++seq}`, n],
        );
      await c1.query('begin');
      await c2.query('begin');
      await add(c1, 2);
      // The second writer waits on the first one's row of the title, then adds to it.
      const second = add(c2, 3);
      await c1.query('commit');
      await second;
      await c2.query('commit');
    } finally {
      c1.release();
      c2.release();
    }
    expect(await kept(10001, 'Титул одновременный')).toBe(5);
    expect(await drift()).toEqual([]);
  });
});

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
    expect(await kept(10002, 'Уникальный пиджак другого продавца')).toBe(1);
    expect((await list('Уникальный пиджак')).result.total).toBe(0);
    await insert(10001, ['Уникальный пиджак другого продавца']);
    const items = (await list('Уникальный пиджак')).result.items;
    expect(items.map((i: { title: string }) => i.title)).toEqual(['Уникальный пиджак другого продавца']);
    // The other partner's id answers as a missing partner.
    const other = await t.rpc('v1.nomenclatures.list', { partnerId: 10002, search: 'Уникальный' }, seller);
    expect(other.error?.code).toBe(50404);
  });
});
