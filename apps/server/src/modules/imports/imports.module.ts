// The imports module's descriptor: product files imported in the background, and the import templates.
import { defineModule } from '../../core/module';
import { worker } from '../../jobs/jobs';
import { catalogueModule } from '../catalogue';
import { uploadsModule } from '../uploads';
import { pricesModule } from '../prices';
import { ImportsService, importJob } from './imports.service';
import { importsRest } from './imports.rest';
import { importsInbox } from './imports.inbox';
import { ImportUpdatesService } from './imports.updates';
import { importsRpc } from './imports.rpc';
import { seedImportUpdates } from './imports.demo';

export const importsModule = defineModule({
  name: 'imports',
  create: (env) => {
    const updates = new ImportUpdatesService({
      prices: env.use(pricesModule).prices,
      catalogue: env.use(catalogueModule).catalogue,
      now: env.now,
    });
    return {
      updates,
      imports: new ImportsService({
        db: env.db,
        jobs: env.jobs,
        files: env.use(uploadsModule).files,
        catalogue: env.use(catalogueModule).catalogue,
        updates,
        log: env.log,
      }),
    };
  },
  rpc: (s) => importsRpc(s.updates),
  rest: (s, env) => importsRest(s.imports, env.use(catalogueModule).catalogue),
  jobs: (s) => [
    worker(
      importJob,
      (data) => s.imports.run(data),
      (data) => s.imports.abandon(data),
    ),
  ],
  inbox: (_s, env) => importsInbox(env.db),
  demo: { whenEmpty: 'import_updates', load: seedImportUpdates },
});
