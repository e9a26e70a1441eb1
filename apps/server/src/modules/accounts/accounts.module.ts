// The accounts module's descriptor: registration, password recovery, the profile and support requests.
import { defineModule } from '../../core/module';
import { partnersModule } from '../partners';
import { sessionsModule } from '../sessions';
import { uploadsModule } from '../uploads';
import { AccountsService } from './accounts.service';
import { accountsRpc } from './accounts.rpc';

export const accountsModule = defineModule({
  name: 'accounts',
  create: (env) => ({
    accounts: new AccountsService({
      config: env.config,
      jobs: env.jobs,
      auth: env.use(sessionsModule).auth,
      files: env.use(uploadsModule).files,
      partners: env.use(partnersModule).partners,
    }),
  }),
  rpc: (s) => accountsRpc(s.accounts),
});
