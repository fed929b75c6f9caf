import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contests, type Contest } from '#server/db/schema.ts';
import { addEntries, drawApi, expectError, expectOk, fans } from '#server/testing/draw-api.ts';
import { DAY_MS, request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { AdminContestListItem, AdminStats } from '#shared/contracts/admin.ts';
import {
  contestMessages,
  type ContestStatus,
  type OwnerContest,
  type PublicContest,
} from '#shared/contracts/contests.ts';
import { contestStatusOf, contestStatusSql } from './service.ts';

/**
 * One status per contest (docs/product.md#contest-states): the owner's and the public JSON carry
 * it, the admin figures and list count and filter by its SQL twin, and a drawn contest's end
 * date and pause no longer change.
 */
describe('contest status', () => {
  let t: TestApp;
  let owner: SeededUser;
  let admin: SeededUser;
  /** One contest in each state, as its owner leaves it. */
  let byStatus: Record<ContestStatus, Contest> & { endedWhilePaused: Contest };
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
    admin = await seedUser(t, 'admin');
    const past = new Date(Date.now() - DAY_MS);
    byStatus = {
      draft: await seedContest(t.database, owner, { publishedAt: null, isActive: false }),
      scheduled: await seedContest(t.database, owner, { startDate: new Date(Date.now() + DAY_MS) }),
      open: await seedContest(t.database, owner),
      paused: await seedContest(t.database, owner, { isActive: false }),
      ended: await seedContest(t.database, owner, { endDate: past }),
      endedWhilePaused: await seedContest(t.database, owner, { endDate: past, isActive: false }),
      // Drawn by the draw itself, a week before its end, entries still "active".
      drawn: await drawnContest(),
    };
  });
  afterAll(() => t.close());

  async function drawnContest() {
    const contest = await seedContest(t.database, owner);
    await addEntries(t, contest, fans(3));
    expectOk(await drawApi(t).drawPlaces(owner, contest.id));
    return contest;
  }

  const view = (as: SeededUser | undefined, contest: Contest) =>
    request(t, as, { method: 'GET', url: `/api/contests/${contest.id}` });

  const expected: [keyof typeof byStatus, ContestStatus][] = [
    ['draft', 'draft'],
    ['scheduled', 'scheduled'],
    ['open', 'open'],
    ['paused', 'paused'],
    ['ended', 'ended'],
    ['endedWhilePaused', 'ended'],
    ['drawn', 'drawn'],
  ];

  it.each(expected)('the owner JSON of a %s contest says %s', async (name, status) => {
    expect(expectOk<OwnerContest>(await view(owner, byStatus[name])).status).toBe(status);
  });

  it.each(expected.filter(([name]) => name !== 'draft'))(
    'the public JSON of a %s contest says %s, beside the fields it had',
    async (name, status) => {
      const contest = expectOk<PublicContest>(await view(undefined, byStatus[name]));
      expect(contest.status).toBe(status);
      expect(contest).toHaveProperty('isActive');
      expect(contest).toHaveProperty('isPublished');
      expect(contest).not.toHaveProperty('trainerId');
    },
  );

  it("the owner's list carries each contest's status", async () => {
    const list = expectOk<OwnerContest[]>(
      await request(t, owner, { method: 'GET', url: '/api/contests' }),
    );
    for (const [name, status] of expected) {
      expect(list.find(({ id }) => id === byStatus[name].id)?.status).toBe(status);
    }
  });

  it('the SQL twin agrees with the function for every state', async () => {
    const ids = Object.values(byStatus).map(({ id }) => id);
    const rows = await t.database.db
      .select({ contest: contests, status: contestStatusSql })
      .from(contests)
      .where(inArray(contests.id, ids));
    expect(rows).toHaveLength(ids.length);
    for (const row of rows) expect(row.status).toBe(contestStatusOf(row.contest));
    expect(new Set(rows.map((row) => row.status))).toEqual(
      new Set(['draft', 'scheduled', 'open', 'paused', 'ended', 'drawn']),
    );
  });

  describe('admin figures and filters', () => {
    const asAdmin = (url: string) => request(t, admin, { method: 'GET', url });

    it('counts only open contests as active: a drawn one is not', async () => {
      const before = expectOk<AdminStats>(await asAdmin('/api/admin/stats'));
      const extraDrawn = await drawnContest();
      const extraOpen = await seedContest(t.database, owner);
      const after = expectOk<AdminStats>(await asAdmin('/api/admin/stats'));
      expect(after.totalContests).toBe(before.totalContests + 2);
      expect(after.activeContests).toBe(before.activeContests + 1);
      const listed = expectOk<AdminContestListItem[]>(await asAdmin('/api/admin/contests'));
      expect(listed.find(({ id }) => id === extraDrawn.id)?.status).toBe('drawn');
      expect(listed.find(({ id }) => id === extraOpen.id)?.status).toBe('open');
    });

    it.each(['draft', 'scheduled', 'open', 'paused', 'ended', 'drawn'] as const)(
      'lists exactly the %s contests when filtered by that status, with their count',
      async (status) => {
        const response = await asAdmin(`/api/admin/contests?status=${status}&limit=500`);
        const listed = expectOk<AdminContestListItem[]>(response);
        expect(listed.length).toBeGreaterThan(0);
        expect(listed.every((contest) => contest.status === status)).toBe(true);
        const total = Number(response.headers['x-total-count']);
        expect(listed.length).toBe(Math.min(total, 500));
        expect(listed.map(({ id }) => id)).toContain(byStatus[status].id);
      },
    );

    it('refuses an unknown status with a clear 400', async () => {
      const response = await asAdmin('/api/admin/contests?status=active');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION' });
    });
  });

  describe('a drawn contest', () => {
    const edit = (contest: OwnerContest, endDate: string) =>
      request(t, owner, {
        method: 'PUT',
        url: `/api/contests/${contest.id}`,
        payload: {
          title: 'Renamed after the draw',
          description: contest.description,
          prizeDetails: contest.prizeDetails,
          prizeValue: contest.prizeValue,
          endDate,
          maxEntries: contest.maxEntries,
          confirmationMessage: contest.confirmationMessage,
        },
      });

    it('refuses a new end date with 409 CONTEST_DRAWN and keeps its end', async () => {
      const contest = expectOk<OwnerContest>(await view(owner, byStatus.drawn));
      const later = new Date(Date.parse(contest.endDate) + 7 * DAY_MS).toISOString();
      const response = await edit(contest, later);
      expectError(response, 409, 'CONTEST_DRAWN');
      expect(response.json()).toMatchObject({
        message: contestMessages.endDateLocked,
        errors: { endDate: contestMessages.endDateLocked },
      });
      expect(expectOk<OwnerContest>(await view(owner, byStatus.drawn)).endDate).toBe(
        contest.endDate,
      );
    });

    it('takes other edits with the end as the edit form sends it (to the minute)', async () => {
      const contest = expectOk<OwnerContest>(await view(owner, byStatus.drawn));
      const toTheMinute = new Date(Math.floor(Date.parse(contest.endDate) / 60_000) * 60_000);
      const updated = expectOk<OwnerContest>(await edit(contest, toTheMinute.toISOString()));
      expect(updated).toMatchObject({
        title: 'Renamed after the draw',
        endDate: contest.endDate,
        status: 'drawn',
      });
    });

    it('cannot be paused or resumed: 409 CONTEST_DRAWN', async () => {
      for (const isActive of [false, true]) {
        const response = await request(t, owner, {
          method: 'PATCH',
          url: `/api/contests/${byStatus.drawn.id}/status`,
          payload: { isActive },
        });
        expectError(response, 409, 'CONTEST_DRAWN');
        expect(response.json()).toMatchObject({ message: contestMessages.statusLocked });
      }
      expect(expectOk<OwnerContest>(await view(owner, byStatus.drawn))).toMatchObject({
        isActive: true,
        status: 'drawn',
      });
    });
  });
});
