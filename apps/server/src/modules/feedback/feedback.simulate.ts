// The marketplace's feedback systems in `npm run simulate`: every few steps buyers of the demo partners with the
// feedback section ask a question or leave a review (rated, with a fit mark on sized products), and the
// moderation system decides answers the automatic check sent to it that have waited a while: an insult is
// rejected (a strike), the rest published — a lenient moderator, so a running demo does not block its own
// sellers; support rejects the others in the settings' queue. All through v1.platform.*.
import { REASON_OF_RULE } from '@moda/contracts';
import type { PlatformCaller } from '../../core/module';
import { DEMO_PARTNERS } from '../../seed/demo-partners';

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const chance = (p: number) => Math.random() < p;

const QUESTIONS = [
  'Подскажите, какой рост у модели на фото?',
  'Есть ли эта модель в другом цвете?',
  'Как маломерит или большемерит?',
  'Можно ли стирать в машинке?',
  'Когда будет поступление моего размера?',
];
const REVIEWS: [number, string][] = [
  [5, 'Отличная вещь, всё понравилось!'],
  [5, 'Качество супер, рекомендую.'],
  [4, 'Хорошо, но доставка шла долго.'],
  [3, 'Нормально, ожидала большего.'],
  [2, 'После стирки появились катышки.'],
  [1, 'Пришло с браком.'],
];
const BUYERS = ['Анна', 'Ольга', 'Дмитрий', 'Мария', 'Игорь', 'Светлана'];
/** A specialist decides an answer after it has waited this long. */
const DECIDE_AFTER_MS = 120_000;

/** Partners the storefront sends feedback to: demo partners with the section, or any partner given. */
function feedbackPartners(partners: readonly number[]): number[] {
  return partners.filter((id) => {
    const demo = DEMO_PARTNERS.find((p) => p.id === id);
    return !demo || demo.features.includes('ShowFeedbackSection');
  });
}

export async function feedbackSimulation(platform: PlatformCaller): Promise<{ step(): Promise<void> }> {
  const { call } = platform;
  const skus = new Map<number, string[]>();
  for (const partnerId of feedbackPartners(platform.partners)) {
    const r = await call<{ items: { sellerSku: string }[] }>('v1.platform.products.list', {
      partnerId,
      limit: 500,
    });
    if (r.result?.items.length)
      skus.set(
        partnerId,
        r.result.items.map((p) => p.sellerSku),
      );
    else platform.log(`feedback ${partnerId}: ${r.error?.message ?? 'no products'}`);
  }

  async function ask(partnerId: number, own: string[]): Promise<void> {
    const sellerSku = pick(own);
    const base = { partnerId, sellerSku, authorName: pick(BUYERS) };
    if (chance(0.5)) {
      const r = await call('v1.platform.feedback.create', {
        ...base,
        type: 'question',
        text: pick(QUESTIONS),
      });
      if (r.error) platform.log(`question ${partnerId}: ${r.error.message}`);
      return;
    }
    const [rating, text] = pick(REVIEWS);
    const review = { ...base, type: 'review', rating, text };
    const fit = pick(['true_to_size', 'true_to_size', 'runs_small', 'runs_large']);
    let r = await call('v1.platform.feedback.create', { ...review, sizeFit: fit });
    // A one-size product has no fit: the storefront does not ask for it.
    if (r.error?.data?.reason === 'feedback.noSize') r = await call('v1.platform.feedback.create', review);
    if (r.error) platform.log(`review ${partnerId}: ${r.error.message}`);
  }

  async function moderate(): Promise<void> {
    const r = await call<{ items: { id: string; flags: (keyof typeof REASON_OF_RULE)[]; sentAt: string }[] }>(
      'v1.platform.feedback.moderation.list',
      { limit: 50 },
    );
    for (const a of r.result?.items ?? []) {
      if (Date.now() - new Date(a.sentAt).getTime() < DECIDE_AFTER_MS) continue;
      const reject = a.flags.includes('insults');
      const d = await call('v1.platform.feedback.moderate', {
        id: a.id,
        decision: reject ? 'reject' : 'publish',
        ...(reject ? { reason: REASON_OF_RULE[a.flags[0]!] } : {}),
      });
      platform.log(`answer ${a.id}: ${d.error ? d.error.message : reject ? 'rejected' : 'published'}`);
    }
  }

  let n = 0;
  return {
    async step() {
      n += 1;
      // A question or review every other step per partner, on average.
      for (const [partnerId, own] of skus) if (chance(0.5)) await ask(partnerId, own);
      if (n % 3 === 0) await moderate();
    },
  };
}
