// The marketplace's warehouses in `npm run simulate`: they publish their unloading capacity, check the
// documents of supplies sent to them, book unloading, count what arrived (with shortages, defects and
// surplus now and then), answer cancel and warehouse-change requests and box disputes — all through
// v1.platform.*, quickly, so a demo supply goes from validation to closed in a few minutes.
import { BASE_WAREHOUSES, moscowDay } from '@moda/contracts';
import type { PlatformCaller } from '../../core/module';

const chance = (p: number) => Math.random() < p;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

interface QueuedSupply {
  id: string;
  partnerId: number;
  number: string;
  status: string;
  items: { sellerSku: string; box: string | null; declared: number }[];
  openDisputes: { id: string; box: string }[];
}

const NEXT: Record<string, string> = {
  readyForShipment: 'arrive',
  unloadingNeeded: 'startUnloading',
  unloading: 'finishUnloading',
  unloaded: 'startProcessing',
};

export async function fboSimulation(platform: PlatformCaller): Promise<{ step(): Promise<void> }> {
  const { call } = platform;
  const mine = new Set(platform.partners);
  // The warehouses publish 28 days of capacity: most days roomy, a few nearly full.
  for (const warehouseCode of BASE_WAREHOUSES) {
    const days = Array.from({ length: 28 }, (_, i) => ({
      date: moscowDay(new Date(), i + 1),
      capacity: chance(0.15) ? 2 : 15 + Math.floor(Math.random() * 20),
    }));
    const r = await call('v1.platform.fulfilment-warehouses.capacity.set', { warehouseCode, days });
    if (r.error) platform.log(`capacity of ${warehouseCode}: ${r.error.message}`);
  }

  const queue = async (status: string[], openDisputes = false) => {
    const r = await call<{ items: QueuedSupply[] }>('v1.platform.fulfilment-shipments.list', {
      status,
      limit: 50,
      ...(openDisputes ? { openDisputes } : {}),
    });
    if (!r.result) {
      platform.log(`queue: ${r.error?.message ?? 'no answer'}`);
      return [];
    }
    return r.result.items.filter((s) => mine.has(s.partnerId));
  };
  const done = (s: QueuedSupply, what: string, r: { error?: { message: string } }) =>
    platform.log(r.error ? `${s.number}: ${what}: ${r.error.message}` : `${s.number}: ${what}`);

  async function step(): Promise<void> {
    for (const s of await queue(['validation'])) {
      if (!chance(0.6)) continue;
      const ok = chance(0.85);
      const r = await call('v1.platform.fulfilment-shipments.validate', {
        id: s.id,
        ok,
        ...(ok
          ? {}
          : { reasons: [pick(['Нет декларации соответствия', 'Цены в файле не совпадают с каталогом'])] }),
      });
      done(s, ok ? 'documents accepted' : 'documents refused', r);
    }
    for (const s of await queue(Object.keys(NEXT))) {
      if (!chance(0.4)) continue;
      done(
        s,
        NEXT[s.status]!,
        await call('v1.platform.fulfilment-shipments.move', { id: s.id, action: NEXT[s.status] }),
      );
    }
    for (const s of await queue(['processing'])) {
      if (!chance(0.5)) continue;
      const short = chance(0.4);
      const defects = chance(0.3);
      const items = s.items.map((it) => {
        const missing = short && chance(0.2) ? Math.min(it.declared, 1 + Math.floor(Math.random() * 2)) : 0;
        const damaged = defects && chance(0.2) ? Math.min(it.declared - missing, 1) : 0;
        const surplus = chance(0.05) ? 1 : 0;
        return {
          sellerSku: it.sellerSku,
          box: it.box,
          received: it.declared - missing - damaged + surplus,
          missing,
          damaged,
          surplus,
        };
      });
      const r = await call('v1.platform.fulfilment-shipments.report', {
        id: s.id,
        items,
        unknownSurplus: chance(0.2) ? 1 : 0,
      });
      done(s, 'accepted', r);
    }
    for (const s of await queue(['cancelPending'])) {
      if (!chance(0.5)) continue;
      const action = chance(0.75) ? 'confirmCancel' : 'refuseCancel';
      done(s, action, await call('v1.platform.fulfilment-shipments.move', { id: s.id, action }));
    }
    for (const s of await queue(['changeWarehouse'])) {
      if (!chance(0.5)) continue;
      const action = chance(0.75) ? 'confirmWarehouseChange' : 'refuseWarehouseChange';
      done(s, action, await call('v1.platform.fulfilment-shipments.move', { id: s.id, action }));
    }
    for (const s of await queue(['closed'], true)) {
      for (const d of s.openDisputes) {
        if (!chance(0.4)) continue;
        const accepted = chance(0.5);
        const r = await call('v1.platform.fulfilment-shipments.resolve-dispute', {
          disputeId: d.id,
          accepted,
          found: accepted ? 1 : 0,
          answer: accepted ? 'Товар найден при повторном пересчёте' : 'Пересчёт подтвердил недостачу',
        });
        done(s, `dispute of box ${d.box} ${accepted ? 'accepted' : 'refused'}`, r);
      }
    }
  }

  return { step };
}
