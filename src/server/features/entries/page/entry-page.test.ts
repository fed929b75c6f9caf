import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClientBuild } from '#server/testing/client-build.ts';
import {
  contestBody,
  request,
  seedContest,
  seedUser,
  type SeededUser,
} from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { PublicContest } from '#shared/contracts/contests.ts';

/**
 * A viral link's page is rendered once and reused for 2 s: the entry count may lag by that much,
 * but an owner who has just edited the contest must see the edit at once.
 */
describe('the public entry page reuses its rendering briefly', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp({ clientDir: makeClientBuild() });
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  /** The contest the page was rendered from, as embedded beside the markup. */
  async function renderedContest(contestId: string): Promise<PublicContest> {
    const response = await request(t, undefined, { method: 'GET', url: `/c/${contestId}` });
    expect(response.statusCode).toBe(200);
    const data = response.body.match(
      /<script type="application\/json" id="contest-data">(.*?)<\/script>/s,
    )?.[1];
    expect(data, response.body).toBeDefined();
    return JSON.parse(data!) as PublicContest;
  }

  /** A change that leaves updated_at alone, as a new entry's count does. */
  const retitleQuietly = (contestId: string, title: string) =>
    t.database.db.execute(sql`update contests set title = ${title} where id = ${contestId}`);

  it("serves the same rendering for a change that is not an owner's edit", async () => {
    const contest = await seedContest(t.database, owner, { title: 'First title' });
    expect((await renderedContest(contest.id)).title).toBe('First title');
    await retitleQuietly(contest.id, 'Quiet title');
    expect((await renderedContest(contest.id)).title).toBe('First title');
  });

  it('renders again at once after an edit by the owner', async () => {
    const contest = await seedContest(t.database, owner, { title: 'First title' });
    expect((await renderedContest(contest.id)).title).toBe('First title');
    const edited = await request(t, owner, {
      method: 'PUT',
      url: `/api/contests/${contest.id}`,
      payload: contestBody({ title: 'Edited title' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await renderedContest(contest.id)).title).toBe('Edited title');
  });

  it('renders again once 2 s have passed', async () => {
    const contest = await seedContest(t.database, owner, { title: 'First title' });
    expect((await renderedContest(contest.id)).title).toBe('First title');
    await retitleQuietly(contest.id, 'Later title');
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await renderedContest(contest.id)).title).toBe('Later title');
  });
});
