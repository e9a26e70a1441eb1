// The nomenclatures module's descriptor: the products list with its status counts, cached per partner
// until the database announces a change (or this process commits one).
import { NotifiedCache } from '../../db/notifications';
import { defineModule } from '../../core/module';
import { NomenclaturesService, PRODUCT_COUNTS_CHANNEL, type StatusCountRow } from './nomenclatures.service';
import { nomenclaturesRpc } from './nomenclatures.rpc';

export const nomenclaturesModule = defineModule({
  name: 'nomenclatures',
  create: async (env) => {
    const counts = new NotifiedCache<number, StatusCountRow[]>(env.notifications, {
      channel: PRODUCT_COUNTS_CHANNEL,
      keyOf: Number,
      maxEntries: 20_000,
    });
    await counts.start();
    return { nomenclatures: new NomenclaturesService({ counts }), productCounts: counts };
  },
  rpc: (s) => nomenclaturesRpc(s.nomenclatures),
  committed: (s, partnerId) => s.productCounts.drop(partnerId),
});
