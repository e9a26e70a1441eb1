// The marketplace's promotions in `npm run simulate`, all through v1.platform.*: it announces a promotion now
// and then, opens registration on its first day, closes it after 12:00 Moscow on its last day (the server
// refuses earlier), starts and ends promotions on their dates, reports sales of promoted products while they
// run, and finishes the counted ones.
import { moscowDay, type PromotionState } from '@moda/contracts';
import type { PlatformCaller } from '../../core/module';

const chance = (p: number) => Math.random() < p;
const NAMES = [
  'Выходные скидок',
  'Быстрая распродажа',
  'Модная неделя',
  'Купон выходного дня',
  'Ночь скидок',
];

interface Queued {
  id: string;
  name: string;
  state: PromotionState;
  registrationStart: string;
  registrationEnd: string;
  startDate: string;
  endDate: string;
  discountPercent: number;
  products: { partnerId: number; productId: string; promoPrice: number | null }[];
}

export async function promotionsSimulation(platform: PlatformCaller): Promise<{ step(): Promise<void> }> {
  const { call } = platform;
  const mine = new Set(platform.partners);
  const M = 'v1.platform.promotions';
  const log = (x: Queued, what: string, r: { error?: { message: string } }) =>
    platform.log(r.error ? `${x.name}: ${what}: ${r.error.message}` : `${x.name}: ${what}`);

  async function step(): Promise<void> {
    const today = moscowDay(new Date());
    const r = await call<{ items: Queued[] }>(`${M}.list`, {
      state: ['idle', 'open', 'planed', 'active', 'passed'],
    });
    if (!r.result) {
      platform.log(`promotions: ${r.error?.message ?? 'no answer'}`);
      return;
    }
    for (const x of r.result.items) {
      if (x.state === 'idle' && x.registrationStart <= today)
        log(x, 'registration opened', await call(`${M}.move`, { promotionId: x.id, action: 'open' }));
      else if (x.state === 'open' && x.registrationEnd <= today) {
        const res = await call(`${M}.move`, { promotionId: x.id, action: 'closeRegistration' });
        // Before 12:00 Moscow on the last day the server refuses: the next step tries again.
        if (!res.error) log(x, 'registration closed', res);
      } else if (x.state === 'planed' && x.startDate <= today)
        log(x, 'started', await call(`${M}.move`, { promotionId: x.id, action: 'start' }));
      else if (x.state === 'active') {
        const sold = x.products.filter((p) => mine.has(p.partnerId) && p.promoPrice !== null && chance(0.05));
        if (sold.length)
          log(
            x,
            `${sold.length} sales`,
            await call(`${M}.report-sales`, {
              promotionId: x.id,
              items: sold.slice(0, 100).map((p) => ({
                partnerId: p.partnerId,
                productId: p.productId,
                quantity: 1,
                sum: p.promoPrice,
              })),
            }),
          );
        if (x.endDate < today) log(x, 'ended', await call(`${M}.move`, { promotionId: x.id, action: 'end' }));
      } else if (x.state === 'passed' && chance(0.3))
        log(x, 'finished', await call(`${M}.move`, { promotionId: x.id, action: 'finish' }));
    }
    if (chance(0.02)) {
      const name = `${NAMES[Math.floor(Math.random() * NAMES.length)]} ${moscowDay(new Date(), 7).slice(5)}`;
      const res = await call<{ id: string }>(`${M}.announce`, {
        name,
        type: chance(0.7) ? 'onsite' : 'coupon',
        format: 'manual',
        discountPercent: 10 + Math.floor(Math.random() * 5) * 5,
        categories: [],
        gender: null,
        businessModels: chance(0.5)
          ? ['consignment']
          : ['consignment', 'marketplace_crossdocking', 'dropshipping'],
        registrationStart: moscowDay(new Date(), 1),
        registrationEnd: moscowDay(new Date(), 5),
        startDate: moscowDay(new Date(), 7),
        endDate: moscowDay(new Date(), 14),
      });
      platform.log(res.error ? `announce: ${res.error.message}` : `${name}: announced`);
    }
  }
  return { step };
}
