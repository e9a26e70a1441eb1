// The marketplace's warehouses in `npm run simulate` for FBO returns: they reserve confirmed returns (now
// and then rejecting one or finding nothing), offer collection windows, pick (with picking failures and a
// warehouse system error from time to time, then a retry), answer cancel requests, and ship the picked
// returns whose window the seller booked — all through v1.platform.*. The seller's steps (Confirm, the
// window) stay the seller's: on the screens, or the demo's returns that already have them.
import { moscowDay } from '@moda/contracts';
import type { PlatformCaller } from '../../core/module';

const chance = (p: number) => Math.random() < p;

interface QueuedReturn {
  id: string;
  partnerId: number;
  returnId: string;
  status: string;
  cancelRequested: boolean;
  slot: { date: string } | null;
  slotsOffered: number;
  items: { sellerSku: string; quantity: number; reservedQuantity: number }[];
}

export async function fboReturnsSimulation(platform: PlatformCaller): Promise<{ step(): Promise<void> }> {
  const { call } = platform;
  const mine = new Set(platform.partners);
  const M = 'v1.platform.supplier-fulfilment-returns';
  /** Returns picked in this run (the queue does not say which exported ones are). */
  const picked = new Set<string>();

  const queue = async (status: string[]) => {
    const r = await call<{ items: QueuedReturn[] }>(`${M}.list`, { status, limit: 50 });
    if (!r.result) {
      platform.log(`returns queue: ${r.error?.message ?? 'no answer'}`);
      return [];
    }
    return r.result.items.filter((x) => mine.has(x.partnerId));
  };
  const done = (x: QueuedReturn, what: string, r: { error?: { message: string } }) =>
    platform.log(r.error ? `${x.returnId}: ${what}: ${r.error.message}` : `${x.returnId}: ${what}`);
  const offer = (x: QueuedReturn) =>
    call(`${M}.offer-slots`, {
      id: x.id,
      slots: [1, 2, 3].map((d, k) => ({
        date: moscowDay(new Date(), d),
        fromHour: 9 + k * 3,
        toHour: 12 + k * 3,
      })),
    });

  async function step(): Promise<void> {
    for (const x of await queue(['confirmed'])) {
      if (!chance(0.6)) continue;
      if (chance(0.08)) {
        done(x, 'rejected', await call(`${M}.reject`, { id: x.id, reason: 'Склад проводит инвентаризацию' }));
        continue;
      }
      const none = chance(0.05);
      const items = x.items.map((i) => ({
        sellerSku: i.sellerSku,
        reserved: none ? 0 : chance(0.1) ? Math.max(0, i.quantity - 1) : i.quantity,
      }));
      done(x, none ? 'out of stock' : 'reserved', await call(`${M}.reserve`, { id: x.id, items }));
    }
    for (const x of await queue(['sent'])) {
      if (!x.slotsOffered) done(x, 'windows offered', await offer(x));
      else if (chance(0.5)) done(x, 'picking', await call(`${M}.move`, { id: x.id, action: 'export' }));
    }
    for (const x of await queue(['exportedFail'])) {
      if (chance(0.5)) done(x, 'picking again', await call(`${M}.move`, { id: x.id, action: 'retryExport' }));
    }
    for (const x of await queue(['exported', 'cancelFailed'])) {
      if (x.cancelRequested) {
        const action = chance(0.6) ? 'confirmCancel' : 'refuseCancel';
        done(x, action, await call(`${M}.move`, { id: x.id, action }));
        continue;
      }
      if (!x.slotsOffered) {
        done(x, 'windows offered', await offer(x));
        continue;
      }
      if (x.slot && chance(0.6)) {
        const r = await call(`${M}.ship`, { id: x.id });
        if (!r.error || r.error.data?.reason !== 'fboReturn.notPicked') {
          done(x, 'shipped', r);
          continue;
        }
      }
      if (x.status !== 'exported' || picked.has(x.id) || !chance(0.6)) continue;
      const failAll = chance(0.08);
      const items = x.items.map((i, k) => {
        const failed = failAll
          ? i.reservedQuantity
          : k === 0 && chance(0.2)
            ? Math.min(1, i.reservedQuantity)
            : 0;
        return { sellerSku: i.sellerSku, exported: i.reservedQuantity - failed, failed };
      });
      const r = await call(`${M}.pick`, { id: x.id, items });
      if (!r.error) picked.add(x.id);
      done(x, failAll ? 'picking failed' : 'picked', r);
    }
  }

  return { step };
}
