// Background work on pg-boss in the same database. Any instance can send; workers run in the web
// process by default or in dedicated `npm run worker` processes, each job exactly once, with retries.
import PgBoss from 'pg-boss';
import type { MailMessage, Mailer } from './mailer';

export interface JobPayloads {
  'email.send': MailMessage;
  /** Process an uploaded file (product import…): the area registered for its type reads and applies it. */
  'file.import': { partnerId: number; fileId: string };
  /** Produce an export file of a registered export type. */
  'export.run': { partnerId: number; exportId: string };
}
export type JobName = keyof JobPayloads;

type JobHandler<N extends JobName> = (data: JobPayloads[N]) => Promise<void>;

const QUEUES: Record<JobName, PgBoss.Queue> = {
  'email.send': {
    name: 'email.send',
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 120,
  },
  // A file is applied in one transaction or not at all, so one retry after a crash is safe.
  'file.import': { name: 'file.import', retryLimit: 1, retryDelay: 30, expireInSeconds: 1800 },
  'export.run': { name: 'export.run', retryLimit: 2, retryDelay: 30, expireInSeconds: 1800 },
};

export class Jobs {
  private readonly boss: PgBoss;
  private started = false;
  private workers = false;

  constructor(
    connectionString: string,
    private readonly log: (obj: object, msg: string) => void,
    private readonly pollingIntervalSeconds = 2,
  ) {
    this.boss = new PgBoss({ connectionString, schema: 'pgboss', max: 4 });
    this.boss.on('error', (err: Error) => this.log({ error: err.message }, 'job queue error'));
  }

  /**
   * Start the queue. With `workers`, this process also runs jobs: mail at once, and each area's jobs
   * once the area registers its handler with `work()` (the app does so when it builds its services).
   */
  async start(workers: { mailer: Mailer } | null): Promise<void> {
    await this.boss.start();
    this.started = true;
    this.workers = workers !== null;
    for (const q of Object.values(QUEUES)) await this.boss.createQueue(q.name, q);
    if (workers) await this.work('email.send', (m) => workers.mailer.send(m));
  }

  /** Whether this process runs jobs (web processes may leave them to `npm run worker`). */
  get runsWorkers(): boolean {
    return this.workers;
  }

  /** Run jobs of one queue in this process; a no-op where this process does not run workers. */
  async work<N extends JobName>(name: N, handle: JobHandler<N>): Promise<void> {
    if (!this.workers) return;
    await this.boss.work<JobPayloads[N]>(
      name,
      { pollingIntervalSeconds: this.pollingIntervalSeconds, batchSize: 1 },
      async (jobs) => {
        for (const job of jobs) await handle(job.data);
      },
    );
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
