import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contest } from '#server/db/schema.ts';
import { makeClientBuild } from '#server/testing/client-build.ts';
import {
  addEntries,
  drawApi,
  expectError,
  expectOk,
  fans,
  historyOf,
  picksOf,
} from '#server/testing/draw-api.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { PublicContest } from '#shared/contracts/contests.ts';
import {
  DISQUALIFY_REASON_MAX_LENGTH,
  type DrawRecord,
  type WheelData,
} from '#shared/contracts/draws.ts';

/**
 * Redrawing every place (docs/product.md#the-draw): one public reason for all the winners it
 * disqualifies, the entry page saying the places are being drawn again until they are, and a
 * wheel that shows only those who can still win.
 */
describe('redrawing every place', () => {
  let t: TestApp;
  let owner: SeededUser;
  let api: ReturnType<typeof drawApi>;
  beforeAll(async () => {
    t = await createTestApp({ clientDir: makeClientBuild() });
    owner = await seedUser(t);
    api = drawApi(t);
  });
  afterAll(() => t.close());

  async function drawnContest(winnersCount: number, entries: number) {
    const contest = await seedContest(t.database, owner, { winnersCount });
    await addEntries(t, contest, fans(entries));
    expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
    return contest;
  }

  const publicView = async (contest: Contest) =>
    expectOk<PublicContest>(
      await request(t, undefined, { method: 'GET', url: `/api/contests/${contest.id}` }),
    );

  /** The entry page as the server renders it for anyone. */
  async function entryPage(contest: Contest): Promise<string> {
    const response = await request(t, undefined, { method: 'GET', url: `/c/${contest.id}` });
    expect(response.statusCode).toBe(200);
    return response.body;
  }

  describe('the reason', () => {
    it('is required: a request without a body (an older screen) is a clear 400', async () => {
      const contest = await drawnContest(3, 6);
      const before = await picksOf(t, contest.id);
      const body = expectError(
        await api.reset(owner, contest.id, null),
        400,
        'VALIDATION',
        'A reason is required',
      );
      expect(body.errors).toEqual({ reason: 'A reason is required' });
      expect(await picksOf(t, contest.id)).toEqual(before);
    });

    it.each([
      ['blank', { reason: '   ' }, 'A reason is required'],
      ['not text', { reason: 42 }, 'A reason is required'],
      [
        'too long',
        { reason: 'x'.repeat(DISQUALIFY_REASON_MAX_LENGTH + 1) },
        `Must be at most ${DISQUALIFY_REASON_MAX_LENGTH} characters`,
      ],
      [
        'with an e-mail address',
        { reason: 'asked by maya@example.com' },
        'The reason is public: leave out e-mail addresses and @ handles',
      ],
    ])('is refused when %s, and nothing changes', async (_label, payload, message) => {
      const contest = await drawnContest(2, 4);
      const before = await picksOf(t, contest.id);
      const body = expectError(await api.reset(owner, contest.id, payload), 400, 'VALIDATION');
      expect(body.errors).toEqual({ reason: message });
      expect(await picksOf(t, contest.id)).toEqual(before);
    });

    it("is written to every disqualification and to the owner's history", async () => {
      const contest = await drawnContest(3, 6);
      expectOk(await api.reset(owner, contest.id, { reason: '  The prize changed  ' }));
      const record = expectOk<DrawRecord>(await api.record(undefined, contest.id));
      expect(record.picks.map((pick) => [pick.status, pick.reason])).toEqual(
        Array.from({ length: 3 }, () => ['disqualified', 'The prize changed']),
      );
      expect((await historyOf(t, contest.id)).map((item) => [item.action, item.reason])).toEqual([
        ...Array.from({ length: 3 }, () => ['random', null]),
        ...Array.from({ length: 3 }, () => ['disqualify', 'The prize changed']),
      ]);
    });
  });

  describe('the public entry page', () => {
    it('says the places are being drawn again until every place is filled', async () => {
      const contest = await drawnContest(3, 8);
      expect(await publicView(contest)).toMatchObject({ isRedrawing: false });
      expect(await entryPage(contest)).toContain('3 winners have been drawn');

      expectOk(await api.reset(owner, contest.id, { reason: 'Nobody replied' }));
      expect(await publicView(contest)).toMatchObject({ winners: [], isRedrawing: true });
      let page = await entryPage(contest);
      expect(page).toContain('The places are being drawn again');
      expect(page).not.toContain('have been drawn');

      // One place filled of three: still being drawn again.
      expectOk(await api.drawPlaces(owner, contest.id, { count: 1 }));
      expect(await publicView(contest)).toMatchObject({ isRedrawing: true });
      expect(await entryPage(contest)).toContain('The places are being drawn again');

      expectOk(await api.drawPlaces(owner, contest.id));
      expect(await publicView(contest)).toMatchObject({ isRedrawing: false });
      page = await entryPage(contest);
      expect(page).toContain('3 winners have been drawn');
      expect(page).not.toContain('being drawn again');
    });

    it('says the winner is being drawn again for a single place', async () => {
      const contest = await drawnContest(1, 3);
      expectOk(await api.reset(owner, contest.id, { reason: 'Not eligible' }));
      expect(await entryPage(contest)).toContain('The winner is being drawn again');
    });

    it('is not "being drawn again" while a first draw fills its places one by one', async () => {
      const contest = await seedContest(t.database, owner, { winnersCount: 3 });
      await addEntries(t, contest, fans(5));
      expectOk(await api.drawPlaces(owner, contest.id, { count: 1 }));
      expect(await publicView(contest)).toMatchObject({ isRedrawing: false });
      expect(await entryPage(contest)).not.toContain('being drawn again');
    });
  });

  describe('the wheel', () => {
    it('shows only those who can still win once winners are disqualified', async () => {
      const contest = await drawnContest(2, 6);
      const drawn = expectOk<WheelData>(await api.wheel(owner, contest.id));
      expect(drawn.count).toBe(6);
      const out = new Set(drawn.places.map((place) => place.name));

      expectOk(await api.reset(owner, contest.id, { reason: 'Nobody replied' }));
      const emptied = expectOk<WheelData>(await api.wheel(owner, contest.id));
      expect(emptied.count).toBe(4);
      expect(emptied.labels).toHaveLength(4);
      expect(emptied.labels!.some((label) => out.has(label))).toBe(false);

      expectOk(await api.drawPlaces(owner, contest.id));
      const redrawn = expectOk<WheelData>(await api.wheel(owner, contest.id));
      expect(redrawn.count).toBe(4);
      // Each winner's slice is theirs on the smaller wheel, where the spin lands.
      for (const place of redrawn.places) expect(redrawn.labels![place.slice]).toBe(place.name);

      // A disqualification and its replacement: the one out leaves the wheel too.
      const [first] = redrawn.places;
      expectOk(
        await api.disqualify(owner, contest.id, 1, { p: first!.p, reason: 'Declined the prize' }),
      );
      const replaced = expectOk<WheelData>(await api.wheel(owner, contest.id));
      expect(replaced.count).toBe(3);
      expect(replaced.labels).not.toContain(first!.name);
      for (const place of replaced.places) expect(replaced.labels![place.slice]).toBe(place.name);
    });
  });
});
