// The FBO returns module's descriptor: returns from the marketplace's warehouses by form or file, their
// export and files, the warehouse's v1.platform.* side, the demo history and the simulation.
import { defineModule } from '../../core/module';
import { worker } from '../../jobs/jobs';
import { fboModule } from '../fbo';
import { partnersModule } from '../partners';
import { uploadsModule } from '../uploads';
import { FboReturnsService } from './fbo-returns.service';
import { fboReturnsRpc } from './fbo-returns.rpc';
import { fboReturnsRest } from './fbo-returns.rest';
import { checkReturnFile, returnFileJob } from './fbo-returns.file-check';
import { registerFboReturnExports } from './fbo-returns.exports';
import { heldSql } from './fbo-returns.queries';
import { seedFboReturns } from './fbo-returns.demo';
import { fboReturnsSimulation } from './fbo-returns.simulate';

export const fboReturnsModule = defineModule({
  name: 'fbo-returns',
  create: (env) => {
    const fbo = env.use(fboModule).fbo;
    // The units returns hold show as reserved on the FBO stock screen and are not on hand for anything else.
    fbo.holdStockWith(heldSql);
    env.use(uploadsModule).files.onUploaded('fbo_return', async (record, partnerId) => {
      await env.jobs.send(returnFileJob, { partnerId, fileId: record.id });
    });
    return {
      fboReturns: new FboReturnsService({
        db: env.db,
        partners: env.use(partnersModule).partners,
        fbo,
        now: env.now,
      }),
    };
  },
  rpc: (s) => fboReturnsRpc(s.fboReturns),
  rest: (s, env) => fboReturnsRest(s.fboReturns, env.use(uploadsModule).files),
  jobs: (s, env) => [
    worker(returnFileJob, (data) =>
      checkReturnFile(
        { db: env.db, files: env.use(uploadsModule).files, returns: s.fboReturns, log: env.log },
        data,
      ),
    ),
  ],
  start: async (s) => registerFboReturnExports(s.fboReturns),
  demo: { whenEmpty: 'fbo_returns', load: seedFboReturns },
  simulation: fboReturnsSimulation,
});
