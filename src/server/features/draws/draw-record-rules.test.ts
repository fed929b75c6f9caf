import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEntries, drawApi, expectOk, fans } from '#server/testing/draw-api.ts';
import { contestBody, request, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { ContestRules, RulesVersionsResponse } from '#shared/contracts/contest-rules.ts';
import type { CreateContestBody, OwnerContest } from '#shared/contracts/contests.ts';
import type { DrawRecord } from '#shared/contracts/draws.ts';

/**
 * The draw record's `rules` (docs/draw-protocol.md#the-record): the official rules in force when
 * the entries were frozen, which hashing rules.txt?version=N checks, whatever changed since.
 */

const RULES: ContestRules = {
  sponsorName: 'Shred Gym S.L.',
  sponsorContact: 'hello@shredgym.example',
  minAge: null,
  allowedCountries: [],
  excludedRegions: '',
  employeesExcluded: false,
  prizeRetailValue: '',
  additionalTerms: '',
};

describe('the draw record’s official rules', () => {
  let t: TestApp;
  let owner: SeededUser;
  let api: ReturnType<typeof drawApi>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
    api = drawApi(t);
  });
  afterAll(() => t.close());

  async function contestWithEntries(overrides: Partial<CreateContestBody>) {
    const response = await request(t, owner, {
      method: 'POST',
      url: '/api/contests',
      payload: contestBody({ winnersCount: 2, ...overrides }),
    });
    const contest = expectOk<OwnerContest>(response, 201);
    await addEntries(t, contest, fans(5));
    return contest;
  }

  const editTitle = (contest: OwnerContest, title: string) =>
    request(t, owner, {
      method: 'PUT',
      url: `/api/contests/${contest.id}`,
      payload: {
        title,
        description: contest.description,
        prizeDetails: contest.prizeDetails,
        endDate: contest.endDate,
        maxEntries: contest.maxEntries,
      },
    });

  const versionsOf = async (contestId: string) =>
    expectOk<RulesVersionsResponse>(
      await request(t, undefined, { method: 'GET', url: `/api/contests/${contestId}/rules` }),
    ).versions;

  it('names the version in force at the freeze, even once a later edit makes another', async () => {
    const contest = await contestWithEntries({ rules: RULES });
    expect((await editTitle(contest, 'Renamed before the draw')).statusCode).toBe(200);
    const before = expectOk<DrawRecord>(await api.record(undefined, contest.id));
    expect(before.rules).toBeNull();

    const drawn = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id, { count: 1 }));
    const [, second] = await versionsOf(contest.id);
    expect(drawn.rules).toEqual({ version: 2, sha256: second!.sha256 });

    // Still open to edits that are not locked by the draw: the text changes, the record does not.
    expect((await editTitle(contest, 'Renamed after the draw')).statusCode).toBe(200);
    expect((await versionsOf(contest.id)).map((version) => version.version)).toEqual([1, 2, 3]);
    expectOk(await api.drawPlaces(owner, contest.id, { count: 1 }));
    const record = expectOk<DrawRecord>(await api.record(undefined, contest.id));
    expect(record.picks).toHaveLength(2);
    expect(record.rules).toEqual({ version: 2, sha256: second!.sha256 });

    // What it proves: the bytes served for that version hash to the record's SHA-256.
    const text = await request(t, undefined, {
      method: 'GET',
      url: `/c/${contest.id}/rules.txt?version=${record.rules!.version}`,
    });
    expect(text.statusCode).toBe(200);
    expect(createHash('sha256').update(text.rawPayload).digest('hex')).toBe(record.rules!.sha256);
    expect(text.payload).toContain('Official rules: Renamed before the draw');
  });

  it('is null for a contest drawn without rules', async () => {
    const contest = await contestWithEntries({ rules: null });
    const drawn = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
    expect(drawn.rules).toBeNull();
    expect(expectOk<DrawRecord>(await api.record(undefined, contest.id)).rules).toBeNull();
  });
});
