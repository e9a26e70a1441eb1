// The server under test for the RPC benchmark: the real app (production settings) plus a bare route
// that runs the same service call without the RPC layer — no envelope, token, validation or partner check.
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { openRuntime } from '../apps/server/src/runtime';
import { buildApp } from '../apps/server/src/app';
import { plainContext } from '../apps/server/src/rpc/context';

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
