import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { contestEntries } from '#server/db/schema.ts';
import {
  openDeploymentDatabase,
  seedOpenContest,
  storedEntries,
  type DeploymentDatabase,
} from '#server/testing/deployment-database.ts';
import { ENTRY_TIMEOUT_MS } from '#server/testing/entry-load.ts';
import {
  countBy,
  PROCESS_TEST_TIMEOUT_MS,
  processTests,
  report,
} from '#server/testing/process-tests.ts';
import { createDatabase } from '#server/testing/processes.ts';
import { serverEnv, startServer, type ServerProcess } from '#server/testing/server-process.ts';
import { testDatabaseKind } from '#server/testing/test-app.ts';
import { entryMessages } from '#shared/contracts/entries.ts';

/**
 * The address limits on entries (docs/product.md#trusted-leads) as deployed: two instances on
 * one PostgreSQL database count one client address once, inside each one's group commit.
 */
describe.runIf(processTests() && testDatabaseKind() === 'postgres')(
  'entry limits shared by two instances',
  { timeout: PROCESS_TEST_TIMEOUT_MS },
  () => {
    let a: ServerProcess | undefined;
    let b: ServerProcess | undefined;
    let database: Database | undefined;
    let dropDatabase: (() => Promise<void>) | undefined;
    let target: DeploymentDatabase;

    beforeAll(async () => {
      const created = await createDatabase(process.env.TEST_DATABASE_URL!, 'pw_entry_limits');
      dropDatabase = created.drop;
      target = { databaseUrl: created.url };
      // No proxy in front: each request forwards the client address it stands for.
      const env = { ...serverEnv(target), TRUST_PROXY: 'on', RATE_LIMIT: 'on' };
      const started = await Promise.allSettled([startServer(env), startServer(env)]);
      [a, b] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
      const failed = started.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      database = await openDeploymentDatabase(target);
    }, PROCESS_TEST_TIMEOUT_MS);

    afterEach(({ task }) => {
      if (task.result?.state === 'fail') console.error(a?.output(), b?.output());
    });

    afterAll(async () => {
      await Promise.all([a?.kill(), b?.kill()]);
      await database?.close();
      await dropDatabase?.();
    });

    async function enterFrom(server: ServerProcess, contestId: string, email: string) {
      const response = await fetch(`${server.url}/api/contests/${contestId}/entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.200' },
        body: JSON.stringify({ name: 'Fan Example', email }),
        signal: AbortSignal.timeout(ENTRY_TIMEOUT_MS),
      });
      return {
        server: server.url,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: await response.text(),
      };
    }

    it('stores 100 of 120 entries from one address spread over both, 80 of them flagged', async () => {
      const contestId = await seedOpenContest(target);
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 120 }, (_, index) =>
          enterFrom(index % 2 ? a! : b!, contestId, `limit${index}@gmail.com`),
        ),
      );
      report(`shared entry limits: 120 entries from one address in ${Date.now() - started} ms`);
      expect(countBy(answers.map((answer) => answer.status))).toEqual({ 201: 100, 429: 20 });
      for (const refused of answers.filter((answer) => answer.status === 429)) {
        expect(JSON.parse(refused.body)).toEqual({
          message: entryMessages.tooManyFromAddress,
          code: 'RATE_LIMITED',
        });
        expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
        expect(Number(refused.retryAfter)).toBeLessThanOrEqual(3600);
      }
      // Each instance took 60 entries, so both stored some of the hundred.
      const acceptedBy = new Set(
        answers.filter((answer) => answer.status === 201).map((answer) => answer.server),
      );
      expect(acceptedBy.size).toBe(2);

      const stored = await storedEntries(database!, contestId);
      expect(stored.emails).toHaveLength(100);
      expect(stored.entryCount).toBe(100);
      const [flags] = await database!.db
        .select({
          flagged: sql<number>`count(*) filter (where 'address-burst' = any(${contestEntries.flags}))::int`,
          other: sql<number>`count(*) filter (where cardinality(${contestEntries.flags}) > 0 and not 'address-burst' = any(${contestEntries.flags}))::int`,
        })
        .from(contestEntries)
        .where(eq(contestEntries.contestId, contestId));
      expect(flags).toEqual({ flagged: 80, other: 0 });
    });
  },
);
