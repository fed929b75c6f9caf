import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { BackgroundTasks } from './lib/background-tasks.ts';
import type { Clock } from './lib/db-clock.ts';
import type { MailQueue } from './mail/mail-queue.ts';

/** What services need from the running app; passed explicitly so they stay testable. */
export type AppContext = {
  db: Db;
  config: Config;
  /** Every mail goes through it (docs/decisions/028-durable-mail-queue.md). */
  mail: MailQueue;
  jobs: JobQueue;
  tasks: BackgroundTasks;
  log: FastifyBaseLogger;
  /** The database's time, the same on every instance (decision 035). */
  clock: Clock;
};

/**
 * What a service that only reads and writes the database takes. Services take their context
 * first, always (docs/architecture.md#one-request-through-the-server); inside a transaction the
 * caller passes `{ db: tx }`, so the service joins it.
 */
export type DbContext = Pick<AppContext, 'db'>;
