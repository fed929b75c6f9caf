import { createServer } from 'node:net';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openPglite, type Database } from '#server/db/client.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The real app listening on a free loopback port, on a fresh in-memory database (or the migrated
 * one given, which closing closes), serving the built client: what the e2e tests and the
 * browser benchmarks drive.
 */
export async function startListeningApp(options: {
  clientDir: string;
  nodeEnv?: 'test' | 'production';
  database?: Database;
}) {
  const database = options.database ?? openPglite(undefined);
  if (!options.database) await database.migrate();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: options.nodeEnv ?? 'test',
    APP_URL: url,
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'in-process-secret-that-is-at-least-32-characters-long',
    RATE_LIMIT: 'off',
  });
  const app = await buildApp({ config, database, clientDir: options.clientDir });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url,
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
