// Background work on pg-boss in the same database. Any instance can send; workers run in the web
// process by default or in dedicated `npm run worker` processes, each job exactly once, with retries.
// Each area declares its jobs with defineJob() beside the code that sends them, and lists their workers in
// its module descriptor; the queue knows no area.
import { createRequire } from 'node:module';
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
  /** Its worker died on the last try (no heartbeat) and no retry is left: tell the user what happened. */
  abandoned?(data: P): Promise<void>;
}

/** How often a running job's process says it is alive, and after how long without it the job is given up. */
export interface Heartbeat {
  everyMs: number;
  staleAfterMs: number;
}
/**
 * A process that died is noticed at most staleAfterMs + everyMs after its last beat (the reaper runs with the
 * beat): 50 s, and its job is retried at once, so a killed import is running again within a minute.
 */
export const HEARTBEAT: Heartbeat = { everyMs: 10_000, staleAfterMs: 40_000 };

/**
 * pg-boss 10's worker ends each job with `complete` or `fail` without awaiting them: with the database down at
 * that moment (a job failing because of the outage, or one finishing as it starts) the promise rejects with no
 * one listening, and Node ends the process — the server died under the reliability suite's kill -9 of
 * PostgreSQL. The rejection is marked handled here; a caller that awaits still gets it. The job stays active
 * and the heartbeat reaper gives it up (retried, or failed on its last try).
 */
function guardUnawaitedSettles(): void {
  type Settle = (this: unknown, ...args: unknown[]) => Promise<unknown>;
  const manager = (
    createRequire(import.meta.url)('pg-boss/src/manager') as { prototype: Record<string, Settle> }
  ).prototype;
  for (const name of ['complete', 'fail'] as const) {
    const original = manager[name]!;
    if ((original as { guarded?: boolean }).guarded) continue;
    const guarded: Settle = function (this: unknown, ...args) {
      const settled = original.apply(this, args);
      settled.catch(() => undefined);
      return settled;
    };
    // PgBoss publishes the manager's methods under their function names.
    Object.defineProperty(guarded, 'name', { value: name });
    (guarded as { guarded?: boolean }).guarded = true;
    manager[name] = guarded;
  }
}
guardUnawaitedSettles();

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
export const worker = <P extends object>(
  job: JobDef<P>,
  handle: (data: P) => Promise<void>,
  abandoned?: (data: P) => Promise<void>,
): JobWorker => ({ job, handle, abandoned });

export class Jobs {
  private readonly boss: PgBoss;
  private started = false;
  private workers = false;
  private readonly queues = new Set<string>();
  /** Jobs this process is running now: their heartbeats are written while they run. */
  private readonly running = new Set<string>();
  private readonly workersByQueue = new Map<string, JobWorker>();
  private beating: NodeJS.Timeout | undefined;

  constructor(
    connectionString: string,
    private readonly log: (obj: object, msg: string) => void,
    private readonly pollingIntervalSeconds = 2,
    private readonly heartbeat: Heartbeat = HEARTBEAT,
  ) {
    // Two connections: its statements (fetch, complete, send) take a millisecond, and every idle backend is ~20 MB
    // of a laptop's memory (issue 26).
    this.boss = new PgBoss({ connectionString, schema: 'pgboss', max: 2 });
    this.boss.on('error', (err: Error) => this.log({ error: err.message }, 'job queue error'));
  }

  /** Start the queue. With `workers`, this process also runs jobs: mail at once, the areas' once registered. */
  async start(workers: { mailer: Mailer } | null): Promise<void> {
    await this.boss.start();
    this.started = true;
    this.workers = workers !== null;
    // pg-boss 10 has no heartbeat: a job whose process died would stay active until its expiry (30 minutes
    // for an import). Running jobs beat here; any worker process gives up jobs that stopped beating.
    await this.sql(
      `create table if not exists pgboss.moda_heartbeat (job_id uuid primary key, beat_at timestamptz not null)`,
    );
    this.beating = setInterval(() => void this.beat().catch(() => undefined), this.heartbeat.everyMs);
    this.beating.unref();
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
      this.workersByQueue.set(w.job.name, w);
      await this.boss.work<object>(
        w.job.name,
        { pollingIntervalSeconds: this.pollingIntervalSeconds, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) {
            this.running.add(job.id);
            await this.beatFor([job.id]).catch(() => undefined);
            try {
              await w.handle(job.data);
            } finally {
              this.running.delete(job.id);
              await this.sql(`delete from pgboss.moda_heartbeat where job_id = $1`, [job.id]).catch(
                () => undefined,
              );
            }
          }
        },
      );
    }
  }

  /** Queue a job; a `singletonKey` on a `stately` queue keeps one waiting and one running job per key. */
  async send<P extends object>(
    job: JobDef<P>,
    data: P,
    options?: { singletonKey?: string },
  ): Promise<string | null> {
    if (!this.started) throw new Error('Job queue is not started');
    await this.ensureQueue(job);
    return options ? this.boss.send(job.name, data, options) : this.boss.send(job.name, data);
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

  /** Beat for the jobs running here; then give up the active jobs nobody has beaten for lately. */
  async beat(): Promise<void> {
    if (this.running.size) await this.beatFor([...this.running]);
    if (this.workers) await this.reapStale();
  }

  private beatFor(ids: string[]): Promise<unknown> {
    return this.sql(
      `insert into pgboss.moda_heartbeat (job_id, beat_at) select unnest($1::uuid[]), now()
       on conflict (job_id) do update set beat_at = excluded.beat_at`,
      [ids],
    );
  }

  /**
   * Active jobs whose last sign of life (start or heartbeat) is older than the limit lost their process: they
   * are failed, which pg-boss turns into a retry while retries are left; on the last try the queue's worker is
   * told (the import marks its file failed, so the seller sees it).
   */
  private async reapStale(): Promise<void> {
    const { rows } = await this.sql(
      `select j.id, j.name, j.data, j.retry_count >= j.retry_limit as last
         from pgboss.job j left join pgboss.moda_heartbeat h on h.job_id = j.id
        where j.state = 'active'
          and greatest(j.started_on, coalesce(h.beat_at, j.started_on)) < now() - make_interval(secs => $1)`,
      [this.heartbeat.staleAfterMs / 1000],
    );
    for (const row of rows as { id: string; name: string; data: object; last: boolean }[]) {
      if (this.running.has(row.id)) continue;
      await this.boss.fail(row.name, row.id, { message: 'the process running the job stopped' });
      // The queue's retryDelay is for work that failed; a job whose process died has waited long enough.
      if (!row.last)
        await this.sql(`update pgboss.job set start_after = now() where id = $1 and state = 'retry'`, [
          row.id,
        ]);
      await this.sql(`delete from pgboss.moda_heartbeat where job_id = $1`, [row.id]);
      this.log({ job: row.name, id: row.id, retried: !row.last }, 'job given up: its process stopped');
      if (row.last) await this.workersByQueue.get(row.name)?.abandoned?.(row.data);
    }
  }

  private sql(text: string, values: unknown[] = []): Promise<{ rows: unknown[] }> {
    return this.boss.getDb().executeSql(text, values);
  }

  private async ensureQueue(job: JobDef<object>): Promise<void> {
    if (this.queues.has(job.name)) return;
    await this.boss.createQueue(job.name, { name: job.name, ...job.options });
    this.queues.add(job.name);
  }

  async stop(): Promise<void> {
    if (this.beating) clearInterval(this.beating);
    if (this.started) await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    this.started = false;
  }
}
