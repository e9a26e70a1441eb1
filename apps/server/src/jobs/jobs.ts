// Background work on pg-boss in the same database. Any instance can send; workers run in the web
// process by default or in dedicated `npm run worker` processes, each job exactly once, with retries.
// Each area declares its jobs with defineJob() beside the code that sends them, and lists their workers in
// its module descriptor; the queue knows no area.
import PgBoss from 'pg-boss';
import type { MailMessage, Mailer } from './mailer';

/** A queue and the shape of its jobs' data. */
export interface JobDef<P extends object> {
  name: string;
  options: Omit<PgBoss.Queue, 'name'>;
  /** Type-only: the payload. */
  readonly payload?: P;
}

/** A queue's handler, as a module descriptor lists it. */
export interface JobWorker<P extends object = object> {
  job: JobDef<P>;
  handle(data: P): Promise<void>;
}

const defined = new Map<string, JobDef<object>>();

/** Declare a queue. Names are unique across the server. */
export function defineJob<P extends object>(name: string, options: Omit<PgBoss.Queue, 'name'>): JobDef<P> {
  if (defined.has(name)) throw new Error(`Job ${name} is defined twice`);
  const def: JobDef<P> = { name, options };
  defined.set(name, def);
  return def;
}

/** Every queue declared so far (the modules declare theirs when loaded). */
export const definedJobs = (): JobDef<object>[] => [...defined.values()];

export const emailJob = defineJob<MailMessage>('email.send', {
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 120,
});

/** Binds a handler to its queue with the payload's type checked. */
export const worker = <P extends object>(job: JobDef<P>, handle: (data: P) => Promise<void>): JobWorker => ({
  job,
  handle,
});

export class Jobs {
  private readonly boss: PgBoss;
  private started = false;
  private workers = false;
  private readonly queues = new Set<string>();

  constructor(
    connectionString: string,
    private readonly log: (obj: object, msg: string) => void,
    private readonly pollingIntervalSeconds = 2,
  ) {
    this.boss = new PgBoss({ connectionString, schema: 'pgboss', max: 4 });
    this.boss.on('error', (err: Error) => this.log({ error: err.message }, 'job queue error'));
  }

  /** Start the queue. With `workers`, this process also runs jobs: mail at once, the areas' once registered. */
  async start(workers: { mailer: Mailer } | null): Promise<void> {
    await this.boss.start();
    this.started = true;
    this.workers = workers !== null;
    if (workers) await this.run([worker(emailJob, (m) => workers.mailer.send(m))]);
    else await this.ensureQueue(emailJob);
  }

  /** Whether this process runs jobs (web processes may leave them to `npm run worker`). */
  get runsWorkers(): boolean {
    return this.workers;
  }

  /** Create the workers' queues, and run their jobs where this process runs workers. */
  async run(list: JobWorker[]): Promise<void> {
    for (const w of list) {
      await this.ensureQueue(w.job);
      if (!this.workers) continue;
      await this.boss.work<object>(
        w.job.name,
        { pollingIntervalSeconds: this.pollingIntervalSeconds, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) await w.handle(job.data);
        },
      );
    }
  }

  async send<P extends object>(job: JobDef<P>, data: P): Promise<string | null> {
    if (!this.started) throw new Error('Job queue is not started');
    await this.ensureQueue(job);
    return this.boss.send(job.name, data);
  }

  /** Wait until no job of these queues is waiting or running (tests: instead of sleeping). */
  async drain(names: string[] = [...this.queues], timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let open = 0;
      // Created, waiting to retry or running: every state before completed.
      for (const name of names) open += await this.boss.getQueueSize(name, { before: 'completed' });
      if (open === 0) return;
      if (Date.now() > deadline) throw new Error(`Jobs still open after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  private async ensureQueue(job: JobDef<object>): Promise<void> {
    if (this.queues.has(job.name)) return;
    await this.boss.createQueue(job.name, { name: job.name, ...job.options });
    this.queues.add(job.name);
  }

  async stop(): Promise<void> {
    if (this.started) await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    this.started = false;
  }
}
