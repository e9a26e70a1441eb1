// The API tokens module's descriptor: sellers' tokens for their programs (issue 27) — the gate the dispatcher
// asks about every `msk_` bearer, the management methods, and the hourly expiry reminder.
import { defineModule } from '../../core/module';
import { ApiTokenGate } from './api-tokens.gate';
import { ApiTokensService } from './api-tokens.service';
import { apiTokensRpc } from './api-tokens.rpc';
import { apiTokensInbox } from './api-tokens.inbox';

const REMIND_EVERY_MS = 60 * 60_000;

export const apiTokensModule = defineModule({
  name: 'api-tokens',
  create: async (env) => {
    const apiTokenGate = new ApiTokenGate(
      env.pool,
      env.notifications,
      env.limiter,
      env.now,
      env.config.apiRateLimits,
    );
    await apiTokenGate.listen();
    const apiTokens = new ApiTokensService({
      db: env.db,
      gate: apiTokenGate,
      jobs: env.jobs,
      now: env.now,
      appUrl: env.config.publicUrl,
    });
    // Reminders go out from processes that run jobs; the statement marks each token, so only one sends it.
    if (env.jobs.runsWorkers) {
      const remind = () =>
        void apiTokens
          .remindExpiring()
          .catch((err: unknown) => env.log({ err }, 'api token reminders failed'));
      setTimeout(remind, 60_000).unref();
      setInterval(remind, REMIND_EVERY_MS).unref();
    }
    return { apiTokens, apiTokenGate };
  },
  rpc: (s) => apiTokensRpc(s.apiTokens),
  inbox: (_s, env) => apiTokensInbox(env.db),
});
