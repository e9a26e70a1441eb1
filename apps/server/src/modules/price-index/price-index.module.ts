// The price index module's descriptor: the index list, totals and settings, the seller's competitor prices
// and disputes (one by one or by file), the export, the simulation of price changes over the prices module's
// dry run, and the matching system's v1.platform.matching-manager.* side, with demo history and simulation.
import { defineModule } from '../../core/module';
import { worker } from '../../jobs/jobs';
import { exportsModule } from '../exports';
import { pricesModule } from '../prices';
import { uploadsModule } from '../uploads';
import { PriceIndexService } from './price-index.service';
import { priceIndexRpc } from './price-index.rpc';
import { priceIndexRest } from './price-index.rest';
import { registerPriceIndexExport } from './price-index.exports';
import { checkCompetitorFile, competitorFileJob } from './price-index.file-check';
import { seedPriceIndex } from './price-index.demo';
import { priceIndexSimulation } from './price-index.simulate';

export const priceIndexModule = defineModule({
  name: 'price-index',
  create: (env) => {
    const files = env.use(uploadsModule).files;
    files.onUploaded('competitor_prices', async (record, partnerId) => {
      await env.jobs.send(competitorFileJob, { partnerId, fileId: record.id });
    });
    const exports = env.use(exportsModule).exports;
    return {
      priceIndex: new PriceIndexService({
        prices: env.use(pricesModule).prices,
        files,
        exports: () => exports,
      }),
    };
  },
  rpc: (s) => priceIndexRpc(s.priceIndex),
  rest: () => priceIndexRest(),
  jobs: (s, env) => [
    worker(competitorFileJob, (data) =>
      checkCompetitorFile(
        {
          db: env.db,
          files: env.use(uploadsModule).files,
          competitors: async (partnerId) => (await s.priceIndex.settingsFor(env.db, partnerId)).competitors,
          log: env.log,
        },
        data,
      ),
    ),
  ],
  start: async (s) => registerPriceIndexExport(s.priceIndex),
  demo: { whenEmpty: 'competitor_offers', load: seedPriceIndex },
  simulation: priceIndexSimulation,
});
