import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFailed, onTestFinished } from 'vitest';
import {
  seedOpenContest,
  storedEntries,
  withDeploymentDatabase,
  type DeploymentDatabase,
} from '#server/testing/deployment-database.ts';
import { isAcknowledged, postEntry, startEntryLoad } from '#server/testing/entry-load.ts';
import {
  PROCESS_TEST_TIMEOUT_MS,
  processTests,
  report,
  waitUntil,
} from '#server/testing/process-tests.ts';
import { createDatabase } from '#server/testing/processes.ts';
import { serverEnv, startServer } from '#server/testing/server-process.ts';
import { testDatabaseKind } from '#server/testing/test-app.ts';

const engine = testDatabaseKind();

/** A fresh database of this project's engine, removed when the test ends. */
async function freshDeployment(): Promise<DeploymentDatabase> {
  if (engine === 'postgres') {
    const created = await createDatabase(process.env.TEST_DATABASE_URL!, 'pw_crash');
    onTestFinished(created.drop);
    return { databaseUrl: created.url };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pw-crash-'));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  return { dataDir };
}

/**
 * `kill -9` is a crash: no graceful shutdown, no flush. An entry is acknowledged only after its
 * batch committed (decision 005), so whatever the client saw acknowledged must be there after
 * a restart, and nothing twice.
 */
describe.runIf(processTests() && (engine === 'pglite' || process.env.TEST_DATABASE_URL))(
  `a server killed under entry load (${engine})`,
  { timeout: PROCESS_TEST_TIMEOUT_MS },
  () => {
    it('keeps every acknowledged entry, once, and serves again after a restart', async () => {
      const target = await freshDeployment();
      const contestId = await seedOpenContest(target);
      const env = serverEnv(target);
      const first = await startServer(env);
      onTestFinished(first.kill);

      const load = startEntryLoad({ urls: [first.url], contestId, concurrency: 30 });
      onTestFinished(load.stop);
      // Well under way, batches being written: then pull the plug.
      await waitUntil(
        '100 acknowledged entries',
        () => load.answers.filter(isAcknowledged).length >= 100,
        30_000,
      );
      await first.kill();
      await load.stop();
      // Accepted, or cut off by the kill (no answer): nothing else.
      const cutOff = load.answers.filter((answer) => answer.status === 0).length;
      expect(
        load.answers.filter((answer) => answer.status !== 0 && !isAcknowledged(answer)),
      ).toEqual([]);
      const acknowledged = load.answers.filter(isAcknowledged).map((answer) => answer.email);

      const restarted = await startServer(env, { port: first.port });
      onTestFinished(restarted.kill);
      onTestFailed(() => console.error(restarted.output()));
      const after = await postEntry(restarted.url, contestId, {
        name: 'After The Crash',
        email: 'after-the-crash@example.com',
      });
      expect(after.status).toBe(201);
      await restarted.stop();

      const stored = await withDeploymentDatabase(target, (database) =>
        storedEntries(database, contestId),
      );
      const storedEmails = new Set(stored.emails);
      report(
        `kill -9 on ${engine}: ${acknowledged.length} entries acknowledged before the kill, ` +
          `${cutOff} requests cut off, ${stored.emails.length - 1} stored before the restart`,
      );
      expect(acknowledged.filter((email) => !storedEmails.has(email))).toEqual([]);
      expect(storedEmails.has('after-the-crash@example.com')).toBe(true);
      expect(stored.distinctEmails).toBe(stored.emails.length);
      expect(stored.entryCount).toBe(stored.emails.length);
    });
  },
);
