// The orders module's descriptor: the seller's orders, labels and export, and the marketplace's
// v1.platform.* side that moves them.
import { defineModule } from '../../core/module';
import { OrdersService } from './orders.service';
import { PlatformOrdersService } from './platform.service';
import { ordersRpc } from './orders.rpc';
import { ordersRest } from './orders.rest';
import { registerOrderExports } from './orders.exports';
import { seedOrders } from './orders.demo';
import { ordersSimulation } from './orders.simulate';
import { ordersInbox } from './orders.inbox';

export const ordersModule = defineModule({
  name: 'orders',
  create: (env) => ({
    orders: new OrdersService({ now: env.now }),
    platformOrders: new PlatformOrdersService({ now: env.now }),
  }),
  rpc: (s) => ordersRpc(s.orders, s.platformOrders),
  rest: (s) => ordersRest(s.orders),
  start: async (s) => registerOrderExports(s.orders),
  demo: { whenEmpty: 'orders', load: seedOrders },
  simulation: ordersSimulation,
  inbox: (_s, env) => ordersInbox(env.db),
});
