// The price index's demo history for `npm start`: the marketplace's settings, competitor offers matched to most
// products of every demo partner (some products unique), spread over every index value, and claims in every
// state — prices added and disputes, under review, accepted and rejected. Deterministic (a seeded generator).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_PARTNERS } from '../../seed/demo-partners';
import * as q from './price-index.queries';
import { DEFAULT_SETTINGS } from './price-index.service';

/** mulberry32: a small seeded generator, so the demo is the same on every machine. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTS: Record<string, string> = {
  'Стиль Маркет': 'stylemarket.example',
  'Модный Базар': 'modbazar.example',
  ОдеждаОнлайн: 'odezhda-online.example',
  ГардеробРу: 'garderob.example',
};
export const competitorUrl = (competitor: string, productId: number) =>
  `https://${HOSTS[competitor] ?? 'shop.example'}/item/${productId}`;

/** A competitor's price, written the way shops write them: whole rubles ending in 0 or 9. */
const shopPrice = (n: number) => Math.max(50, Math.round(n / 10) * 10 - (n > 1000 ? 10 : 0));

export async function seedPriceIndex(db: Db): Promise<void> {
  const competitors = DEFAULT_SETTINGS.competitors;
  for (const partner of DEMO_PARTNERS) {
    const rnd = random(partner.id * 31 + 22);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    await q.saveSettings(db, partner.id, competitors, DEFAULT_SETTINGS.countries);
    const rows = (
      await db.execute<{ id: string; price: string; sale_price: string | null }>(
        sql`select id::text, price::text, sale_price::text from products
             where partner_id = ${partner.id} and not archived and price is not null order by id`,
      )
    ).rows;
    const offers: q.NewOffer[] = [];
    const matched: number[] = [];
    for (const r of rows) {
      const id = Number(r.id);
      const market = Number(r.sale_price ?? r.price);
      // About one product in seven is unique: nobody else sells it.
      if (rnd() < 0.15) continue;
      const bucket = rnd();
      const ratio =
        bucket < 0.4 ? 0.95 + rnd() * 0.05 : bucket < 0.75 ? 1.03 + rnd() * 0.15 : 1.23 + rnd() * 0.3;
      const min = shopPrice(market / ratio);
      const first = pick(competitors);
      offers.push({
        productId: id,
        competitor: first,
        country: 'RU',
        url: competitorUrl(first, id),
        price: min,
        source: 'matching',
      });
      for (const c of competitors) {
        if (c === first || rnd() < 0.6) continue;
        offers.push({
          productId: id,
          competitor: c,
          country: 'RU',
          url: competitorUrl(c, id),
          price: shopPrice(min * (1.02 + rnd() * 0.3)),
          source: 'matching',
        });
      }
      matched.push(id);
    }
    for (let i = 0; i < offers.length; i += 1000)
      await q.upsertOffers(db, partner.id, offers.slice(i, i + 1000));

    // Claims in every state: the first matched products are disputed or get a seller's price.
    const demoClaims: {
      kind: 'add' | 'dispute';
      status: 'review' | 'accepted' | 'rejected';
      reason?: string;
    }[] = [
      { kind: 'dispute', status: 'review', reason: 'WRONG_PRODUCT' },
      { kind: 'add', status: 'review' },
      { kind: 'dispute', status: 'accepted', reason: 'OUT_OF_STOCK' },
      { kind: 'dispute', status: 'rejected', reason: 'WRONG_PRICE' },
      { kind: 'add', status: 'accepted' },
      { kind: 'add', status: 'rejected' },
    ];
    const uniques = rows.map((r) => Number(r.id)).filter((id) => !matched.includes(id));
    for (const [n, c] of demoClaims.entries()) {
      const productId = c.kind === 'dispute' ? matched[n] : (uniques[n] ?? matched[n + 10]);
      if (productId === undefined) continue;
      const offer = offers.find((o) => o.productId === productId);
      let offerId: number | null = null;
      if (c.kind === 'dispute') {
        const [row] = (
          await db.execute<{ id: string }>(
            sql`select id::text from competitor_offers where partner_id = ${partner.id}
                 and product_id = ${productId} order by price, id limit 1`,
          )
        ).rows;
        offerId = row ? Number(row.id) : null;
      }
      const competitor = offer?.competitor ?? pick(competitors);
      const price =
        c.kind === 'add'
          ? shopPrice(Number(rows.find((r) => Number(r.id) === productId)!.price) * 0.9)
          : offer!.price;
      await db.execute(sql`
        insert into competitor_claims (partner_id, product_id, kind, status, competitor, url, price, reason,
                                       competitor_offer_id, answer, created_at, decided_at)
        values (${partner.id}, ${productId}, ${c.kind}, ${c.status}, ${competitor},
                ${competitorUrl(competitor, productId)}, ${price}, ${c.reason ?? null}, ${offerId},
                ${c.status === 'review' ? null : c.status === 'accepted' ? 'Проверено: данные подтвердились' : 'Проверено: товар конкурента другой'},
                now() - make_interval(days => ${6 - n}), ${c.status === 'review' ? null : sql`now() - make_interval(days => ${5 - n})`})`);
      if (c.status === 'accepted' && c.kind === 'dispute' && offerId !== null)
        await q.setOfferStatus(db, partner.id, offerId, 'excluded');
      if (c.status === 'accepted' && c.kind === 'add')
        await q.upsertOffers(db, partner.id, [
          {
            productId,
            competitor,
            country: 'RU',
            url: competitorUrl(competitor, productId),
            price,
            source: 'seller',
          },
        ]);
    }
    await q.refresh(db, partner.id, null, DEFAULT_SETTINGS);
  }
}
