import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contests } from '#server/db/schema.ts';
import { addEntries, expectOk, fans } from '#server/testing/draw-api.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import {
  entryListFilters,
  type ContestEntryItem,
  type EntrySummary,
} from '#shared/contracts/entries.ts';

/**
 * The dashboard shows a count beside each filter of the entries list
 * (docs/product.md#owner-screens): each must be the number of entries that filter lists.
 */
describe('entry summary', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  it('counts, per filter, exactly the entries the filter lists', async () => {
    const contest = await seedContest(t.database, owner, { referralBonus: 1 });
    const [inviter, ...rest] = await addEntries(t, contest, fans(7));
    const [pendingOne, pendingTwo, flaggedOne, flaggedPending, referredOne] = rest;
    const { db } = t.database;
    // Two entries wait for their confirmation (one of them flagged too), out of the counter.
    await db
      .update(contestEntries)
      .set({ status: 'pending' })
      .where(inArray(contestEntries.id, [pendingOne!.id, pendingTwo!.id, flaggedPending!.id]));
    await db.update(contests).set({ entryCount: 4 }).where(eq(contests.id, contest.id));
    await db
      .update(contestEntries)
      .set({ flags: ['fast-submit'] })
      .where(inArray(contestEntries.id, [flaggedOne!.id, flaggedPending!.id]));
    await db
      .update(contestEntries)
      .set({ referredBy: inviter!.id })
      .where(eq(contestEntries.id, referredOne!.id));

    const summary = expectOk<EntrySummary>(
      await request(t, owner, {
        method: 'GET',
        url: `/api/contests/${contest.id}/entries/summary`,
      }),
    );
    expect(summary).toEqual({ all: 7, pending: 3, confirmed: 4, flagged: 2, referred: 1 });
    for (const filter of entryListFilters) {
      const response = await request(t, owner, {
        method: 'GET',
        url: `/api/contests/${contest.id}/entries?filter=${filter}`,
      });
      const listed = expectOk<ContestEntryItem[]>(response);
      expect(listed, filter).toHaveLength(summary[filter]);
      expect(Number(response.headers['x-total-count']), filter).toBe(summary[filter]);
    }
  });
});
