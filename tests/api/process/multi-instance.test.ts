import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { contestEntries, mails } from '#server/db/schema.ts';
import { issueFormToken } from '#server/lib/form-token.ts';
import { linkIn, signupFields } from '#server/testing/auth-helpers.ts';
import {
  openDeploymentDatabase,
  seedOpenContest,
  storedEntries,
  type DeploymentDatabase,
} from '#server/testing/deployment-database.ts';
import { ENTRY_TIMEOUT_MS, postEntry } from '#server/testing/entry-load.ts';
import {
  countBy,
  PROCESS_TEST_TIMEOUT_MS,
  processTests,
  report,
} from '#server/testing/process-tests.ts';
import { createDatabase } from '#server/testing/processes.ts';
import { serverEnv, startServer, type ServerProcess } from '#server/testing/server-process.ts';
import { testDatabaseKind } from '#server/testing/test-app.ts';
import { entryMessages } from '#shared/contracts/entry-messages.ts';

/**
 * Two instances of the server on one PostgreSQL database, as behind a load balancer: nothing
 * that one instance knows may be missing on the other (decision 008).
 */
describe.runIf(processTests() && testDatabaseKind() === 'postgres')(
  'two instances',
  { timeout: PROCESS_TEST_TIMEOUT_MS },
  () => {
    let a: ServerProcess | undefined;
    let b: ServerProcess | undefined;
    let database: Database | undefined;
    let dropDatabase: (() => Promise<void>) | undefined;
    let target: DeploymentDatabase;

    beforeAll(async () => {
      const created = await createDatabase(process.env.TEST_DATABASE_URL!, 'pw_multi');
      dropDatabase = created.drop;
      target = { databaseUrl: created.url };
      // The balancer sets X-Forwarded-For: the tests below act as clients at different addresses.
      const env = { ...serverEnv(target), TRUST_PROXY: 'on', APP_URL: 'http://prizewheel.test' };
      // Started together: both migrate the fresh database at once (under the advisory lock).
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

    const call = (
      server: ServerProcess | undefined,
      path: string,
      init: { method?: string; body?: unknown; cookie?: string; client?: string } = {},
    ) =>
      fetch(`${server!.url}${path}`, {
        method: init.method ?? 'GET',
        redirect: 'manual',
        headers: {
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...(init.client ? { 'x-forwarded-for': init.client } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(ENTRY_TIMEOUT_MS),
      });

    it('accepts on one instance a session signed in on the other, and ends it on both', async () => {
      const client = '198.51.100.10';
      const fields = signupFields();
      const signup = await call(a, '/api/auth/signup', { method: 'POST', body: fields, client });
      expect(signup.status).toBe(201);

      // The mail goes out just after the answer (decision 011).
      let mail: { text: string } | undefined;
      await expect
        .poll(async () => {
          [mail] = await database!.db
            .select({ text: mails.text })
            .from(mails)
            .where(eq(sql`lower(${mails.recipient})`, fields.email.toLowerCase()))
            .orderBy(asc(mails.createdAt));
          return mail;
        })
        .toBeDefined();
      const link = new URL(linkIn(mail!.text, '/verify-email'));
      const verify = await call(b, '/api/auth/verify-email', {
        method: 'POST',
        body: { token: link.searchParams.get('token'), password: fields.password },
        client,
      });
      expect(verify.status).toBe(200);

      const login = await call(a, '/api/auth/login', {
        method: 'POST',
        body: { email: fields.email, password: fields.password },
        client,
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

      const onB = await call(b, '/api/auth/user', { cookie });
      expect(onB.status).toBe(200);
      expect(((await onB.json()) as { email: string }).email).toBe(fields.email);

      expect((await call(b, '/api/auth/logout', { method: 'POST', cookie })).status).toBe(200);
      expect((await call(a, '/api/auth/user', { cookie })).status).toBe(401);
    });

    it('takes exactly maxEntries of 1,000 concurrent entries spread over both', async () => {
      const contestId = await seedOpenContest(target, { maxEntries: 100 });
      const enter = (index: number) =>
        postEntry(index % 2 ? a!.url : b!.url, contestId, {
          name: `Fan ${index}`,
          email: `fan${index}@example.com`,
        });
      const started = Date.now();
      // One entry through each instance first: which instance wins the race for the rest is
      // timing, and a fast one can take all of it, which would prove nothing about the other.
      const firsts = [await enter(0), await enter(1)];
      const answers = [
        ...firsts,
        ...(await Promise.all(Array.from({ length: 998 }, (_, index) => enter(index + 2)))),
      ];
      const statuses = answers.map((answer) => answer.status);
      report(
        `two instances: 1,000 concurrent entries answered in ${Date.now() - started} ms ` +
          `(${statuses.filter((status) => status === 201).length} x 201)`,
      );
      expect(countBy(statuses)).toEqual({ 201: 100, 409: 900 });
      expect(answers.find((answer) => answer.status === 409)?.body).toContain(
        'This contest is full.',
      );
      // Both instances wrote some of the hundred (at least the first entry each took).
      const acceptedBy = new Set(
        answers.filter((answer) => answer.status === 201).map((answer) => answer.url),
      );
      expect(acceptedBy.size).toBe(2);
      const stored = await storedEntries(database!, contestId);
      expect(stored.emails).toHaveLength(100);
      expect(stored.entryCount).toBe(100);
    });

    it('keeps one entry when one e-mail is sent to both at once in mixed case', async () => {
      const contestId = await seedOpenContest(target);
      const spellings = [
        'twin@example.com',
        'Twin@Example.com',
        'TWIN@EXAMPLE.COM',
        ' twin@example.COM',
      ];
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          postEntry(index % 2 ? a!.url : b!.url, contestId, {
            name: `Twin ${index}`,
            email: spellings[index % spellings.length]!,
          }),
        ),
      );
      expect(countBy(answers.map((answer) => answer.status))).toEqual({ 201: 1, 409: 39 });
      for (const answer of answers.filter((answer) => answer.status === 409)) {
        expect(answer.body).toContain('This email has already entered this contest.');
      }
      const stored = await storedEntries(database!, contestId);
      expect(stored.emails).toHaveLength(1);
      expect(stored.entryCount).toBe(1);
    });

    it('shares the rate limit: attempts on one instance count on the other', async () => {
      const client = '203.0.113.77';
      const attempts: { status: number; remaining: string | null }[] = [];
      for (let attempt = 0; attempt < 14; attempt += 1) {
        const response = await call(attempt % 2 ? a : b, '/api/auth/login', {
          method: 'POST',
          body: { email: 'nobody@example.com', password: `guess-${attempt}` },
          client,
        });
        await response.body?.cancel();
        attempts.push({
          status: response.status,
          remaining: response.headers.get('x-ratelimit-remaining'),
        });
      }
      // Ten per minute per address, counted once across both instances.
      expect(attempts.map((attempt) => attempt.status)).toEqual([
        ...Array<number>(10).fill(401),
        ...Array<number>(4).fill(429),
      ]);
      expect(attempts.slice(0, 10).map((attempt) => attempt.remaining)).toEqual([
        '9',
        '8',
        '7',
        '6',
        '5',
        '4',
        '3',
        '2',
        '1',
        '0',
      ]);
      // Another address is not affected (at another account: this one is now locked).
      const other = await call(a, '/api/auth/login', {
        method: 'POST',
        body: { email: 'somebody-else@example.com', password: 'x' },
        client: '203.0.113.78',
      });
      expect(other.status).toBe(401);
    });

    it('shares the account-wide limit: guesses from many networks on both instances', async () => {
      // Each guess from a network of its own (decision 034): only the account-wide count, 100
      // an hour, refuses them, and it is one count across both instances.
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 104; attempt += 1) {
        const response = await call(attempt % 2 ? a : b, '/api/auth/login', {
          method: 'POST',
          body: { email: 'target@example.com', password: `guess-${attempt}` },
          client: `198.51.${100 + Math.floor(attempt / 200)}.${attempt % 200}`,
        });
        await response.body?.cancel();
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array<number>(100).fill(401), ...Array<number>(4).fill(429)]);
    });

    // The per-address entry limits (docs/product.md#trusted-leads): both count one address once.
    async function enterFrom(server: ServerProcess, contestId: string, email: string) {
      const response = await fetch(`${server.url}/api/contests/${contestId}/entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.200' },
        // Sent from the entry page (served 5 s before), as people do: only the address limits
        // flag these.
        body: JSON.stringify({
          name: 'Fan Example',
          email,
          formToken: issueFormToken(serverEnv(target).SESSION_SECRET, contestId, Date.now() - 5000),
        }),
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
