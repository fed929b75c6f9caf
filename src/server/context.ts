import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { BackgroundTasks } from './lib/background-tasks.ts';
import type { Mailer } from './mail/transport.ts';

/** What services need from the running app; passed explicitly so they stay testable. */
export type AppContext = {
  db: Db;
  config: Config;
  mailer: Mailer;
  tasks: BackgroundTasks;
  log: FastifyBaseLogger;
};
