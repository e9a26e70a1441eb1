// The marketplace's order systems in `npm run simulate`: every step each demo partner gets a new order; orders
// already placed move along the delivery flow (some are cancelled, some are left past their cut-off and become
// overdue), get tracking numbers, now and then a discrepancy act — all through v1.platform.*.
import { DeviceClass } from '@moda/contracts';
import type { PlatformCaller } from '../../core/module';
import { DEMO_ADDRESSES, DEMO_DELIVERY, DEMO_PAYMENTS } from './orders.demo';

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const chance = (p: number) => Math.random() < p;

/** The partner's products buyers can order now, as the marketplace's catalogue lists them. */
async function orderableSkus(call: PlatformCaller['call'], partnerId: number): Promise<string[]> {
  const skus: string[] = [];
  for (let after: string | undefined; ;) {
    const r = await call<{ items: { sellerSku: string; quantity: number }[] }>('v1.platform.products.list', {
      partnerId,
      limit: 1000,
      ...(after ? { after } : {}),
    });
    if (!r.result) throw new Error(`products of ${partnerId}: ${r.error?.message ?? 'no answer'}`);
    skus.push(...r.result.items.map((p) => p.sellerSku));
    if (r.result.items.length < 1000) return skus;
    after = r.result.items.at(-1)!.sellerSku;
  }
}

function orderParams(partnerId: number, skus: string[], cutOffAt: Date) {
  const d = pick(DEMO_DELIVERY);
  return {
    partnerId,
    country: chance(0.9) ? 'RU' : pick(['BY', 'KZ']),
    cutOffAt: cutOffAt.toISOString(),
    delivery: { address: pick(DEMO_ADDRESSES), ...d },
    paymentMethod: pick(DEMO_PAYMENTS),
    deliveryCost: d.method === 'Курьер' ? 299 : 0,
    ...(chance(0.1) ? { comment: 'Позвонить за час до доставки' } : {}),
    items: skus.map((sellerSku) => ({ sellerSku })),
  };
}

/** Where an order goes next; `null`: it stays (delivered and kept, refunded, cancelled, left overdue). */
type Step = string;
const PATHS: Step[][] = [
  ['confirm', 'collect', 'ship', 'dispatch', 'deliver'],
  ['confirm', 'collect', 'ship', 'dispatch', 'deliver', 'claim', 'request_refund', 'refund'],
  ['collect', 'ship', 'dispatch', 'fail_delivery', 'return'],
  ['confirm', 'collect', 'ship', 'dispatch', 'deliver', 'return', 'request_refund', 'refund'],
  ['confirm', 'cancel'],
  ['reject'],
  // Left alone past its cut-off: the overdue tab.
  [],
];

interface Tracked {
  orderNr: string;
  steps: Step[];
}

export async function ordersSimulation(platform: PlatformCaller): Promise<{ step(): Promise<void> }> {
  const { call } = platform;
  const tracked: Tracked[] = [];
  const skus = new Map<number, string[]>();
  for (const partnerId of platform.partners) {
    try {
      const found = await orderableSkus(call, partnerId);
      skus.set(partnerId, found);
      platform.log(`${partnerId}: ${found.length} products`);
    } catch (err) {
      platform.log(`${partnerId}: ${(err as Error).message}`);
    }
  }

  async function step(): Promise<void> {
    for (const partnerId of platform.partners) {
      const own = skus.get(partnerId);
      if (!own?.length) continue;
      const count = 1 + Math.floor(Math.random() * Math.random() * 3);
      const steps = pick(PATHS);
      // Orders left alone get a cut-off a minute away, so they turn overdue while the demo runs.
      const cutOff = new Date(Date.now() + (steps.length ? 24 + Math.random() * 24 : 1 / 60) * 3_600_000);
      const r = await call<{ orderNr: string }>(
        'v1.platform.orders.create',
        orderParams(
          partnerId,
          Array.from({ length: count }, () => pick(own)),
          cutOff,
        ),
      );
      if (r.result) {
        tracked.push({ orderNr: r.result.orderNr, steps: [...steps] });
        platform.log(`${partnerId}: new order ${r.result.orderNr}`);
        // The storefront tells the device the order came from (the analytics funnel counts it there).
        await call('v1.platform.analytics.events', {
          events: [
            {
              partnerId,
              type: 'checkout',
              orderNr: r.result.orderNr,
              device: pick(DeviceClass.options),
              at: new Date().toISOString(),
            },
          ],
        });
      } else platform.log(`${partnerId}: create refused: ${r.error?.message}`);
    }
    for (const o of [...tracked]) {
      if (!o.steps.length || !chance(0.35)) continue;
      const action = o.steps.shift()!;
      const r = await call<{ status: string }>('v1.platform.orders.move', {
        orderNr: o.orderNr,
        action,
        ...(action === 'deliver' ? { deliveryDate: new Date().toISOString() } : {}),
      });
      // The seller may have moved it already (collected, cancelled): carry on from wherever it is.
      if (r.error) {
        if (r.error.data?.reason !== 'order.cannotMoveToStatus')
          platform.log(`${o.orderNr}: ${action}: ${r.error.message}`);
        continue;
      }
      platform.log(`${o.orderNr}: ${action} → ${r.result!.status}`);
      if (action === 'ship') {
        const trackingNumber = `RP${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}RU`;
        await call('v1.platform.orders.add-tracking-number', { orderNr: o.orderNr, trackingNumber });
        if (chance(0.1)) {
          await call('v1.platform.orders.open-discrepancy-act', {
            orderNr: o.orderNr,
            reason: pick(['Расхождение по количеству товара', 'Повреждение упаковки', 'Пересорт']),
            comment: 'Обнаружено при приёмке на складе',
          });
          platform.log(`${o.orderNr}: discrepancy act opened`);
        }
      }
    }
    // Finished orders are forgotten.
    for (let i = tracked.length - 1; i >= 0; i--) if (!tracked[i]!.steps.length) tracked.splice(i, 1);
  }

  return { step };
}
