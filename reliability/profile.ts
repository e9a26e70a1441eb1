// `node --import tsx reliability/profile.ts`: what each kind of request of the load's mix costs the server and
// its PostgreSQL in CPU (150 requests of each, 4 clients, a fresh server), whatever else the machine is doing.
// A diagnostic beside the load's req/s, which on a shared machine measures the neighbours too.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { call, embeddedDatabase, loadAverage, pool, startServer, treeCpuSeconds } from './lib';
import { Traffic, type Action } from './load';

const work = await fs.mkdtemp(path.join(os.tmpdir(), 'moda-reliability-profile-'));
await fs.chmod(work, 0o755);
await fs.mkdir(path.join(work, 'logs'));
const s0 = await startServer({ name: 's0', dataDir: path.join(work, 's0'), logDir: path.join(work, 'logs') });
const db = pool((await embeddedDatabase(path.join(work, 's0'))).url);
try {
  const traffic = new Traffic();
  await traffic.prepare(s0.base, db);
  const byKind = new Map<string, Action[]>();
  for (let i = 0; i < 20_000; i++) {
    const a = traffic.next();
    const list = byKind.get(a.kind) ?? [];
    if (list.length < 150) list.push(a);
    byKind.set(a.kind, list);
  }
  console.log(`load average ${loadAverage()}`);
  console.log('kind              CPU ms/request  wall ms/request');
  for (const [kind, actions] of byKind) {
    if (kind === 'export.start') continue;
    const cpu0 = treeCpuSeconds(s0.pid);
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      [0, 1, 2, 3].map(async () => {
        while (next < actions.length) {
          const a = actions[next++]!;
          await call(s0.base, a.method, a.params, traffic.tokenOf(a.partnerId));
        }
      }),
    );
    const cpuMs = ((treeCpuSeconds(s0.pid) - cpu0) * 1000) / actions.length;
    const wallMs = (performance.now() - t0) / actions.length;
    console.log(`${kind.padEnd(18)}${cpuMs.toFixed(2).padStart(14)}${wallMs.toFixed(1).padStart(17)}`);
  }
} finally {
  s0.child.kill('SIGTERM');
  await s0.exited;
  await db.end();
  await fs.rm(work, { recursive: true, force: true });
}
