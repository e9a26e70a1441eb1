// Builds the HTTP application over a runtime: services, the dispatcher and every route.
// Tests build it the same way against their own database.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Runtime } from './runtime';
import { PrincipalStore } from './auth/principals';
import { DbNotifications, NotifiedCache } from './db/notifications';
import { RateLimiter } from './auth/rate-limit';
import { TokenSigner } from './auth/tokens';
import { ServiceCredentialStore, registerServiceToken } from './auth/service-credentials';
import { Dispatcher } from './rpc/dispatcher';
import { PartnerDirectory } from './rpc/partner-directory';
import { buildOpenRpc } from './rpc/openrpc';
import { rpcRoutes } from './rpc/routes';
import { fileRoutes } from './rest/files';
import { featureRoutes } from './rest/features';
import { lidHook, shellRoutes } from './shell/routes';
import { readBuildId, webRoutes } from './shell/web';
import { SessionsService } from './modules/sessions/sessions.service';
import { sessionsRpc } from './modules/sessions/sessions.rpc';
import { PartnersService } from './modules/partners/partners.service';
import { partnersRpc } from './modules/partners/partners.rpc';
import { UploadsService } from './modules/uploads/uploads.service';
import { uploadsRpc } from './modules/uploads/uploads.rpc';
import { AuditService } from './modules/audit/audit.service';
import { auditRpc } from './modules/audit/audit.rpc';
import { UsageService } from './modules/usage/usage.service';
import { WarehousesService } from './modules/warehouses/warehouses.service';
import { warehousesRpc } from './modules/warehouses/warehouses.rpc';
import { AccountsService } from './modules/accounts/accounts.service';
import { accountsRpc } from './modules/accounts/accounts.rpc';
import { OffersService } from './modules/offers/offers.service';
import { offersRpc } from './modules/offers/offers.rpc';
import { offerRoutes } from './rest/offers';
import {
  NomenclaturesService,
  PRODUCT_COUNTS_CHANNEL,
  type StatusCountRow,
} from './modules/nomenclatures/nomenclatures.service';
import { nomenclaturesRpc } from './modules/nomenclatures/nomenclatures.rpc';
import { CatalogueService } from './modules/catalogue/catalogue.service';
import { catalogueRpc } from './modules/catalogue/catalogue.rpc';
import { ImagesService } from './modules/catalogue/images.service';
import { imageRoutes } from './rest/images';
import { PricesService } from './modules/prices/prices.service';
import { pricesRpc } from './modules/prices/prices.rpc';
import { OrdersService } from './modules/orders/orders.service';
import { PlatformOrdersService } from './modules/orders/platform.service';
import { ordersRpc } from './modules/orders/orders.rpc';
import { orderRoutes } from './rest/orders';
import { ExportsService } from './modules/exports/exports.service';
import { exportsRpc } from './modules/exports/exports.rpc';
import { exportRoutes } from './rest/exports';
import { priceRoutes } from './rest/prices';
import { ImportsService } from './modules/imports/imports.service';
import { templateRoutes } from './rest/templates';

export interface Services {
  auth: SessionsService;
  partners: PartnersService;
  files: UploadsService;
  audit: AuditService;
  usage: UsageService;
  warehouses: WarehousesService;
  accounts: AccountsService;
  offers: OffersService;
  nomenclatures: NomenclaturesService;
  catalogue: CatalogueService;
  images: ImagesService;
  prices: PricesService;
  orders: OrdersService;
  platformOrders: PlatformOrdersService;
  exports: ExportsService;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  dispatcher: Dispatcher;
  principals: PrincipalStore;
  /** Stop taking new work: readiness turns 503 while in-flight requests finish. */
  beginShutdown: () => void;
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

  const signer = new TokenSigner(runtime.jwtSecret, config.accessTokenTtlSec);
  const notifications = new DbNotifications(runtime.pool);
  const principals = new PrincipalStore(runtime.pool, notifications);
  await principals.listen();
  const productCounts = new NotifiedCache<number, StatusCountRow[]>(notifications, {
    channel: PRODUCT_COUNTS_CHANNEL,
    keyOf: Number,
    maxEntries: 20_000,
  });
  await productCounts.start();
  const limiter = new RateLimiter(runtime.db);
  if (config.platformToken) await registerServiceToken(runtime.db, config.platformToken, 'PLATFORM_TOKEN');
  const credentials = new ServiceCredentialStore(runtime.db);

