// The offers module's descriptor: the cooperation terms, their signing and the read-only cabinet until then.
import { defineModule } from '../../core/module';
import { partnersModule } from '../partners';
import { OffersService } from './offers.service';
import { offersRpc } from './offers.rpc';
import { offersRest } from './offers.rest';
import { offersInbox } from './offers.inbox';

export const offersModule = defineModule({
  name: 'offers',
  create: (env) => ({ offers: new OffersService({ partners: env.use(partnersModule).partners }) }),
  rpc: (s) => offersRpc(s.offers),
  rest: (s) => offersRest(s.offers),
  inbox: (_s, env) => offersInbox(env.db),
});
