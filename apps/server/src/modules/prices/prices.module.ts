// The prices module's descriptor: the price table, changes with their confirmations, history and reports.
import { defineModule } from '../../core/module';
import { partnersModule } from '../partners';
import { PricesService } from './prices.service';
import { pricesRpc } from './prices.rpc';
import { pricesRest } from './prices.rest';
import { pricesInbox } from './prices.inbox';

export const pricesModule = defineModule({
  name: 'prices',
  create: (env) => ({ prices: new PricesService({ partners: env.use(partnersModule).partners }) }),
  rpc: (s) => pricesRpc(s.prices),
  rest: (s) => pricesRest(s.prices),
  inbox: (_s, env) => pricesInbox(env.db),
});
