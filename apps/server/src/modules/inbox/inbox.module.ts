// The inbox module's descriptor: the home page's action inbox over every area's `inbox` provider.
import { defineModule } from '../../core/module';
import type { HandlerMap } from '../../core/handlers';
import { partnersModule } from '../partners';
import { InboxService } from './inbox.service';

export const inboxModule = defineModule({
  name: 'inbox',
  create: (env) => ({
    inbox: new InboxService({
      partners: env.use(partnersModule).partners,
      registry: env.inbox,
      now: env.now,
      log: env.log,
    }),
  }),
  rpc: (s) => ({ 'v1.inbox.list': (ctx) => s.inbox.list(ctx) }) satisfies HandlerMap,
});
