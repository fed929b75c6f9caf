import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, type Contest } from '#server/db/schema.ts';
import { addEntries, drawApi, expectError, expectOk, fans } from '#server/testing/draw-api.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { drawMessages, type DrawRecord, type WheelData } from '#shared/contracts/draws.ts';
import type { ContestEntryItem } from '#shared/contracts/entries.ts';
import type { EntryFlag } from '#shared/contracts/entry-flags.ts';
import { flagReviewMessages, type FlagReview } from '#shared/contracts/flag-review.ts';

/**
 * No person silently left out (docs/product.md#flagged-entries). A flag that real people trip (a
 * quick submit with autofill, a gym's shared wifi, an app without the entry page) used to leave
 * its entry out of the draw by itself, and the wheel shrank with no word. Now only an alias is
 * out until the owner decides; the owner reviews every flag before the first draw, per flag or
 * per entry, and the public record tells how many entries were left out and for which flags.
 */
describe("the owner's review of flagged entries", () => {
  let t: TestApp;
  let owner: SeededUser;
  let stranger: SeededUser;
  let api: ReturnType<typeof drawApi>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
    stranger = await seedUser(t);
    api = drawApi(t);
  });
  afterAll(() => t.close());

  /** A contest with `clean` ordinary entries and one entry per flag list given. */
  async function contestWith(clean: number, flagged: EntryFlag[][]) {
    const contest = await seedContest(t.database, owner, { winnersCount: 1 });
    const entries = await addEntries(t, contest, [
      ...fans(clean),
      ...flagged.map((_, i) => `Flagged${i} Example`),
    ]);
    const flaggedIds: string[] = [];
    for (const [i, flags] of flagged.entries()) {
      const entry = entries.find((candidate) => candidate.name === `Flagged${i} Example`)!;
      await t.database.db
        .update(contestEntries)
        .set({ flags })
        .where(eq(contestEntries.id, entry.id));
      flaggedIds.push(entry.id);
    }
    return { contest, flaggedIds };
  }

  const review = (contest: Pick<Contest, 'id'>, as: SeededUser = owner) =>
    request(t, as, { method: 'GET', url: `/api/contests/${contest.id}/flag-review` });
  const setRule = (contest: Pick<Contest, 'id'>, flag: string, decision: unknown, as = owner) =>
    request(t, as, {
      method: 'PUT',
      url: `/api/contests/${contest.id}/flag-review/${flag}`,
      payload: { decision },
    });
  const decide = (contest: Pick<Contest, 'id'>, entryId: string, decision: unknown, as = owner) =>
    request(t, as, {
      method: 'PUT',
      url: `/api/contests/${contest.id}/entries/${entryId}/draw-decision`,
      payload: { decision },
    });
  const wheelCount = async (contest: Pick<Contest, 'id'>) =>
    expectOk<WheelData>(await api.wheel(owner, contest.id)).count;

  it('draws people whose flags real people trip, and leaves an alias out, by default', async () => {
    const { contest, flaggedIds } = await contestWith(3, [
      ['fast-submit'],
      ['address-burst'],
      ['no-form-token'],
      ['domain-burst', 'fast-submit'],
      ['alias'],
    ]);
    expect(await wheelCount(contest)).toBe(7);
    expect(expectOk<FlagReview>(await review(contest))).toEqual({
      flagged: 5,
      leftOut: 1,
      reasons: [
        { flag: 'address-burst', count: 1, leftOut: 0, rule: 'include' },
        { flag: 'domain-burst', count: 1, leftOut: 0, rule: 'include' },
        { flag: 'fast-submit', count: 2, leftOut: 0, rule: 'include' },
        { flag: 'no-form-token', count: 1, leftOut: 0, rule: 'include' },
        { flag: 'alias', count: 1, leftOut: 1, rule: 'exclude' },
      ],
      isLocked: false,
    });
    const listed = expectOk<ContestEntryItem[]>(
      await request(t, owner, {
        method: 'GET',
        url: `/api/contests/${contest.id}/entries?filter=flagged`,
      }),
    );
    const leftOut = new Map(listed.map((entry) => [entry.id, entry.leftOut]));
    expect(flaggedIds.map((id) => leftOut.get(id))).toEqual([false, false, false, false, true]);

    const drawn = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
    const record = expectOk<DrawRecord>(await api.record(undefined, contest.id));
    for (const result of [drawn, record]) {
      expect(result.entries?.count).toBe(7);
      expect(result.entriesLeftOut).toBe(1);
      expect(result.excluded).toEqual([{ reason: 'alias', count: 1 }]);
    }
  });

  it('leaves out every entry of a flag, lets one back in, and the record counts per flag', async () => {
    const { contest, flaggedIds } = await contestWith(2, [
      ['fast-submit'],
      ['fast-submit'],
      ['fast-submit', 'address-burst'],
      ['address-burst'],
    ]);
    const [first, second, third, fourth] = flaggedIds as [string, string, string, string];

    const afterRule = expectOk<FlagReview>(await setRule(contest, 'fast-submit', 'exclude'));
    expect(afterRule.leftOut).toBe(3);
    expect(afterRule.reasons.find((reason) => reason.flag === 'fast-submit')).toEqual({
      flag: 'fast-submit',
      count: 3,
      leftOut: 3,
      rule: 'exclude',
    });
    expect(await wheelCount(contest)).toBe(3);

    // One person the owner knows: back in, whatever the rule; another address-burst one: out.
    const included = expectOk<ContestEntryItem>(await decide(contest, first, 'include'));
    expect(included).toMatchObject({ id: first, drawDecision: 'include', leftOut: false });
    expectOk(await decide(contest, fourth, 'exclude'));
    expect(await wheelCount(contest)).toBe(3);
    expect(expectOk<FlagReview>(await review(contest)).leftOut).toBe(3);

    // Entries arriving later with the flag follow the rule.
    const [late] = await addEntries(t, contest, ['Late Example']).then((entries) =>
      entries.filter((entry) => entry.name === 'Late Example'),
    );
    await t.database.db
      .update(contestEntries)
      .set({ flags: ['fast-submit'] })
      .where(eq(contestEntries.id, late!.id));
    expect(await wheelCount(contest)).toBe(3);

    const record = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
    expect(record.entries?.count).toBe(3);
    expect(record.entriesLeftOut).toBe(4);
    // second, third and late carry fast-submit; third and fourth address-burst.
    expect(record.excluded).toEqual([
      { reason: 'address-burst', count: 2 },
      { reason: 'fast-submit', count: 3 },
    ]);
    const frozen = new Set(
      (
        await t.database.db
          .select({ id: contestEntries.id })
          .from(contestEntries)
          .where(inArray(contestEntries.id, [second, third, fourth, late!.id]))
      ).map((row) => row.id),
    );
    expect(frozen.size).toBe(4);
    expect(record.picks.every((pick) => !frozen.has(pick.entryId) || pick.entryId === first)).toBe(
      true,
    );
  });

  it("a flag's rule undoes the owner's decisions one by one for its entries", async () => {
    const { contest, flaggedIds } = await contestWith(1, [['no-form-token'], ['no-form-token']]);
    expectOk(await decide(contest, flaggedIds[0]!, 'exclude'));
    expect(await wheelCount(contest)).toBe(2);
    expectOk(await setRule(contest, 'no-form-token', 'include'));
    expect(await wheelCount(contest)).toBe(3);
    const [row] = await t.database.db
      .select({ drawDecision: contestEntries.drawDecision })
      .from(contestEntries)
      .where(eq(contestEntries.id, flaggedIds[0]!));
    expect(row!.drawDecision).toBeNull();
  });

  it('clearing the last flag makes the entry an ordinary one again', async () => {
    const { contest, flaggedIds } = await contestWith(1, [['fast-submit']]);
    expectOk(await decide(contest, flaggedIds[0]!, 'exclude'));
    expect(await wheelCount(contest)).toBe(1);
    const cleared = expectOk<ContestEntryItem>(
      await request(t, owner, {
        method: 'DELETE',
        url: `/api/contests/${contest.id}/entries/${flaggedIds[0]}/flags/fast-submit`,
      }),
    );
    expect(cleared).toMatchObject({ flags: [], drawDecision: null, leftOut: false });
    expect(await wheelCount(contest)).toBe(2);
  });

  it('refuses bad input, strangers, unflagged entries and any change once drawn', async () => {
    const { contest, flaggedIds } = await contestWith(2, [['fast-submit']]);
    const clean = (await addEntries(t, contest, [])).find(
      (entry) => !flaggedIds.includes(entry.id),
    )!;
    expectError(await setRule(contest, 'not-a-flag', 'exclude'), 400, 'VALIDATION');
    expectError(await setRule(contest, 'fast-submit', 'maybe'), 400, 'VALIDATION');
    expectError(await decide(contest, flaggedIds[0]!, null), 400, 'VALIDATION');
    expectError(
      await decide(contest, clean.id, 'exclude'),
      400,
      'BAD_REQUEST',
      flagReviewMessages.notFlagged,
    );
    for (const response of [
      await review(contest, stranger),
      await setRule(contest, 'fast-submit', 'exclude', stranger),
      await decide(contest, flaggedIds[0]!, 'exclude', stranger),
      await decide(contest, randomUUID(), 'exclude'),
      await decide(contest, 'not-an-id', 'exclude'),
      await review({ id: randomUUID() }),
    ]) {
      expectError(response, 404, 'NOT_FOUND');
    }

    expectOk(await api.drawPlaces(owner, contest.id));
    expect(expectOk<FlagReview>(await review(contest)).isLocked).toBe(true);
    for (const response of [
      await setRule(contest, 'fast-submit', 'exclude'),
      await decide(contest, flaggedIds[0]!, 'exclude'),
    ]) {
      expectError(response, 409, 'ALREADY_DRAWN', drawMessages.entriesLocked);
    }
  });
});
