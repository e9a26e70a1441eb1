// The sessions module's descriptor: login, token refresh and logout.
import { defineModule } from '../../core/module';
import { SessionsService } from './sessions.service';
import { sessionsRpc } from './sessions.rpc';

export const sessionsModule = defineModule({
  name: 'sessions',
  create: (env) => ({
    auth: new SessionsService({
      db: env.db,
      config: env.config,
      signer: env.signer,
      limiter: env.limiter,
      principals: env.principals,
    }),
  }),
  rpc: (s) => sessionsRpc(s.auth),
});
