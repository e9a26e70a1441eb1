// The warehouses module's descriptor: the seller's FBS warehouses, their approval and delivery profiles.
import { defineModule } from '../../core/module';
import { partnersModule } from '../partners';
import { WarehousesService } from './warehouses.service';
import { warehousesRpc } from './warehouses.rpc';

export const warehousesModule = defineModule({
  name: 'warehouses',
  create: (env) => ({
    warehouses: new WarehousesService({ partners: env.use(partnersModule).partners, now: env.now }),
  }),
  rpc: (s) => warehousesRpc(s.warehouses),
});
