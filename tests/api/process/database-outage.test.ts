import { describe, expect, it, onTestFailed, onTestFinished } from 'vitest';
import {
  seedOpenContest,
  storedEntries,
  withDeploymentDatabase,
} from '#server/testing/deployment-database.ts';
import {
  ENTRY_TIMEOUT_MS,
  isAcknowledged,
  startEntryLoad,
  type EntryAnswer,
} from '#server/testing/entry-load.ts';
import { postgresBinDir, startPrivatePostgres } from '#server/testing/private-postgres.ts';
import {
  countBy,
  PROCESS_TEST_TIMEOUT_MS,
  processTests,
  report,
  sleep,
  waitUntil,
} from '#server/testing/process-tests.ts';
import { createDatabase } from '#server/testing/processes.ts';
import { serverEnv, startServer } from '#server/testing/server-process.ts';
import { testDatabaseKind } from '#server/testing/test-app.ts';

const OUTAGE_MS = 3000;
/** What the error handler answers when the database is unreachable (never the driver's words). */
const UNAVAILABLE = 'The service is temporarily unavailable. Please try again shortly.';

type Probe = { at: number; status: number; ms: number };

/** GET /healthz every 100 ms, as a load balancer would. */
function startHealthProbe(url: string) {
  const probes: Probe[] = [];
  let stopping = false;
  const probe = async (): Promise<number> => {
    try {
      const response = await fetch(`${url}/healthz`, {
        signal: AbortSignal.timeout(ENTRY_TIMEOUT_MS),
      });
      await response.body?.cancel();
      return response.status;
    } catch {
      return 0;
    }
  };
  const running = (async () => {
    while (!stopping) {
      const at = Date.now();
      const status = await probe();
      probes.push({ at, status, ms: Date.now() - at });
      await sleep(100);
    }
  })();
  return {
    probes,
    stop: async () => {
      stopping = true;
      await running;
    },
  };
}

const answeredAt = (answer: EntryAnswer) => answer.at + answer.ms;

/** The outage as the entrants saw it, in ms from the moment PostgreSQL was stopped. */
function describeOutage(
  answers: EntryAnswer[],
  times: { down: number; restart: number; up: number },
) {
  const refused = answers.filter((answer) => answer.status === 503).map(answeredAt);
  const back = answers.filter((answer) => answer.at > times.up && isAcknowledged(answer));
  return (
    `PostgreSQL down ${times.restart - times.down} ms (its restart took ${times.up - times.restart} ms): ` +
    `${refused.length} entries answered 503 from +${Math.min(...refused) - times.down} ms ` +
    `to +${Math.max(...refused) - times.down} ms; slowest answer ${Math.max(...answers.map((answer) => answer.ms))} ms; ` +
    `entries accepted again ${Math.min(...back.map(answeredAt)) - times.up} ms after it was back; ` +
    `${answers.filter(isAcknowledged).length} acknowledged in all`
  );
}

/**
 * PostgreSQL goes away under load (a crash, a failover) and comes back. The shared server on
 * 5432 serves other tests, so this one stops a private cluster of its own.
 */
describe.runIf(processTests() && testDatabaseKind() === 'postgres' && postgresBinDir())(
  'PostgreSQL stopping under load',
  { timeout: PROCESS_TEST_TIMEOUT_MS },
  () => {
    it('answers 503 {message} quickly while it is down, and recovers by itself', async () => {
      const cluster = await startPrivatePostgres();
      onTestFinished(cluster.dispose);
      const target = { databaseUrl: (await createDatabase(cluster.url, 'pw_outage')).url };
      const contestId = await seedOpenContest(target);
      const server = await startServer(serverEnv(target));
      onTestFinished(server.kill);
      onTestFailed(() => console.error(server.output()));

      const load = startEntryLoad({ urls: [server.url], contestId, concurrency: 10 });
      onTestFinished(load.stop);
      const health = startHealthProbe(server.url);
      onTestFinished(health.stop);
      await waitUntil('entries before the outage', () => load.answers.some(isAcknowledged), 20_000);
      await sleep(500);

      const down = Date.now();
      await cluster.crash();
      const crashed = Date.now();
      await sleep(OUTAGE_MS);
      const restart = Date.now();
      await cluster.start();
      const up = Date.now();
      await waitUntil(
        'an entry accepted after the restart',
        () => load.answers.some((answer) => answer.at > up && isAcknowledged(answer)),
        30_000,
      );
      await waitUntil(
        'healthz 200 after the restart',
        () => health.probes.some((probe) => probe.at > up && probe.status === 200),
        30_000,
      );
      await sleep(300);
      await Promise.all([load.stop(), health.stop()]);
      const answers = load.answers;
      const probes = health.probes;
      report(describeOutage(answers, { down, restart, up }));

      // Two kinds of answer only: accepted, or 503 with the plain message. No 500, no hang.
      expect(countBy(answers.map((answer) => answer.status))).toEqual({
        201: expect.any(Number),
        503: expect.any(Number),
      });
      for (const answer of answers.filter((answer) => answer.status === 503)) {
        expect(JSON.parse(answer.body)).toEqual({
          message: UNAVAILABLE,
          code: 'SERVICE_UNAVAILABLE',
        });
      }
      expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(10_000);
      const whileDown = probes.filter((probe) => probe.at > crashed && probe.at < restart);
      expect(whileDown.length).toBeGreaterThan(0);
      expect(countBy(whileDown.map((probe) => probe.status))).toEqual({ 503: whileDown.length });
      expect(Math.max(...probes.map((probe) => probe.ms))).toBeLessThan(5000);

      // The crash lost nothing that was acknowledged.
      const stored = await withDeploymentDatabase(target, (database) =>
        storedEntries(database, contestId),
      );
      const storedEmails = new Set(stored.emails);
      const lost = answers.filter(
        (answer) => isAcknowledged(answer) && !storedEmails.has(answer.email),
      );
      expect(lost).toEqual([]);
      expect(stored.entryCount).toBe(stored.emails.length);
    });
  },
);
