// Demo promotions for `npm start`: a calendar around today with promotions in every API state (announced,
// registration open, planned, running, being counted, finished), most for consignment sellers and some open
// to FBS and DBS ones too (spec 000 §2); each demo partner of a model has products in some of them, with
// promo prices, sales reported for the running and finished ones, and floor prices on part of its catalogue.
// Deterministic (a seeded generator), dated from the day it loads.
import { sql } from 'drizzle-orm';
import { moscowDay, promoPriceOf, type BusinessModel, type PromotionState } from '@moda/contracts';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../files/storage';
import { DEMO_PARTNERS } from '../../seed/demo-partners';
import { prng } from '../orders';
import * as q from './promotions.queries';
import { seedCostPriceFiles } from './promotions.cost-demo';

const ALL: BusinessModel[] = ['consignment', 'marketplace_crossdocking', 'dropshipping'];
const FBO: BusinessModel[] = ['consignment'];
/** Products this near either end of a catalogue's orders are left out of running and coming promotions. */
const EDGE = 30;

interface Plan {
  name: string;
  state: PromotionState;
  /** Days from today: registration opens, its last day, the promotion starts and ends. */
  days: [number, number, number, number];
  discount: number;
  type: 'onsite' | 'coupon';
  format?: 'manual' | 'auto';
  categories?: string[];
  gender?: string;
  models: BusinessModel[];
  /** Share of each partner's products in it (0: none). */
  share: number;
}

const PLANS: Plan[] = [
  {
    name: 'Новогодняя распродажа',
    state: 'idle',
    days: [10, 24, 27, 40],
    discount: 30,
    type: 'onsite',
    models: ALL,
    share: 0,
  },
  {
    name: 'Купон на первый заказ',
    state: 'idle',
    days: [5, 15, 18, 30],
    discount: 10,
    type: 'coupon',
    models: FBO,
    share: 0,
  },
  {
    name: 'Неделя верхней одежды',
    state: 'open',
    days: [-4, 3, 6, 13],
    discount: 25,
    type: 'onsite',
    categories: ['clothes'],
    models: FBO,
    share: 0.2,
  },
  {
    name: 'Обувь для всей семьи',
    state: 'open',
    days: [-2, 6, 9, 16],
    discount: 20,
    type: 'onsite',
    categories: ['footwear'],
    models: ALL,
    share: 0,
  },
  {
    name: 'Аксессуары со скидкой',
    state: 'open',
    days: [-1, 8, 10, 20],
    discount: 15,
    type: 'coupon',
    categories: ['accessories'],
    models: ALL,
    share: 0,
  },
  {
    name: 'Женский день',
    state: 'open',
    days: [0, 12, 14, 21],
    discount: 35,
    type: 'onsite',
    gender: 'women',
    format: 'auto',
    models: FBO,
    share: 0,
  },
  {
    name: 'Чёрная пятница',
    state: 'planed',
    days: [-14, -1, 2, 9],
    discount: 40,
    type: 'onsite',
    models: ALL,
    share: 0.25,
  },
  {
    name: 'Выходные красоты',
    state: 'planed',
    days: [-10, -2, 3, 5],
    discount: 20,
    type: 'coupon',
    categories: ['beauty'],
    models: FBO,
    share: 0,
  },
  {
    name: 'Осенний гардероб',
    state: 'active',
    days: [-20, -8, -5, 6],
    discount: 25,
    type: 'onsite',
    models: ALL,
    share: 0.3,
  },
  {
    name: 'Скидки на трикотаж',
    state: 'active',
    days: [-18, -10, -7, 3],
    discount: 15,
    type: 'coupon',
    categories: ['clothes'],
    models: FBO,
    share: 0.15,
  },
  {
    name: 'Дни дома',
    state: 'active',
    days: [-12, -5, -2, 10],
    discount: 20,
    type: 'onsite',
    categories: ['home'],
    models: FBO,
    share: 0,
  },
  {
    name: 'Распродажа сезона',
    state: 'passed',
    days: [-30, -20, -15, -1],
    discount: 30,
    type: 'onsite',
    models: ALL,
    share: 0.3,
  },
  {
    name: 'Школьная пора',
    state: 'finished',
    days: [-80, -65, -60, -45],
    discount: 20,
    type: 'onsite',
    models: FBO,
    share: 0.25,
  },
  {
    name: 'Летний купон',
    state: 'finished',
    days: [-110, -95, -92, -80],
    discount: 10,
    type: 'coupon',
    models: ALL,
    share: 0.2,
  },
  {
    name: 'Весенние новинки',
    state: 'finished',
    days: [-150, -140, -135, -120],
    discount: 15,
    type: 'onsite',
    models: FBO,
    share: 0,
  },
];

