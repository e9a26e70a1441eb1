// `npm run simulate`: the marketplace's systems for the demo, calling v1.platform.* over HTTP with a service
// token. Every few seconds each area's simulation (its module's `simulation`) takes a step: new orders, orders
// moving along the delivery flow, tracking numbers, discrepancy acts… Stop it with Ctrl+C.
//
//   npm run simulate [-- --url http://localhost:3000 --interval 4000 --partners 10001,10002]
//
// The token: PLATFORM_TOKEN, or the one the demo seed wrote to <DATA_DIR>/platform-token.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, simulatorEnv } from './config';
import type { ModuleDescriptor, PlatformCallError, PlatformCaller } from './core/module';
import { MODULES } from './modules';
import { DEMO_ORDER_PARTNERS } from './modules/orders';
import { PLATFORM_TOKEN_FILE } from './seed/simulator';

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

let seq = 0;
async function call<T>(method: string, params: unknown): Promise<{ result?: T; error?: PlatformCallError }> {
  const res = await fetch(`${baseUrl}/jsonrpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++seq, method, params }),
  });
  return (await res.json()) as { result?: T; error?: PlatformCallError };
}

const platform: PlatformCaller = { partners, call, log };
log(`calling ${baseUrl} every ${intervalMs} ms for partners ${partners.join(', ')}`);
// Each area's marketplace side, as its module describes it.
const steps: { step(): Promise<void> }[] = [];
for (const m of MODULES as readonly ModuleDescriptor[]) {
  if (!m.simulation) continue;
  try {
    steps.push(await m.simulation(platform));
  } catch (err) {
    // Some areas read the server while setting up: without a server there is nothing to simulate.
    console.error(
      `The server at ${baseUrl} does not answer (${(err as Error).message}): start it with npm start, ` +
        'or pass --url with the address of a running one.',
    );
    process.exit(1);
  }
}
let stopped = false;
process.on('SIGINT', () => {
  stopped = true;
});
for (let n = 0; n < maxTicks && !stopped; n++) {
  for (const s of steps) {
    try {
      await s.step();
    } catch (err) {
      log(`server unreachable: ${(err as Error).message}`);
    }
  }
  if (n + 1 < maxTicks) await new Promise((r) => setTimeout(r, intervalMs));
}
