// Demo orders: a 90-day history for the demo partners in every delivery status, built from their seeded
// products (the orders module's `demo` in its descriptor).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertOrders, type NewOrder } from './orders.service';

export const DEMO_ORDER_PARTNERS = [10001, 10002, 10003, 10005] as const;
const DAYS = 90;

/** A small deterministic generator, so every fresh demo looks the same. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const DEMO_ADDRESSES = [
  'Москва, ул. Тверская, д. 7, кв. 12',
  'Санкт-Петербург, Невский пр., д. 28, кв. 5',
  'Казань, ул. Баумана, д. 15, кв. 3',
  'Екатеринбург, ул. Малышева, д. 51, кв. 80',
  'Новосибирск, Красный пр., д. 22, кв. 41',
  'Нижний Новгород, ул. Большая Покровская, д. 4, кв. 9',
  'Краснодар, ул. Красная, д. 109, кв. 17',
];
export const DEMO_DELIVERY = [
  { method: 'Курьер', serviceLevel: 'Стандарт' },
  { method: 'Пункт выдачи', serviceLevel: 'Эконом' },
  { method: 'Курьер', serviceLevel: 'Экспресс' },
];
export const DEMO_PAYMENTS = ['Prepaid', 'CardPayment', 'COD', 'CardOnDelivery', 'Installment'] as const;

/** The path an order of some age has travelled, and where it ended. */
function finalStatus(ageDays: number, r: () => number): string {
  if (ageDays < 1) return r() < 0.6 ? 'new' : r() < 0.7 ? 'confirmed' : 'awaiting_shipment';
  if (ageDays < 3)
    return ['new', 'confirmed', 'awaiting_shipment', 'shipped', 'cancelled'][Math.floor(r() * 5)]!;
  if (ageDays < 7)
    return ['awaiting_shipment', 'shipped', 'in_delivery', 'delivered', 'cancelled'][Math.floor(r() * 5)]!;
  const x = r();
  if (x < 0.55) return 'delivered';
  if (x < 0.65) return 'cancelled';
  if (x < 0.72) return 'returned';
  if (x < 0.78) return 'not_delivered';
  if (x < 0.84) return 'claimed';
  if (x < 0.9) return 'refund_requested';
  if (x < 0.95) return 'refunded';
  return 'in_delivery';
}

/** About five orders a day per demo partner over 90 days, in every status, from the partner's products. */
export async function seedOrders(db: Db): Promise<void> {
  const now = Date.now();
  for (const partnerId of DEMO_ORDER_PARTNERS) {
    const res = await db.execute<{
      id: string;
      moda_sku: string;
      seller_sku: string;
      title: string;
      price: string | null;
    }>(
      sql`select p.id::text as id, p.moda_sku, p.seller_sku, p.title, p.price from products p
           where p.partner_id = ${partnerId} and p.price is not null order by p.id limit 200`,
    );
    const products = res.rows;
    if (!products.length) continue;
    const [partner] = (
      await db.execute<{ business_model: string }>(
        sql`select business_model from partners where id = ${partnerId}`,
      )
    ).rows;
    const r = prng(partnerId);
    const list: NewOrder[] = [];
    const acts: number[] = [];
    for (let day = DAYS; day >= 0; day--) {
      const perDay = 3 + Math.floor(r() * 5);
      for (let k = 0; k < perDay; k++) {
        const createdAt = new Date(now - day * 86_400_000 - Math.floor(r() * 20 * 3_600_000));
        const ageDays = (now - createdAt.getTime()) / 86_400_000;
        let status = finalStatus(ageDays, r);
        // A few recent orders are left waiting past their cut-off: the overdue tab has something to show.
        const overdue = ageDays > 1.2 && ageDays < 6 && r() < 0.25;
        if (overdue) status = ['new', 'confirmed', 'awaiting_shipment'][Math.floor(r() * 3)]!;
        const cutOffAt = new Date(
          createdAt.getTime() + (overdue ? 24 : 36 + Math.floor(r() * 24)) * 3_600_000,
        );
        const count = 1 + Math.floor(r() * r() * 4);
        const cancelAction =
          status === 'cancelled' ? (['CLAIM', 'REJECT', 'CANCEL'] as const)[Math.floor(r() * 3)]! : null;
        const items = Array.from({ length: count }, () => {
          const p = products[Math.floor(r() * products.length)]!;
          const base = Number(p.price);
          const discount = r() < 0.3 ? Math.round(base * 0.1 * (1 + Math.floor(r() * 3))) : 0;
          return {
            productId: p.id,
            modaSku: p.moda_sku,
            sellerSku: p.seller_sku,
            name: p.title,
            basePrice: base,
            totalDiscount: discount,
            paidPrice: base - discount,
            status,
            cancelAction,
          };
        });
        // Some delivered orders had one item cancelled on the way.
        if (status === 'delivered' && items.length > 1 && r() < 0.2) {
          items[items.length - 1] = {
            ...items[items.length - 1]!,
            status: 'cancelled',
            cancelAction: 'CANCEL',
          };
        }
        const delivered = ['delivered', 'returned', 'claimed', 'refund_requested', 'refunded'].includes(
          status,
        );
        const shipped = delivered || ['shipped', 'in_delivery', 'not_delivered'].includes(status);
        const d = DEMO_DELIVERY[Math.floor(r() * DEMO_DELIVERY.length)]!;
        list.push({
          partnerId,
          orderNr: undefined,
          status,
          country: r() < 0.9 ? 'RU' : r() < 0.5 ? 'BY' : 'KZ',
          businessModel: partner!.business_model,
          createdAt,
          cutOffAt,
          deliveryDate: delivered
            ? new Date(createdAt.getTime() + (3 + Math.floor(r() * 5)) * 86_400_000)
            : null,
          comment: r() < 0.15 ? 'Позвонить за час до доставки' : null,
          delivery: { address: DEMO_ADDRESSES[Math.floor(r() * DEMO_ADDRESSES.length)]!, ...d },
          paymentMethod: DEMO_PAYMENTS[Math.floor(r() * DEMO_PAYMENTS.length)]!,
          deliveryCost: d.method === 'Курьер' ? 299 : 0,
          trackingNumbers: shipped ? [`RP${String(Math.floor(r() * 1e9)).padStart(9, '0')}RU`] : [],
          hasDiscrepancyAct: false,
          items,
        });
        if (shipped && r() < 0.06) acts.push(list.length - 1);
      }
    }
    for (const i of acts) list[i]!.hasDiscrepancyAct = true;
    await db.transaction(async (tx) => {
      const created = [];
      for (let i = 0; i < list.length; i += 200)
        created.push(...(await insertOrders(tx, list.slice(i, i + 200))));
      for (const i of acts) {
        const o = list[i]!;
        await tx.execute(
          sql`insert into discrepancy_acts (partner_id, order_id, reason, comment, files, created_at)
              values (${partnerId}, ${created[i]!.id}, ${'Расхождение по количеству товара'},
                      ${'При приёмке на складе не хватило одной единицы'}, ${'[]'}::jsonb,
                      ${new Date(o.createdAt.getTime() + 2 * 86_400_000).toISOString()})`,
        );
      }
      await tx.execute(
        sql`insert into order_events (partner_id, order_id, item_id, from_status, to_status, actor, at)
            select o.partner_id, o.id, null, null, o.status, 'seed', o.created_at from orders o
             where o.partner_id = ${partnerId}`,
      );
    });
  }
}
