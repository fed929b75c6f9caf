import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss, type Job, type JobInsert, type JobResult, type Queue } from 'pg-boss';
import { queryPreparedText, type Db, type JobDatabase } from '#server/db/client.ts';
import { describeFailure } from '#server/lib/describe-failure.ts';

/**
 * pg-boss's job inserts through a Drizzle database or transaction, prepared once per connection
 * (their text is fixed per queue; only the jobs' JSON varies).
 */
const throughDrizzle = (db: Db) => ({
  executeSql: async (text: string, values?: unknown[]) => ({
    rows: await queryPreparedText(db, text, values ?? []),
  }),
});

/**
 * A kind of work done later, by whichever instance takes it first: its queue's options (retries,
 * dead letters) and what one batch of its jobs does. `handle` settles each job of the batch.
 */
export type JobDefinition<Data extends object> = {
  name: string;
  queue?: Omit<Queue, 'name'>;
  /** Jobs fetched together; their handler settles each one (pg-boss's per-job results). */
  batchSize?: number;
  /** Batches handled side by side by one instance (one waits on the database, one sends). */
  concurrency?: number;
  handle: (jobs: Job<Data>[]) => Promise<JobResult[]>;
};

/** Work run on a schedule, once per cluster however many instances run (pg-boss's cron). */
export type RecurringJob = { name: string; cron: string; run: () => Promise<void> };

/**
 * How often pg-boss looks for jobs whose instance died (a missed heartbeat, an expiry) and runs
 * its maintenance: a job taken by an instance killed mid-send is taken again within about this
 * plus its heartbeat (pg-boss's default is a minute each).
 */
const SUPERVISE_INTERVAL_SECONDS = 10;

/** How long a due job waits at most; a new job's NOTIFY usually wakes its worker at once. */
const POLLING_INTERVAL_SECONDS = 2;

/**
 * The durable queue (docs/decisions/028-durable-mail-queue.md): pg-boss on the app's database,
 * through its PGlite adapter on the embedded database and its own small pool on PostgreSQL. A
 * job that follows a state change is inserted through the caller's transaction (`enqueue`), so
 * the change and its job commit together or not at all.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions: JobDefinition<object>[] = [];
  private readonly recurring: RecurringJob[] = [];
  private started = false;

  constructor(
    database: JobDatabase,
    private readonly log: FastifyBaseLogger,
  ) {
    this.boss =
      database.kind === 'pglite'
        ? new PgBoss({
            db: fromPglite(database.client),
            backend: 'pglite',
            useListenNotify: true,
            monitorIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
            superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
          })
        : new PgBoss({
            connectionString: database.url,
            // Its own few connections: a worker waiting on SMTP holds none, and the app's pool
            // stays the entries' (decision 028).
            max: 3,
            connectionTimeoutMillis: 5000,
            useListenNotify: true,
            monitorIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
            superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
            application_name: 'prizewheel-jobs',
          });
    // A database outage surfaces here as well as in requests; the queue polls again by itself.
    this.boss.on('error', (error) =>
      this.log.warn({ failure: describeFailure(error) }, 'job queue error'),
    );
  }

  /** Registers a kind of job; its queue is created and its worker started by `start`. */
  define<Data extends object>(definition: JobDefinition<Data>): void {
    if (this.started) throw new Error(`job ${definition.name} defined after the queue started`);
    this.definitions.push(definition as unknown as JobDefinition<object>);
  }

  /** Registers work that runs on a cron schedule, once per cluster. */
  every(job: RecurringJob): void {
    if (this.started) throw new Error(`recurring job ${job.name} defined after the queue started`);
    this.recurring.push(job);
  }

  /**
   * Creates pg-boss's schema when missing (under its own advisory lock: instances starting
   * together migrate once), the queues, and starts the workers unless `work` is false. A job that fell due while every
   * instance was down is fetched at once.
   */
  async start(options: { work?: boolean } = {}): Promise<void> {
    this.started = true;
    await this.boss.start();
    for (const definition of this.definitions) {
      const deadLetter = definition.queue?.deadLetter;
      if (deadLetter) await this.boss.createQueue(deadLetter);
      await this.boss.createQueue(definition.name, { notify: true, ...definition.queue });
    }
    for (const job of this.recurring) await this.boss.createQueue(job.name);
    // A process that only queues (a benchmark's seeding, a CLI) starts no worker.
    if (options.work === false) return;
    for (const definition of this.definitions) {
      await this.boss.work(
        definition.name,
        {
          batchSize: definition.batchSize ?? 1,
          localConcurrency: definition.concurrency ?? 1,
          perJobResults: true,
          pollingIntervalSeconds: POLLING_INTERVAL_SECONDS,
          // NOTIFY wakes a worker for a new job, not for one whose time (a deadline, a retry's
          // backoff) has come: polling stays as frequent with it.
          notifyPollingIntervalSeconds: POLLING_INTERVAL_SECONDS,
          // A full batch means more are waiting (10,000 queued mails): fetch again at once.
          burstWhenBatchFull: true,
        },
        (jobs: Job<object>[]) => definition.handle(jobs),
      );
    }
    for (const job of this.recurring) {
      await this.boss.schedule(job.name, job.cron, null, { tz: 'UTC' });
      await this.boss.work(job.name, { pollingIntervalSeconds: 30 }, async () => {
        await job.run();
      });
    }
  }

  /**
   * Inserts jobs through `db`: inside a transaction they commit with it. On the embedded
   * database this must be the caller's transaction (or the plain connection), never a second
   * one: PGlite has one connection.
   */
  async enqueue<Data extends object>(db: Db, name: string, jobs: JobInsert<Data>[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.boss.insert(name, jobs, { db: throughDrizzle(db) });
  }

  /**
   * Runs `name` once at `at` (or at the next start, if every instance was down then): the job
   * for `key` replaces none that already waits, so scheduling the same deadline twice runs it
   * once. Used for deadlines and reminders.
   */
  async runOnceAt<Data extends object>(
    db: Db,
    name: string,
    data: Data,
    options: { at: Date; key: string },
  ): Promise<void> {
    await this.enqueue(db, name, [{ data, startAfter: options.at, singletonKey: options.key }]);
  }

  /**
   * Stops fetching, lets the jobs in flight finish for at most `graceMs`, and leaves every other
   * job queued for the next start.
   */
  async stop(graceMs: number): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: Math.max(1000, graceMs), close: true });
  }
}
