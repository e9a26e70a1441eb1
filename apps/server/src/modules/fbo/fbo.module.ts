// The FBO module's descriptor: supplies to the marketplace's warehouses with their slots, file check,
// labels and export, the warehouse's v1.platform.* side, and the stock screen with its forecast.
import { defineModule } from '../../core/module';
import { defineJob, worker } from '../../jobs/jobs';
import { partnersModule } from '../partners';
import { uploadsModule } from '../uploads';
import { FboService } from './fbo.service';
import { FboStockService } from './fbo-stock.service';
import { FboPlatformService } from './fbo-platform.service';
import { fboRpc } from './fbo.rpc';
import { fboRest } from './fbo.rest';
import { checkSupplyFile, supplyFileJob } from './fbo.file-check';
import { registerFboExports } from './fbo.exports';
import { seedFbo } from './fbo.demo';
import { fboSimulation } from './fbo.simulate';
import { fboInbox } from './fbo.inbox';

/** Rebuilds a large partner's kept stock rows: one waiting and one running per partner. */
export const stockRefreshJob = defineJob<{ partnerId: number }>('fbo.stock-refresh', {
  policy: 'stately',
  retryLimit: 1,
});

export const fboModule = defineModule({
  name: 'fbo',
  create: (env) => {
    const files = env.use(uploadsModule).files;
    files.onUploaded('fbo_supply', async (record, partnerId) => {
      await env.jobs.send(supplyFileJob, { partnerId, fileId: record.id });
    });
    const partners = env.use(partnersModule).partners;
    const fboStock = new FboStockService({
      db: env.db,
      partners,
      now: env.now,
      refreshStockLater: async (partnerId) => {
        await env.jobs.send(stockRefreshJob, { partnerId }, { singletonKey: String(partnerId) });
      },
    });
    return {
      fbo: new FboService({ db: env.db, partners, now: env.now, stock: fboStock }),
      fboStock,
      fboPlatform: new FboPlatformService({ db: env.db, now: env.now }),
    };
  },
  rpc: (s) => fboRpc(s.fbo, s.fboStock, s.fboPlatform),
  rest: (s) => fboRest(s.fbo, s.fboStock),
  jobs: (s, env) => [
    worker(stockRefreshJob, (data) => s.fboStock.refreshStock(data.partnerId)),
    worker(supplyFileJob, (data) =>
      checkSupplyFile({ db: env.db, files: env.use(uploadsModule).files, log: env.log }, data),
    ),
  ],
  start: async (s) => registerFboExports(s.fbo),
  demo: { whenEmpty: 'fbo_supplies', load: seedFbo },
  simulation: fboSimulation,
  inbox: (s, env) => fboInbox(env.db, s.fboStock),
});
