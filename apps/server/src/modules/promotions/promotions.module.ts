// The promotions module's descriptor: the calendar and cards, products in promotions by hand and by file,
// cost and floor prices, the membership prices read, the marketplace's v1.platform.* side, demo and simulation.
import { defineModule } from '../../core/module';
import { worker } from '../../jobs/jobs';
import { partnersModule } from '../partners';
import { pricesModule } from '../prices';
import { exportsModule } from '../exports';
import { uploadsModule } from '../uploads';
import { PromotionsService } from './promotions.service';
import { promotionsRpc } from './promotions.rpc';
import { checkPromotionFile, promotionFileJob, promotionsRest } from './promotions.file';
import * as q from './promotions.queries';
import { seedPromotions } from './promotions.demo';
import { promotionsSimulation } from './promotions.simulate';
import { promotionsInbox } from './promotions.inbox';
import { checkCostPriceFile, costPriceFileJob, costPriceRest } from './promotions.cost-file';
import { emitRegistrationEnding } from './promotions.events';
import { registerPromotionExports } from './promotions.exports';

/** How often a process that runs jobs looks for registrations ending soon (webhook registration_ending). */
const ENDING_EVERY_MS = 10 * 60_000;

export const promotionsModule = defineModule({
  name: 'promotions',
  create: (env) => {
    const promotions = new PromotionsService({
      partners: env.use(partnersModule).partners,
      now: env.now,
      exports: env.use(exportsModule).exports,
    });
    // Prices refuse a change in an active promotion and take a product out of planned ones: they read it here.
    env.use(pricesModule).prices.setPromotionMembership(promotions.membership);
    const files = env.use(uploadsModule).files;
    files.onUploaded('promotion_products', async (record, partnerId) => {
      // A promotion file comes through its promotion's upload (POST /rest/api/v1/promotions/:id/files).
      if (!(await q.fileOf(env.db, partnerId, record.id))) {
        await files.setState(env.db, partnerId, record.id, {
          status: 'fail',
          result: 'failed',
          errorCode: 'promotion.fileWithoutPromotion',
          errorMessage: 'Загрузите файл на странице акции',
        });
        return;
      }
      await env.jobs.send(promotionFileJob, { partnerId, fileId: record.id });
    });
    files.onUploaded('product_cost_prices', async (record, partnerId) => {
      await env.jobs.send(costPriceFileJob, { partnerId, fileId: record.id });
    });
    // promotion.registration_ending goes out from processes that run jobs; the promotion is marked in the
    // same transaction, so only one process sends it.
    if (env.jobs.runsWorkers) {
      const tell = () =>
        void emitRegistrationEnding(env.db, env.now()).catch((err: unknown) =>
          env.log({ err }, 'promotions: registration ending events failed'),
        );
      setTimeout(tell, 60_000).unref();
      setInterval(tell, ENDING_EVERY_MS).unref();
    }
    return { promotions };
  },
  rpc: (s) => promotionsRpc(s.promotions),
  rest: (s, env) => [
    ...promotionsRest({
      db: env.db,
      jobs: env.jobs,
      promotions: s.promotions,
      files: env.use(uploadsModule).files,
    }),
    ...costPriceRest(),
  ],
  jobs: (s, env) => [
    worker(promotionFileJob, (data) =>
      checkPromotionFile(
        { db: env.db, files: env.use(uploadsModule).files, promotions: s.promotions, log: env.log },
        data,
      ),
    ),
    worker(costPriceFileJob, (data) =>
      checkCostPriceFile({ db: env.db, files: env.use(uploadsModule).files, log: env.log }, data),
    ),
  ],
  start: async (s) => registerPromotionExports(s.promotions),
  demo: { whenEmpty: 'promotions', load: seedPromotions },
  simulation: promotionsSimulation,
  inbox: (_s, env) => promotionsInbox(env.db),
});
