// The onboarding module's descriptor: a new seller's questionnaire with its trademark documents, the
// assortment committee, the legal check that creates the partner, the road to the full cabinet, and the
// hourly draft deadline warning.
import { moscowDay } from '@moda/contracts';
import { defineModule } from '../../core/module';
import { sessionsModule } from '../sessions';
import { offersModule } from '../offers';
import { uploadsModule } from '../uploads';
import { OnboardingService } from './onboarding.service';
import { onboardingRpc } from './onboarding.rpc';
import { onboardingRest } from './onboarding.rest';
import { trademarkUploads } from './onboarding.attachments';
import { seedOnboarding } from './onboarding.demo';

const WARN_EVERY_MS = 60 * 60_000;

export const onboardingModule = defineModule({
  name: 'onboarding',
  create: (env) => {
    const sessions = env.use(sessionsModule).auth;
    const offers = env.use(offersModule).offers;
    const files = env.use(uploadsModule).files;
    files.onApplicantUpload('survey_trademark', trademarkUploads(env.now));
    const onboarding = new OnboardingService({
      now: env.now,
      principalChanged: (ctx, userId) => sessions.principalChanged(ctx, userId),
      publishTerms: async (ctx) => {
        await offers.publish(ctx, '1.0', moscowDay(env.now()));
      },
      deleteStored: (key) => files.deleteKey(key),
      db: env.db,
      jobs: env.jobs,
      appUrl: env.config.publicUrl,
    });
    // Deadline warnings go out from processes that run jobs; the statement marks each draft version, so only
    // one process sends each warning.
    if (env.jobs.runsWorkers) {
      const warn = () =>
        void onboarding
          .warnExpiringDrafts()
          .catch((err: unknown) => env.log({ err }, 'survey deadline warnings failed'));
      setTimeout(warn, 60_000).unref();
      setInterval(warn, WARN_EVERY_MS).unref();
    }
    return { onboarding };
  },
  rpc: (s) => onboardingRpc(s.onboarding),
  rest: (_s, env) => onboardingRest(env.use(uploadsModule).files),
  demo: { whenEmpty: 'onboarding_surveys', load: seedOnboarding },
});
