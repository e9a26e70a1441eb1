// The analytics module's descriptor: the board, sales dynamics, funnel and ABC over the daily aggregates, the
// storefront's events (v1.platform.*), their 90-day demo history and their simulation.
import { defineModule } from '../../core/module';
import { partnersModule } from '../partners';
import { AnalyticsService } from './analytics.service';
import { analyticsRpc } from './analytics.rpc';
import { seedAnalytics } from './analytics.demo';
import { analyticsSimulation } from './analytics.simulate';

export const analyticsModule = defineModule({
  name: 'analytics',
  create: (env) => ({
    analytics: new AnalyticsService({ partners: env.use(partnersModule).partners, now: env.now }),
  }),
  rpc: (s) => analyticsRpc(s.analytics),
  demo: { whenEmpty: 'storefront_events', load: seedAnalytics },
  simulation: analyticsSimulation,
});
