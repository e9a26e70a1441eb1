// The partners module's descriptor: the partners a user acts for, search for staff, feature flags.
import { defineModule } from '../../core/module';
import { PartnersService } from './partners.service';
import { partnersRpc } from './partners.rpc';

export const partnersModule = defineModule({
  name: 'partners',
  create: () => ({ partners: new PartnersService() }),
  rpc: (s) => partnersRpc(s.partners),
});
