// The courier and the sorting centre in `npm run simulate`: hand-overs that are due are taken (now and then
// refused), shipments are received and closed, cancel requests answered; orders that came back go into
// return boxes, which are closed, loaded and shipped to the seller — all through v1.platform.*.
import type { PlatformCaller } from '../../core/module';

const chance = (p: number) => Math.random() < p;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

interface Shipment {
  id: string;
  shipmentId: string;
  shippedAt: string;
  status: string;
  items: number;
  orderNrs: string[];
}

export async function fbsSimulation(platform: PlatformCaller): Promise<{ step(): Promise<void> }> {
  const { call, log } = platform;
  const fbsPartners: number[] = [];
  for (const partnerId of platform.partners) {
    const r = await call<{ items: Shipment[] }>('v1.platform.shipments.list', { partnerId, limit: 1 });
    if (r.result) fbsPartners.push(partnerId);
  }

  const move = async (s: Shipment, action: string) => {
    const r = await call('v1.platform.shipments.move', { id: s.id, action });
    log(r.error ? `${s.shipmentId}: ${action}: ${r.error.message}` : `${s.shipmentId}: ${action}`);
  };

  async function step(): Promise<void> {
    for (const partnerId of fbsPartners) {
      const r = await call<{ items: Shipment[] }>('v1.platform.shipments.list', {
        partnerId,
        status: ['new', 'confirmed', 'cancelPending', 'sent', 'received', 'closed'],
        limit: 60,
      });
      if (!r.result) continue;
      for (const s of r.result.items) {
        const due = new Date(s.shippedAt).getTime() <= Date.now();
        if ((s.status === 'new' || s.status === 'confirmed') && s.items > 0 && due)
          await move(s, chance(0.9) ? 'accept' : 'reject');
        else if (s.status === 'cancelPending' && chance(0.5))
          await move(s, chance(0.7) ? 'confirmCancel' : 'refuseCancel');
        else if (s.status === 'sent' && chance(0.3)) await move(s, 'receive');
        else if (s.status === 'received' && chance(0.3)) await move(s, 'close');
      }
      // The sorting centre puts what came back into the partner's box (orders not returned are refused).
      const gone = r.result.items.filter((s) => ['sent', 'received', 'closed'].includes(s.status));
      for (let i = 0; i < 3 && gone.length; i++) {
        const s = pick(gone);
        if (!s.orderNrs.length) continue;
        const orderNr = pick(s.orderNrs);
        const f = await call('v1.platform.return-boxes.fill', {
          orderNr,
          rejectType: pick(['reject', 'claim', 'cancel'] as const),
        });
        if (!f.error) log(`return of ${orderNr} boxed`);
      }
      const boxes = await call<{
        items: { id: string; code: string; status: string; itemQuantity: number }[];
      }>('v1.platform.return-boxes.list', { partnerId, status: ['inProgress', 'accepted', 'loading'] });
      for (const b of boxes.result?.items ?? []) {
        let res;
        if (b.status === 'inProgress' && b.itemQuantity >= 3 && chance(0.5))
          res = await call('v1.platform.return-boxes.close', {
            id: b.id,
            dimensions: { length: 60, width: 40, height: 20 + Math.floor(Math.random() * 30) },
          });
        else if (b.status === 'accepted' && chance(0.4))
          res = await call('v1.platform.return-boxes.move', { id: b.id, action: 'load' });
        else if (b.status === 'loading' && chance(0.4))
          res = await call('v1.platform.return-boxes.move', { id: b.id, action: 'ship' });
        if (res) log(res.error ? `${b.code}: ${res.error.message}` : `${b.code}: moved`);
      }
    }
  }
  return { step };
}
