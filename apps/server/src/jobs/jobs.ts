// Background work on pg-boss in the same database. Any instance can send; workers run in the web
// process by default or in dedicated `npm run worker` processes, each job exactly once, with retries.
import PgBoss from 'pg-boss';
import type { MailMessage, Mailer } from './mailer';

export interface JobPayloads {
  'email.send': MailMessage;
}
export type JobName = keyof JobPayloads;

type JobHandlers = { [N in JobName]: (data: JobPayloads[N]) => Promise<void> };

const QUEUES: Record<JobName, PgBoss.Queue> = {
  'email.send': {
    name: 'email.send',
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 120,
  },
};

export class Jobs {
  private readonly boss: PgBoss;
  private started = false;

  constructor(
    connectionString: string,
    private readonly log: (obj: object, msg: string) => void,
    private readonly pollingIntervalSeconds = 2,
  ) {
    this.boss = new PgBoss({ connectionString, schema: 'pgboss', max: 4 });
    this.boss.on('error', (err: Error) => this.log({ error: err.message }, 'job queue error'));
  }

  static handlers(mailer: Mailer): JobHandlers {
    return { 'email.send': (m) => mailer.send(m) };
  }

  async start(handlers: JobHandlers | null): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const q of Object.values(QUEUES)) await this.boss.createQueue(q.name, q);
    if (!handlers) return;
    for (const name of Object.keys(QUEUES) as JobName[]) {
      const handle = handlers[name] as (data: unknown) => Promise<void>;
      await this.boss.work(
        name,
        { pollingIntervalSeconds: this.pollingIntervalSeconds, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) await handle(job.data);
        },
      );
    }
  }

  async send<N extends JobName>(name: N, data: JobPayloads[N]): Promise<string | null> {
    if (!this.started) throw new Error('Job queue is not started');
    return this.boss.send(name, data as object);
  }

  async stop(): Promise<void> {
    if (this.started) await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    this.started = false;
  }
}
