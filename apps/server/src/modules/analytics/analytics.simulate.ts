// The storefront in `npm run simulate`: every step buyers look at some of each demo partner's products and put
// a few in the cart, reported through v1.platform.analytics.events as the real storefront does.
import { DeviceClass } from '@moda/contracts';
import type { PlatformCaller } from '../../core/module';

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

export async function analyticsSimulation(platform: PlatformCaller): Promise<{ step(): Promise<void> }> {
  const skus = new Map<number, string[]>();
  for (const partnerId of platform.partners) {
    const r = await platform.call<{ items: { sellerSku: string }[] }>('v1.platform.products.list', {
      partnerId,
      limit: 1000,
    });
    if (r.result?.items.length)
      skus.set(
        partnerId,
        r.result.items.map((p) => p.sellerSku),
      );
  }

  async function step(): Promise<void> {
    const at = new Date().toISOString();
    for (const [partnerId, own] of skus) {
      const events = Array.from({ length: 5 }, () => {
        const sellerSku = pick(own);
        const device = pick(DeviceClass.options);
        const views = 1 + Math.floor(Math.random() * 20);
        const carts = Math.floor(Math.random() * Math.min(4, views));
        return [
          { partnerId, type: 'view', sellerSku, device, at, count: views },
          ...(carts ? [{ partnerId, type: 'cart', sellerSku, device, at, count: carts }] : []),
        ];
      }).flat();
      const r = await platform.call('v1.platform.analytics.events', { events });
      platform.log(
        r.error
          ? `${partnerId}: events refused: ${r.error.message}`
          : `${partnerId}: ${events.length} storefront events`,
      );
    }
  }

  return { step };
}
