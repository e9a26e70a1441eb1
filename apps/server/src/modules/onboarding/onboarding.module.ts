// The onboarding module's descriptor: a new seller's questionnaire, the assortment committee, the legal
// check that creates the partner, and the road to the full cabinet.
import { moscowDay } from '@moda/contracts';
import { defineModule } from '../../core/module';
import { sessionsModule } from '../sessions';
import { offersModule } from '../offers';
import { OnboardingService } from './onboarding.service';
import { onboardingRpc } from './onboarding.rpc';
import { seedOnboarding } from './onboarding.demo';

export const onboardingModule = defineModule({
  name: 'onboarding',
  create: (env) => {
    const sessions = env.use(sessionsModule).auth;
    const offers = env.use(offersModule).offers;
    return {
      onboarding: new OnboardingService({
        now: env.now,
        principalChanged: (ctx, userId) => sessions.principalChanged(ctx, userId),
        publishTerms: async (ctx) => {
          await offers.publish(ctx, '1.0', moscowDay(env.now()));
        },
      }),
    };
  },
  rpc: (s) => onboardingRpc(s.onboarding),
  demo: { whenEmpty: 'onboarding_surveys', load: seedOnboarding },
});