  const partners = new PartnersService();
  const auth = new SessionsService({ db: runtime.db, config, signer, limiter, principals });
  const files = new UploadsService(runtime.storage);
  const offers = new OffersService({ partners });
  const accounts = new AccountsService({ config, jobs: runtime.jobs, auth, files, partners });
  const services: Services = {
    auth,
    accounts,
    offers,
    nomenclatures: new NomenclaturesService({ counts: productCounts }),
    catalogue: new CatalogueService({ accounts }),
    images: new ImagesService(runtime.storage),
    prices: new PricesService({ partners }),
    orders: new OrdersService({ now: opts.now ?? (() => new Date()) }),
    platformOrders: new PlatformOrdersService({ now: opts.now ?? (() => new Date()) }),
    exports: new ExportsService({
      storage: runtime.storage,
      jobs: runtime.jobs,
      isRestricted: (db, partnerId) => offers.isRestricted(db, partnerId),
      log: (obj, msg) => app.log.error(obj, msg),
      catalogue: () => services.catalogue,
    }),
    partners,
    warehouses: new WarehousesService({ partners, now: opts.now ?? (() => new Date()) }),
    files,
    audit: new AuditService(),
    usage: new UsageService(runtime.db),
  };

  const imports = new ImportsService({
    db: runtime.db,
    jobs: runtime.jobs,
    files,
    catalogue: services.catalogue,
    log: (obj, msg) => app.log.error(obj, msg),
  });
  await imports.start();

  const buildId = config.buildId ?? (await readBuildId(config.webDistDir)) ?? 'dev';
  const openRpc = buildOpenRpc(buildId);
  const dispatcher = new Dispatcher({
    db: runtime.db,
    signer,
    principals,
    credentials,
    partners: new PartnerDirectory(runtime.db),
    log: app.log,
    validateResults: config.validateResults,
    handlers: {
      ...sessionsRpc(services.auth),
      ...partnersRpc(services.partners),
      ...uploadsRpc(services.files),
      ...auditRpc(services.audit),
      ...warehousesRpc(services.warehouses),
      ...accountsRpc(services.accounts),
      ...offersRpc(services.offers),
      ...nomenclaturesRpc(services.nomenclatures),
      ...catalogueRpc(services.catalogue, services.images),
      ...pricesRpc(services.prices),
      ...ordersRpc(services.orders, services.platformOrders),
      ...exportsRpc(services.exports),
    },
    extra: { 'rpc.discover': () => openRpc },
    isRestricted: (partnerId) => offers.isRestricted(runtime.db, partnerId),
    committed: (partnerId) => productCounts.drop(partnerId),
  });

  app.addHook('onSend', lidHook);
  await app.register(rpcRoutes, { dispatcher, batchLimit: config.rpcBatchLimit });
  app.get('/jsonrpc/openrpc.json', async () => openRpc);
  await app.register(fileRoutes, { dispatcher, files: services.files });
  await app.register(featureRoutes, { dispatcher });
  await app.register(offerRoutes, { dispatcher, offers });
  await app.register(imageRoutes, { dispatcher, images: services.images });
  await app.register(priceRoutes, { dispatcher, prices: services.prices });
  await app.register(templateRoutes, { dispatcher, imports, catalogue: services.catalogue });
  await app.register(exportRoutes, { dispatcher, exports: services.exports });
  await runtime.jobs.work('export.run', (job) => services.exports.run(job, runtime.db));
  await app.register(orderRoutes, { dispatcher, orders: services.orders });
  await app.register(shellRoutes, {
    db: runtime.db,
    limiter,
    usage: services.usage,
    buildId,
    startedAt: new Date(),
    isShuttingDown: () => shuttingDown,
  });

  await app.register(webRoutes, { distDir: config.webDistDir });

  app.addHook('onClose', async () => notifications.close());
  return {
    app,
    services,
    dispatcher,
    principals,
    beginShutdown: () => {
      shuttingDown = true;
    },
  };
}
