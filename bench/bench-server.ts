// A server for benchmarks: the real app with production settings, on the database DATABASE_URL names
// (or its own embedded one in the data folder given as the first argument), on a free loopback port.
// Tells the parent its port; stops on 'stop'. Bare routes run the RPC bench's one-row read and the catalogue
// bench's calls without the RPC layer.
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { openRuntime } from '../apps/server/src/runtime';
import { buildApp } from '../apps/server/src/app';
import { plainContext } from '../apps/server/src/core/context';
import { NomenclaturesService } from '../apps/server/src/modules/nomenclatures/nomenclatures.service';

const dataDir = path.resolve(process.argv[2] ?? 'bench/.data/rpc');
const config = loadConfig(
  { ...process.env, NODE_ENV: 'production' },
  { dataDir, port: 0, host: '127.0.0.1', logLevel: 'error' },
);
const runtime = await openRuntime(config, () => {}, { workers: false, prepare: true });
const { app, services } = await buildApp(config, runtime, { logger: false });

app.post('/bench/bare', async (req) => {
  const { partnerId } = req.body as { partnerId: number };
  return services.partners.features(plainContext(runtime.db, { partnerId, ip: req.ip }));
});

// The catalogue bench's two calls without the RPC layer (no token, schema, partner check or envelope):
// what HTTP, Fastify and the service cost on their own, between direct SQL and the full API call.
type ListParams = Parameters<typeof services.nomenclatures.list>[1];
app.post('/bench/catalogue/list', async (req) => {
  const p = req.body as ListParams & { partnerId: number };
  return services.nomenclatures.list(plainContext(runtime.db, { partnerId: p.partnerId, ip: req.ip }), p);
});
app.post('/bench/catalogue/counts', async (req) => {
  const { partnerId } = req.body as { partnerId: number };
  return services.nomenclatures.counts(plainContext(runtime.db, { partnerId, ip: req.ip }), {});
});
// The same counts read from PostgreSQL every time: the service without its per-process cache.
const uncached = new NomenclaturesService();
app.post('/bench/catalogue/counts-uncached', async (req) => {
  const { partnerId } = req.body as { partnerId: number };
  return uncached.counts(plainContext(runtime.db, { partnerId, ip: req.ip }), {});
});

await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
process.send?.({ port });
process.on('message', (m) => {
  if (m === 'stop')
    void app
      .close()
      .then(() => runtime.stop())
      .then(() => process.exit(0));
});
