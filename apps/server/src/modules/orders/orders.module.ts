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
import { forgetSearchPlan } from './orders.search-keys';
import { keySearchWords } from './orders.search-words';

/**
 * Keys a large partner's search words (orders.search-words.ts): one waiting and one running per partner. A
 * failed keying is not retried here: the partner's next search after the hour's learning sends it again.
 */
export const keySearchWordsJob = defineJob<{ partnerId: number }>('orders.key-search-words', {
  policy: 'stately',
  retryLimit: 1,
});

export const ordersModule = defineModule({
  name: 'orders',
  create: (env) => ({
    orders: new OrdersService({
      now: env.now,
      // Best effort: a search goes on without it, and the next hour's learning sends it again.
      keyWordsLater: async (partnerId) => {
        await env.jobs
          .send(keySearchWordsJob, { partnerId }, { singletonKey: String(partnerId) })
          .catch((err: unknown) => env.log({ err, partnerId }, 'orders: keying the search words not sent'));
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
      forgetSearchPlan(partnerId);
    }),
  ],
  start: async (s) => registerOrderExports(s.orders),
  demo: { whenEmpty: 'orders', load: seedOrders },
  simulation: ordersSimulation,
  inbox: (_s, env) => ordersInbox(env.db),
});
