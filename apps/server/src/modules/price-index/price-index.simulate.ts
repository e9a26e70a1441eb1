// The marketplace's matching system in `npm run simulate`: now and then competitors change their prices
// (posted through v1.platform.matching-manager.offers.post, so the index follows), and the matching team
// reviews the sellers' claims — accepting about half — through v1.platform.matching-manager.rfc.decide.
import type { PlatformCaller } from '../../core/module';

const chance = (p: number) => Math.random() < p;

interface Offer {
  competitorOfferId: string;
  productId: string;
  competitor: string;
  country: 'RU' | 'BY' | 'KZ';
  url: string;
  price: number;
  status: string;
}

export async function priceIndexSimulation(platform: PlatformCaller): Promise<{ step(): Promise<void> }> {
  const { call } = platform;
  const mine = new Set(platform.partners);

  async function step(): Promise<void> {
    for (const partnerId of platform.partners) {
      // Competitor prices move every few minutes per partner: the least recently checked offers.
      if (!chance(0.05)) continue;
      const r = await call<{ items: Offer[] }>('v1.platform.matching-manager.offers.list', {
        partnerId,
        limit: 40,
      });
      const items = (r.result?.items ?? [])
        .filter((o) => o.status === 'active' && chance(0.5))
        .map((o) => ({
          productId: o.productId,
          competitor: o.competitor,
          country: o.country,
          url: o.url,
          price: Math.max(50, Math.round((o.price * (0.9 + Math.random() * 0.2)) / 10) * 10),
        }));
      if (!items.length) continue;
      const posted = await call('v1.platform.matching-manager.offers.post', { partnerId, items });
      platform.log(
        posted.error
          ? `${partnerId}: competitor prices: ${posted.error.message}`
          : `${partnerId}: ${items.length} competitor prices moved`,
      );
    }
    const queue = await call<{ items: { id: string; partnerId: number; kind: string }[] }>(
      'v1.platform.matching-manager.rfc.list',
      { limit: 50 },
    );
    for (const c of queue.result?.items ?? []) {
      if (!mine.has(c.partnerId) || !chance(0.3)) continue;
      const accept = chance(0.5);
      const r = await call('v1.platform.matching-manager.rfc.decide', {
        competitorClaimId: c.id,
        decision: accept ? 'accept' : 'reject',
        answer: accept ? 'Проверено: данные подтвердились' : 'Проверено: товар конкурента другой',
      });
      platform.log(
        r.error
          ? `claim ${c.id}: ${r.error.message}`
          : `claim ${c.id} (${c.kind}) ${accept ? 'accepted' : 'rejected'}`,
      );
    }
  }
  return { step };
}
