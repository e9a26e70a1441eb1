// `npm run simulate`: the marketplace's order systems for the demo, calling v1.platform.* over HTTP with a
// service token. Every few seconds each demo partner gets a new order; orders already placed move along the
// delivery flow (some are cancelled, some are left past their cut-off and become overdue), get tracking
// numbers, now and then a discrepancy act. Stop it with Ctrl+C.
//
//   npm run simulate [-- --url http://localhost:3000 --interval 4000 --partners 10001,10002]
//
// The token: PLATFORM_TOKEN, or the one the demo seed wrote to <DATA_DIR>/platform-token.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, simulatorEnv } from './config';
import {
  DEMO_ADDRESSES,
  DEMO_DELIVERY,
  DEMO_ORDER_PARTNERS,
  DEMO_PAYMENTS,
  PLATFORM_TOKEN_FILE,
} from './seed/orders';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    interval: { type: 'string' },
    partners: { type: 'string' },
    ticks: { type: 'string' },
  },
});
const config = loadConfig();
const baseUrl = (values.url ?? simulatorEnv.serverUrl() ?? 'http://localhost:3000').replace(/\/$/, '');
const intervalMs = Number(values.interval ?? simulatorEnv.intervalMs());
const partners = values.partners ? values.partners.split(',').map(Number) : [...DEMO_ORDER_PARTNERS];
const maxTicks = values.ticks ? Number(values.ticks) : Infinity;
const log = (msg: string) => console.log(`[simulate ${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function readToken(): Promise<string> {
  const fromEnv = simulatorEnv.platformToken();
  if (fromEnv) return fromEnv;
  const file = path.join(config.dataDir, PLATFORM_TOKEN_FILE);
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    console.error(
      `No service token: set PLATFORM_TOKEN, or start the demo server once so that it writes ${file}` +
        ' (or create one with npm run platform-token -- --name simulator).',
    );
    process.exit(1);
  }
}
const token = await readToken();

interface RpcError {
  code: number;
  message: string;
  data?: { reason?: string; errors?: { field: string; message: string }[] };
}
let seq = 0;
async function call<T>(method: string, params: unknown): Promise<{ result?: T; error?: RpcError }> {
  const res = await fetch(`${baseUrl}/jsonrpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++seq, method, params }),
  });
  return (await res.json()) as { result?: T; error?: RpcError };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const chance = (p: number) => Math.random() < p;

/** The partner's products buyers can order now, as the marketplace's catalogue lists them. */
async function orderableSkus(partnerId: number): Promise<string[]> {
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
const tracked: Tracked[] = [];
const skus = new Map<number, string[]>();

async function tick(): Promise<void> {
  for (const partnerId of partners) {
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
      log(`${partnerId}: new order ${r.result.orderNr}`);
    } else log(`${partnerId}: create refused: ${r.error?.message}`);
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
        log(`${o.orderNr}: ${action}: ${r.error.message}`);
      continue;
    }
    log(`${o.orderNr}: ${action} → ${r.result!.status}`);
    if (action === 'ship') {
      const trackingNumber = `RP${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}RU`;
      await call('v1.platform.orders.add-tracking-number', { orderNr: o.orderNr, trackingNumber });
      if (chance(0.1)) {
        await call('v1.platform.orders.open-discrepancy-act', {
          orderNr: o.orderNr,
          reason: pick(['Расхождение по количеству товара', 'Повреждение упаковки', 'Пересорт']),
          comment: 'Обнаружено при приёмке на складе',
        });
        log(`${o.orderNr}: discrepancy act opened`);
      }
    }
  }
  // Finished orders are forgotten.
  for (let i = tracked.length - 1; i >= 0; i--) if (!tracked[i]!.steps.length) tracked.splice(i, 1);
}

log(`calling ${baseUrl} every ${intervalMs} ms for partners ${partners.join(', ')}`);
for (const partnerId of partners) {
  try {
    const found = await orderableSkus(partnerId);
    skus.set(partnerId, found);
    log(`${partnerId}: ${found.length} products`);
  } catch (err) {
    log(`${partnerId}: ${(err as Error).message}`);
  }
}
let stopped = false;
process.on('SIGINT', () => {
  stopped = true;
});
for (let n = 0; n < maxTicks && !stopped; n++) {
  try {
    await tick();
  } catch (err) {
    log(`server unreachable: ${(err as Error).message}`);
  }
  if (n + 1 < maxTicks) await new Promise((r) => setTimeout(r, intervalMs));
}
