// The webhooks module's descriptor: the seller's endpoints and delivery log, and the delivery pump. Workers
// (the web process by default, or `npm run worker`) wake on the outbox's NOTIFY and on a poll for due retries,
// and run the pump as a pg-boss job: any number of processes may deliver side by side.
import { defineJob, worker, type Jobs } from '../../jobs/jobs';
import { defineModule } from '../../core/module';
import { WEBHOOKS_CHANNEL } from './webhooks.emit';
import { webhooksRpc } from './webhooks.rpc';
import { WebhooksService } from './webhooks.service';

/** One run of the pump: delivers what is due, for at most a minute, then hands over to the next run. */
export const webhooksPumpJob = defineJob<Record<string, never>>('webhooks.pump', {
  retryLimit: 0,
  expireInSeconds: 5 * 60,
});
const RUN_BUDGET_MS = 60_000;

class PumpDriver {
  private queued = false;
  constructor(
    private readonly jobs: Jobs,
    private readonly log: (obj: object, msg: string) => void,
  ) {}

  /** Ask for a run unless one from this process is already waiting to start. */
  kick(): void {
    if (this.queued) return;
    this.queued = true;
    this.jobs.send(webhooksPumpJob, {}).catch((err: unknown) => {
      this.queued = false;
      this.log({ error: String(err) }, 'webhooks: could not queue a delivery run');
    });
  }

  started(): void {
    this.queued = false;
  }
}

export const webhooksModule = defineModule({
  name: 'webhooks',
  create: (env) => {
    const webhooks = new WebhooksService({
      db: env.db,
      jobs: env.jobs,
      now: env.now,
      settings: () => env.config.webhooks,
      appUrl: env.config.publicUrl,
      log: env.log,
    });
    const pump = new PumpDriver(env.jobs, env.log);
    const listen = async () => {
      if (!env.jobs.runsWorkers) return;
      await env.notifications.subscribe(WEBHOOKS_CHANNEL, {
        message: () => pump.kick(),
        reset: () => pump.kick(),
      });
      const timer = setInterval(() => {
        webhooks.anyDue().then(
          (due) => due && pump.kick(),
          () => undefined,
        );
      }, env.config.webhooks.pollMs);
      timer.unref();
    };
    return { webhooks, webhooksPump: pump, webhooksListen: listen };
  },
  rpc: (s) => webhooksRpc(s.webhooks),
  jobs: (s) => [
    worker(webhooksPumpJob, async () => {
      s.webhooksPump.started();
      await s.webhooks.deliverDue(RUN_BUDGET_MS);
      if (await s.webhooks.anyDue()) s.webhooksPump.kick();
    }),
  ],
  start: (s) => s.webhooksListen(),
});
