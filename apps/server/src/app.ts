// Builds the HTTP application over a runtime: services, the dispatcher and every route.
// Tests build it the same way against their own database.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Runtime } from './runtime';
import { PrincipalStore } from './auth/principals';
import { DbNotifications } from './db/notifications';
import { RateLimiter } from './auth/rate-limit';
import { TokenSigner } from './auth/tokens';
import { ServiceCredentialStore, registerServiceToken } from './auth/service-credentials';
import { Dispatcher } from './rpc/dispatcher';
import { PartnerDirectory } from './rpc/partner-directory';
import { buildOpenRpc } from './rpc/openrpc';
import { renderDocsPage } from './rpc/docs-page';
import { rpcRoutes } from './rpc/routes';
import { fileRoutes } from './rest/files';
import { featureRoutes } from './rest/features';
import { lidHook, shellRoutes } from './shell/routes';
import { readBuildId, webRoutes } from './shell/web';
import { MODULES, type Services } from './modules';
import { assemble, type Assembled } from './core/assemble';
import { moduleRoutes } from './rest/module-routes';

export type { Services };

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  /** What the modules registered: handlers, REST routes, job workers. */
  modules: AssembledModules;
  dispatcher: Dispatcher;
  principals: PrincipalStore;
  /** Stop taking new work: readiness turns 503 while in-flight requests finish. */
  beginShutdown: () => void;
}

export interface AssembledModules extends Assembled<Services> {
  signer: TokenSigner;
  principals: PrincipalStore;
  notifications: DbNotifications;
  limiter: RateLimiter;
}

/**
 * Every module built over the runtime, with the pieces they share; the modules' jobs are registered (and run,
 * where this process runs workers). The web process serves them; `npm run worker` only runs their jobs.
 */
export async function assembleModules(
  config: Config,
  runtime: Runtime,
  opts: { now?: () => Date; log: (obj: object, msg: string) => void },
): Promise<AssembledModules> {
  const signer = new TokenSigner(runtime.jwtSecret, config.accessTokenTtlSec);
  const notifications = new DbNotifications(runtime.pool);
  const principals = new PrincipalStore(runtime.pool, notifications);
  await principals.listen();
  const limiter = new RateLimiter(runtime.db);
  if (config.platformToken) await registerServiceToken(runtime.db, config.platformToken, 'PLATFORM_TOKEN');
  const modules = await assemble<Services>(MODULES, {
    config,
    db: runtime.db,
    pool: runtime.pool,
    storage: runtime.storage,
    jobs: runtime.jobs,
    notifications,
    signer,
    limiter,
    principals,
    now: opts.now ?? (() => new Date()),
    log: opts.log,
  });
  await runtime.jobs.run(modules.workers);
  return { ...modules, signer, principals, notifications, limiter };
}

export async function buildApp(
  config: Config,
  runtime: Runtime,
  opts: { logger?: boolean; now?: () => Date } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    bodyLimit: 1024 * 1024,
  });
  let shuttingDown = false;

  const modules = await assembleModules(config, runtime, {
    now: opts.now,
    log: (obj, msg) => app.log.error(obj, msg),
  });
  const { services, principals, notifications } = modules;
  const credentials = new ServiceCredentialStore(runtime.db);

  const buildId = config.buildId ?? (await readBuildId(config.webDistDir)) ?? 'dev';
  // The OpenRPC document and the developers' page are made on first request, not at start (issue 26): turning
  // every method's schemas into JSON Schema took about a CPU-second of each start.
  let openRpc: Record<string, unknown> | undefined;
  const openRpcDocument = () => (openRpc ??= buildOpenRpc(buildId));
  const dispatcher = new Dispatcher({
    db: runtime.db,
    signer: modules.signer,
    principals,
    credentials,
    apiTokens: services.apiTokenGate,
    partners: new PartnerDirectory(runtime.db),
    log: app.log,
    validateResults: config.validateResults,
    handlers: modules.handlers,
    extra: { 'rpc.discover': openRpcDocument },
    isRestricted: (partnerId) => services.offers.isRestricted(runtime.db, partnerId),
    committed: (partnerId) => modules.committed(partnerId),
  });

  app.addHook('onSend', lidHook);
  await app.register(rpcRoutes, { dispatcher, batchLimit: config.rpcBatchLimit });
  app.get('/jsonrpc/openrpc.json', async () => openRpcDocument());
  // The developers' page (issue 27): rendered once, public like the OpenRPC document.
  let docsPage: string | undefined;
  app.get('/docs', async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send((docsPage ??= renderDocsPage(config.publicUrl))),
  );
  await app.register(fileRoutes, { dispatcher, files: services.files });
  await app.register(featureRoutes, { dispatcher });
  await app.register(moduleRoutes, { dispatcher, routes: modules.routes });
  await app.register(shellRoutes, {
    db: runtime.db,
    limiter: modules.limiter,
    usage: services.usage,
    buildId,
    startedAt: new Date(),
    isShuttingDown: () => shuttingDown,
  });

  await app.register(webRoutes, { distDir: config.webDistDir });

  app.addHook('onClose', async () => services.apiTokenGate.close());
  app.addHook('onClose', async () => notifications.close());
  return {
    app,
    services,
    modules,
    dispatcher,
    principals,
    beginShutdown: () => {
      shuttingDown = true;
    },
  };
}
