import { buildApp, JOBS_SHUTDOWN_GRACE_MS } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { EmbeddedDatabaseLockError, holdEmbeddedDatabase } from './db/server-lock.ts';
import { holdEventLoop } from './lib/event-loop-hold.ts';

/**
 * In-flight requests end within seconds; mails being sent get JOBS_SHUTDOWN_GRACE_MS (the rest
 * stay queued for the next start). Past this the process exits anyway.
 */
const SHUTDOWN_GRACE_MS = JOBS_SHUTDOWN_GRACE_MS + 5_000;

async function main() {
  const releaseEventLoop = holdEventLoop();
  const config = loadConfig();
  const releaseLock = config.databaseUrl
    ? () => {}
    : await holdEmbeddedDatabase(config.dataDir, 'server');
  const database = openDatabase(config);
  await database.migrate();
  const app = await buildApp({ config, database });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forceExit.unref();
    // Stops accepting, waits for in-flight requests, lets the mails being sent finish and leaves
    // the others queued (the app's own close hooks); only then may the database close.
    await app.close();
    await database.close();
    releaseLock();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  releaseEventLoop();
  app.log.info(
    `Prizewheel is running at ${config.appUrl} on Node ${process.versions.node} (database: ${database.kind}, mail: ${config.smtpUrl ? 'SMTP' : 'outbox in the log'})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof EmbeddedDatabaseLockError) {
    console.error(error.message);
  } else {
    console.error('Prizewheel failed to start:', error);
  }
  process.exit(1);
});
