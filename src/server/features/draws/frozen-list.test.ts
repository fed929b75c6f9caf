import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries } from '#server/db/schema.ts';
import { addEntries, drawApi, expectOk, fans, picksOf } from '#server/testing/draw-api.ts';
import { seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { DrawRecord } from '#shared/contracts/draws.ts';

/**
 * The draw reads what was frozen (docs/draw-protocol.md): every draw after the first proves the
 * list it draws from against the frozen root. It once compared the count only, so a list of as
 * many other entries was drawn from while the public record showed the frozen one.
 */
describe('the frozen list', () => {
  let t: TestApp;
  let owner: SeededUser;
  let api: ReturnType<typeof drawApi>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
    api = drawApi(t);
  });
  afterAll(() => t.close());

  it('draws nothing from a list that changed behind the freeze, even at the same count', async () => {
    const contest = await seedContest(t.database, owner, { winnersCount: 2 });
    const entries = await addEntries(t, contest, fans(6));
    const first = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id, { count: 1 }));
    expect(first.picks).toHaveLength(1);

    // Behind the app's back: one frozen entry leaves the draw, a stranger takes its place.
    // addEntries answers all of the contest's entries: the stranger is the one by that name.
    const stranger = (await addEntries(t, contest, ['Stranger Danger'])).find(
      (entry) => entry.name === 'Stranger Danger',
    );
    const leaving = entries.find((entry) => entry.id !== first.picks[0]!.entryId)!;
    await t.database.db
      .update(contestEntries)
      .set({ status: 'pending' })
      .where(eq(contestEntries.id, leaving.id));

    const second = await api.drawPlaces(owner, contest.id, { count: 1 });
    expect(second.statusCode).toBe(500);
    expect(second.json()).not.toHaveProperty('stack');
    const picks = await picksOf(t, contest.id);
    expect(picks).toHaveLength(1);
    expect(picks.map((pick) => pick.entryId)).not.toContain(stranger!.id);
  });

  it('draws again once the list is the frozen one', async () => {
    const contest = await seedContest(t.database, owner, { winnersCount: 2 });
    await addEntries(t, contest, fans(5));
    expectOk(await api.drawPlaces(owner, contest.id, { count: 1 }));
    const second = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id, { count: 1 }));
    expect(second.picks).toHaveLength(2);
  });
});
