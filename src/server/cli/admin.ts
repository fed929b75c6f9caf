/**
 * Operator tasks on whichever database the environment selects (DATABASE_URL or DATA_DIR):
 *   npm run admin -- create-admin --email X [--first-name F] [--last-name L]
 *   npm run admin -- reset-password --email X
 *   npm run admin -- verify-email --email X
 *   npm run admin -- promote --email X
 *   npm run admin -- demote --email X
 * A password comes from PRIZEWHEEL_ADMIN_PASSWORD or standard input, never the command line;
 * the commands themselves, and their audit rows, are in admin-cli.ts (decision 033).
 */
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { holdEmbeddedDatabase } from '#server/db/server-lock.ts';
import { holdEventLoop } from '#server/lib/event-loop-hold.ts';
import { runAdminCli } from './admin-cli.ts';

runAdminCli(process.argv.slice(2), {
  env: process.env,
  stdin: process.stdin,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  openDatabase: async () => {
    // Never released: the command ends with process.exit.
    holdEventLoop();
    const config = loadConfig();
    // Held until the end, so that no server starts on the embedded database under the command.
    const releaseLock = config.databaseUrl
      ? () => {}
      : await holdEmbeddedDatabase(config.dataDir, 'admin CLI');
    const database = openDatabase(config);
    const release = async () => {
      await database.close();
      releaseLock();
    };
    try {
      await database.migrate();
    } catch (error) {
      await release();
      throw error;
    }
    return { database, release };
  },
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
