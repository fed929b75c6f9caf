import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import { openPglite, openPostgres, type Database } from '#server/db/client.ts';
import type { MailTransport } from '#server/mail/transport.ts';
import { createDatabase } from './processes.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
};

/** Which engine this test run uses: vitest projects set TEST_DB (pglite | postgres). */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server of
 * TEST_DATABASE_URL that is dropped again on close.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testDatabaseKind() === 'pglite') {
    const database = openPglite(undefined);
    await database.migrate();
    return database;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const created = await createDatabase(serverUrl, 'pw_test');
  const database = openPostgres(created.url, 5);
  await database.migrate();
  return {
    ...database,
    url: created.url,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

export const TEST_APP_URL = 'http://localhost:5000';

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    mailTransport?: MailTransport;
    clientDir?: string;
    onRoute?: BuildAppOptions['onRoute'];
    logStream?: BuildAppOptions['logStream'];
    /** Another app's database (two instances on one database); closing leaves it open. */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: TEST_APP_URL,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    RATE_LIMIT: 'off',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    mailTransport: options.mailTransport,
    clientDir: options.clientDir ?? '/nonexistent-client',
    onRoute: options.onRoute,
    logStream: options.logStream,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
