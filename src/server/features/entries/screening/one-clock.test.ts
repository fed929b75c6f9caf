import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contestEntries } from '#server/db/schema.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { FAST_SUBMIT_MS } from '#shared/contracts/entry-flags.ts';

/**
 * Two instances on one database, as behind a load balancer, whose machines' clocks disagree: the
 * page's token is stamped by one and read by the other (docs/decisions/035-form-tokens-on-one-clock.md).
 * A person must never be dropped, and a script never let through, because of the difference.
 */

const SKEW_MS = 20_000;
const realNow = Date.now;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('form tokens across instances whose clocks differ', () => {
  let a: TestApp;
  let b: TestApp;
  let owner: SeededUser;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ database: a.database });
    owner = await seedUser(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** The entry form's token as instance A serves it while its machine's clock is `skewMs` off. */
  async function tokenFromA(contestId: string, skewMs: number): Promise<string> {
    const skewed = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + skewMs);
    try {
      const setup = await request(a, undefined, {
        method: 'GET',
        url: `/api/contests/${contestId}/entry-form`,
      });
      expect(setup.statusCode).toBe(200);
      return setup.json<{ formToken: string }>().formToken;
    } finally {
      skewed.mockRestore();
    }
  }

  const enterAtB = (contestId: string, email: string, formToken: string) =>
    request(b, undefined, {
      method: 'POST',
      url: `/api/contests/${contestId}/entries`,
      payload: { name: 'Pat Person', email, formToken },
    });

  async function flagsOf(contestId: string) {
    const rows = await a.database.db
      .select({ email: contestEntries.email, flags: contestEntries.flags })
      .from(contestEntries)
      .where(eq(contestEntries.contestId, contestId));
    return rows;
  }

  it('takes a person normally whose page came from an instance 20 s ahead', async () => {
    const contest = await seedContest(a.database, owner);
    const formToken = await tokenFromA(contest.id, SKEW_MS);
    // A person's few seconds on the form.
    await sleep(FAST_SUBMIT_MS + 200);
    const entered = await enterAtB(contest.id, 'ahead@example.com', formToken);
    expect(entered.statusCode, entered.body).toBe(201);
    expect(await flagsOf(contest.id)).toEqual([{ email: 'ahead@example.com', flags: [] }]);
  });

  it('still drops a script that posts at once a page from an instance 20 s behind', async () => {
    const contest = await seedContest(a.database, owner);
    const formToken = await tokenFromA(contest.id, -SKEW_MS);
    const answered = await enterAtB(contest.id, 'script@example.com', formToken);
    // Answered as an entry (a script learns nothing), and nothing stored.
    expect(answered.statusCode).toBe(201);
    expect(await flagsOf(contest.id)).toEqual([]);
  });
});
