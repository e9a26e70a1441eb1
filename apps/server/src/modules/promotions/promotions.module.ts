// The promotions module's descriptor: the calendar and cards, products in promotions by hand and by file,
// cost and floor prices, the membership prices read, the marketplace's v1.platform.* side, demo and simulation.
import { defineModule } from '../../core/module';
import { worker } from '../../jobs/jobs';
import { partnersModule } from '../partners';
import { pricesModule } from '../prices';
import { uploadsModule } from '../uploads';
import { PromotionsService } from './promotions.service';
import { promotionsRpc } from './promotions.rpc';
import { checkPromotionFile, promotionFileJob, promotionsRest } from './promotions.file';
import * as q from './promotions.queries';
import { seedPromotions } from './promotions.demo';
import { promotionsSimulation } from './promotions.simulate';
import { promotionsInbox } from './promotions.inbox';

export const promotionsModule = defineModule({
  name: 'promotions',
  create: (env) => {
    const promotions = new PromotionsService({ partners: env.use(partnersModule).partners, now: env.now });
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
    return { promotions };
  },
  rpc: (s) => promotionsRpc(s.promotions),
  rest: (s, env) =>
    promotionsRest({
      db: env.db,
      jobs: env.jobs,
      promotions: s.promotions,
      files: env.use(uploadsModule).files,
    }),
  jobs: (s, env) => [
    worker(promotionFileJob, (data) =>
      checkPromotionFile(
        { db: env.db, files: env.use(uploadsModule).files, promotions: s.promotions, log: env.log },
        data,
      ),
    ),
  ],
  demo: { whenEmpty: 'promotions', load: seedPromotions },
  simulation: promotionsSimulation,
  inbox: (_s, env) => promotionsInbox(env.db),
});
