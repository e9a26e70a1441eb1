// The FBS module's descriptor: shipments from the seller's warehouse (grouped by the warehouse's schedule),
// their act and pallet labels, return boxes and their export, and the courier's and sorting centre's side.
import { defineModule } from '../../core/module';
import { plainContext } from '../../core/context';
import { partnersModule } from '../partners';
import { ordersModule } from '../orders';
import { FbsService } from './fbs.service';
import { fbsRpc } from './fbs.rpc';
import { fbsRest } from './fbs.rest';
import { fbsFileRoute } from './fbs.file';
import { uploadsModule } from '../uploads';
import { registerFbsExports } from './fbs.exports';
import { seedFbs } from './fbs.demo';
import { fbsSimulation } from './fbs.simulate';
import { fbsInbox } from './fbs.inbox';

export const fbsModule = defineModule({
  name: 'fbs',
  create: (env) => {
    const { orders, platformOrders } = env.use(ordersModule);
    return {
      fbs: new FbsService({
        db: env.db,
        partners: env.use(partnersModule).partners,
        now: env.now,
        orders: {
          createPack: (ctx, orderNr) => orders.createPacks(ctx, orderNr, 1),
          ship: (ctx, orderNr) =>
            platformOrders.move(ctx.principal ? ctx : plainContext(ctx.db), { orderNr, action: 'ship' }),
        },
      }),
    };
  },
  rpc: (s) => fbsRpc(s.fbs),
  rest: (s, env) =>
    fbsRest(s.fbs, [fbsFileRoute({ db: env.db, fbs: s.fbs, files: env.use(uploadsModule).files })]),
  start: async (s) => registerFbsExports(s.fbs),
  demo: { whenEmpty: 'fbs_shipments', load: seedFbs },
  simulation: fbsSimulation,
  inbox: (_s, env) => fbsInbox(env.db),
});
