// `npm run worker`: a process that only runs background jobs, beside any number of web processes.
import { loadConfig } from './config';
import { openRuntime } from './runtime';
import { buildApp } from './app';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error(
    '[moda] npm run worker needs DATABASE_URL: the embedded database belongs to the web process.',
  );
  process.exit(1);
}
const runtime = await openRuntime(
  config,
  (o, m) =>
    console.log(
      '[moda worker]',
      typeof o === 'string' ? o : m,
      typeof o === 'string' ? '' : JSON.stringify(o),
    ),
  {
    workers: true,
    prepare: true,
  },
);
// The areas register their job handlers while the app builds its services; this process serves no HTTP.
const { app } = await buildApp(config, runtime, { logger: false });
await app.ready();
console.log('[moda worker] running jobs');
const stop = async () => {
  await app.close();
  await runtime.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
