import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contests, type Contest } from '#server/db/schema.ts';
import { DAY_MS, request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { csvFileForm } from '#server/testing/uploads.ts';

const editBody = (title: string) => ({
  title,
  description: 'Changed by someone',
  prizeDetails: 'A different prize',
  prizeValue: null,
  endDate: new Date(Date.now() + 3 * DAY_MS).toISOString(),
  maxEntries: null,
  confirmationMessage: null,
});

type OwnerRoute = {
  label: string;
  send: (as: SeededUser | undefined, contest: Contest) => ReturnType<typeof request>;
};

describe('contest ownership', () => {
  let t: TestApp;
  let owner: SeededUser;
  let intruder: SeededUser;
  let admin: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
    intruder = await seedUser(t);
    admin = await seedUser(t, 'admin');
  });
  afterAll(() => t.close());

  /** Every call that only the owner (or an admin) may make on one contest. */
  const ownerRoutes: OwnerRoute[] = [
    {
      label: 'PUT /api/contests/:id',
      send: (as, contest) =>
        request(t, as, {
          method: 'PUT',
          url: `/api/contests/${contest.id}`,
          payload: editBody('Hijacked'),
        }),
    },
    {
      label: 'PATCH /api/contests/:id/status',
      send: (as, contest) =>
        request(t, as, {
          method: 'PATCH',
          url: `/api/contests/${contest.id}/status`,
          payload: { isActive: false },
        }),
    },
    {
      label: 'DELETE /api/contests/:id',
      send: (as, contest) =>
        request(t, as, { method: 'DELETE', url: `/api/contests/${contest.id}` }),
    },
    {
      label: 'GET /api/contests/:id/entries',
      send: (as, contest) =>
        request(t, as, { method: 'GET', url: `/api/contests/${contest.id}/entries` }),
    },
    {
      label: 'GET /api/contests/:id/entries?search',
      send: (as, contest) =>
        request(t, as, {
          method: 'GET',
          url: `/api/contests/${contest.id}/entries`,
          query: { search: 'example' },
        }),
    },
    {
      label: 'POST /api/contests/:id/entries/import',
      send: (as, contest) =>
        request(t, as, {
          method: 'POST',
          url: `/api/contests/${contest.id}/entries/import`,
          ...csvFileForm('name,email\nPlanted,planted@example.com\n'),
        }),
    },
    {
      label: 'GET /api/contests/:id/entries/export',
      send: (as, contest) =>
        request(t, as, { method: 'GET', url: `/api/contests/${contest.id}/entries/export` }),
    },
  ];

  /** A published contest with one entrant whose e-mail must never leak. */
  async function contestWithEntrant() {
    const contest = await seedContest(t.database, owner, { title: 'Owner Only' });
    const entered = await request(t, undefined, {
      method: 'POST',
      url: `/api/contests/${contest.id}/entries`,
      payload: { name: 'Private Person', email: 'private.person@example.com' },
    });
    expect(entered.statusCode).toBe(201);
    return contest;
  }

  async function expectUntouched(contest: Contest) {
    const [row] = await t.database.db.select().from(contests).where(eq(contests.id, contest.id));
    expect(row).toMatchObject({ title: 'Owner Only', isActive: true, entryCount: 1 });
    const entries = await t.database.db
      .select({ email: contestEntries.email })
      .from(contestEntries)
      .where(eq(contestEntries.contestId, contest.id));
    expect(entries).toEqual([{ email: 'private.person@example.com' }]);
  }

  describe.each(ownerRoutes)('$label', ({ send }) => {
    it('answers 404 to another signed-in user and changes nothing', async () => {
      const contest = await contestWithEntrant();
      const response = await send(intruder, contest);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Contest not found', code: 'NOT_FOUND' });
      expect(response.body).not.toContain('private.person');
      await expectUntouched(contest);
    });

    it('answers 401 to an anonymous caller and changes nothing', async () => {
      const contest = await contestWithEntrant();
      const response = await send(undefined, contest);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
      expect(response.body).not.toContain('private.person');
      await expectUntouched(contest);
    });

    it('answers the same 404 for a contest that does not exist', async () => {
      const ghost = { ...(await contestWithEntrant()), id: '5f0c6a9e-3c1b-4d2e-8f7a-9b8c7d6e5f40' };
      const response = await send(owner, ghost);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Contest not found', code: 'NOT_FOUND' });
    });

    it('lets an admin manage another user’s contest', async () => {
      const contest = await contestWithEntrant();
      const response = await send(admin, contest);
      expect(response.statusCode).toBeGreaterThanOrEqual(200);
      expect(response.statusCode).toBeLessThan(300);
    });
  });

  describe('the owner’s lists', () => {
    it.each(['/api/contests', '/api/contests/entry-counts'])(
      'GET %s answers 401 when anonymous',
      async (url) => {
        await contestWithEntrant();
        const response = await request(t, undefined, { method: 'GET', url });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
      },
    );

    it('never lists or counts another user’s contests', async () => {
      const contest = await contestWithEntrant();
      const list = await request(t, intruder, { method: 'GET', url: '/api/contests' });
      expect(list.statusCode).toBe(200);
      expect(list.json().map((item: { id: string }) => item.id)).not.toContain(contest.id);
      const counts = await request(t, intruder, {
        method: 'GET',
        url: '/api/contests/entry-counts',
      });
      expect(counts.json()).not.toHaveProperty(contest.id);
    });

    it('refuses an anonymous create with 401 and stores nothing', async () => {
      const before = await t.database.db.$count(contests);
      const response = await request(t, undefined, {
        method: 'POST',
        url: '/api/contests',
        payload: { ...editBody('Anonymous Contest'), maxEntries: 5 },
      });
      expect(response.statusCode).toBe(401);
      expect(await t.database.db.$count(contests)).toBe(before);
    });
  });

  describe('reading one contest', () => {
    it('shows another user or a visitor the public view, and the owner the full one', async () => {
      const contest = await contestWithEntrant();
      for (const viewer of [intruder, undefined]) {
        const response = await request(t, viewer, {
          method: 'GET',
          url: `/api/contests/${contest.id}`,
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).not.toHaveProperty('trainerId');
        expect(response.body).not.toContain('@');
      }
      const own = await request(t, owner, { method: 'GET', url: `/api/contests/${contest.id}` });
      expect(own.json()).toMatchObject({ trainerId: owner.id });
    });

    it('shows an admin the full record of anyone’s contest, drafts included', async () => {
      const draft = await seedContest(t.database, owner, { isActive: false, publishedAt: null });
      const response = await request(t, admin, { method: 'GET', url: `/api/contests/${draft.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ trainerId: owner.id, isPublished: false });
      const count = await request(t, admin, {
        method: 'GET',
        url: `/api/contests/${draft.id}/entries/count`,
      });
      expect(count.statusCode).toBe(200);
      expect(count.json()).toEqual({ count: 0 });
      const stranger = await request(t, intruder, {
        method: 'GET',
        url: `/api/contests/${draft.id}`,
      });
      expect(stranger.statusCode).toBe(404);
    });
  });

  describe('what an admin may do', () => {
    it('edits, pauses, lists entries of, imports into, exports and deletes anyone’s contest', async () => {
      const contest = await contestWithEntrant();
      const edited = await request(t, admin, {
        method: 'PUT',
        url: `/api/contests/${contest.id}`,
        payload: editBody('Moderated Title'),
      });
      expect(edited.statusCode).toBe(200);
      // The admin manages the contest; it stays its owner's.
      expect(edited.json()).toMatchObject({ title: 'Moderated Title', trainerId: owner.id });

      const paused = await request(t, admin, {
        method: 'PATCH',
        url: `/api/contests/${contest.id}/status`,
        payload: { isActive: false },
      });
      expect(paused.json()).toMatchObject({ isActive: false });

      const imported = await request(t, admin, {
        method: 'POST',
        url: `/api/contests/${contest.id}/entries/import`,
        ...csvFileForm('name,email\nAdded By Admin,added@example.com\n'),
      });
      expect(imported.json()).toEqual({ imported: 1, skipped: 0, errors: [] });

      const entries = await request(t, admin, {
        method: 'GET',
        url: `/api/contests/${contest.id}/entries`,
      });
      expect(
        entries
          .json()
          .map((entry: { email: string }) => entry.email)
          .sort(),
      ).toEqual(['added@example.com', 'private.person@example.com']);

      const exported = await request(t, admin, {
        method: 'GET',
        url: `/api/contests/${contest.id}/entries/export`,
      });
      expect(exported.statusCode).toBe(200);
      expect(exported.body).toContain('private.person@example.com');

      const deleted = await request(t, admin, {
        method: 'DELETE',
        url: `/api/contests/${contest.id}`,
      });
      expect(deleted.statusCode).toBe(204);
      expect(await t.database.db.$count(contests, eq(contests.id, contest.id))).toBe(0);
    });

    it('does not list other users’ contests among the admin’s own', async () => {
      const contest = await contestWithEntrant();
      const list = await request(t, admin, { method: 'GET', url: '/api/contests' });
      expect(list.json().map((item: { id: string }) => item.id)).not.toContain(contest.id);
    });
  });

  it('keeps a signed-out (expired or forged) session anonymous', async () => {
    const contest = await contestWithEntrant();
    const forged = { ...owner, cookie: 'pw_session=forged.value' };
    const response = await request(t, forged, {
      method: 'GET',
      url: `/api/contests/${contest.id}/entries`,
    });
    expect(response.statusCode).toBe(401);
  });
});
