// The orders module's descriptor: the seller's orders, labels and export, and the marketplace's
// v1.platform.* side that moves them.
import { defineModule } from '../../core/module';
import { defineJob, worker } from '../../jobs/jobs';
import { OrdersService } from './orders.service';
import { PlatformOrdersService } from './platform.service';
import { ordersRpc } from './orders.rpc';
import { ordersRest } from './orders.rest';
import { registerOrderExports } from './orders.exports';
import { seedOrders } from './orders.demo';
import { ordersSimulation } from './orders.simulate';
import { ordersInbox } from './orders.inbox';
import { forgetSearchPieces } from './orders.search-keys';
import { keySearchWords } from './orders.search-words';

/** Keys a large partner's search words (orders.search-words.ts): one waiting and one running per partner. */
export const keySearchWordsJob = defineJob<{ partnerId: number }>('orders.key-search-words', {
  policy: 'stately',
  retryLimit: 1,
});

export const ordersModule = defineModule({
  name: 'orders',
  create: (env) => ({
    orders: new OrdersService({
      now: env.now,
      keyWordsLater: async (partnerId) => {
        await env.jobs.send(keySearchWordsJob, { partnerId }, { singletonKey: String(partnerId) });
      },
    }),
    platformOrders: new PlatformOrdersService({ now: env.now }),
  }),
  rpc: (s) => ordersRpc(s.orders, s.platformOrders),
  rest: (s) => ordersRest(s.orders),
  jobs: (_s, env) => [
    worker(keySearchWordsJob, async ({ partnerId }) => {
      await keySearchWords(env.db, partnerId);
      // This process uses the kept words at once; others learn it within the hour.
      forgetSearchPieces(partnerId);
    }),
  ],
  start: async (s) => registerOrderExports(s.orders),
  demo: { whenEmpty: 'orders', load: seedOrders },
  simulation: ordersSimulation,
  inbox: (_s, env) => ordersInbox(env.db),
});
