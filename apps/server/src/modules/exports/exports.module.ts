// The exports module's descriptor: exports of the areas' lists produced in the background, and their files.
import { defineModule } from '../../core/module';
import { worker } from '../../jobs/jobs';
import { catalogueModule } from '../catalogue';
import { offersModule } from '../offers';
import { ExportsService, exportJob } from './exports.service';
import { exportsRpc } from './exports.rpc';
import { exportsRest } from './exports.rest';

export const exportsModule = defineModule({
  name: 'exports',
  create: (env) => {
    const { offers } = env.use(offersModule);
    const { catalogue } = env.use(catalogueModule);
    return {
      exports: new ExportsService({
        storage: env.storage,
        jobs: env.jobs,
        isRestricted: (db, partnerId) => offers.isRestricted(db, partnerId),
        log: env.log,
        catalogue: () => catalogue,
      }),
    };
  },
  rpc: (s) => exportsRpc(s.exports),
  rest: (s) => exportsRest(s.exports),
  jobs: (s, env) => [worker(exportJob, (job) => s.exports.run(job, env.db))],
});