export async function seedPromotions(db: Db, storage?: FileStorage): Promise<void> {
  const rnd = prng(21);
  const now = new Date();
  const partners = DEMO_PARTNERS.filter((p) => !p.isNew);
  // Cost and floor prices on part of each catalogue: cost about 40 %, floor about 60 % of the price.
  for (const p of partners) {
    await db.execute(sql`
      insert into product_cost_prices (partner_id, product_id, cost_price, floor_price)
      select partner_id, id, round(price * 0.4, -1), round(price * 0.6, -1)
        from products where partner_id = ${p.id} and price is not null and not archived and id % 3 = 0
      on conflict do nothing`);
  }
  for (const plan of PLANS) {
    const [rs, re, s, e] = plan.days.map((d) => moscowDay(now, d)) as [string, string, string, string];
    const id = await q.insertPromotion(db, {
      name: plan.name,
      description: `${plan.name}: скидка ${plan.discount} % для покупателей Moda.`,
      type: plan.type,
      format: plan.format ?? 'manual',
      discountPercent: plan.discount,
      categories: plan.categories ?? [],
      gender: plan.gender ?? null,
      businessModels: plan.models,
      registrationStart: rs,
      registrationEnd: re,
      startDate: s,
      endDate: e,
      state: plan.state,
    });
    if (!plan.share) continue;
    const selling = plan.state === 'active' || plan.state === 'passed' || plan.state === 'finished';
    // A product in a running or coming promotion blocks or warns about its price change (prices' rule): those
    // go to the middle of each catalogue, away from the first and last products by id, SKU, date and price that
    // the lists open on and that other areas' tests and flows change prices of.
    const blocking = plan.state === 'open' || plan.state === 'planed' || plan.state === 'active';
    for (const p of partners.filter((x) => plan.models.includes(x.businessModel))) {
      const products = (
        await db.execute<{ id: string; price: number; floor: number | null }>(sql`
          select pr.id::text as id, pr.price::float as price, cp.floor_price::float as floor
            from (select p.*, least(row_number() over (order by p.id), row_number() over (order by p.id desc),
                                    row_number() over (order by p.seller_sku), row_number() over (order by p.seller_sku desc),
                                    row_number() over (order by p.created_at desc, p.id desc),
                                    row_number() over (order by p.price desc nulls last), row_number() over (order by p.price nulls last)) as edge
                    from products p where p.partner_id = ${p.id} and not p.archived) pr
            left join product_cost_prices cp on cp.partner_id = pr.partner_id and cp.product_id = pr.id
           where pr.price is not null
             ${plan.categories?.length ? sql`and pr.category = any(${sql.param(plan.categories)}::text[])` : sql``}
             ${blocking ? sql`and pr.edge > ${EDGE}` : sql``}
           order by pr.id limit 400`)
      ).rows.filter(
        (r) => rnd() < plan.share && (r.floor === null || promoPriceOf(r.price, plan.discount) >= r.floor),
      );
      await q.join(
        db,
        p.id,
        { id, name: plan.name, state: plan.state },
        products.map((r) => ({ productId: Number(r.id), promoPrice: promoPriceOf(r.price, plan.discount) })),
      );
      if (!selling) continue;
      for (const r of products) {
        const quantity = Math.floor(rnd() * (plan.state === 'active' ? 6 : 14));
        if (quantity)
          await q.addSale(db, id, {
            partnerId: p.id,
            productId: Number(r.id),
            quantity,
            sum: quantity * promoPriceOf(r.price, plan.discount),
          });
      }
    }
  }
  // Each seller's latest cost price file, saved through the file's own check (after the promotions are joined).
  await seedCostPriceFiles(db, storage);
}
