// The usage module's descriptor: the usage log the web app sends (served by the shell's routes).
import { defineModule } from '../../core/module';
import { UsageService } from './usage.service';

export const usageModule = defineModule({
  name: 'usage',
  create: (env) => ({ usage: new UsageService(env.db) }),
});
