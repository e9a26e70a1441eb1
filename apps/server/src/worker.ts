// `npm run worker`: a process that only runs background jobs, beside any number of web processes.
import { loadConfig } from './config';
import { openRuntime } from './runtime';
import { assembleModules } from './app';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error(
    '[moda] npm run worker needs DATABASE_URL: the embedded database belongs to the web process.',
  );
  process.exit(1);
}
const log = (o: object | string, m?: string) =>
  console.log('[moda worker]', typeof o === 'string' ? o : m, typeof o === 'string' ? '' : JSON.stringify(o));
const runtime = await openRuntime(config, log, { workers: true, prepare: true });
// The same modules as the web process, with their jobs running here; this process serves no HTTP.
const { notifications } = await assembleModules(config, runtime, { log: (obj, msg) => log(obj, msg) });
console.log('[moda worker] running jobs');
const stop = async () => {
  await notifications.close();
  await runtime.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
