import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestRulesVersions } from '#server/db/schema.ts';
import { makeClientBuild, scriptTagCount } from '#server/testing/client-build.ts';
import { contestBody, request, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { ContestRules, RulesVersionsResponse } from '#shared/contracts/contest-rules.ts';
import type { CreateContestBody, OwnerContest } from '#shared/contracts/contests.ts';
import { officialRulesMessages } from '#shared/contracts/official-rules.ts';

/**
 * The official rules' versions and where they are read (docs/product.md#official-rules):
 * publishing fixes version 1, a change that alters the text makes the next, and the page,
 * rules.txt and the API serve them.
 */

const RULES: ContestRules = {
  sponsorName: 'Shred Gym S.L.',
  sponsorContact: 'hello@shredgym.example',
  minAge: 18,
  allowedCountries: ['ES'],
  excludedRegions: '',
  employeesExcluded: true,
  prizeRetailValue: '',
  additionalTerms: '',
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('official rules: versions, rules.txt, the page and the API', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp({ clientDir: makeClientBuild() });
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  const get = (url: string) => request(t, undefined, { method: 'GET', url });
  const versionsOf = async (id: string) => {
    const response = await get(`/api/contests/${id}/rules`);
    expect(response.statusCode).toBe(200);
    return response.json<RulesVersionsResponse>().versions;
  };

  async function created(overrides: Partial<CreateContestBody> = {}) {
    const response = await request(t, owner, {
      method: 'POST',
      url: '/api/contests',
      payload: contestBody({ rules: RULES, ...overrides }),
    });
    expect(response.statusCode).toBe(201);
    return response.json<OwnerContest>();
  }

  /** The edit form sends every field again (PUT). */
  const edit = (contest: OwnerContest, overrides: Record<string, unknown> = {}) =>
    request(t, owner, {
      method: 'PUT',
      url: `/api/contests/${contest.id}`,
      payload: {
        title: contest.title,
        description: contest.description,
        prizeDetails: contest.prizeDetails,
        prizeValue: contest.prizeValue,
        endDate: contest.endDate,
        maxEntries: contest.maxEntries,
        confirmationMessage: contest.confirmationMessage,
        ...overrides,
      },
    });

  it('fixes version 1 when published, and answers every version in ascending order', async () => {
    const contest = await created();
    const versions = await versionsOf(contest.id);
    expect(versions).toEqual([
      {
        version: 1,
        publishedAt: expect.any(String),
        sha256: expect.any(String),
        text: expect.any(String),
      },
    ]);
    expect(versions[0]!.text).toContain(`Official rules: ${contest.title}`);
    expect(versions[0]!.sha256).toBe(sha256(Buffer.from(versions[0]!.text, 'utf8')));
  });

  it('makes a new version only for a change that alters the text', async () => {
    const contest = await created();
    // Neither the same fields again nor the cap on entries are in the text.
    expect((await edit(contest)).statusCode).toBe(200);
    expect((await edit(contest, { maxEntries: 500 })).statusCode).toBe(200);
    expect(await versionsOf(contest.id)).toHaveLength(1);

    expect((await edit(contest, { title: 'Winter Shred Challenge' })).statusCode).toBe(200);
    const rules = { ...RULES, additionalTerms: 'No cash alternative.' };
    expect((await edit(contest, { title: 'Winter Shred Challenge', rules })).statusCode).toBe(200);
    const versions = await versionsOf(contest.id);
    expect(versions.map((version) => version.version)).toEqual([1, 2, 3]);
    expect(versions[1]!.text).toContain('Official rules: Winter Shred Challenge');
    expect(versions[2]!.text).toContain('No cash alternative.');
    expect(versions[0]!.text).toContain(`Official rules: ${contest.title}`);
  });

  it('makes none for a draft, and version 1 when the draft is published', async () => {
    const draft = await created({ isActive: false });
    expect((await edit(draft, { title: 'Draft, edited' })).statusCode).toBe(200);
    expect((await get(`/api/contests/${draft.id}/rules`)).statusCode).toBe(404);
    const stored = eq(contestRulesVersions.contestId, draft.id);
    expect(await t.database.db.$count(contestRulesVersions, stored)).toBe(0);

    const published = await request(t, owner, {
      method: 'PATCH',
      url: `/api/contests/${draft.id}/status`,
      payload: { isActive: true },
    });
    expect(published.statusCode).toBe(200);
    const versions = await versionsOf(draft.id);
    expect(versions.map((version) => version.version)).toEqual([1]);
    expect(versions[0]!.text).toContain('Official rules: Draft, edited');
    // Pausing and resuming change nothing in the text.
    for (const isActive of [false, true]) {
      await request(t, owner, {
        method: 'PATCH',
        url: `/api/contests/${draft.id}/status`,
        payload: { isActive },
      });
    }
    expect(await versionsOf(draft.id)).toHaveLength(1);
  });

  it('gives two edits at once a version each', async () => {
    const contest = await created();
    const answers = await Promise.all(
      ['One at once', 'Two at once'].map((title) => edit(contest, { title })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const versions = await versionsOf(contest.id);
    expect(versions.map((version) => version.version)).toEqual([1, 2, 3]);
    const current = (
      await request(t, owner, { method: 'GET', url: `/api/contests/${contest.id}` })
    ).json<OwnerContest>();
    expect(versions[2]!.text).toContain(`Official rules: ${current.title}`);
  });

  it('serves rules.txt as the stored text, byte for byte, and older versions by number', async () => {
    const contest = await created({ title: 'Ñandú – “quoted” café' });
    await edit(contest, { rules: { ...RULES, minAge: 21 } });
    const versions = await versionsOf(contest.id);

    const latest = await get(`/c/${contest.id}/rules.txt`);
    expect(latest.statusCode).toBe(200);
    expect(latest.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(latest.rawPayload.toString('utf8')).toBe(versions[1]!.text);
    expect(sha256(latest.rawPayload)).toBe(versions[1]!.sha256);

    const first = await get(`/c/${contest.id}/rules.txt?version=1`);
    expect(first.statusCode).toBe(200);
    expect(sha256(first.rawPayload)).toBe(versions[0]!.sha256);
    expect(first.payload).toContain('at least 18 years old');

    for (const version of ['3', '0', 'x', '1.5']) {
      const response = await get(`/c/${contest.id}/rules.txt?version=${version}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 'NOT_FOUND',
        message: officialRulesMessages.noSuchVersion,
      });
    }
  });

  it('renders the page: its title, the version and its date, rules.txt and the entry page', async () => {
    const contest = await created();
    await edit(contest, { title: 'Renamed Challenge' });
    const page = await get(`/c/${contest.id}/rules`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.payload).toContain(
      '<title>Official rules — Renamed Challenge – Prizewheel</title>',
    );
    expect(page.payload).toContain('Version <!-- -->2');
    expect(page.payload).toContain(`href="/c/${contest.id}/rules.txt?version=2"`);
    expect(page.payload).toContain(`href="/c/${contest.id}"`);
    expect(page.payload).toContain('Official rules: Renamed Challenge');
    expect(scriptTagCount(page.payload)).toBe(0);

    const older = await get(`/c/${contest.id}/rules?version=1`);
    expect(older.statusCode).toBe(200);
    expect(older.payload).toContain(`Official rules: ${contest.title}`);
    expect(older.payload).toContain(`href="/c/${contest.id}/rules"`);
  });

  it('answers 404 for an unknown contest or a draft, and “no rules” for a contest without', async () => {
    const without = await created({ rules: null });
    expect(await versionsOf(without.id)).toEqual([]);
    for (const url of [`/c/${without.id}/rules.txt`, `/c/${without.id}/rules`]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.payload).toContain(officialRulesMessages.noRules);
    }
    expect((await get(`/c/${without.id}/rules.txt`)).json()).toEqual({
      code: 'NOT_FOUND',
      message: officialRulesMessages.noRules,
    });

    const draft = await created({ isActive: false });
    for (const id of [draft.id, '01937c4e-0000-7000-8000-00000000dead', 'not-a-uuid']) {
      for (const url of [`/api/contests/${id}/rules`, `/c/${id}/rules.txt`]) {
        const response = await get(url);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Contest not found' });
      }
      const page = await get(`/c/${id}/rules`);
      expect(page.statusCode).toBe(404);
      expect(page.payload).toContain('Contest not found');
    }
  });
});
